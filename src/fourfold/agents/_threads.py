"""Running user code (a sync agent, a sync tool) off the event loop, in a daemon thread.

A daemon thread and not `asyncio.to_thread`: the default executor's threads are joined at
exit, so one hung agent or tool would keep the process alive forever. The caller's context
variables (the current `Recorder`) are copied into the thread.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["in_daemon_thread"]

T = TypeVar("T")


def in_daemon_thread(fn: Callable[[], T], *, name: str) -> asyncio.Future[T]:
    """Start `fn` in a daemon thread; the future settles on this loop with its outcome.

    Cancelling the future (a timeout) stops waiting, not the thread: Python cannot stop a
    thread, so a hung one is left to die with the process.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(outcome: BaseException | None, value: T | None) -> None:
        if future.done():  # timed out or cancelled meanwhile
            return
        if outcome is not None:
            future.set_exception(outcome)
        else:
            future.set_result(value)  # type: ignore[arg-type]

    def target() -> None:
        outcome: BaseException | None = None
        value: T | None = None
        try:
            value = fn()
        except BaseException as exc:  # SystemExit from user code is its failure too
            outcome = exc
        try:
            loop.call_soon_threadsafe(settle, outcome, value)
        except RuntimeError:
            pass  # the loop is closed: the trial timed out and the run is over

    context = contextvars.copy_context()
    threading.Thread(target=context.run, args=(target,), name=name, daemon=True).start()
    return future
