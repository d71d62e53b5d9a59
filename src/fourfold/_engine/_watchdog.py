"""The watchdog: a thread that notices the event loop has stopped turning.

Trials run on one event loop. A sync agent runs in a thread of its own and its timeout
always fires, but code that runs *on* the loop (an ``async def`` agent calling
``time.sleep``, a sync check that never returns) holds the loop itself: no timer fires,
no trial finishes, the run hangs for ever. Python cannot take the loop back from such
code, so the watchdog ends the process, but not before it has done what the loop
would have done on the way out: it writes every finished trial and every buffered model
call, marks the run ``interrupted``, and says which case holds the loop and where.

The loop beats: a callback every `BEAT_S` notes the time. The watchdog thread looks every
`POLL_S`; when the last beat is older than the limit (the agent's timeout, plus a margin
for the checks of a trial), it calls ``on_blocked``. A store write made on the loop (the
run's last flush), which holds it on purpose, pauses the watchdog. If the watchdog thread
itself was not scheduled for a while (the process was stopped with Ctrl-Z, the machine
suspended), the loop gets a new chance rather than the blame.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType, TracebackType

from ..agents import Recorder
from ..checks import CheckContext

__all__ = ["BEAT_S", "POLL_S", "Blocked", "LoopWatchdog", "watchdog_limit"]

BEAT_S = 0.1
"""How often the loop notes that it turned."""
POLL_S = 0.25
"""How often the watchdog looks."""
_MARGIN_S = 2.0
_MARGIN_SHARE = 0.1


def watchdog_limit(timeout: float) -> float:
    """How long the loop may stand still for an agent with this timeout.

    The timeout, plus a tenth of it and at least two seconds, for the checks of the trial
    and a busy machine.

    Examples:
        >>> watchdog_limit(60.0), watchdog_limit(1.0)
        (66.0, 3.0)
    """
    return timeout + max(_MARGIN_S, timeout * _MARGIN_SHARE)


@dataclass(frozen=True)
class Blocked:
    """What the watchdog found when the loop stood still."""

    seconds: float
    """How long the loop had not turned."""
    case_id: str | None
    """The case whose agent holds the loop, when it could be told (else None)."""
    repeat: int | None
    where: str | None
    """The innermost line of Python the loop is stuck in (``agent.py:14 in answer``)."""


class LoopWatchdog:
    """Watches the running loop from a daemon thread while the ``with`` block runs.

    Args:
        limit: seconds the loop may go without turning.
        on_blocked: called once, in the watchdog thread, when it stood still longer; it is
            expected to end the process (nothing else can unblock the loop).
    """

    def __init__(self, limit: float, on_blocked: Callable[[Blocked], None]) -> None:
        self.limit = limit
        self._on_blocked = on_blocked
        self._last_beat = time.monotonic()
        self._paused = 0
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._thread: threading.Thread | None = None
        self._loop_thread = 0

    def __enter__(self) -> LoopWatchdog:
        self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self._beat()
        self._thread = threading.Thread(target=self._watch, name="fourfold-watchdog", daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._handle is not None:
            self._handle.cancel()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hold the watchdog off while the loop is busy on purpose (a store write)."""
        self._paused += 1
        try:
            yield
        finally:
            self._paused -= 1
            self._last_beat = time.monotonic()

    def _beat(self) -> None:
        self._last_beat = time.monotonic()
        if not self._stop.is_set() and self._loop is not None:
            self._handle = self._loop.call_later(BEAT_S, self._beat)

    def _watch(self) -> None:
        last_poll = time.monotonic()
        while not self._stop.wait(POLL_S):
            now = time.monotonic()
            if now - last_poll > max(4 * POLL_S, self.limit / 2):
                self._last_beat = now  # this thread was not run either: not the loop's fault
            last_poll = now
            stalled = now - self._last_beat
            if self._paused or stalled <= self.limit:
                continue
            self._on_blocked(self._diagnose(stalled))
            return

    def _diagnose(self, stalled: float) -> Blocked:
        frame = sys._current_frames().get(self._loop_thread)
        case_id, repeat = _trial_of(frame)
        return Blocked(seconds=stalled, case_id=case_id, repeat=repeat, where=_where(frame))


def _trial_of(frame: FrameType | None) -> tuple[str | None, int | None]:
    """The case and repeat of the trial whose code `frame` is in.

    Found from the `Recorder` its adapter holds, or the `CheckContext` a check was given,
    in a frame further out.
    """
    while frame is not None:
        try:
            values = list(frame.f_locals.values())
        except Exception:  # a frame changing under us: look further out
            values = []
        for value in values:
            if isinstance(value, Recorder | CheckContext):
                return value.case.id, value.repeat
        frame = frame.f_back
    return None, None


def _where(frame: FrameType | None) -> str | None:
    if frame is None:
        return None
    code = frame.f_code
    return f"{code.co_filename}:{frame.f_lineno} in {code.co_name}"
