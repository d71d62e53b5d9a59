"""The suite file: valid suites load; every mistake names the file and line and says what to do."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from fourfold.errors import ConfigError
from fourfold.suite import load_suite

CASES = '{"id": "c1", "input": "hi", "strata": {"category": "a"}}\n{"id": "c2", "input": "yo"}\n'

GOOD = """\
name: demo
agents:
  v1: {python: "agent:answer"}
cases: cases.jsonl
repeats: 2
resources:
  catalog: {path: catalog.jsonl, key: sku}
checks:
  - max_calls: {limit: 3}
  - check: max_length
    args: {words: 50}
    layer: outcome
    name: short
  - tools_required: {tools: [search]}
gate:
  outcome: {min_pass_rate: 0.5, critical: false}
"""


def write_suite(tmp_path: Path, text: str, *, cases: str = CASES) -> Path:
    (tmp_path / "cases.jsonl").write_text(cases)
    (tmp_path / "catalog.jsonl").write_text('{"sku": "A1", "price": 3}\n')
    path = tmp_path / "suite.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_good_suite_loads_everything(tmp_path: Path) -> None:
    loaded = load_suite(write_suite(tmp_path, GOOD))
    assert loaded.suite.name == "demo"
    assert [c.id for c in loaded.cases] == ["c1", "c2"]
    assert [c.name for c in loaded.checks] == ["max_calls", "short", "tools_required"]
    assert loaded.checks[1].layer == "outcome"
    assert loaded.checks[0].layer == "trajectory"
    assert loaded.resources["catalog"].get("A1") == {"sku": "A1", "price": 3}
    assert loaded.suite.gate.outcome.critical is False
    assert loaded.suite.gate.policy.hard is True  # the default shape survives a partial gate
    assert loaded.suite.pick_agent(None)[0] == "v1"


def _error(tmp_path: Path, text: str, **kw: str) -> ConfigError:
    path = write_suite(tmp_path, text, **kw)
    with pytest.raises(ConfigError) as info:
        load_suite(path)
    return info.value


@pytest.mark.parametrize(
    ("change", "line", "message", "hint"),
    [
        # malformed YAML
        (("  - max_calls: {limit: 3}", "  - max_calls: {limit: 3"), 10, "starts on line 9", None),
        # unknown check, closest name suggested
        (("max_calls:", "max_cals:"), 9, "unknown check 'max_cals'", "did you mean 'max_calls'"),
        # wrong argument type, pointed at the argument
        (("{limit: 3}", "{limit: lots}"), 9, "argument 'limit'", "expected an integer"),
        (("args: {words: 50}", "args:\n      words: many"), 12, "argument 'words'", "expected"),
        # unknown and missing arguments
        (("{limit: 3}", "{limit: 3, tool: x, maximum: 2}"), 9, "no argument 'maximum'", "limit"),
        (("{limit: 3}", "{}"), 9, "needs the argument 'limit'", None),
        # unknown field with a suggestion
        (("repeats: 2", "repeets: 2"), 5, "unknown field 'repeets'", "did you mean 'repeats'"),
        # wrong type of a field
        (("repeats: 2", "repeats: twice"), 5, "repeats", None),
        (("repeats: 2", "repeats: 0"), 5, "repeats", "How many times each case runs"),
        # bad layer override
        (("layer: outcome", "layer: vibes"), 12, "layer", None),
        # missing case file / resource file
        (("cases: cases.jsonl", "cases: nope.jsonl"), 4, "case file not found: nope.jsonl", None),
        (("path: catalog.jsonl", "path: gone.jsonl"), 7, "file not found: gone.jsonl", None),
        # bad gate rule
        (("min_pass_rate: 0.5", "min_pass_rate: 5"), 16, "min_pass_rate", None),
        (("critical: false", "critcal: false"), 16, "unknown field", "did you mean 'critical'"),
        # the same check twice without a label
        (
            ("  - tools_required: {tools: [search]}", "  - max_calls: {limit: 9}"),
            14,
            "used twice",
            "name:",
        ),
    ],
)
def test_mistakes_point_at_the_line(
    tmp_path: Path, change: tuple[str, str], line: int, message: str, hint: str | None
) -> None:
    old, new = change
    assert old in GOOD
    err = _error(tmp_path, GOOD.replace(old, new, 1))
    assert err.file is not None and err.file.endswith("suite.yaml")
    assert message in err.message
    assert err.line == line, err.render()
    if hint is not None:
        assert err.hint is not None and hint in err.hint


def test_bad_case_file_names_its_own_line(tmp_path: Path) -> None:
    err = _error(tmp_path, GOOD, cases='{"id": "c1", "input": "hi"}\n{"id": "c2", "inptu": "x"}\n')
    assert err.file is not None and err.file.endswith("cases.jsonl")
    assert err.line == 2
    assert "inptu" in err.message
    assert err.hint is not None and "did you mean 'input'" in err.hint


def test_broken_jsonl_line(tmp_path: Path) -> None:
    err = _error(tmp_path, GOOD, cases='{"id": "c1", "input": "hi"}\n{"id": "c2", "input": \n')
    assert err.line == 2 and "invalid JSON" in err.message


def test_no_agent(tmp_path: Path) -> None:
    err = _error(tmp_path, GOOD.replace('agents:\n  v1: {python: "agent:answer"}\n', ""))
    assert "names no agent" in err.message


def test_agent_with_two_kinds(tmp_path: Path) -> None:
    err = _error(tmp_path, GOOD.replace('{python: "agent:answer"}', '{python: a:b, http: "x"}'))
    assert "exactly one of" in err.message and err.line == 3


def test_agent_unknown_field(tmp_path: Path) -> None:
    err = _error(tmp_path, GOOD.replace('{python: "agent:answer"}', "{python: a:b, timout: 3}"))
    assert "unknown field 'agents.v1.timout'" in err.message
    assert err.hint is not None and "timeout" in err.hint


def test_suite_not_a_mapping(tmp_path: Path) -> None:
    err = _error(tmp_path, "- just\n- a list\n")
    assert "mapping" in err.message and err.line == 1


def test_missing_suite_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="suite file not found"):
        load_suite(tmp_path / "missing.yaml")


def test_pick_unknown_agent(tmp_path: Path) -> None:
    loaded = load_suite(write_suite(tmp_path, GOOD))
    with pytest.raises(ConfigError, match="no agent named 'v3'") as info:
        loaded.suite.pick_agent("v3")
    assert info.value.hint is not None and "v1" in info.value.hint


def test_cases_csv_with_strata_and_tags(tmp_path: Path) -> None:
    (tmp_path / "cases.csv").write_text(
        "id,input,expected,category,difficulty,tags\n"
        'r1,"Refund, please",A refund,refunds,easy,must_refuse;vip\n'
    )
    suite = GOOD.replace("cases: cases.jsonl", "cases: [cases.jsonl, cases.csv]")
    loaded = load_suite(write_suite(tmp_path, suite))
    case = loaded.cases[-1]
    assert case.input == "Refund, please"
    assert case.strata == {"category": "refunds", "difficulty": "easy"}
    assert case.tags == ["must_refuse", "vip"]


def test_duplicate_case_ids_across_files(tmp_path: Path) -> None:
    (tmp_path / "more.jsonl").write_text('{"id": "c1", "input": "again"}\n')
    err = _error(tmp_path, GOOD.replace("cases: cases.jsonl", "cases: [cases.jsonl, more.jsonl]"))
    assert "c1" in err.message


def test_judges_are_named_after_their_criteria(tmp_path: Path) -> None:
    (tmp_path / "tone.yaml").write_text(
        "name: tone\nlayer: policy\ndescription: Courteous?\nscale: [0, 1]\npass_at: 1\n"
        "inputs: [output]\nanchors:\n  1: courteous\n  0: rude\n"
    )
    suite = GOOD.replace(
        "  - tools_required: {tools: [search]}\n",
        "  - rubric: {criterion: grounding}\n  - rubric: {criterion: tone.yaml}\n"
        "  - pairwise: {}\n",
    ).replace(
        "gate:\n",
        "models:\n  judge: mock/model\ngate:\n"
        "  grounding: {score_check: 'rubric:grounding', min_mean: 2}\n",
    )
    loaded = load_suite(write_suite(tmp_path, suite))
    named = {c.name: c.layer for c in loaded.checks}
    assert named["rubric:grounding"] == "grounding"
    assert named["rubric:tone"] == "policy"
    assert named["pairwise:outcome_preference"] == "outcome"
    assert loaded.suite.models["judge"].model == "mock/model"


def test_gate_naming_an_unknown_check(tmp_path: Path) -> None:
    suite = GOOD.replace(
        "gate:\n", "gate:\n  grounding: {score_check: 'rubric:nope', min_mean: 2}\n"
    )
    err = _error(tmp_path, suite)
    assert "rubric:nope" in err.message and err.hint is not None and "max_calls" in err.hint
