"""A run puts its threads' work where its event loop waits (`fourfold._engine._idle`).

A thread that works while the loop reads a wave of replies takes the interpreter from it
at every reply it reads and every call it sends, for its whole turn: the opening of the
store, the end's imports and the trial writes must start when the loop is idle, not in
the middle of a wave.
"""

from __future__ import annotations

import asyncio
import time

from fourfold._engine._idle import IDLE_PROBE_S, loop_idle, when_idle


def test_an_idle_loop_is_seen_at_once() -> None:
    async def main() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await loop_idle(within=5.0)
        return loop.time() - start

    assert asyncio.run(main()) < 0.5  # a probe or two, not the bound


def test_a_loop_reading_a_wave_is_not_idle_until_the_wave_is_read() -> None:
    # A wave of replies: callbacks ready one after another for 0.15 s, three at a time
    # (under a millisecond a turn of the loop), so that a timer set among them fires
    # nearly on time: only what runs behind them says the loop is busy.
    async def main() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        busy_until = start + 0.15

        def reply() -> None:
            spin_until = time.perf_counter() + 0.00025
            while time.perf_counter() < spin_until:
                pass
            if loop.time() < busy_until:
                loop.call_soon(reply)

        for _ in range(3):
            loop.call_soon(reply)
        seen: list[float] = []
        when_idle(lambda: seen.append(loop.time()), within=5.0)
        while not seen:
            await asyncio.sleep(0.01)
        return seen[0] - start, busy_until - start

    seen, busy = asyncio.run(main())
    assert seen >= busy, f"seen idle at {seen:.3f} s while busy until {busy:.3f} s"


def test_a_loop_that_never_waits_gets_the_work_at_the_bound() -> None:
    async def main() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        seen: list[float] = []
        when_idle(lambda: seen.append(loop.time()), within=0.2)
        while not seen:  # trials that only compute: the loop is never idle
            spin_until = time.perf_counter() + 0.004
            while time.perf_counter() < spin_until:
                pass
            await asyncio.sleep(0)
        return seen[0] - start

    assert 0.2 <= asyncio.run(main()) < 1.0


def test_a_cancelled_wait_leaves_nothing_behind() -> None:
    async def main() -> None:
        waiting = asyncio.ensure_future(loop_idle(within=0.05))
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.sleep(0.1 + 2 * IDLE_PROBE_S)  # its probe ends quietly
        assert waiting.cancelled()

    asyncio.run(main())
