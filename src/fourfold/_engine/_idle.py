"""When the event loop waits: where a run puts the work of its other threads.

The interpreter runs one thread at a time. A thread that has work while the loop reads a
wave of replies takes the interpreter from it at every reply it reads and every call it
sends (each lets the lock go), and gives it back only when its turn ends (the switch
interval, 5 ms): a wave's replies then wait behind the thread's work, and the next calls
go out that much later. Between waves the loop waits on the network with nothing to do,
and a thread's work costs the calls nothing. So the run starts its threads' work (opening
the store, importing the run's end, writing trials) when the loop is idle.

The loop is idle when a timer fires on time (`IDLE_PROBE_S` after it was set, within
`IDLE_LAG_S`) and the callbacks it then schedules, one after the other, run at once
(`IDLE_HOPS` of them within `IDLE_HOP_S`): a loop that is reading replies or sending
calls runs the timer late, or the callbacks behind the others ready before them; one that
waits on the network runs them all on time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["IDLE_HOPS", "IDLE_HOP_S", "IDLE_LAG_S", "IDLE_PROBE_S", "loop_idle", "when_idle"]

IDLE_PROBE_S = 0.005
"""How often the loop is looked at while it is busy."""
IDLE_LAG_S = 0.002
"""How late a timer may fire on a loop that is idle (the selector's own granularity is 1 ms)."""
IDLE_HOP_S = 0.0005
"""How long `IDLE_HOPS` callbacks scheduled one after the other on an idle loop may take."""
IDLE_HOPS = 2
"""A callback scheduled by the timer runs behind what was ready then; the next, behind what
those made ready in turn (a wave's callbacks schedule more)."""


def when_idle(then: Callable[[], object], *, within: float) -> None:
    """Call `then` on the running loop when it is next idle, or `within` seconds from now.

    `within` bounds the wait for a loop that never idles (trials that only compute).
    """
    loop = asyncio.get_running_loop()
    latest = loop.time() + within

    def again(now: float) -> None:
        if now >= latest:
            then()
        else:
            loop.call_at(now + IDLE_PROBE_S, probe, now + IDLE_PROBE_S)

    def probe(due: float) -> None:
        now = loop.time()
        if now - due <= IDLE_LAG_S:
            loop.call_soon(hop, now, IDLE_HOPS)  # behind whatever else is ready
        else:
            again(now)

    def hop(since: float, left: int) -> None:
        now = loop.time()
        if now - since > IDLE_HOP_S:
            again(now)
        elif left > 1:  # and behind what was made ready after it (a callback's callbacks)
            loop.call_soon(hop, since, left - 1)
        else:
            then()

    first = loop.time() + IDLE_PROBE_S
    loop.call_at(first, probe, first)


async def loop_idle(*, within: float) -> None:
    """Return when the loop is next idle, or `within` seconds from now (see `when_idle`)."""
    idle = asyncio.get_running_loop().create_future()

    def done() -> None:
        if not idle.done():  # a cancelled wait leaves nothing to do
            idle.set_result(None)

    when_idle(done, within=within)
    await idle
