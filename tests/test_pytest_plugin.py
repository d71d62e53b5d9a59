"""The pytest plugin: a suite's cases as test items, the gate deciding the session.

Each test writes a small suite (a Python agent, three cases, an outcome and a policy check)
and a test file into a folder, and runs pytest there in a child process, as a user would:
the plugin is loaded from fourfold's ``pytest11`` entry point, not by the test.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fourfold.store import Store

pytestmark = pytest.mark.slow  # each test runs pytest, and a suite, in a child process

AGENT = """\
def answer(case):
    if case.id == "leaky":
        return "Sure, call me at +1 415 555 0134. Refunds take 5 days."
    if case.id == "vague":
        return "It depends."
    return "Refunds take 5 days."
"""
CASES = (
    '{"id": "refund", "input": "How long do refunds take?"}\n'
    '{"id": "leaky", "input": "Can I call you?"}\n'
    '{"id": "vague", "input": "And the refund?"}\n'
)
TESTS = """\
import pytest
from fourfold.pytest_plugin import fourfold_suite

support = fourfold_suite("suite.yaml")


@pytest.mark.fourfold("suite.yaml")
def test_marked(fourfold_result):
    assert fourfold_result.case_id in {"refund", "leaky", "vague"}
"""


def _project(folder: Path, gate: str = "") -> Path:
    (folder / "agent.py").write_text(AGENT, encoding="utf-8")
    (folder / "cases.jsonl").write_text(CASES, encoding="utf-8")
    (folder / "suite.yaml").write_text(
        "name: pp\n"
        'agent: {python: "agent:answer"}\n'
        "cases: cases.jsonl\n"
        "checks:\n"
        '  - contains: {phrases: ["5 days"]}\n'
        "  - no_pii: {}\n" + gate,
        encoding="utf-8",
    )
    (folder / "test_agent.py").write_text(TESTS, encoding="utf-8")
    return folder


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-rA",
            "--fourfold-store",
            str(folder / "runs.db"),
            *args,
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def _outcomes(output: str) -> dict[str, str]:
    """Each item's outcome from the ``-rA`` summary: ``{"support::leaky-policy": "FAILED"}``."""
    found = {}
    for line in output.splitlines():
        word, _, rest = line.partition(" ")
        if word in {"PASSED", "FAILED", "XFAIL", "SKIPPED", "ERROR"} and "::" in rest:
            found[rest.split(" ")[0].split("test_agent.py::", 1)[1]] = word
    return found


def test_each_case_and_layer_is_an_item_and_a_block_fails_the_session(tmp_path: Path) -> None:
    done = _pytest(_project(tmp_path))
    outcomes = _outcomes(done.stdout)
    layers = ["outcome", "policy"]
    cases = ["refund", "leaky", "vague"]
    assert set(outcomes) == {f"support::{c}-{lay}" for c in cases for lay in layers} | {
        f"test_marked[{c}-{lay}]" for c in cases for lay in layers
    }
    assert outcomes["support::leaky-policy"] == "FAILED"  # policy is critical and failed
    assert outcomes["test_marked[leaky-policy]"] == "FAILED"
    assert outcomes["support::refund-policy"] == "PASSED"
    # The outcome rule (pass rate >= 80%) failed, but outcome is not critical: review, xfail.
    assert outcomes["support::vague-outcome"] == "XFAIL"
    assert done.returncode == 1, done.stdout
    # The failure message is the layer's evidence, not a traceback.
    assert "no_pii fail" in done.stdout and "'+1 415 555 0134'" in done.stdout
    assert "Traceback" not in done.stdout
    assert "run " in done.stdout and ": block" in done.stdout
    with Store.open(tmp_path / "runs.db") as store:
        (run,) = store.list_runs()  # one run for both ways of declaring the same suite
        assert len(store.trials(run.id)) == 3


def test_k_narrows_the_run_to_the_selected_cases(tmp_path: Path) -> None:
    done = _pytest(_project(tmp_path), "-k", "refund")
    assert done.returncode == 0, done.stdout
    assert set(_outcomes(done.stdout).values()) == {"PASSED"}
    with Store.open(tmp_path / "runs.db") as store:
        (run,) = store.list_runs()
        assert [t.case_id for t in store.trials(run.id)] == ["refund"]


def test_x_stops_at_the_first_failure(tmp_path: Path) -> None:
    done = _pytest(_project(tmp_path), "-x")
    assert done.returncode == 1
    assert "stopping after 1 failures" in done.stdout


def test_a_review_warns_and_the_session_passes(tmp_path: Path) -> None:
    # Policy not critical: the leak asks for review; the items that failed are expected.
    done = _pytest(_project(tmp_path, "gate:\n  policy: {hard: true, critical: false}\n"))
    outcomes = _outcomes(done.stdout)
    assert outcomes["support::leaky-policy"] == "XFAIL"
    assert "not critical: the run asks for review" in done.stdout
    assert "warning: the gate asks for review" in done.stdout
    assert done.returncode == 0, done.stdout


def test_xdist_and_junit_carry_the_decision(tmp_path: Path) -> None:
    pytest.importorskip("xdist")
    report = tmp_path / "junit.xml"
    done = _pytest(_project(tmp_path), "-n", "2", "--dist", "loadfile", "--junitxml", str(report))
    assert done.returncode == 1, done.stdout
    cases = ET.parse(report).getroot().iter("testcase")
    properties = [{p.get("name"): p.get("value") for p in case.iter("property")} for case in cases]
    assert len(properties) == 12
    assert {p["fourfold_decision"] for p in properties} == {"block"}
    with Store.open(tmp_path / "runs.db") as store:
        assert len(store.list_runs()) == 1  # loadfile: one worker, one run


def test_a_bad_suite_is_a_collection_error_naming_the_line(tmp_path: Path) -> None:
    folder = _project(tmp_path)
    suite = folder / "suite.yaml"
    suite.write_text(suite.read_text().replace("phrases", "phrase"), encoding="utf-8")
    done = _pytest(folder)
    assert done.returncode == 2, done.stdout
    assert "suite.yaml:5" in done.stdout and "phrases" in done.stdout
    assert "Traceback" not in done.stdout
