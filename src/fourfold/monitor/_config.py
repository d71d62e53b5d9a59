"""What a monitor watches and how it decides: sources, windows, control limits, judging."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..errors import ConfigError

__all__ = ["MonitorConfig", "TraceFormat", "parse_duration"]

TraceFormat = Literal["auto", "otel", "openinference", "replay"]

_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")


def parse_duration(text: str, *, allow_zero: bool = False) -> float:
    """Seconds in a duration like ``30s``, ``5m``, ``1h``, ``1d`` or ``90`` (seconds).

    Args:
        text: the duration.
        allow_zero: accept ``0`` (else the duration must be positive).

    Raises:
        ConfigError: not a duration (or zero, unless allowed).

    Examples:
        >>> parse_duration("5m"), parse_duration("90"), parse_duration("1.5h")
        (300.0, 90.0, 5400.0)
    """
    match = _DURATION.match(text)
    seconds = float(match.group(1)) * _UNITS[match.group(2) or "s"] if match else -1.0
    if seconds < 0 or (seconds == 0 and not allow_zero):
        raise ConfigError(
            f"{text!r} is not a duration",
            hint="write a positive number with s, m, h or d: 30s, 5m, 1h",
        )
    return seconds


class MonitorConfig(BaseModel):
    """How `Monitor` reads traffic, windows it and decides when a window is out of control."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    watch: Path | None = None
    """A folder of trace files (``.json``/``.jsonl``, subfolders included) to poll."""
    otlp_port: int | None = Field(default=None, ge=0, le=65535)
    """Receive OTLP/HTTP, protobuf or JSON (``POST /v1/traces``), on this port (0: any)."""
    host: str = "127.0.0.1"
    """The address the receiver binds (local only by default)."""
    format: TraceFormat = "auto"
    """What the traffic is: OpenTelemetry GenAI spans, OpenInference spans, replay lines
    (fourfold traces), or ``auto`` to tell per document."""
    window_s: float = Field(default=300.0, gt=0)
    """The length of a window in seconds; windows start at multiples of it (UTC)."""
    history: int = Field(default=20, ge=1)
    """How many past windows the control limits are computed from."""
    min_history: int = Field(default=5, ge=1)
    """No window is flagged before a layer has this many windows of history."""
    sigma: float = Field(default=3.0, gt=0)
    """The width of the control limits, in standard errors."""
    min_traces: int = Field(default=10, ge=1)
    """A layer decided on fewer traces than this in a window is not flagged (too little
    to tell); the window still joins the history."""
    judge_share: float = Field(default=0.1, ge=0, le=1)
    """The share of traces that also get the suite's judges (model-graded checks)."""
    judge_budget_usd: float | None = Field(default=None, ge=0)
    """Stop calling judges once they have cost this much (over the monitor's life, kept
    in its state file); None: no budget."""
    settle_s: float = Field(default=2.0, ge=0)
    """A ``.json`` file is read once unchanged this long; a trace whose root span has
    arrived is evaluated once no span of it arrived for this long."""
    trace_timeout_s: float = Field(default=30.0, gt=0)
    """A trace whose root span never arrives is evaluated after this long without spans."""
    stale_s: float = Field(default=60.0, gt=0)
    """A ``.json`` file that still is not valid JSON after this long unchanged is given up."""
    label: str = Field(default="production", min_length=1)
    """The agent version stored with each window's run."""
    seed: int = 0
    """Which traces are judged is decided by a hash of the trace id and this seed."""

    @model_validator(mode="after")
    def _consistent(self) -> MonitorConfig:
        if self.min_history > self.history:
            raise ValueError(
                f"min_history ({self.min_history}) cannot exceed history ({self.history})"
            )
        if self.watch is None and self.otlp_port is None:
            raise ValueError("give a folder to watch or a port to receive OTLP on")
        return self
