"""Control limits for per-layer pass rates: a p-chart over the last windows.

For one layer, each window gives ``decided`` traces (those the layer passed or failed;
errored traces and traces it skipped are left out, as in the gate) of which ``passed``
passed. From the history of the last N windows:

* the centre line is the pooled pass rate p̄ = Σ passed / Σ decided;
* a window of n decided traces is in control when its pass rate p lies within
  p̄ ± k·σ with σ = sqrt(p̃(1 − p̃)/n), widened by half a trace (0.5/n, the continuity
  correction of the normal approximation), k = 3 by default;
* σ uses p̃ = (Σ passed + 1)/(Σ decided + 2) rather than p̄, which differs from p̄ only
  when the history is short or all-pass: an all-pass history would otherwise give
  limits of zero width, and one failure would be flagged.

A window is judged only when the layer has at least `min_history` windows of history and
the window has at least `min_traces` decided traces. A window flagged for a layer does
not join that layer's history, so a regression that persists keeps being flagged instead
of becoming the new normal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["ControlLimits", "Direction", "p_chart"]

Direction = Literal["down", "up"]


class ControlLimits(BaseModel):
    """The p-chart limits for one window of one layer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    center: float
    """p̄: the pooled pass rate of the history."""
    lower: float
    """The lower control limit (at least 0)."""
    upper: float
    """The upper control limit (at most 1)."""
    n: int
    """The window's decided traces the limits are for."""
    history_windows: int
    """How many windows the centre line pools."""
    history_traces: int
    """How many decided traces it pools."""

    def direction(self, pass_rate: float) -> Direction | None:
        """``down`` below the lower limit, ``up`` above the upper one, else None."""
        if pass_rate < self.lower:
            return "down"
        if pass_rate > self.upper:
            return "up"
        return None


def p_chart(
    history: Sequence[tuple[int, int]], n: int, *, sigma: float = 3.0
) -> ControlLimits | None:
    """The limits a window of `n` decided traces is judged against.

    Args:
        history: ``(passed, decided)`` of each past window.
        n: the window's decided traces.
        sigma: the width in standard errors.

    Returns:
        The limits, or None when there is nothing to judge (no history, or n = 0).

    Examples:
        >>> limits = p_chart([(98, 100)] * 5, 50)
        >>> round(limits.center, 3), round(limits.lower, 3), limits.direction(0.6)
        (0.98, 0.908, 'down')
        >>> p_chart([(50, 50)] * 5, 50).direction(0.98)  # one failure after none: in control
    """
    passed = sum(p for p, _ in history)
    decided = sum(d for _, d in history)
    if decided <= 0 or n <= 0:
        return None
    center = passed / decided
    smoothed = (passed + 1) / (decided + 2)
    half_width = sigma * math.sqrt(smoothed * (1 - smoothed) / n) + 0.5 / n
    return ControlLimits(
        center=center,
        lower=max(0.0, center - half_width),
        upper=min(1.0, center + half_width),
        n=n,
        history_windows=sum(1 for _, d in history if d > 0),
        history_traces=decided,
    )
