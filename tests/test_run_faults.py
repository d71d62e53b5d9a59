"""Runs under faults and hostile user code: a run never ends in a false success.

Whatever an agent, a check or a module does (blocks the event loop, calls ``sys.exit`` or
``os._exit``), ``fourfold run`` ends with its own exit code (4 when the run stopped short,
never one user code chose), every finished trial is stored, and a run with trials missing
is never finished nor read as deploy. Each case runs the real command in a process of its
own, as a CI job would.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from fourfold import RunOptions, run
from fourfold.cases import Case
from fourfold.errors import ConfigError, IncompleteRunError, RunBusyError
from fourfold.runs import Run, Trial
from fourfold.store import Store, new_run_id
from fourfold.store._owner import Owner, this_process

AGENT = """
import asyncio, os, sys, time

MODE = os.environ.get("FF_MODE", "")
if MODE == "exit-at-import":
    sys.exit(3)


def _log(case):
    with open(os.environ["FF_LOG"], "a") as fh:
        fh.write(case.id + "\\n")


async def _stored(n):
    # A new run opens its store while its first calls wait: a process ended before then
    # leaves no run. This one ends once the trials before it are stored, as a crash later
    # in a run would find them.
    import sqlite3
    for _ in range(1200):
        try:
            with sqlite3.connect("runs.db") as db:
                if db.execute("SELECT count(*) FROM trials").fetchone()[0] >= n:
                    return
        except sqlite3.Error:
            pass
        await asyncio.sleep(0.05)


async def answer(case):
    _log(case)
    if case.id == "c3":
        if MODE == "block":
            time.sleep(120)  # on the event loop: nothing else runs, no timer fires
        if MODE == "sys-exit":
            sys.exit(0)
        if MODE == "os-exit":
            os._exit(0)
        if MODE == "os-exit-once-stored":
            await _stored(3)
            os._exit(0)
        if MODE == "background-exit":
            async def leave():
                sys.exit(0)
            asyncio.get_running_loop().create_task(leave())
            await asyncio.sleep(5)
    await asyncio.sleep(0.01)
    return "Done."
"""

CHECKS = """
import os, sys, time
from fourfold import check, passed

MODE = os.environ.get("FF_MODE", "")
if MODE == "checks-exit-at-import":
    sys.exit(0)


@check(layer="policy")
def fault_check():
    def run(ctx):
        if ctx.case.id == "c3":
            if MODE == "check-block":
                time.sleep(120)
            if MODE == "check-exit":
                sys.exit(5)
        return passed()
    return run
"""

SUITE = """\
name: faults
agents:
  inproc: {python: "fault_agent:answer", timeout: 1}
  patient: {python: "fault_agent:answer", timeout: 60}
  isolated: {python: "fault_agent:answer", timeout: 3, isolation: process}
imports: [fault_checks]
cases: cases.jsonl
concurrency: 1
checks:
  - fault_check: {}
"""

CASES = [f"c{i}" for i in range(6)]
SLEEP_LINE = next(i for i, line in enumerate(AGENT.splitlines(), 1) if "time.sleep(120)" in line)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "fault_agent.py").write_text(AGENT)
    (tmp_path / "fault_checks.py").write_text(CHECKS)
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": c, "input": f"question {c}"}) + "\n" for c in CASES)
    )
    (tmp_path / "suite.yaml").write_text(SUITE)
    return tmp_path


def fourfold(project: Path, *args: str, mode: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FF_MODE": mode, "FF_LOG": str(project / "log.txt")}
    return subprocess.run(
        [sys.executable, "-m", "fourfold", *args, "--store", str(project / "runs.db")],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def the_run(project: Path) -> tuple[Run, dict[str, Trial]]:
    with Store.open(project / "runs.db") as store:
        (stored,) = store.list_runs()
        return stored, {t.case_id: t for t in store.trials(stored.id)}


def ran(project: Path) -> list[str]:
    log = project / "log.txt"
    return log.read_text().split() if log.exists() else []


def resume_runs_the_rest(project: Path, run_id: str, before: set[str]) -> None:
    (project / "log.txt").write_text("")
    done = fourfold(project, "run", "suite.yaml", "--resume", run_id, "--no-progress")
    assert done.returncode == 0, done.stdout + done.stderr
    assert set(ran(project)) == set(CASES) - before, "a stored trial was run again"
    finished, trials = the_run(project)
    assert finished.status == "finished" and set(trials) == set(CASES)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "where"),
    [("block", f"fault_agent.py:{SLEEP_LINE} in answer"), ("check-block", "fault_checks.py")],
)
def test_code_blocking_the_event_loop_ends_the_run_with_4_and_keeps_what_finished(
    project: Path, mode: str, where: str
) -> None:
    """Without the watchdog the run hung for ever: no timer fires on a blocked loop."""
    done = fourfold(project, "run", "suite.yaml", "--agent", "inproc", "--no-progress", mode=mode)

    assert done.returncode == 4, done.stdout + done.stderr
    assert "the event loop stood still" in done.stderr
    assert "case c3 (repeat 0) holds it" in done.stderr and where in done.stderr
    assert "isolation: process" in done.stderr
    stopped, trials = the_run(project)
    assert stopped.status == "interrupted"
    assert set(trials) == {"c0", "c1", "c2"}  # every trial that finished, and only those
    assert f"--resume {stopped.id}" in done.stderr
    resume_runs_the_rest(project, stopped.id, set(trials))


@pytest.mark.slow
def test_sys_exit_in_an_async_agent_is_an_errored_trial(project: Path) -> None:
    done = fourfold(
        project, "run", "suite.yaml", "--agent", "inproc", "--no-progress", mode="sys-exit"
    )
    assert done.returncode == 3, done.stdout + done.stderr  # review: a trial errored
    finished, trials = the_run(project)
    assert finished.status == "finished" and set(trials) == set(CASES)
    error = trials["c3"].error
    assert error is not None and "called sys.exit(0)" in error


@pytest.mark.slow
def test_sys_exit_in_a_check_is_an_errored_result(project: Path) -> None:
    done = fourfold(
        project, "run", "suite.yaml", "--agent", "inproc", "--no-progress", mode="check-exit"
    )
    assert done.returncode != 5, "the check chose fourfold's exit code"
    assert done.returncode in (0, 1, 3), done.stdout + done.stderr
    finished, trials = the_run(project)
    assert finished.status == "finished" and set(trials) == set(CASES)
    [result] = trials["c3"].results
    assert result.status == "error" and "called sys.exit(5)" in result.explanation


@pytest.mark.slow
def test_sys_exit_from_a_task_of_the_agent_s_own_stops_the_run_with_4(project: Path) -> None:
    """Raised in a task no adapter awaits, SystemExit leaves the event loop itself."""
    done = fourfold(
        project, "run", "suite.yaml", "--agent", "inproc", "--no-progress", mode="background-exit"
    )
    assert done.returncode == 4, done.stdout + done.stderr
    assert "called sys.exit(0) during the run" in done.stderr
    stopped, trials = the_run(project)
    assert stopped.status == "interrupted"
    assert set(trials) == {"c0", "c1", "c2"}
    resume_runs_the_rest(project, stopped.id, set(trials))


@pytest.mark.slow
def test_sys_exit_at_import_is_bad_input_and_leaves_no_run(project: Path) -> None:
    done = fourfold(
        project, "run", "suite.yaml", "--agent", "inproc", "--no-progress", mode="exit-at-import"
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "importing module 'fault_agent' called sys.exit(3)" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr
    with Store.open(project / "runs.db") as store:
        assert store.list_runs() == []  # the agent is started before the run is stored


@pytest.mark.slow
def test_sys_exit_0_in_a_module_the_suite_imports_is_bad_input(project: Path) -> None:
    """It ended `fourfold run` with 0, a deploy to CI, having run nothing."""
    done = fourfold(project, "run", "suite.yaml", "--no-progress", mode="checks-exit-at-import")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "called sys.exit(0) while it was imported" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_os_exit_in_process_cannot_be_caught_but_the_run_reads_as_interrupted(
    project: Path,
) -> None:
    """The limit of in-process agents, kept visible: os._exit(0) ends fourfold with 0 and
    no verdict. What is guarded: the run is not finished, `runs` and `show` read it as
    interrupted and never deploy, and it resumes."""
    done = fourfold(
        project,
        "run",
        "suite.yaml",
        "--agent",
        "patient",  # c3 waits for three stored trials: on a loaded machine, over 1 s
        "--no-progress",
        mode="os-exit-once-stored",
    )
    assert done.returncode == 0 and "gate" not in done.stdout  # no verdict was printed
    listed = fourfold(project, "runs", "--json")
    [row] = json.loads(listed.stdout)
    assert row["status"] == "interrupted" and row["summary"] is None
    shown = fourfold(project, "show", "latest")
    assert "incomplete: 3 of 6 trials" in shown.stdout and "DEPLOY" not in shown.stdout
    resume_runs_the_rest(project, row["id"], {"c0", "c1", "c2"})


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "error"),
    [
        ("os-exit", "worker process exited with status 0 while running case c3 (repeat 0)"),
        ("block", "did not finish within the timeout of 3s; its worker process was killed"),
    ],
)
def test_with_isolation_a_hostile_agent_costs_one_errored_trial(
    project: Path, mode: str, error: str
) -> None:
    done = fourfold(project, "run", "suite.yaml", "--agent", "isolated", "--no-progress", mode=mode)
    assert done.returncode == 3, done.stdout + done.stderr  # review: one trial errored
    finished, trials = the_run(project)
    assert finished.status == "finished" and set(trials) == set(CASES)
    assert trials["c3"].status == "error" and error in str(trials["c3"].error)
    assert all(trials[c].status == "ok" for c in CASES if c != "c3")


class DropsATrial(Store):
    """A store that silently loses one trial: what a lost write would leave."""

    def save_trials(self, run_id: str, trials: Any, *, calls: Any = ()) -> None:
        kept = [t for t in trials if (t.case_id, t.repeat) != ("c4", 0)]
        super().save_trials(run_id, kept, calls=calls)


@pytest.mark.slow
def test_a_run_whose_trials_are_not_all_stored_is_never_finished(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FF_LOG", str(project / "log.txt"))
    with DropsATrial.open(project / "runs.db") as store:
        with pytest.raises(IncompleteRunError, match="ended with 5 of 6 trials stored") as info:
            run(project / "suite.yaml", store=store, options=RunOptions(agent="inproc"))
        assert info.value.exit_code == 4
        (stopped,) = store.list_runs()
        assert stopped.status == "interrupted" and stopped.summary is None
    resume_runs_the_rest(project, stopped.id, {c for c in CASES if c != "c4"})


@pytest.mark.slow
def test_a_run_stored_without_its_cases_is_not_resumed_into_a_finished_one(
    project: Path,
) -> None:
    """What an older fourfold left when killed between storing a run and its cases: resumed,
    it read 0 cases, finished with 0 of 6 trials and printed DEPLOY."""
    with Store.open(project / "runs.db") as store:
        legacy = Run(
            id=new_run_id(),
            suite="faults",
            agent_version="inproc",
            config={"agent_name": "inproc", "repeats": 1},
            package_version="0.0.1",
            started_at=datetime.now(UTC),
        )
        store.create_run(legacy)
    done = fourfold(project, "run", "suite.yaml", "--resume", legacy.id, "--no-progress")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "has no cases stored, so it cannot be resumed" in done.stderr
    assert "DEPLOY" not in done.stdout
    with Store.open(project / "runs.db") as store:
        assert store.get_run(legacy.id).status != "finished"


def test_an_agent_that_cannot_start_leaves_no_run(project: Path) -> None:
    (project / "suite.yaml").write_text(SUITE.replace("fault_agent:answer", "fault_agent:nope"))
    with Store.open(project / "runs.db") as store:
        with pytest.raises(ConfigError, match="has no attribute 'nope'"):
            run(project / "suite.yaml", store=store, options=RunOptions(agent="inproc"))
        assert store.list_runs() == []


@pytest.mark.slow
def test_an_interrupted_run_shows_its_count_and_never_deploy(project: Path) -> None:
    with Store.open(project / "runs.db") as store:
        stopped = Run(
            id=new_run_id(),
            suite="faults",
            agent_version="inproc",
            config={"repeats": 2},
            package_version="0",
            started_at=datetime.now(UTC),
        )
        store.create_run(stopped, [Case(id=c, input="?") for c in ("a", "b")])
        now = stopped.started_at
        store.save_trial(stopped.id, Trial(case_id="a", status="ok", started_at=now, ended_at=now))
        store.update_run(stopped.id, status="interrupted")
    shown = fourfold(project, "show", stopped.id)
    assert shown.returncode == 0, shown.stderr
    assert "incomplete: 1 of 4 trials (the run was interrupted" in shown.stdout
    assert "REVIEW" in shown.stdout and "DEPLOY" not in shown.stdout
    report = fourfold(project, "report", stopped.id, "-o", str(project / "r.html"))
    assert report.returncode == 0, report.stderr
    assert "gate: review" in report.stdout


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_run_another_live_process_is_running_is_not_resumed(project: Path) -> None:
    """Two processes running the same trials would store each twice over."""
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        start = Path(f"/proc/{other.pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
        here = this_process()
        busy = Run(
            id=new_run_id(),
            suite="faults",
            agent_version="inproc",
            config={"agent_name": "inproc", "repeats": 1},
            package_version="0",
            started_at=datetime.now(UTC),
        )
        db = project / "runs.db"
        with Store.open(db) as store:
            store.create_run(busy, [Case(id=c, input="?") for c in CASES])
        with sqlite3.connect(db) as conn:
            owner = Owner(here.host, here.boot, other.pid, start)
            conn.execute("UPDATE runs SET owner = ?", (str(owner),))
        conn.close()
        with Store.open(db) as store:
            options = RunOptions(resume=busy.id, progress=False)
            with pytest.raises(RunBusyError, match=f"being run right now by process {other.pid}"):
                run(project / "suite.yaml", store=store, options=options)
            assert store.get_run(busy.id).status == "running"
            assert store.finished_keys(busy.id) == set()
    finally:
        other.kill()
        other.wait(timeout=30)
