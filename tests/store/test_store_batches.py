"""Many trials in one transaction: `save_trials` stores a whole batch or none of it."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from fourfold.checks import CheckResult
from fourfold.errors import RunNotFoundError, StoreError
from fourfold.runs import Trial
from fourfold.store import Store
from tests.helpers.store_builders import make_run, make_trial, rich_results, rich_trace

RUN_ID = make_run().id


def _keys(trials: list[Trial]) -> list[tuple[str, int, int]]:
    """(case, repeat, number of results) of each trial."""
    return [(t.case_id, t.repeat, len(t.results)) for t in trials]


def _unstorable_result() -> CheckResult:
    """A result built without validation, whose explanation breaks a NOT NULL column."""
    return CheckResult.model_construct(
        check="broken",
        layer="policy",
        status="pass",
        score=None,
        evidence=[],
        explanation=None,
        metadata={},
    )


def _unstorable_trial(case_id: str) -> Trial:
    """A trial built without validation, with no status (a NOT NULL column)."""
    good = make_trial(case_id)
    return Trial.model_construct(**{**dict(good), "status": None})


@pytest.fixture
def run_store(store: Store) -> Store:
    store.create_run(make_run())
    return store


def test_a_batch_round_trips_each_trial_with_its_own_results(run_store: Store) -> None:
    trials = [
        make_trial("rich", trace=rich_trace(), results=rich_results(), latency_s=3.25),
        *(make_trial(f"case-{i}", i % 3, n_results=i % 5) for i in range(12)),
        make_trial("errored", status="error", error="TimeoutError", trace=None, n_results=0),
    ]
    run_store.save_trials(RUN_ID, trials)
    back = {(t.case_id, t.repeat): t for t in run_store.trials(RUN_ID)}
    assert back == {(t.case_id, t.repeat): t for t in trials}


@pytest.mark.parametrize("n_trials", [1, 2, 700, 1_500])
def test_a_batch_of_any_size_pairs_every_result_with_its_trial(
    run_store: Store, n_trials: int
) -> None:
    """Large batches go out as several multi-row INSERTs; no result may change trial."""
    trials = [make_trial(f"case-{i:05d}", n_results=i % 4) for i in range(n_trials)]
    run_store.save_trials(RUN_ID, trials)
    back = run_store.trials(RUN_ID)
    assert _keys(back) == _keys(trials)
    for trial in back:
        assert trial.trace is not None and trial.trace.output == f"answer to {trial.case_id}"
        assert [r.metadata["of"] for r in trial.results] == [len(trial.results)] * len(
            trial.results
        )


@pytest.mark.parametrize(
    ("batches", "expected"),
    [
        # The same batch twice: stored once.
        ([[("a", 0, 2), ("b", 0, 3)], [("a", 0, 2), ("b", 0, 3)]], [("a", 0, 2), ("b", 0, 3)]),
        # A later batch replaces earlier trials and keeps the others.
        (
            [[("a", 0, 2), ("b", 0, 3)], [("b", 0, 1), ("c", 1, 4)]],
            [("a", 0, 2), ("b", 0, 1), ("c", 1, 4)],
        ),  # fmt: skip
        # Within one batch, the last trial of a key wins.
        ([[("a", 0, 2), ("a", 0, 5), ("a", 1, 1), ("a", 0, 3)]], [("a", 0, 3), ("a", 1, 1)]),
        # A repeat is a trial of its own.
        ([[("a", 0, 1)], [("a", 1, 2)], [("a", 2, 3)]], [("a", 0, 1), ("a", 1, 2), ("a", 2, 3)]),
    ],
    ids=["same-twice", "replace-some", "last-wins", "repeats"],
)
def test_saving_again_replaces_by_case_and_repeat(
    run_store: Store,
    batches: list[list[tuple[str, int, int]]],
    expected: list[tuple[str, int, int]],
) -> None:
    for batch in batches:
        run_store.save_trials(RUN_ID, [make_trial(c, r, n_results=n) for c, r, n in batch])
    trials = run_store.trials(RUN_ID)
    assert _keys(trials) == expected
    # No result of a replaced trial is left behind.
    assert run_store.layer_counts(RUN_ID) == {"outcome": {"pass": sum(n for *_, n in expected)}}


def test_save_trial_and_save_trials_replace_each_other(run_store: Store) -> None:
    run_store.save_trial(RUN_ID, make_trial("a", n_results=5))
    run_store.save_trials(RUN_ID, [make_trial("a", n_results=1), make_trial("b", n_results=2)])
    run_store.save_trial(RUN_ID, make_trial("b", n_results=4))
    assert _keys(run_store.trials(RUN_ID)) == [("a", 0, 1), ("b", 0, 4)]


def test_an_empty_batch_writes_nothing(run_store: Store) -> None:
    run_store.save_trials(RUN_ID, [])
    run_store.save_trials("no-such-run", [])
    assert run_store.trials(RUN_ID) == []


def _call(key: str) -> dict[str, object]:
    """A model call as the runner's cache hands it over."""
    return {"key": key, "provider": "p", "model": "m", "request": {"k": key}, "response": {}}


def test_a_batch_stores_its_model_calls_in_its_own_transaction(run_store: Store) -> None:
    run_store.save_trials(RUN_ID, [make_trial("a")], calls=[_call("k1"), _call("k2")])
    assert run_store.model_call_keys() == {"k1", "k2"}
    assert [t.case_id for t in run_store.trials(RUN_ID)] == ["a"]
    # Calls with no trial (the end of a run): stored alone.
    run_store.save_trials(RUN_ID, [], calls=[_call("k3")])
    assert run_store.model_call_keys() == {"k1", "k2", "k3"}


def test_a_refused_batch_stores_none_of_its_model_calls(run_store: Store) -> None:
    batch = [make_trial("a"), _unstorable_trial("b")]
    with pytest.raises(StoreError, match="cannot store a batch of 2 trials"):
        run_store.save_trials(RUN_ID, batch, calls=[_call("k1")])
    assert run_store.model_call_keys() == set()
    assert run_store.trials(RUN_ID) == []


def test_a_batch_for_a_missing_run_is_refused_whole(run_store: Store) -> None:
    with pytest.raises(RunNotFoundError, match="no run 'nope'"):
        run_store.save_trials("nope", [make_trial("a"), make_trial("b")])
    run_store.create_run(make_run("nope"))
    assert run_store.trials("nope") == []


@pytest.mark.parametrize("where", [0, 2, 4])
@pytest.mark.parametrize("what", ["result", "trial"])
def test_a_batch_with_an_unstorable_trial_stores_nothing(
    run_store: Store, where: int, what: str
) -> None:
    before = [make_trial("case-0", n_results=7), make_trial("kept", n_results=2)]
    run_store.save_trials(RUN_ID, before)
    batch: list[Trial] = [make_trial(f"case-{i}", n_results=3) for i in range(5)]
    if what == "result":
        bad = make_trial(f"case-{where}", n_results=2)
        batch[where] = bad.model_copy(update={"results": [*bad.results, _unstorable_result()]})
    else:
        batch[where] = _unstorable_trial(f"case-{where}")

    with pytest.raises(StoreError, match="cannot store a batch of 5 trials") as caught:
        run_store.save_trials(RUN_ID, batch)

    assert "none of them is stored" in str(caught.value)
    assert not isinstance(caught.value, RunNotFoundError)
    # Nothing of the batch, and the replaced trial is still the earlier one.
    assert run_store.trials(RUN_ID) == before
    assert run_store.layer_counts(RUN_ID) == {"outcome": {"pass": 9}}
    # The store takes the good trials once the bad one is left out.
    run_store.save_trials(RUN_ID, batch[:where] + batch[where + 1 :])
    stored = {t.case_id: len(t.results) for t in run_store.trials(RUN_ID)}
    expected = {f"case-{i}": 3 for i in range(5) if i != where} | {"kept": 2}
    assert stored == (expected if where else expected | {"case-0": 7})


def test_a_single_unstorable_trial_is_named_as_such(run_store: Store) -> None:
    bad = make_trial(n_results=0).model_copy(update={"results": [_unstorable_result()]})
    with pytest.raises(StoreError, match="cannot store the trial: .*"):
        run_store.save_trial(RUN_ID, bad)
    assert run_store.trials(RUN_ID) == []


# Saves batches of trials until killed; prints the first index of each batch once
# save_trials has returned. Batch sizes vary so batch boundaries are not regular.
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
    size = i % 13 + 1
    batch = [
        Trial(
            case_id=f"case-{i + k}", status="ok", started_at=now, ended_at=now,
            trace=Trace(output="x" * 20_000, metadata={"batch": i}),
            results=[CheckResult(check=f"check-{j}", layer="policy", status="pass",
                                 explanation="y" * 2_000, metadata={"i": j})
                     for j in range((i + k) % 9 + 1)],
        )
        for k in range(size)
    ]
    store.save_trials(sys.argv[2], batch)
    print(i, size, flush=True)
    i += size
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [1, 15, 60])
def test_a_writer_killed_mid_batch_leaves_whole_batches(store_target: str, after: int) -> None:
    """Each batch is there with all its trials and their results, or not at all."""
    with Store.open(store_target) as store:
        store.create_run(make_run())
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, store_target, RUN_ID],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    acknowledged: dict[int, int] = {}
    try:
        for line in proc.stdout:
            first, size = map(int, line.split())
            acknowledged[first] = size
            if len(acknowledged) >= after:
                os.kill(proc.pid, signal.SIGKILL)  # the next batch is likely half-written
                break
    finally:
        proc.kill()
        proc.wait(timeout=30)
        # Batches the writer saved and announced before the kill landed, whose lines were
        # still in the pipe: acknowledged too (on a busy machine the reader falls behind).
        for line in proc.stdout.read().splitlines():
            words = line.split()
            if len(words) == 2:  # a line the kill cut short announced nothing
                acknowledged[int(words[0])] = int(words[1])
        stderr = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, stderr

    if "://" not in store_target:
        with sqlite3.connect(store_target) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.close()
    with Store.open(store_target) as store:
        trials = store.trials(RUN_ID)
    by_batch: dict[int, list[int]] = {}
    for trial in trials:
        index = int(trial.case_id.rsplit("-", 1)[1])
        assert len(trial.results) == index % 9 + 1, trial.case_id
        assert trial.trace is not None
        by_batch.setdefault(trial.trace.metadata["batch"], []).append(index)
    for first, indexes in by_batch.items():
        assert sorted(indexes) == list(range(first, first + first % 13 + 1)), first
    assert set(acknowledged) <= set(by_batch)
    assert len(set(by_batch) - set(acknowledged)) <= 1  # at most the batch in flight
