"""Criteria as data: the built-in templates, loading from files, and bad criteria."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourfold.checks import building_suite
from fourfold.errors import ConfigError
from fourfold.judges import (
    Criterion,
    PairwiseCriterion,
    builtin_criteria,
    load_criterion,
    parse_criterion,
)

GOOD = """\
name: tone
layer: outcome
description: Is the answer polite?
scale: [0, 3]
inputs: [input, output]
anchors:
  3: Polite throughout.
  2: One curt sentence.
  1: Curt throughout.
  0: Rude.
"""


def test_builtins_are_listed() -> None:
    assert builtin_criteria() == [
        "conciseness",
        "grounding",
        "helpfulness_preference",
        "outcome",
        "outcome_preference",
        "policy_compliance",
    ]


@pytest.mark.parametrize(
    ("name", "layer", "inputs"),
    [
        ("grounding", "grounding", {"output", "passages"}),
        ("policy_compliance", "policy", {"output", "tool_log", "focus"}),
        ("outcome", "outcome", {"output", "expected", "focus"}),
        ("conciseness", "outcome", {"output"}),
    ],
)
def test_builtin_rubrics_are_anchored_on_0_to_3(name: str, layer: str, inputs: set[str]) -> None:
    crit = load_criterion(name)
    assert isinstance(crit, Criterion)
    assert crit.name == name and crit.layer == layer
    assert crit.scale == (0, 3) and crit.threshold == 2
    assert sorted(crit.anchors) == [0, 1, 2, 3]
    assert inputs <= set(crit.inputs)


def test_only_the_outcome_criterion_needs_a_reference() -> None:
    needs = {name: getattr(load_criterion(name), "needs", None) for name in builtin_criteria()}
    assert needs == {
        "conciseness": [],
        "grounding": [],
        "helpfulness_preference": None,
        "outcome": ["expected", "focus"],
        "outcome_preference": None,
        "policy_compliance": [],
    }


def test_grounding_anchors_are_the_articles() -> None:
    crit = load_criterion("grounding")
    assert isinstance(crit, Criterion)
    assert "maps to a specific retrieved passage" in crit.anchors[3]
    assert "paraphrased loosely" in crit.anchors[2]
    assert "nothing contradicts" in crit.anchors[1]
    assert "does not appear in the" in crit.anchors[0]


@pytest.mark.parametrize("name", ["outcome_preference", "helpfulness_preference"])
def test_builtin_pairwise_criteria(name: str) -> None:
    crit = load_criterion(name)
    assert isinstance(crit, PairwiseCriterion)
    assert crit.layer == "outcome" and crit.decides
    assert "output" not in crit.inputs


def _criterion(scale: str, anchors: str, extra: str = "") -> str:
    return (
        f"name: tone\nlayer: outcome\ndescription: Polite?\nscale: {scale}\n"
        f"anchors: {anchors}\n{extra}"
    )


@pytest.mark.parametrize(
    ("text", "scale", "threshold"),
    [
        (GOOD, (0, 3), 2),
        (GOOD + "pass_at: 3\n", (0, 3), 3),
        (_criterion("'1-5'", "{1: a, 2: b, 3: c, 4: d, 5: e}"), (1, 5), 4),
        (_criterion("0 to 1", "{0: bad, 1: good}"), (0, 1), 1),
        (_criterion("[0, 2]", "{'0': bad, '1': meh, '2': good}"), (0, 2), 1),
        (_criterion("[1, 7]", "{1: a, 2: b, 3: c, 4: d, 5: e, 6: f, 7: g}"), (1, 7), 6),
        (_criterion("[-1, 1]", "{-1: worse, 0: same, 1: better}"), (-1, 1), 0),
    ],
)
def test_good_criteria(text: str, scale: tuple[int, int], threshold: int) -> None:
    crit = parse_criterion(text, file="tone.yaml")
    assert isinstance(crit, Criterion)
    assert crit.scale == scale and crit.threshold == threshold
    assert list(crit.levels) == list(range(scale[0], scale[1] + 1))
    if "inputs" not in text:
        assert crit.inputs == ["input", "output"]  # the default


@pytest.mark.parametrize(
    ("text", "words", "line"),
    [
        (GOOD.replace("  1: Curt throughout.\n", ""), "no anchor for score 1", 6),
        (GOOD.replace("  3: Polite throughout.\n", "  3: '  '\n"), "no anchor for score 3", 6),
        (GOOD + "  4: Effusive.\n", "anchor for score 4, which is not on the scale", 6),
        (GOOD.replace("[0, 3]", "[0, 9]"), "10 levels", 4),
        (GOOD.replace("[0, 3]", "[3, 0]"), "must be below", 4),
        (GOOD.replace("[0, 3]", "three"), "write the scale as", 4),
        (
            GOOD.replace("[input, output]", "[input, agent_output]"),
            "unknown input 'agent_output'",
            5,
        ),
        (GOOD.replace("inputs: [input, output]", "inputs: []"), "at least one input", 5),
        (GOOD.replace("layer: outcome", "layer: style"), "criterion field 'layer'", 2),
        (GOOD.replace("layer: outcome\n", ""), "needs the field 'layer'", None),
        (GOOD.replace("anchors:", "anchor:"), "unknown criterion field 'anchor'", 6),
        (GOOD + "pass_at: 0\n", "pass_at 0 must be above 0", 11),
        (GOOD + "pass_at: 4\n", "at most 3", 11),
        (GOOD + "needs: [passages]\n", "needs 'passages', which is not among the inputs", 11),
        ("- just\n- a list\n", "must be a mapping", 1),
        (GOOD.replace("scale: [0, 3]", "scale: [0, 3"), "malformed YAML", 5),
        ("kind: pairwise\nname: p\nlayer: outcome\ndescription: d\n", "'decides'", None),
    ],
)
def test_bad_criteria_name_the_problem_and_line(text: str, words: str, line: int | None) -> None:
    with pytest.raises(ConfigError) as info:
        parse_criterion(text, file="tone.yaml")
    assert words in info.value.message
    assert info.value.file == "tone.yaml"
    if line is not None:
        assert info.value.line == line


def test_unknown_input_lists_the_inputs() -> None:
    with pytest.raises(ConfigError) as info:
        parse_criterion(GOOD.replace("[input, output]", "[outputs]"), file="t.yaml")
    assert info.value.hint is not None
    assert "did you mean 'output'" in info.value.hint and "tool_log" in info.value.hint


def test_unknown_field_suggests_the_right_one() -> None:
    with pytest.raises(ConfigError) as info:
        parse_criterion(GOOD.replace("anchors:", "anchor:"), file="t.yaml")
    assert info.value.hint is not None and "did you mean 'anchors'" in info.value.hint


@pytest.mark.parametrize(
    ("name", "words", "hint"),
    [
        ("grounded", "no built-in criterion named 'grounded'", "did you mean 'grounding'"),
        ("nothing_like_it", "no built-in criterion", "built-in criteria: conciseness"),
        ("missing.yaml", "criterion file not found", "relative to the suite"),
    ],
)
def test_unknown_criteria(tmp_path: Path, name: str, words: str, hint: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_criterion(name, base_dir=tmp_path)
    assert words in info.value.message
    assert info.value.hint is not None and hint in info.value.hint


def test_load_from_a_file_relative_to_base_dir(tmp_path: Path) -> None:
    (tmp_path / "rubrics").mkdir()
    (tmp_path / "rubrics" / "tone.yaml").write_text(GOOD)
    crit = load_criterion("rubrics/tone.yaml", base_dir=tmp_path)
    assert isinstance(crit, Criterion) and crit.name == "tone"
    assert load_criterion(tmp_path / "rubrics" / "tone.yaml") == crit


def test_relative_paths_follow_the_suite_being_built(tmp_path: Path) -> None:
    (tmp_path / "tone.yaml").write_text(GOOD)
    with building_suite(tmp_path):
        assert load_criterion("tone.yaml").name == "tone"
    with pytest.raises(ConfigError):
        load_criterion("tone.yaml")  # the working directory has no tone.yaml


def test_a_bad_file_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "tone.yaml"
    path.write_text(GOOD.replace("  2: One curt sentence.\n", ""))
    with pytest.raises(ConfigError) as info:
        load_criterion(str(path))
    assert info.value.file == str(path) and info.value.line == 6
    assert str(path) + ":6: no anchor for score 2" in str(info.value)
