"""The command line end to end: real suites, a real store file, real processes for resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.store import Store

AGENT = """
import os, time
from fourfold.agents import tool

@tool
def lookup(account_id):
    return {"id": account_id}

@tool
def refund(account_id):
    return "ok"

def good(case, rec):
    lookup(case.context.get("account", "A1"))
    refund(case.context.get("account", "A1"))
    return "Done: refunded."

def bad(case, rec):
    refund(None)
    if case.id == "c2":
        raise RuntimeError("tool backend down")
    return "Call me at +1 (415) 555-0134, I guarantee it."

def slow(case, rec):
    marker = os.environ["FOURFOLD_TEST_MARKER"]
    with open(marker, "a") as fh:
        fh.write(f"{case.id}#{rec.repeat}\\n")
    time.sleep(float(os.environ.get("FOURFOLD_TEST_SLEEP", "0.3")))
    lookup("A1")
    return "fine"
"""

SUITE = """\
name: clitest
agents:
  good: {{python: "agent:good"}}
  bad: {{python: "agent:bad"}}
  slow: {{python: "agent:slow", timeout: 30}}
cases: cases.jsonl
repeats: {repeats}
concurrency: 2
checks:
  - tool_order: {{before: lookup, after: refund}}
  - required_args: {{args: [account_id]}}
  - no_pii: {{}}
  - no_promises: {{}}
  - max_length: {{words: 40}}
"""


def make_project(tmp_path: Path, *, n_cases: int = 3, repeats: int = 1) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    cases = [
        {"id": f"c{i}", "input": f"refund order {i}", "strata": {"category": "refunds"}}
        for i in range(1, n_cases + 1)
    ]
    (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(repeats=repeats))
    return suite


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_good_agent_deploys(tmp_path: Path) -> None:
    suite = make_project(tmp_path, repeats=2)
    db = str(tmp_path / "runs.db")
    junit = tmp_path / "junit.xml"
    code, out, err = invoke(
        "run", str(suite), "--agent", "good", "--store", db, "--junit", str(junit), "--no-progress"
    )
    assert code == 0, out + err
    assert "DEPLOY" in out
    with Store.open(db) as store:
        (run,) = store.list_runs()
        trials = store.trials(run.id)
    assert run.status == "finished" and run.agent_version == "good"
    assert len(trials) == 6 and all(t.status == "ok" for t in trials)
    assert {r.check for r in trials[0].results} == {
        "tool_order",
        "required_args",
        "no_pii",
        "no_promises",
        "max_length",
    }
    root = ET.parse(junit).getroot()
    assert root.get("decision") == "deploy"
    assert root.get("failures") == "0" and root.get("tests") == str(4 * 6)


def test_bad_agent_blocks_names_layers_and_keeps_going(tmp_path: Path) -> None:
    suite = make_project(tmp_path)
    db = str(tmp_path / "runs.db")
    junit = tmp_path / "junit.xml"
    code, out, err = invoke(
        "run", str(suite), "--agent", "bad", "--store", db, "--junit", str(junit), "--no-progress"
    )
    assert code == 1, out + err
    assert "BLOCK" in out
    assert "trajectory failed" in out and "policy failed" in out
    with Store.open(db) as store:
        run = store.get_run("latest")
        trials = {t.case_id: t for t in store.trials(run.id)}
    # the agent raised on c2: an errored trial with the reason, and the run went on
    assert trials["c2"].status == "error"
    assert "tool backend down" in (trials["c2"].error or "")
    assert trials["c2"].trace is not None and trials["c2"].trace.tool_names == ["refund"]
    assert trials["c1"].status == trials["c3"].status == "ok"
    failing = {r.check for r in trials["c1"].results if r.status == "fail"}
    assert failing == {"tool_order", "required_args", "no_pii", "no_promises"}
    root = ET.parse(junit).getroot()
    policy = root.find("testsuite[@name='clitest.policy']")
    assert policy is not None and policy.get("failures") == "2" and policy.get("errors") == "1"
    failure = policy.find("testcase[@name='c1#0']/failure")
    assert failure is not None and "555-0134" in (failure.text or "")

    # show: the summary, one case's trace with evidence, the errors
    code, out, _ = invoke("show", run.id[:12], "--store", db)
    assert code == 0 and "policy" in out and "BLOCK" in out
    code, out, _ = invoke("show", run.id, "--case", "c1", "--store", db)
    assert code == 0
    assert "refund" in out and "no_pii" in out and "555-0134" in out
    code, out, _ = invoke("show", run.id, "--errors", "--store", db)
    assert "tool backend down" in out
    code, out, _ = invoke("runs", "--store", db)
    assert code == 0 and run.id in out and "block" in out
    code, out, _ = invoke("runs", "--store", db, "--json")
    assert json.loads(out)[0]["id"] == run.id


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["run", "{dir}/nope.yaml"], "suite file not found"),
        (["run", "{suite}", "--agent", "v9"], "no agent named 'v9'"),
        (["run", "{suite}", "--case", "zzz"], "no case with id 'zzz'"),
        (["show", "nosuchrun"], "nosuchrun"),
        (["validate", "{broken}"], "broken.yaml:4: unknown check"),
    ],
)
def test_bad_input_exits_2_without_traceback(
    tmp_path: Path, args: list[str], expected: str
) -> None:
    suite = make_project(tmp_path)
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\nagent: {python: a:b}\nchecks:\n  - tool_ordr: {}\n")
    db = str(tmp_path / "runs.db")
    argv = [a.format(dir=tmp_path, suite=suite, broken=broken) for a in args] + ["--store", db]
    if args[0] == "validate":
        argv = argv[:-2]
    code, out, err = invoke(*argv)
    assert code == 2, out + err
    assert expected in err
    assert "Traceback" not in err + out


def test_validate_and_checks(tmp_path: Path) -> None:
    suite = make_project(tmp_path)
    code, out, _ = invoke("validate", str(suite))
    said = " ".join(out.split())  # the line wraps where the suite's path length puts it
    assert code == 0 and "3 cases" in said and "5 checks" in said
    code, out, _ = invoke("checks")
    assert code == 0
    for name in ("tool_order", "no_pii", "cited_ids_exist", "catalog_match"):
        assert name in out


def _fourfold(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "fourfold", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _stored_keys(db: str) -> tuple[str | None, set[str]]:
    with Store.open(db) as store:
        runs = store.list_runs()
        if not runs:
            return None, set()
        return runs[0].id, {f"{c}#{r}" for c, r in store.finished_keys(runs[0].id)}


@pytest.mark.slow
@pytest.mark.parametrize("how", ["kill", "interrupt"])
def test_resume_after_kill_repeats_no_finished_trial(tmp_path: Path, how: str) -> None:
    suite = make_project(tmp_path, n_cases=8, repeats=2)
    db = str(tmp_path / "runs.db")
    marker = tmp_path / "executed.txt"
    env = {**os.environ, "FOURFOLD_TEST_MARKER": str(marker), "FOURFOLD_TEST_SLEEP": "0.25"}
    proc = _fourfold("run", str(suite), "--agent", "slow", "--store", db, "--no-progress", env=env)
    deadline = time.monotonic() + 60
    run_id, before = None, set()
    while time.monotonic() < deadline and proc.poll() is None:
        if Path(db).exists():
            run_id, before = _stored_keys(db)
            if len(before) >= 4:
                break
        time.sleep(0.05)
    if run_id is None or len(before) < 4:
        proc.kill()
        out, err = proc.communicate(timeout=30)
        pytest.fail(f"the run never got going (exit {proc.returncode}):\n{out}\n{err}")
    if how == "kill":
        proc.kill()  # SIGKILL: no chance to clean up
    else:
        proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    if how == "interrupt":
        assert proc.returncode == 130, err
        assert f"--resume {run_id}" in err
    run_id, stored = _stored_keys(db)
    assert stored >= before and len(stored) < 16
    with Store.open(db) as store:
        assert store.get_run(run_id).status in ("running", "interrupted")
        # every stored trial has all its results: nothing half-written
        assert all(len(t.results) == 5 for t in store.trials(run_id))

    executed_first = marker.read_text().split()
    marker.write_text("")
    proc = _fourfold("run", str(suite), "--resume", run_id, "--store", db, "--no-progress", env=env)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, out + err
    executed_second = marker.read_text().split()
    assert not set(executed_second) & stored, "a finished trial was executed again"
    assert set(executed_second) | stored == {f"c{i}#{r}" for i in range(1, 9) for r in range(2)}
    assert len(executed_first) >= len(stored)
    with Store.open(db) as store:
        run = store.get_run(run_id)
        assert run.status == "finished" and len(store.trials(run_id)) == 16


def test_an_ambiguous_run_prefix_is_bad_input(tmp_path: Path) -> None:
    suite = make_project(tmp_path)
    db = str(tmp_path / "runs.db")
    for _ in range(2):
        invoke("run", str(suite), "--agent", "good", "--store", db, "--no-progress")
    code, _, err = invoke("show", "2", "--store", db)
    assert code == 2 and "several run ids" in err and "Traceback" not in err
