"""The ``user:`` block of a case: its fields, its defaults, the errors a bad one gets, and
the hashes of cases without one, which must not change."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold import Case
from fourfold._cli import cli
from fourfold.cases import SimulatedUser, load_cases
from fourfold.errors import ConfigError
from fourfold.suite import load_suite


def test_a_case_without_a_user_hashes_and_serialises_as_before() -> None:
    case = Case(id="c1", input="Where is my order?", expected="Asks for the order id")
    # The hash as fourfold computed it before the field existed: every field but id and
    # metadata, as sorted JSON.
    body: dict[str, object] = {
        "input": "Where is my order?",
        "context": {},
        "expected": "Asks for the order id",
        "focus": None,
        "ground_truth": None,
        "strata": {},
        "tags": [],
    }
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode())
    assert case.content_hash == f"sha256:{digest.hexdigest()}"
    assert "user" not in case.model_dump(mode="json")
    assert "user" not in json.loads(case.model_dump_json())


def test_a_user_block_changes_the_hash_and_round_trips() -> None:
    user = {"model": "sim", "goal": "Get a refund for O-1042", "facts": {"order_id": "O-1042"}}
    case = Case.model_validate({"id": "c1", "user": user})
    assert case.user is not None and case.user.facts["order_id"].value == "O-1042"
    again = Case.model_validate(case.model_dump(mode="json"))
    assert again == case and again.content_hash == case.content_hash
    other = Case.model_validate({"id": "c1", "user": {**user, "goal": "Cancel O-1042"}})
    assert other.content_hash != case.content_hash


def test_fact_shorthand_and_asked_by_default() -> None:
    user = SimulatedUser.model_validate(
        {
            "model": "sim",
            "goal": "g",
            "facts": {
                "order_id": "O-1042",
                "zip-code": 94107,
                "email": {"value": "a@b.c", "asked_by": ["e-mail", "email address"]},
            },
        }
    )
    assert user.facts["order_id"].asked_by == ["order id"]
    assert (user.facts["zip-code"].value, user.facts["zip-code"].asked_by) == (
        "94107",
        ["zip code"],
    )
    assert user.facts["email"].asked_by == ["e-mail", "email address"]
    assert user.stop_strings == ["###STOP###"] and user.max_turns == 10


def _write(tmp_path: Path, cases: str, models: str = "sim: {model: mock/x}") -> Path:
    (tmp_path / "agent.py").write_text("def answer(case):\n    return 'ok'\n")
    (tmp_path / "cases.yaml").write_text(cases)
    suite = tmp_path / "suite.yaml"
    suite.write_text(
        f"name: s\nagent: {{python: agent:answer}}\ncases: cases.yaml\nmodels: {{{models}}}\n"
        "checks: [no_loops]\n"
    )
    return suite


def test_an_unknown_user_model_is_named_at_its_case_line(tmp_path: Path) -> None:
    suite = _write(
        tmp_path,
        "- id: fine\n  input: hi\n"
        "- id: simulated\n  user:\n    model: simm\n    goal: Get a refund\n",
    )
    with pytest.raises(ConfigError) as info:
        load_suite(suite)
    err = info.value
    assert err.file is not None and Path(err.file).name == "cases.yaml" and err.line == 3
    assert "user.model" in err.message and "'simm'" in err.message
    assert err.hint is not None and "did you mean 'sim'?" in err.hint


def test_bad_user_blocks_exit_2_through_the_cli_with_file_and_line(tmp_path: Path) -> None:
    suite = _write(tmp_path, "- id: a\n  input: hi\n- id: b\n  user: {model: sim, gaol: x}\n")
    result = CliRunner().invoke(cli, ["validate", str(suite)], catch_exceptions=False)
    assert result.exit_code == 2, result.output
    assert "cases.yaml:3" in result.stderr and "user.gaol" in result.stderr
    assert "did you mean 'user.goal'?" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_case_with_neither_input_nor_user_says_both_ways(tmp_path: Path) -> None:
    (tmp_path / "cases.yaml").write_text("- id: a\n  expected: something\n")
    with pytest.raises(ConfigError) as info:
        load_cases(tmp_path / "cases.yaml")
    assert info.value.message == "case field 'input': Field required"
    assert info.value.hint is not None and "'user' block" in info.value.hint


def test_a_case_without_id_gets_one_from_its_user(tmp_path: Path) -> None:
    (tmp_path / "cases.yaml").write_text("- user: {model: sim, goal: Get a refund}\n")
    [case] = load_cases(tmp_path / "cases.yaml", models=["sim"])
    assert case.id.startswith("case-") and case.input == ""


@pytest.mark.parametrize("stop", ["", [], ["  "]])
def test_an_empty_stop_is_refused(stop: object) -> None:
    with pytest.raises(ValueError, match="stop must be a non-empty string"):
        SimulatedUser.model_validate({"model": "sim", "goal": "g", "stop": stop})
