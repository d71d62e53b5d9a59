"""A closed window of monitored traffic: each layer's pass rate, its standing, its errors.

Each layer of a window is held against two things. Its pass rate against control limits
from the windows before it (`p_chart`): outside them, it is flagged. And its results that
could not decide (a judge whose model failed or whose replies could not be read, a check
that raised) against the suite gate's tolerance for that layer: above it, or when a check
ran and never decided, the layer is *undecided* in that window. An undecided layer raises
an alert and stays out of the history the next windows' limits pool: a window whose judged
share all errored never reads as healthy, and never teaches the limits that it is.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from ..runs import CheckErrors, Layer, Trial, count_errors, decided_in
from ._config import MonitorConfig
from ._control import ControlLimits, Direction, p_chart
from ._state import HistoryPoint

__all__ = ["LayerWindow", "WindowReport", "describe_window", "judge_layer", "span"]

_EXAMPLES = 5


class _Report(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LayerWindow(_Report):
    """One layer in one window: its pass rate and where it stands against its limits."""

    layer: Layer
    """The layer."""
    passed: int
    """Traces that passed it."""
    decided: int
    """Traces it passed or failed (errored traces and skips left out)."""
    pass_rate: float | None
    """passed / decided (None when nothing was decided)."""
    limits: ControlLimits | None = None
    """The control limits from the history (None without history)."""
    flagged: Direction | None = None
    """``down`` or ``up`` when the pass rate is outside the limits."""
    note: str | None = None
    """Why the window was not judged against the limits, when it was not."""
    failing_checks: dict[str, int] = Field(default_factory=dict)
    """The layer's failing checks, with how many traces each failed."""
    examples: list[str] = Field(default_factory=list)
    """Up to five failing traces (case ids)."""
    errors: list[CheckErrors] = Field(default_factory=list)
    """The layer's checks with results that could not decide: how many, of how many, why."""
    undecided: list[str] = Field(default_factory=list)
    """Why the layer cannot be read as healthy in this window (errored results above the
    suite gate's tolerance, a check that never decided); empty when it can."""


class WindowReport(_Report):
    """A closed window: its traffic, its per-layer pass rates and what was flagged."""

    suite: str
    """The suite."""
    run_id: str
    """The window's run."""
    start: datetime
    """The window's start."""
    end: datetime
    """The window's end."""
    traces: int
    """Traces evaluated in it."""
    errored: int
    """Traces that carried an error (not counted in pass rates)."""
    judged: int
    """Traces that also got the judges."""
    layers: list[LayerWindow]
    """Every layer, in order."""
    judge_spent_usd: float
    """What the judges have cost so far, over the monitor's life."""
    budget_exhausted: bool
    """Whether the judge budget is spent."""

    @property
    def flagged(self) -> list[LayerWindow]:
        """The layers outside their control limits."""
        return [w for w in self.layers if w.flagged is not None]

    @property
    def undecided(self) -> list[LayerWindow]:
        """The layers whose results could not decide, beyond what the gate tolerates."""
        return [w for w in self.layers if w.undecided]


def judge_layer(
    layer: Layer,
    trials: list[Trial],
    history: list[HistoryPoint],
    config: MonitorConfig,
    *,
    tolerance: float,
) -> LayerWindow:
    """One layer of a window: its pass rate, its standing against `history`, its errors.

    Args:
        layer: the layer.
        trials: the window's trials.
        history: the layer's earlier windows, oldest first (the last `config.history` count).
        config: the monitor's settings (sigma, the history and traces needed).
        tolerance: the share of the layer's traces allowed a result that could not decide
            (`fourfold.gate.GateConfig.error_tolerance`).
    """
    passed = decided = 0
    failing: Counter[str] = Counter()
    examples: list[str] = []
    for reading in decided_in(trials, layer):
        decided += 1
        if reading.passed:
            passed += 1
            continue
        failing.update(dict.fromkeys(reading.failing, 1))
        if len(examples) < _EXAMPLES:
            examples.append(reading.trial.case_id)
    rate = passed / decided if decided else None
    history = history[-config.history :]
    limits = p_chart([(h.passed, h.decided) for h in history], decided, sigma=config.sigma)
    windows = sum(1 for h in history if h.decided > 0)
    errors = count_errors(trials, layer)
    undecided = errors.reasons(tolerance)
    flagged: Direction | None = None
    note: str | None = None
    if rate is None:
        note = "no trace was decided in this layer"
        if errors.ran and not undecided:  # errors spread thin, under a loose tolerance
            undecided = [f"none of its {errors.ran_trials} traces was decided: {errors.listed()}"]
    elif windows < config.min_history:
        note = f"{windows} of the {config.min_history} windows of history needed"
    elif decided < config.min_traces:
        note = f"{decided} traces decided, fewer than the {config.min_traces} needed"
    elif limits is not None:
        flagged = limits.direction(rate)
    return LayerWindow(
        layer=layer,
        passed=passed,
        decided=decided,
        pass_rate=rate,
        limits=limits,
        flagged=flagged,
        note=note,
        failing_checks=dict(failing.most_common()),
        examples=examples,
        errors=errors.checks,
        undecided=undecided,
    )


def describe_window(report: WindowReport) -> str:
    """A closed window in one line: traffic, and each layer's pass rate and standing."""
    parts = [
        f"window {span(report.start, report.end)} run {report.run_id}: "
        f"{report.traces} traces ({report.judged} judged, {report.errored} errored)"
    ]
    for lw in report.layers:
        text = f"{lw.layer} " + ("—" if lw.pass_rate is None else f"{lw.pass_rate:.0%}")
        if lw.flagged is not None and lw.limits is not None:
            bound = lw.limits.lower if lw.flagged == "down" else lw.limits.upper
            text += f" OUT ({'<' if lw.flagged == 'down' else '>'} {bound:.0%})"
        if lw.undecided:
            worst = lw.errors[0] if lw.errors else None
            text += " UNDECIDED" + (
                f" ({worst.check} {worst.errored}/{worst.ran} errored)" if worst else ""
            )
        parts.append(text)
    return " · ".join(parts)


def span(start: datetime, end: datetime) -> str:
    """A window's span: ``2026-01-01 10:00:00–10:05:00 UTC``."""
    day = start.strftime("%Y-%m-%d")
    return f"{day} {start:%H:%M:%S}–{end:%H:%M:%S} UTC"
