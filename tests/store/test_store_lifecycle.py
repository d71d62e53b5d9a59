"""A run's life in the store: created with its cases at once, finished only when complete,
and read as interrupted once the process running it is gone."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import sqlalchemy as sa

from fourfold.cases import Case
from fourfold.errors import IncompleteRunError, RunBusyError, StoreError
from fourfold.runs import TrialCount
from fourfold.store import Store
from fourfold.store._owner import Owner, this_process
from tests.helpers.store_builders import make_run, make_trial, raw_engine

RUN_ID = "20261129-193755-a1b2c3"


def _cases(n: int, prefix: str = "c") -> list[Case]:
    return [Case(id=f"{prefix}{i}", input=f"question {i}") for i in range(n)]


def test_create_run_stores_the_run_with_its_cases(store: Store) -> None:
    cases = _cases(3)
    store.create_run(make_run(RUN_ID), cases)
    assert store.get_run(RUN_ID) == make_run(RUN_ID)
    assert store.cases(RUN_ID) == cases


def test_create_run_with_a_duplicate_case_id_stores_nothing(store: Store) -> None:
    cases = [*_cases(2), Case(id="c0", input="again")]
    with pytest.raises(StoreError, match="two cases have the id 'c0'"):
        store.create_run(make_run(RUN_ID), cases)
    assert store.list_runs() == []


def test_create_run_refused_keeps_the_first_run_and_its_cases(store: Store) -> None:
    store.create_run(make_run(RUN_ID), _cases(2))
    with pytest.raises(StoreError, match="already in the store"):
        store.create_run(make_run(RUN_ID, suite="other"), _cases(5, "x"))
    assert store.get_run(RUN_ID).suite == "refunds"
    assert [c.id for c in store.cases(RUN_ID)] == ["c0", "c1"]


# Creates runs with many cases until killed; prints each run's id once create_run returned.
CREATOR = """
import sys
from datetime import UTC, datetime
from fourfold.cases import Case
from fourfold.runs import Run
from fourfold.store import Store

store = Store.open(sys.argv[1])
i = 0
while True:
    run_id = f"20261129-000000-{i:06d}"
    cases = [Case(id=f"c{k}", input="q" * 2_000) for k in range(400)]
    run = Run(id=run_id, suite="s", agent_version="v", package_version="0",
              started_at=datetime.now(UTC))
    store.create_run(run, cases)
    print(run_id, flush=True)
    i += 1
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [1, 4])
def test_a_process_killed_while_creating_runs_leaves_none_without_its_cases(
    store_target: str, after: int
) -> None:
    """Killed with SIGKILL between (or inside) create_run calls: every stored run has all
    400 of its cases; none has none (which a resume would have taken for a finished run)."""
    with Store.open(store_target):
        pass  # migrated before the writer starts, so the kill lands in create_run
    proc = subprocess.Popen(
        [sys.executable, "-c", CREATOR, store_target],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    acknowledged: list[str] = []
    try:
        for line in proc.stdout:
            acknowledged.append(line.strip())
            if len(acknowledged) >= after:
                os.kill(proc.pid, signal.SIGKILL)  # the next create_run is likely under way
                break
    finally:
        proc.kill()
        proc.wait(timeout=30)
        stderr = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, stderr

    with Store.open(store_target) as store:
        runs = store.list_runs(limit=1000)
        assert {r.id for r in runs} >= set(acknowledged)
        for run in runs:
            assert len(store.cases(run.id)) == 400, run.id
            assert run.status == "interrupted", "its process is gone"


def test_a_run_is_finished_only_when_every_case_has_all_its_repeats(store: Store) -> None:
    store.create_run(make_run(RUN_ID, config={"repeats": 2}), _cases(2))
    store.save_trials(RUN_ID, [make_trial("c0", 0), make_trial("c0", 1), make_trial("c1", 0)])
    assert store.trial_count(RUN_ID) == TrialCount(stored=3, expected=4)

    with pytest.raises(IncompleteRunError, match=r"incomplete: 3 of 4 trials") as info:
        store.update_run(RUN_ID, status="finished", summary={"gate": "deploy"})
    assert info.value.exit_code == 4
    assert store.get_run(RUN_ID).status == "running"
    assert store.get_run(RUN_ID).summary is None  # nothing of the refused update is kept

    store.save_trial(RUN_ID, make_trial("c1", 1))
    store.update_run(RUN_ID, status="finished")
    assert store.get_run(RUN_ID).status == "finished"


def test_a_run_whose_cases_were_never_stored_counts_no_trial(store: Store) -> None:
    """Trials of cases the run does not hold, and repeats past its count, do not count."""
    store.create_run(make_run(RUN_ID, config={"repeats": 1}), _cases(2))
    store.save_trials(RUN_ID, [make_trial("c0", 0), make_trial("c0", 1), make_trial("stray", 0)])
    assert store.trial_count(RUN_ID) == TrialCount(stored=1, expected=2)
    assert not store.trial_count(RUN_ID).complete


def test_a_run_without_repeats_in_its_config_has_one_of_each(store: Store) -> None:
    store.create_run(make_run(RUN_ID), _cases(3))
    assert store.trial_count(RUN_ID) == TrialCount(stored=0, expected=3)


def test_interrupted_is_always_allowed(store: Store) -> None:
    store.create_run(make_run(RUN_ID, config={"repeats": 3}), _cases(2))
    store.update_run(RUN_ID, status="interrupted")
    assert store.get_run(RUN_ID).status == "interrupted"


# Creates a run, prints its id, then waits to be killed.
OWNER = """
import sys, time
from datetime import UTC, datetime
from fourfold.runs import Run
from fourfold.store import Store

with Store.open(sys.argv[1]) as store:
    store.create_run(Run(id=sys.argv[2], suite="s", agent_version="v", package_version="0",
                         started_at=datetime.now(UTC)))
print("created", flush=True)
time.sleep(120)
"""


def _owned_by_a_child(store_target: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", OWNER, store_target, RUN_ID],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "created", proc.stderr and proc.stderr.read()
    return proc


@pytest.mark.slow
def test_a_run_whose_process_was_killed_reads_as_interrupted(store_target: str) -> None:
    proc = _owned_by_a_child(store_target)
    try:
        with Store.open(store_target) as store:
            assert store.get_run(RUN_ID).status == "running"  # its process is alive
            with pytest.raises(RunBusyError, match=rf"process {proc.pid} on host"):
                store.claim_run(RUN_ID)
            os.kill(proc.pid, signal.SIGKILL)
            # Not reaped yet: a zombie has exited all the same.
            deadline = time.monotonic() + 10
            while store.get_run(RUN_ID).status == "running" and time.monotonic() < deadline:
                time.sleep(0.05)
            assert store.get_run(RUN_ID).status == "interrupted"
            assert [r.status for r in store.list_runs()] == ["interrupted"]
            proc.wait(timeout=30)
            assert store.get_run(RUN_ID).status == "interrupted"
            # Resuming it makes this process its owner: running again.
            assert store.claim_run(RUN_ID).status == "interrupted"
            assert store.get_run(RUN_ID).status == "running"
    finally:
        proc.kill()
        proc.wait(timeout=30)
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


def _set_owner(store_target: str, owner: str | None) -> None:
    engine = raw_engine(store_target)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE runs SET owner = :o"), {"o": owner})
    engine.dispose()


def test_a_run_of_another_host_or_of_no_known_process_reads_as_running(
    store: Store, store_target: str
) -> None:
    store.create_run(make_run(RUN_ID))
    here = this_process()
    _set_owner(store_target, str(Owner("elsewhere", here.boot, 1, "1")))
    assert store.get_run(RUN_ID).status == "running"
    store.claim_run(RUN_ID)  # cannot be checked from here, so it can be claimed
    _set_owner(store_target, None)  # a run stored before owners were kept
    assert store.get_run(RUN_ID).status == "running"


def test_a_run_of_a_process_with_a_reused_id_or_of_a_former_boot_is_gone(
    store: Store, store_target: str
) -> None:
    store.create_run(make_run(RUN_ID))
    here = this_process()
    _set_owner(store_target, str(Owner(here.host, here.boot, here.pid, here.start)))
    assert store.get_run(RUN_ID).status == "running"
    if here.start:  # /proc gives start times: the same id, started at another time
        _set_owner(store_target, str(Owner(here.host, here.boot, here.pid, "1")))
        assert store.get_run(RUN_ID).status == "interrupted"
    if here.boot:
        _set_owner(store_target, str(Owner(here.host, "another-boot", here.pid, here.start)))
        assert store.get_run(RUN_ID).status == "interrupted"


def test_finished_and_interrupted_runs_keep_no_owner(store: Store, store_target: str) -> None:
    store.create_run(make_run(RUN_ID, config={"repeats": 1}), _cases(1))
    store.save_trial(RUN_ID, make_trial("c0"))
    store.update_run(RUN_ID, status="finished")
    engine = raw_engine(store_target)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT owner FROM runs")).scalar() is None
    engine.dispose()


def test_owner_text_round_trips_and_rejects_garbage() -> None:
    owner = Owner(socket.gethostname(), "b", 42, "7")
    assert Owner.parse(str(owner)) == owner
    assert Owner.parse("not an owner") is None
    assert Owner.parse("") is None
