"""The watchdog, in-process: it fires on a loop held by code, names the trial, and not else.

The whole path (a real run ended with exit code 4) is in tests/test_run_faults.py; here
the pieces are checked with a short limit and without ending the test's process.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from fourfold._engine._progress import RunProgress
from fourfold._engine._watchdog import Blocked, LoopWatchdog
from fourfold._engine._writer import OnBlocked, TrialWriter
from fourfold.agents import Recorder
from fourfold.cases import Case
from fourfold.runs import Run, Trial
from fourfold.store import Store, StoreCache, new_run_id

LIMIT = 0.6
CALM_LIMIT = 2.0
"""Where a report would be wrong: wide enough that a busy machine's scheduling is no stall."""


def _hold_the_loop(rec: Recorder, seconds: float) -> None:
    time.sleep(seconds)  # the line the watchdog must point at


@pytest.mark.slow
def test_a_held_loop_is_reported_once_with_the_trial_and_the_line() -> None:
    seen: list[Blocked] = []

    async def main() -> None:
        with LoopWatchdog(LIMIT, seen.append):
            rec = Recorder(Case(id="case-7", input="?"), repeat=2)
            _hold_the_loop(rec, LIMIT * 3)
            await asyncio.sleep(0.3)  # the loop turns again: no second report

    asyncio.run(main())
    [blocked] = seen
    assert (blocked.case_id, blocked.repeat) == ("case-7", 2)
    assert blocked.where is not None and "test_watchdog.py" in blocked.where
    assert blocked.where.endswith("in _hold_the_loop")
    assert blocked.seconds > LIMIT


@pytest.mark.slow
def test_a_turning_loop_and_a_paused_watchdog_are_left_alone() -> None:
    seen: list[Blocked] = []

    async def main() -> None:
        with LoopWatchdog(CALM_LIMIT, seen.append) as watchdog:
            await asyncio.sleep(CALM_LIMIT * 2)  # long, but the loop turns all along
            with watchdog.paused():  # a store write holds the loop on purpose
                time.sleep(CALM_LIMIT * 1.5)
            await asyncio.sleep(0.5)

    asyncio.run(main())
    assert seen == []


def test_the_handler_stores_what_finished_marks_the_run_and_exits_4(tmp_path: Path) -> None:
    exits: list[int] = []
    now = datetime.now(UTC)
    cases = [Case(id=f"c{i}", input="?") for i in range(4)]
    run = Run(
        id=new_run_id(),
        suite="s",
        agent_version="v",
        package_version="0",
        started_at=now,
        config={"repeats": 1},
    )

    async def main(store: Store) -> None:
        store.create_run(run, cases)
        progress = RunProgress(4, enabled=False)
        writer = TrialWriter(run.id, progress, StoreCache(store))
        for case_id in ("c0", "c1"):  # finished, queued, not written: the loop is stuck
            writer.put(Trial(case_id=case_id, status="ok", started_at=now, ended_at=now))
        handler = OnBlocked(
            store=store,
            run=run,
            suite_path=Path("suite.yaml"),
            timeout=1.0,
            writer=writer,
            cache=StoreCache(store),
            progress=progress,
            in_flight={("c2", 0): None, ("c3", 0): None},
            total=4,
            done_before=0,
            exit=exits.append,
        )
        handler(Blocked(seconds=3.2, case_id=None, repeat=None, where=None))

    with Store.open(tmp_path / "runs.db") as store:
        asyncio.run(main(store))
        assert exits == [4]
        assert store.get_run(run.id).status == "interrupted"
        assert store.finished_keys(run.id) == {("c0", 0), ("c1", 0)}


def test_the_message_names_the_trials_in_flight_when_the_holder_is_unknown(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "runs.db") as store:
        run = Run(
            id="r1", suite="s", agent_version="v", package_version="0", started_at=datetime.now(UTC)
        )
        handler = OnBlocked(
            store=store,
            run=run,
            suite_path=Path("suite.yaml"),
            timeout=1.0,
            writer=None,  # type: ignore[arg-type]  # not used by message()
            cache=StoreCache(store),
            progress=RunProgress(4, enabled=False),
            in_flight={("c2", 0): None, ("c3", 1): None},
            total=4,
            done_before=0,
        )
        unknown = handler.message(Blocked(3.2, None, None, None), stored=2)
        known = handler.message(Blocked(3.2, "c3", 1, "agent.py:9 in answer"), stored=2)
    assert "in flight: c2#0, c3#1" in unknown
    assert "case c3 (repeat 1) holds it, at agent.py:9 in answer" in known
    assert "2 of 4 trials are stored" in known
    assert "fourfold run suite.yaml --resume r1" in known
