"""Alerts: JSON lines in a file, and POSTs to a webhook that are retried until accepted.

Writing or delivering an alert never stops the monitor: a file that cannot be written is
logged; a webhook that fails (refused, times out, answers other than 2xx) is logged and
tried again later, with a doubling wait (10 s, 20 s, ... at most 10 minutes), up to
`max_attempts` times. Alerts waiting for the webhook are kept in the monitor's state, so
a restart carries on delivering them.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import httpx
from pydantic import BaseModel, ConfigDict, Field

from ._control import Direction
from ._state import MonitorState, PendingDelivery

__all__ = ["Alert", "AlertKind", "AlertSink"]

log = logging.getLogger("fourfold.monitor")

AlertKind = Literal["control_limit", "judge_budget", "undecided"]


class Alert(BaseModel):
    """One alert, as written to the alerts file and POSTed to the webhook."""

    model_config = ConfigDict(extra="forbid")

    kind: AlertKind
    """``control_limit``: a layer's pass rate left its control limits in a window;
    ``judge_budget``: the judges' budget is spent and no more judge calls are made;
    ``undecided``: a layer's results could not decide in a window (judge or check errors
    beyond the suite gate's tolerance, or a check that never decided), so its pass rate
    there says nothing about its health."""
    suite: str
    """The suite monitored."""
    text: str
    """What happened, in one sentence (the field Slack-style webhooks display)."""
    created_at: datetime
    """When the alert was raised (the monitor's clock)."""
    layer: str | None = None
    """The layer out of control."""
    direction: Direction | None = None
    """``down``: the pass rate fell below the lower limit (a regression); ``up``: it rose
    above the upper one (worth a look: did a check stop checking?)."""
    window_start: datetime | None = None
    """The window's start."""
    window_end: datetime | None = None
    """The window's end."""
    run_id: str | None = None
    """The window's run in the store (``fourfold show RUN``)."""
    pass_rate: float | None = None
    """The layer's pass rate in the window."""
    passed: int | None = None
    """Traces that passed the layer in the window."""
    decided: int | None = None
    """Traces the layer passed or failed in the window."""
    center: float | None = None
    """The centre line: the pooled pass rate of the history."""
    lower: float | None = None
    """The lower control limit."""
    upper: float | None = None
    """The upper control limit."""
    history_windows: int | None = None
    """Windows in the history."""
    failing_checks: dict[str, int] = Field(default_factory=dict)
    """The layer's checks that failed in the window, with how many traces each failed."""
    examples: list[str] = Field(default_factory=list)
    """Up to five failing traces (case ids; ``fourfold show RUN --case ID``)."""
    undecided: list[str] = Field(default_factory=list)
    """Why the layer could not be read (``undecided``), one line per reason."""
    errored_checks: dict[str, int] = Field(default_factory=dict)
    """The layer's checks with errored results in the window, with how many (``undecided``)."""
    spent_usd: float | None = None
    """What the judges have cost (``judge_budget``)."""
    budget_usd: float | None = None
    """The judge budget (``judge_budget``)."""

    def to_json(self) -> dict[str, Any]:
        """The alert as JSON, without the fields its kind leaves empty."""
        body = self.model_dump(mode="json", exclude_none=True, exclude_defaults=False)
        for key in ("undecided", "errored_checks"):  # only an `undecided` alert has them
            if not body[key]:
                del body[key]
        return body


class AlertSink:
    """Where alerts go: a JSON-lines file, a webhook, both, or neither (logged only).

    Args:
        path: the alerts file (appended to).
        webhook: the URL alerts are POSTed to as JSON.
        state: the monitor's state, which keeps the deliveries still to make.
        timeout_s: how long one POST may take.
        max_attempts: deliveries tried before an alert is given up (and logged).
        transport: an httpx transport (tests).
    """

    def __init__(
        self,
        path: Path | None,
        webhook: str | None,
        state: MonitorState,
        *,
        timeout_s: float = 5.0,
        max_attempts: int = 8,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.path = path
        self.webhook = webhook
        self.state = state
        self.max_attempts = max_attempts
        self._client: httpx.AsyncClient | None = None
        self._timeout = timeout_s
        self._transport = transport
        self.delivered = 0
        """Alerts the webhook accepted."""

    def emit(self, alert: Alert) -> None:
        """Write `alert` to the file and queue it for the webhook (delivered by `deliver`)."""
        body = alert.to_json()
        log.warning("ALERT %s", alert.text)
        if self.path is not None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self.path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(body, ensure_ascii=False) + "\n")
            except OSError as exc:
                log.error("cannot write the alert to %s: %s", self.path, exc)
        if self.webhook is not None:
            self.state.pending.append(PendingDelivery(alert=body, next_at=alert.created_at))

    async def deliver(self, now: datetime) -> None:
        """Try every delivery that is due; keep the failed ones for later."""
        if self.webhook is None:
            self.state.pending.clear()
            return
        keep: list[PendingDelivery] = []
        for item in list(self.state.pending):
            if item.next_at > now:
                keep.append(item)
                continue
            item.attempts += 1
            error = await self._post(item.alert)
            if error is None:
                self.delivered += 1
                continue
            if item.attempts >= self.max_attempts:
                log.error(
                    "giving up on delivering an alert to the webhook after %d attempts: %s",
                    item.attempts,
                    error,
                )
                continue
            wait = min(600.0, 10.0 * 2 ** (item.attempts - 1))
            item.next_at = now + timedelta(seconds=wait)
            log.warning(
                "the webhook did not take an alert (%s); trying again in %.0f s", error, wait
            )
            keep.append(item)
        self.state.pending = keep

    async def aclose(self) -> None:
        """Close the HTTP client."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _post(self, body: dict[str, Any]) -> str | None:
        """POST one alert; None on success, else why it failed."""
        assert self.webhook is not None
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=self._timeout, transport=self._transport)
        try:
            response = await self._client.post(self.webhook, json=body)
        except (httpx.HTTPError, httpx.InvalidURL, OSError) as exc:
            return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        if not response.is_success:
            return f"HTTP {response.status_code}"
        return None
