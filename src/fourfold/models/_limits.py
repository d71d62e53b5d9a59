"""A model's limits: a slot among `concurrency`, and requests- and tokens-per-minute buckets.

`Model` asks a `CallLimiter` before each attempt (`enter`) and tells it after
(`leave`). The default, `LocalLimiter`, keeps the limits in the process, one set per
`Model`. A run spread over several processes (the Ray executor) must enforce them once
for the whole run: it builds its models inside `shared_limits`, with a factory whose
limiters all ask one shared place, so that ``concurrency: 4`` means four calls in flight
across every worker, not four per worker.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._config import ModelConfig

__all__ = ["CallLimiter", "LimiterFactory", "LocalLimiter", "TokenBucket", "shared_limits"]


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


class CallLimiter(ABC):
    """Where one model's attempts wait for their turn.

    `enter` returns once the attempt may go (a slot is free and the buckets allow it),
    having booked `estimate` tokens, with a permit; `leave` hands the permit back and
    corrects the booking by what the attempt really used. Every `enter` that returned is
    followed by exactly one `leave`; an `enter` cancelled while it waits holds nothing.
    """

    @abstractmethod
    async def enter(self, estimate: int) -> str:
        """Wait for a slot and the rate buckets; book `estimate` tokens; return the permit."""

    @abstractmethod
    async def leave(self, permit: str, correction: int) -> None:
        """Give the slot back; `correction` tokens more were used than booked (or fewer)."""


class LocalLimiter(CallLimiter):
    """The limits of one model, kept in this process (one event loop at a time).

    Args:
        concurrency: attempts in flight at once.
        rpm: requests per minute (None: no limit).
        tpm: tokens per minute (None: no limit).
    """

    def __init__(self, concurrency: int, rpm: float | None, tpm: float | None) -> None:
        self.concurrency = concurrency
        self._slots = asyncio.Semaphore(concurrency)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._rpm = TokenBucket(rpm) if rpm else None
        self._tpm = TokenBucket(tpm) if tpm else None

    @classmethod
    def of(cls, config: ModelConfig) -> LocalLimiter:
        """The limits `config` declares."""
        return cls(config.concurrency, config.rpm, config.tpm)

    async def enter(self, estimate: int) -> str:
        """Wait for a slot, then for the buckets (a cancelled wait gives the slot back)."""
        self._bind_loop()
        await self._slots.acquire()
        try:
            if self._rpm is not None:
                await self._rpm.acquire()
            if self._tpm is not None:
                await self._tpm.acquire(estimate)
        except BaseException:
            self._slots.release()
            raise
        return ""  # a local slot is any slot: the permit names none

    async def leave(self, permit: str, correction: int) -> None:
        """Give the slot back and correct the tokens booked."""
        self._slots.release()
        if self._tpm is not None and correction:
            self._tpm.adjust(correction)

    def _bind_loop(self) -> None:
        # asyncio primitives belong to the loop that first waits on them; a model reused
        # from a new loop (a second asyncio.run) starts with a fresh semaphore.
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None:
                self._slots = asyncio.Semaphore(self.concurrency)
            self._loop = loop


LimiterFactory = Callable[["ModelConfig"], CallLimiter]
"""Makes the limiter of a model from its config."""

_FACTORY: contextvars.ContextVar[LimiterFactory | None] = contextvars.ContextVar(
    "fourfold_limiter_factory", default=None
)


def limiter_for(config: ModelConfig) -> CallLimiter:
    """The limiter a model built now gets: the `shared_limits` factory's, else a local one."""
    factory = _FACTORY.get()
    return LocalLimiter.of(config) if factory is None else factory(config)


@contextmanager
def shared_limits(factory: LimiterFactory) -> Iterator[None]:
    """Give every `Model` built inside this block the limiter `factory` makes.

    The models a run builds (the suite's, a ``model`` agent's) take their limiter when
    they are built, so a worker of a distributed run builds them inside this block and
    they keep the shared limiter for their life.

    Examples:
        >>> from fourfold.models import ModelConfig, get_model
        >>> made = []
        >>> def factory(config):
        ...     made.append(config.model)
        ...     return LocalLimiter(1, None, None)
        >>> with shared_limits(factory):
        ...     model = get_model("mock/model")
        >>> made
        ['mock/model']
    """
    token = _FACTORY.set(factory)
    try:
        yield
    finally:
        _FACTORY.reset(token)
