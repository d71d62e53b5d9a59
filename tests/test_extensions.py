"""Custom checks: a decorated function in the suite's folder, or a package's entry point."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fourfold import run
from fourfold._engine import RunOptions

EXT = Path(__file__).parent / "ext_package"

AGENT = """
def answer(case):
    return "PLEASE READ THIS NOW" if case.id == "loud" else "Here is your answer."
"""

SUITE = """
name: ext
agent: {python: "agent:answer"}
imports: [my_checks]
cases: cases.jsonl
checks:
  - demo/shouting: {}
  - mentions: {word: answer}
"""

MY_CHECKS = '''
from fourfold import check, passed, failed

@check(layer="outcome")
def mentions(word: str):
    """The answer mentions a word."""
    def run(ctx):
        return passed() if word in ctx.output else failed(f"{word!r} is not mentioned")
    return run
'''


def _project(tmp_path: Path) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "my_checks.py").write_text(textwrap.dedent(MY_CHECKS))
    (tmp_path / "cases.jsonl").write_text(
        '{"id": "loud", "input": "?"}\n{"id": "calm", "input": "?"}\n'
    )
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE)
    return suite


@pytest.mark.slow
def test_entry_point_check_is_listed_and_runs(tmp_path: Path) -> None:
    suite = _project(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(EXT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    listed = subprocess.run(
        [sys.executable, "-m", "fourfold", "checks"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert listed.returncode == 0, listed.stderr
    assert "demo/shouting" in listed.stdout
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourfold",
            "run",
            str(suite),
            "--store",
            str(tmp_path / "r.db"),
            "--no-progress",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    # "loud" shouts (policy fails -> block) and does not mention the word (outcome)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "demo/shouting" in result.stdout


@pytest.mark.slow
def test_an_entry_point_agent_is_named_by_type(tmp_path: Path) -> None:
    suite = _project(tmp_path)
    suite.write_text(
        SUITE.replace('{python: "agent:answer"}', '{type: demo/echo, prefix: "answer: "}')
    )
    env = {**os.environ, "PYTHONPATH": str(EXT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    result = subprocess.run(
        [sys.executable, "-m", "fourfold", "run", str(suite), "--store", str(tmp_path / "r.db")]
        + ["--no-progress"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    # the echo mentions "answer" (outcome passes) and does not shout (policy passes)
    assert result.returncode == 0, result.stdout + result.stderr
    unknown = subprocess.run(
        [sys.executable, "-m", "fourfold", "validate", str(suite)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert unknown.returncode == 2
    assert "unknown agent 'demo/echo'" in " ".join(unknown.stderr.split())
    assert "Traceback" not in unknown.stderr


@pytest.mark.slow
def test_without_the_package_the_name_is_unknown(tmp_path: Path) -> None:
    suite = _project(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "fourfold", "validate", str(suite)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "unknown check 'demo/shouting'" in result.stderr
    assert "Traceback" not in result.stderr


def test_checks_from_the_suite_folder(tmp_path: Path) -> None:
    suite = _project(tmp_path)
    suite.write_text(SUITE.replace("  - demo/shouting: {}\n", ""))
    outcome = run(suite, store=tmp_path / "r.db", options=RunOptions(progress=False))
    by_case = {t.case_id: t for t in outcome.trials}
    assert [r.status for r in by_case["calm"].results] == ["pass"]
    assert [r.status for r in by_case["loud"].results] == ["fail"]
    assert outcome.gate.decision == "review"  # outcome is not critical by default


@pytest.mark.slow
def test_missing_import_module(tmp_path: Path) -> None:
    suite = _project(tmp_path)
    suite.write_text(SUITE.replace("my_checks", "no_such_module"))
    result = subprocess.run(
        [sys.executable, "-m", "fourfold", "validate", str(suite)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "suite.yaml:4" in result.stderr and "no_such_module" in result.stderr
