"""`fourfold validate` checks everything `run` would: every name the suite uses resolves
(with "did you mean"), every case file holds cases, every agent imports and builds.

Each mistake is bad input: exit 2, a message naming the file and line, no traceback.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli

AGENT = "def answer(case):\n    return 'Refunds take 5 days.'\n"

SUITE = """\
name: checked
agents:
  v1: {python: "agent:answer"}
cases: cases.jsonl
models:
  judge: {model: "openai-compatible/j", base_url: "http://127.0.0.1:9/v1", api_key_env: ""}
checks:
  - max_length: {words: 50}
  - rubric: {criterion: grounding}
  - rubric: {criterion: conciseness, model: judge}
gate:
  grounding:
    min_pass_rate: 0.9
    judge: {check: "rubric:grounding", min_mean: 2}
"""


def project(tmp_path: Path, suite: str = SUITE, *, agent: str = AGENT) -> Path:
    (tmp_path / "agent.py").write_text(agent)
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": f"c{i}", "input": f"refund {i}?"}) + "\n" for i in range(3))
    )
    path = tmp_path / "suite.yaml"
    path.write_text(textwrap.dedent(suite))
    return path


def validate(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)
    return result.exit_code, result.stdout + result.stderr


def refused(path: Path) -> str:
    code, out = validate(path)
    assert code == 2, out
    assert "Traceback" not in out
    return " ".join(out.split())  # rich wraps long lines


def test_a_good_suite_is_ok(tmp_path: Path) -> None:
    code, out = validate(project(tmp_path))
    assert code == 0, out
    out = " ".join(out.split())
    assert out.startswith("ok ") and "3 cases" in out and "3 checks" in out


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a judge naming a model the suite does not define: every result would error
        (
            "{criterion: conciseness, model: judge}",
            "{criterion: conciseness, model: judg}",
            [
                "suite.yaml:10: check 'rubric:conciseness' is judged by the model 'judg'",
                "did you mean 'judge'?",
            ],
        ),
        # ... or leaving it to the default name, "judge", that the suite does not define
        (
            "  judge: {model:",
            "  grader: {model:",
            ["suite.yaml:9: check 'rubric:grounding' is judged by the model 'judge'"],
        ),
        # a misspelt judge in a gate rule would switch the rule off
        (
            'check: "rubric:grounding"',
            'check: "rubric:grundng"',
            [
                "suite.yaml:14: the gate's grounding rule (judge.check) names 'rubric:grundng'",
                "the rule would never apply",
                "did you mean 'rubric:grounding'?",
            ],
        ),
        (
            "    min_pass_rate: 0.9\n",
            "    min_pass_rate: 0.9\n    score_check: max_lenght\n",
            [
                "suite.yaml:14: the gate's grounding rule (score_check)",
                "did you mean 'max_length'?",
            ],
        ),
        # a rule under a layer the named check does not feed never sees its results
        (
            'check: "rubric:grounding"',
            'check: "rubric:conciseness"',
            [
                "whose results count towards outcome, not grounding",
                "put the rule under gate.outcome",
            ],
        ),
        # a criterion file that is not there, with the close one named
        (
            "{criterion: conciseness, model: judge}",
            "{criterion: criteria/tone.yml, model: judge}",
            ["suite.yaml:10: criterion file not found", "did you mean 'criteria/tone.yaml'?"],
        ),
        # a case file with no case in it would make a run of 0 trials
        (
            "cases: cases.jsonl",
            "cases: [cases.jsonl, empty.jsonl]",
            ["suite.yaml:4: case file empty.jsonl holds no cases (0 cases)"],
        ),
        # no case file at all
        ("cases: cases.jsonl\n", "", ["the suite has no cases for agent 'v1' to run (0 cases)"]),
        # a model provider that does not exist
        ('model: "openai-compatible/j"', 'model: "opneai/j"', ["model 'judge':", "opneai"]),
    ],
)
def test_names_that_resolve_to_nothing_are_refused(
    tmp_path: Path, old: str, new: str, expected: list[str]
) -> None:
    assert old in SUITE
    (tmp_path / "criteria").mkdir()
    (tmp_path / "criteria" / "tone.yaml").write_text(
        "name: tone\nlayer: policy\ndescription: Courteous?\nscale: [0, 1]\n"
        "anchors:\n  1: courteous\n  0: rude\n"
    )
    (tmp_path / "empty.jsonl").write_text("")
    out = refused(project(tmp_path, SUITE.replace(old, new)))
    for text in expected:
        assert text in out


def test_a_judge_rule_for_a_built_in_judge_not_run_is_a_note(tmp_path: Path) -> None:
    suite = SUITE.replace("  - rubric: {criterion: grounding}\n", "")
    code, out = validate(project(tmp_path, suite))
    assert code == 0, out
    assert "note: the gate's grounding judge rule applies only when rubric:grounding runs" in (
        " ".join(out.split())
    )


@pytest.mark.parametrize(
    ("agent", "expected"),
    [
        ("", ["suite.yaml:3: agent 'v1': module 'agent' has no attribute 'answer'"]),
        (
            "def answer(case):\n    return (\n",
            ["agent.py:2: agent 'v1': importing module 'agent' raised SyntaxError"],
        ),
        (
            "import json\nCONFIG = json.loads('{nope')\ndef answer(case):\n    return 'x'\n",
            ["agent.py:2: agent 'v1': importing module 'agent' raised JSONDecodeError"],
        ),
        (
            "import sys\nif True:\n    sys.exit(3)\ndef answer(case):\n    return 'x'\n",
            ["agent.py:3: agent 'v1': importing module 'agent' called sys.exit(3)", "__main__"],
        ),
        (
            "import no_such_dependency_xyz\n",
            ["agent.py:1: agent 'v1': importing module 'agent' failed", "no_such_dependency_xyz"],
        ),
        (
            "def answer():\n    return 'x'\n",
            ["agent 'v1': agent agent:answer has the signature ()"],
        ),
    ],
)
def test_an_agent_that_run_could_not_start_is_refused(
    tmp_path: Path, agent: str, expected: list[str]
) -> None:
    out = refused(project(tmp_path, agent=agent))
    for text in expected:
        assert text in out


def test_a_missing_agent_module_is_refused(tmp_path: Path) -> None:
    # a name no other test's folder holds: earlier suites' folders stay on sys.path
    path = project(tmp_path, SUITE.replace("agent:answer", "agent_nowhere:answer"))
    out = refused(path)
    assert "suite.yaml:3: agent 'v1': module 'agent_nowhere' not found on the path" in out


def test_run_reports_an_agent_exiting_at_import_as_bad_input_not_review(tmp_path: Path) -> None:
    # sys.exit(3) at import used to end `fourfold run` with 3, the gate's "review"
    path = project(tmp_path, agent="import sys\nsys.exit(3)\n")
    result = CliRunner().invoke(
        cli,
        ["run", str(path), "--store", str(tmp_path / "r.db"), "--no-progress"],
        catch_exceptions=False,
    )
    assert result.exit_code == 2, result.stdout + result.stderr
    assert "agent.py:2: importing module 'agent' called sys.exit(3)" in " ".join(
        result.stderr.split()
    )
