"""The store under load: readers beside a writer, a writer killed mid-run, a big run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading

import pytest

from fourfold.runs import Trial
from fourfold.store import Store
from fourfold.trace import Trace
from tests.helpers.store_builders import T0, make_result, make_run, make_trial


def _results_per_trial(i: int) -> int:
    """A different number for each trial, so a trial missing some results shows."""
    return i % 9 + 1


def _assert_complete(trials: list[Trial]) -> None:
    for trial in trials:
        expected = int(trial.case_id.rsplit("-", 1)[1])
        assert len(trial.results) == _results_per_trial(expected), trial.case_id
        assert [r.metadata["i"] for r in trial.results] == list(range(len(trial.results)))


@pytest.mark.slow
def test_reading_while_another_store_object_writes(store_target: str) -> None:
    run_id = make_run().id
    n_trials = 150
    errors: list[BaseException] = []
    with Store.open(store_target) as writer, Store.open(store_target) as reader:
        writer.create_run(make_run())

        def write() -> None:
            try:
                for i in range(n_trials):
                    writer.save_trial(
                        run_id, make_trial(f"case-{i}", n_results=_results_per_trial(i))
                    )
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        thread = threading.Thread(target=write)
        thread.start()
        seen: list[int] = []
        while thread.is_alive() or not seen or seen[-1] < n_trials:
            trials = reader.trials(run_id)
            _assert_complete(trials)
            assert reader.finished_keys(run_id) >= {(t.case_id, t.repeat) for t in trials}
            seen.append(len(trials))
        thread.join()

    assert errors == []
    assert seen == sorted(seen) and seen[-1] == n_trials
    assert len(set(seen)) > 2  # the reads really interleaved with the writes


# Saves trials until killed; prints the index of each trial once save_trial has returned.
WRITER = """
import sys
from datetime import UTC, datetime
from fourfold.checks import CheckResult
from fourfold.runs import Trial
from fourfold.store import Store
from fourfold.trace import Trace

store = Store.open(sys.argv[1])
now = datetime.now(UTC)
i = 0
while True:
    n = i % 9 + 1
    store.save_trial(sys.argv[2], Trial(
        case_id=f"case-{i}", status="ok", started_at=now, ended_at=now,
        trace=Trace(output="x" * 20_000),
        results=[CheckResult(check=f"check-{j}", layer="policy", status="pass",
                             explanation="y" * 2_000, metadata={"i": j})
                 for j in range(n)],
    ))
    print(i, flush=True)
    i += 1
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [1, 40, 173])
def test_a_writer_killed_with_sigkill_leaves_a_readable_store(
    store_target: str, after: int
) -> None:
    """Every trial save_trial returned for is there, and no trial lacks any of its results."""
    run_id = make_run().id
    with Store.open(store_target) as store:
        store.create_run(make_run())
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, store_target, run_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    acknowledged: set[int] = set()
    try:
        for line in proc.stdout:
            acknowledged.add(int(line))
            if len(acknowledged) >= after:
                # Right after a save returned: the next one is likely half-written.
                os.kill(proc.pid, signal.SIGKILL)
                break
    finally:
        proc.kill()
        proc.wait(timeout=30)
        stderr = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, stderr
    assert len(acknowledged) >= after, stderr

    if "://" not in store_target:
        with sqlite3.connect(store_target) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.close()
    with Store.open(store_target) as store:
        trials = store.trials(run_id)
        _assert_complete(trials)
        stored = {int(t.case_id.rsplit("-", 1)[1]) for t in trials}
        assert acknowledged <= stored
        assert stored == set(range(len(stored)))  # saved in order, so no gaps
        # The killed run can be resumed: saving more works.
        store.save_trial(run_id, make_trial("case-100000", n_results=_results_per_trial(100000)))
        _assert_complete(store.trials(run_id, case_id="case-100000"))


@pytest.mark.slow
def test_a_big_run_saves_every_trial(store_target: str) -> None:
    """10,000 trials of 10 results each, saved one by one, all read back whole.

    How fast is `make bench`'s business (bench/bench_runner.py, trials stored a second):
    a time bound here would fail on a busy machine and pass on a broken one.
    """
    run_id = make_run().id
    trace = Trace(output="The refund of 12.50 € is on its way. " * 20)
    results = [make_result(f"check-{j}", metadata={"i": j}) for j in range(10)]
    with Store.open(store_target) as store:
        store.create_run(make_run())
        for i in range(10_000):
            store.save_trial(
                run_id,
                Trial(
                    case_id=f"case-{i // 5}",
                    repeat=i % 5,
                    status="ok",
                    trace=trace,
                    results=results,
                    started_at=T0,
                    ended_at=T0,
                ),
            )
        assert len(store.finished_keys(run_id)) == 10_000
        assert store.layer_counts(run_id) == {"outcome": {"pass": 100_000}}
