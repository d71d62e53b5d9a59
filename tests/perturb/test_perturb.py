"""The deterministic perturbations through the Python API: what they change and what never."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fourfold.cases import Case, load_cases
from fourfold.perturb import (
    perturb_case,
    perturb_cases,
    protected_spans,
    protected_terms,
    variant_of,
    write_cases,
)
from fourfold.perturb._text import typos
from fourfold.trace import Message

SUPPORT = Path(__file__).parents[2] / "examples" / "support" / "cases.jsonl"
KINDS = ["typos", "case", "whitespace", "reorder"]


@pytest.fixture(scope="module")
def support() -> list[Case]:
    return load_cases(SUPPORT)[:12]


def test_the_same_seed_writes_the_same_bytes_and_another_seed_other_ones(
    support: list[Case], tmp_path: Path
) -> None:
    files = []
    for name, seed in (("a", 3), ("b", 3), ("c", 4)):
        result = perturb_cases(support, KINDS, n=2, seed=seed, rate=0.1)
        write_cases(tmp_path / f"{name}.jsonl", result.cases)
        files.append((tmp_path / f"{name}.jsonl").read_bytes())
    assert files[0] == files[1]
    assert files[0] != files[2]


def test_a_variant_does_not_depend_on_the_other_cases(support: list[Case]) -> None:
    alone = perturb_cases(support[5:6], KINDS, n=2, seed=9).cases
    among = perturb_cases(support[::-1], KINDS, n=2, seed=9).cases
    assert all(v in among for v in alone)


def test_a_variant_is_its_original_but_for_the_input_and_the_link(support: list[Case]) -> None:
    result = perturb_cases(support, KINDS, n=2, seed=1)
    originals = {c.id: c for c in support}
    variants = [c for c in result.cases if variant_of(c) is not None]
    assert len(variants) == result.variants > 0
    for variant in variants:
        original_id, kind = variant_of(variant) or ("", "")
        original = originals[original_id]
        link = variant.metadata["perturbation"]
        assert variant.id == f"{original_id}~{kind}-{link['index']}"
        assert link["seed"] == 1
        assert variant.input != original.input
        same = {"expected", "focus", "ground_truth", "context", "strata", "tags"}
        assert variant.model_dump(include=same) == original.model_dump(include=same)
    # every original is followed by its own variants
    owner = ""
    for case in result.cases:
        link = variant_of(case)
        if link is None:
            owner = case.id
        else:
            assert link[0] == owner


@pytest.mark.parametrize("kind", ["typos", "case", "whitespace"])
def test_ids_numbers_emails_urls_and_expected_values_are_never_perturbed(kind: str) -> None:
    text = (
        "Refund order O-5003 for $39.90 to jane.doe@example.com, see "
        "https://shop.example/r?id=7 about my Blue Kettle please"
    )
    case = Case(
        id="c",
        input=text,
        ground_truth={"action": "refund", "item": "Blue Kettle"},
        context={"account_id": "AC-1003"},
    )
    keep = ["O-5003", "$39.90", "jane.doe@example.com", "https://shop.example/r?id=7"]
    for index in range(1, 30):
        variant = perturb_case(case, kind, index, seed=5, rate=0.5)
        assert variant is not None
        text = str(variant.input)
        for value in keep:
            assert value in text, (kind, index, text)
        assert "Refund" in text and "Blue Kettle" in text, (kind, index, text)


def test_protected_terms_are_the_string_values_of_ground_truth_and_context() -> None:
    case = Case(id="a", input="x", ground_truth={"action": "refund", "n": 3}, context={"k": "v"})
    assert protected_terms(case) == ["refund"]  # 3 and "v" are too short
    text = "please refund my order"
    assert [text[a:b] for a, b in protected_spans(text, ["refund"])] == ["refund"]


def test_typos_change_about_the_rate_of_letters_with_neighbouring_keys() -> None:
    text = "please tell me where the parcel I ordered last week has gone " * 4
    out, done = typos(text, [], random.Random(0), rate=0.05)
    letters = sum(ch.isalpha() for ch in text)
    assert 1 <= done["edits"] <= round(0.05 * letters)
    assert done["edits"] >= round(0.05 * letters) // 2
    assert out != text
    assert set(done["ops"]) <= {"swap", "drop", "insert", "replace"}


def test_case_variants_of_one_case_use_different_casings() -> None:
    case = Case(id="a", input="Where is my parcel, it has been a while")
    modes = [perturb_case(case, "case", i, seed=0) for i in range(1, 5)]
    assert len({m.metadata["perturbation"]["mode"] for m in modes if m}) == 4
    assert {m.input.lower() for m in modes if m} == {case.input.lower()}  # type: ignore[union-attr]


def test_whitespace_keeps_the_words() -> None:
    case = Case(id="a", input="Where is my parcel?")
    for i in range(1, 10):
        variant = perturb_case(case, "whitespace", i, seed=2)
        assert variant is not None
        assert str(variant.input).split() == case.input.split()  # type: ignore[union-attr]
        assert variant.input != case.input


def test_reorder_shuffles_earlier_exchanges_and_keeps_the_last_user_turn_last() -> None:
    turns = [
        Message(role="system", content="You are support."),
        Message(role="user", content="Hi, I am Jane."),
        Message(role="assistant", content="Hello Jane."),
        Message(role="user", content="My order is O-5003."),
        Message(role="assistant", content="Noted."),
        Message(role="user", content="It came broken."),
        Message(role="assistant", content="Sorry."),
        Message(role="user", content="Can I get a refund?"),
    ]
    case = Case(id="conv", input=turns)
    for i in range(1, 6):
        variant = perturb_case(case, "reorder", i, seed=0)
        assert variant is not None and isinstance(variant.input, list)
        out = variant.input
        assert out[0] == turns[0] and out[-1] == turns[-1]
        assert out != turns
        assert sorted(m.content or "" for m in out) == sorted(m.content or "" for m in turns)
        # each user turn still has its answer right after it
        for n, message in enumerate(out[:-1]):
            if message.role == "user":
                assert out[n + 1] == turns[turns.index(message) + 1]


def test_reorder_shuffles_list_items_keeping_the_markers() -> None:
    case = Case(id="l", input="Please check:\n1. the lid\n2. the box\n3. the cable\nThanks")
    variant = perturb_case(case, "reorder", 1, seed=0)
    assert variant is not None
    lines = str(variant.input).splitlines()
    assert lines[0] == "Please check:" and lines[-1] == "Thanks"
    assert [ln[:3] for ln in lines[1:4]] == ["1. ", "2. ", "3. "]
    assert sorted(ln[3:] for ln in lines[1:4]) == ["the box", "the cable", "the lid"]
    assert lines[1:4] != ["1. the lid", "2. the box", "3. the cable"]


def test_nothing_to_reorder_and_duplicates_are_skipped_and_reported() -> None:
    plain = Case(id="p", input="hello there")
    two = Case(id="t", input="- a\n- b")
    result = perturb_cases([plain, two], ["reorder"], n=2, seed=0)
    reasons = {(s.case_id, s.index): s.reason for s in result.skipped}
    assert reasons[("p", 1)] == "nothing to reorder"
    # two items have one other order: the second variant repeats the first
    assert "the same as" in reasons[("t", 2)]
    assert [c.id for c in result.cases] == ["p", "t", "t~reorder-1"]


def test_variants_in_the_input_are_kept_and_not_perturbed_again() -> None:
    first = perturb_cases([Case(id="a", input="Where is it?")], ["case"], n=1, seed=0).cases
    again = perturb_cases(first, ["case"], n=1, seed=0)
    assert again.already_variants == ["a~case-1"]
    assert [c.id for c in again.cases] == ["a", "a~case-1"]
    assert again.skipped[0].reason == "a variant with its id is in the input"


def test_bad_arguments_say_what_is_allowed() -> None:
    case = Case(id="a", input="x")
    with pytest.raises(ValueError, match="unknown perturbation 'typo'"):
        perturb_cases([case], ["typo"], n=1, seed=0)
    with pytest.raises(ValueError, match=r"rate must be in \(0, 1\]"):
        perturb_case(case, "typos", 1, seed=0, rate=1.5)
    with pytest.raises(ValueError, match="n must be at least 1"):
        perturb_cases([case], ["case"], n=0, seed=0)
