"""How a run writes its trials: in batches, each trial once, nothing finished lost on Ctrl-C.

A trial is finished when its agent has returned and all its checks have run. The suites
here end with a check that appends the trial to a marker file, so the marker lists exactly
the finished trials: after Ctrl-C the store must hold every one of them (and no other).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from fourfold import run
from fourfold._engine import RunOptions
from fourfold._engine._writer import GATHER_S
from fourfold.errors import StoreError
from fourfold.runs import Trial
from fourfold.store import Store

AGENT = """
import asyncio, os

async def answer(case):
    if "FOURFOLD_TEST_STARTED" in os.environ:
        with open(os.environ["FOURFOLD_TEST_STARTED"], "a") as fh:
            fh.write(case.id + "\\n")
    # Staggered, so trials finish both together and apart.
    step = float(os.environ.get("FOURFOLD_TEST_SLEEP", "0.02"))
    await asyncio.sleep(step * (1 + int(case.id[1:]) % 3))
    return "Done."
"""

# The last check of the suite: when it runs, the trial is finished.
MARKER_CHECK = """
import os, signal
from fourfold import check, passed

@check(layer="policy")
def finished_marker():
    def run(ctx):
        path = os.environ["FOURFOLD_TEST_FINISHED"]
        with open(path, "a") as fh:
            fh.write(f"{ctx.case.id}#{ctx.repeat}\\n")
        with open(path) as fh:
            n_finished = len(fh.read().split())
        if n_finished == int(os.environ.get("FOURFOLD_TEST_SIGINT_AT", "0")):
            # Ctrl-C between this trial's end and its write: only the flush can keep it.
            os.kill(os.getpid(), signal.SIGINT)
        return passed()
    return run
"""

SUITE = """\
name: writes
agent: {{python: "agent:answer"}}
imports: [{imports}]
cases: cases.jsonl
repeats: 2
concurrency: {concurrency}
checks:
  - max_length: {{words: 40}}
  - no_pii: {{}}
{marker}"""

N_CASES = 12
ALL_TRIALS = {f"c{i}#{r}" for i in range(N_CASES) for r in range(2)}


def make_project(tmp_path: Path, *, concurrency: int = 4, marker: bool = True) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "marker_checks.py").write_text(MARKER_CHECK)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"c{i}", "input": f"question {i}"}) + "\n" for i in range(N_CASES)
        )
    )
    suite = tmp_path / "suite.yaml"
    suite.write_text(
        SUITE.format(
            imports="marker_checks" if marker else "",
            concurrency=concurrency,
            marker="  - finished_marker: {}\n" if marker else "",
        )
    )
    return suite


def _fourfold(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "fourfold", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finished(marker: Path) -> list[str]:
    return marker.read_text().split() if marker.exists() else []


def _stored(db: Path) -> tuple[str, set[str], str]:
    with Store.open(db) as store:
        (run_,) = store.list_runs()
        trials = store.trials(run_.id)
    assert all(len(t.results) == 3 for t in trials), "a trial was stored without all results"
    return run_.id, {f"{t.case_id}#{t.repeat}" for t in trials}, run_.status


def _resume_runs_exactly_the_rest(
    suite: Path, db: Path, run_id: str, stored: set[str], env: dict[str, str]
) -> None:
    marker = Path(env["FOURFOLD_TEST_FINISHED"])
    marker.write_text("")
    env = {**env, "FOURFOLD_TEST_SIGINT_AT": "0"}
    proc = _fourfold("run", str(suite), "--resume", run_id, "--store", str(db), env=env)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, out + err
    again = _finished(marker)
    assert len(again) == len(set(again)), "a trial ran twice in the resumed run"
    assert not set(again) & stored, "a stored trial was run again"
    assert set(again) | stored == ALL_TRIALS
    assert _stored(db)[1:] == (ALL_TRIALS, "finished")


@pytest.mark.slow
def test_ctrl_c_leaves_every_finished_trial_stored(tmp_path: Path) -> None:
    suite = make_project(tmp_path)
    db = tmp_path / "runs.db"
    marker = tmp_path / "finished.txt"
    env = {**os.environ, "FOURFOLD_TEST_FINISHED": str(marker), "FOURFOLD_TEST_SLEEP": "0.1"}
    proc = _fourfold("run", str(suite), "--store", str(db), "--no-progress", env=env)
    deadline = time.monotonic() + 60
    while len(_finished(marker)) < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(_finished(marker)) >= 5, "the run never got going"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)

    assert proc.returncode == 130, err
    run_id, stored, status = _stored(db)
    finished = _finished(marker)
    assert status == "interrupted"
    assert len(finished) < len(ALL_TRIALS), "the run ended before Ctrl-C"
    # Every finished trial is stored, and only finished ones are.
    assert stored == set(finished)
    _resume_runs_exactly_the_rest(suite, db, run_id, stored, env)


@pytest.mark.slow
@pytest.mark.parametrize("at", [1, 3])
def test_ctrl_c_right_after_a_trial_finishes_keeps_it(tmp_path: Path, at: int) -> None:
    """Ctrl-C lands while the trial is queued, before the writer took it."""
    suite = make_project(tmp_path)
    db = tmp_path / "runs.db"
    marker = tmp_path / "finished.txt"
    env = {**os.environ, "FOURFOLD_TEST_FINISHED": str(marker), "FOURFOLD_TEST_SIGINT_AT": str(at)}
    proc = _fourfold("run", str(suite), "--store", str(db), "--no-progress", env=env)
    _, err = proc.communicate(timeout=60)

    assert proc.returncode == 130, err
    run_id, stored, status = _stored(db)
    finished = _finished(marker)
    assert status == "interrupted"
    assert len(finished) >= at
    assert finished[at - 1] in stored  # the trial that was in the queue at Ctrl-C
    assert stored == set(finished)
    _resume_runs_exactly_the_rest(suite, db, run_id, stored, env)


class BatchLog(Store):
    """A store that keeps the size of every `save_trials` batch (and can break one)."""

    batches: list[int]
    fail_at: int | None = None
    """Raise a store error instead of writing batch number `fail_at`."""
    interrupt_at: int | None = None
    """Raise KeyboardInterrupt (once) instead of writing batch number `interrupt_at`."""
    interrupted: set[tuple[str, int]] | None = None
    """The keys of the batch that KeyboardInterrupt cut short."""

    def save_trials(
        self, run_id: str, trials: Sequence[Trial], *, calls: Sequence[Any] = ()
    ) -> None:
        """Store the batch, noting its size; or fail as told."""
        if self.fail_at is not None and len(self.batches) == self.fail_at:
            raise StoreError("cannot write to the store: disk full")
        if self.interrupt_at == len(self.batches) and self.interrupted is None:
            self.interrupted = {(t.case_id, t.repeat) for t in trials}
            raise KeyboardInterrupt
        super().save_trials(run_id, trials, calls=calls)
        self.batches.append(len(trials))


@pytest.mark.parametrize("concurrency", [1, 8])
@pytest.mark.slow
def test_each_trial_is_written_once_in_batches_of_what_finished_together(
    tmp_path: Path, concurrency: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    suite = make_project(tmp_path, concurrency=concurrency, marker=False)
    # One at a time, each trial ends three gathering waits after the one before it; at 8,
    # the trials sleeping alike end together.
    monkeypatch.setenv("FOURFOLD_TEST_SLEEP", str(3 * GATHER_S if concurrency == 1 else 0.05))
    with BatchLog.open(tmp_path / "runs.db") as store:
        store.batches = []
        outcome = run(suite, store=store, options=RunOptions(progress=False))
        keys = store.finished_keys(outcome.run.id)

    assert outcome.run.status == "finished" and outcome.executed == len(ALL_TRIALS)
    assert len(keys) == len(outcome.trials) == sum(store.batches) == len(ALL_TRIALS)
    if concurrency == 1:
        assert set(store.batches) == {1}
    else:  # trials sleeping alike finish in the same turn of the loop: one write for them
        assert max(store.batches) > 1 and len(store.batches) < len(ALL_TRIALS)


@pytest.mark.parametrize("fail_at", [0, 2])
def test_a_failed_write_stops_the_run_with_the_store_error(
    tmp_path: Path, fail_at: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    concurrency = 2
    suite = make_project(tmp_path, concurrency=concurrency, marker=False)
    started = tmp_path / "started.txt"
    monkeypatch.setenv("FOURFOLD_TEST_SLEEP", "0.05")
    monkeypatch.setenv("FOURFOLD_TEST_STARTED", str(started))
    with BatchLog.open(tmp_path / "runs.db") as store:
        store.batches = []
        store.fail_at = fail_at
        with pytest.raises(StoreError, match="disk full"):
            run(suite, store=store, options=RunOptions(progress=False))
        (run_,) = store.list_runs()
        stored = len(store.finished_keys(run_.id))

    assert run_.status == "interrupted"
    assert stored == sum(store.batches) and len(store.batches) == fail_at
    # The workers stopped: besides the stored trials, at most the failed batch, the
    # trials queued behind it and those in progress were started.
    assert len(started.read_text().split()) <= stored + 3 * concurrency < len(ALL_TRIALS)


@pytest.mark.parametrize("interrupt_at", [0, 3])
def test_a_write_cut_short_by_keyboard_interrupt_is_written_before_the_run_stops(
    tmp_path: Path, interrupt_at: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second Ctrl-C (or one outside `asyncio.run`) lands in a write: the batch is kept."""
    suite = make_project(tmp_path, marker=False)
    monkeypatch.setenv("FOURFOLD_TEST_SLEEP", "0.05")
    with BatchLog.open(tmp_path / "runs.db") as store:
        store.batches = []
        store.interrupt_at = interrupt_at
        with pytest.raises(KeyboardInterrupt):
            run(suite, store=store, options=RunOptions(progress=False))
        (run_,) = store.list_runs()
        stored = store.finished_keys(run_.id)

    assert run_.status == "interrupted"
    assert store.interrupted and store.interrupted <= stored
    assert len(stored) == sum(store.batches) < len(ALL_TRIALS)


def test_what_the_caller_needs_after_the_run_is_imported_while_it_runs(tmp_path: Path) -> None:
    # `RunOptions.preload`: the command line names its report this way (see PreloadOnce).
    suite = make_project(tmp_path, concurrency=2, marker=False)
    (tmp_path / "needed_after.py").write_text("LOADED = True\n")
    assert "needed_after" not in sys.modules
    try:
        options = RunOptions(progress=False, preload=(("needed_after", "LOADED"),))
        outcome = run(suite, store=tmp_path / "runs.db", options=options)
        assert outcome.run.status == "finished"
        assert getattr(sys.modules["needed_after"], "LOADED", False) is True
    finally:
        sys.modules.pop("needed_after", None)
