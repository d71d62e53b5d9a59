"""Requests- and tokens-per-minute limits as token buckets."""

from __future__ import annotations

import asyncio
import time

__all__ = ["TokenBucket"]


class TokenBucket:
    """A token bucket of `per_minute` units a minute, holding at most one second's worth.

    It is kept as the time at which the bucket would be full again (the generic cell rate
    algorithm), so taking units is one subtraction and callers are served in the order
    they asked: `reserve` books the units at once and says how long to wait before using
    them. A reservation larger than the bucket is allowed; it just waits longer. Units
    booked on an estimate can be given back or added later with `adjust`.

    Args:
        per_minute: the sustained rate.
        burst_s: how many seconds' worth the bucket holds (at least one unit).
    """

    def __init__(self, per_minute: float, *, burst_s: float = 1.0) -> None:
        self.rate = per_minute / 60.0
        self.capacity = max(1.0, self.rate * burst_s)
        self._full_at = 0.0  # monotonic time at which the bucket is full again

    def reserve(self, units: float = 1.0, *, now: float | None = None) -> float:
        """Take `units` and return the seconds to wait before using them (0: go now)."""
        now = time.monotonic() if now is None else now
        full_at = max(self._full_at, now) + units / self.rate
        self._full_at = full_at
        return max(0.0, full_at - self.capacity / self.rate - now)

    def adjust(self, units: float) -> None:
        """Take `units` more (or give back, when negative) after the fact."""
        self._full_at += units / self.rate

    async def acquire(self, units: float = 1.0) -> None:
        """Take `units`, waiting until they are there."""
        wait = self.reserve(units)
        if wait > 0:
            await asyncio.sleep(wait)
