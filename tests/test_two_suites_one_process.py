"""Two suites with same-named modules (agent.py, checks.py) in one process get their own."""

from __future__ import annotations

from pathlib import Path

from fourfold import run
from fourfold._engine import RunOptions

SUITE = """
name: {name}
agent: {{python: "agent:answer"}}
imports: [local_checks]
cases: cases.jsonl
checks:
  - says_{name}: {{}}
"""

CHECKS = """
from fourfold import check
@check(layer="outcome", name="says_{name}")
def says():
    def run(ctx):
        return "{name}" in ctx.output
    return run
"""


def _suite(root: Path, name: str) -> Path:
    root.mkdir()
    (root / "agent.py").write_text(f"def answer(case):\n    return 'I am {name}'\n")
    (root / "local_checks.py").write_text(CHECKS.format(name=name))
    (root / "cases.jsonl").write_text('{"id": "c", "input": "who are you?"}\n')
    (root / "suite.yaml").write_text(SUITE.format(name=name))
    return root / "suite.yaml"


def test_same_module_names_in_two_suites(tmp_path: Path) -> None:
    first = _suite(tmp_path / "one", "alpha")
    second = _suite(tmp_path / "two", "beta")
    db = tmp_path / "runs.db"
    a = run(first, store=db, options=RunOptions(progress=False))
    b = run(second, store=db, options=RunOptions(progress=False))
    assert a.trials[0].trace is not None and a.trials[0].trace.output == "I am alpha"
    assert b.trials[0].trace is not None and b.trials[0].trace.output == "I am beta"
    assert a.gate.decision == b.gate.decision == "deploy"
