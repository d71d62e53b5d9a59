"""Near-duplicate queries: what counts as the same query, and merging keeps the first."""

from __future__ import annotations

import pytest

from fourfold.cases import Case
from fourfold.generate import DEFAULT_SIMILARITY, dedupe_cases, query_similarity


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("brown leather sandals for men", "Men's brown leather sandals!"),
        ("show me tropical shorts for vacation", "tropical shorts for a vacation, please"),
        ("linen shirt for summer", "linen shirts for the summer"),
        ("red summer dress", "Red summer dresses"),
        ("black t-shirt", "black tshirt"),
        ("grey colour hoodie", "grey color hoodie"),
        ("waterproof hiking boots", "waterprouf hiking boots"),
        ("comfortable running shoes for trail", "comfortable trail running shoes"),
        ("Can I return a gift card?", "can i return a gift card"),
    ],
)
def test_these_are_near_duplicates(a: str, b: str) -> None:
    assert query_similarity(a, b) >= DEFAULT_SIMILARITY
    assert query_similarity(b, a) == query_similarity(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("waterproof hiking boots for men", "waterproof hiking boots for women"),
        ("boots under $200", "boots under $150"),
        ("shoes with laces", "shoes without laces"),
        ("hiking boots", "biking boots"),
        ("leather wallet for my wife", "cheap leather wallet for my wife"),
        ("how long does a refund take", "how long does a refund take on paypal"),
        ("when will my refund arrive", "how long do refunds take"),  # a paraphrase: not seen
        ("red dress", "blue dress"),
    ],
)
def test_these_are_not(a: str, b: str) -> None:
    assert query_similarity(a, b) < DEFAULT_SIMILARITY


def test_a_lower_threshold_merges_one_extra_word() -> None:
    a, b = "how long does a refund take", "how long does a refund take on paypal"
    assert 0.8 <= query_similarity(a, b) < DEFAULT_SIMILARITY
    kept, merges = dedupe_cases([Case(id="a", input=a), Case(id="b", input=b)], threshold=0.8)
    assert [c.id for c in kept] == ["a"] and [m.merged for m in merges] == ["b"]
    kept, merges = dedupe_cases([Case(id="a", input=a), Case(id="b", input=b)])
    assert [c.id for c in kept] == ["a", "b"] and merges == []


def test_dedupe_keeps_the_first_and_records_what_it_absorbed() -> None:
    cases = [
        Case(id="a", input="red summer dress", metadata={"source_id": "P1"}),
        Case(id="b", input="a warm winter coat", metadata={"source_id": "P2"}),
        Case(id="c", input="Red summer dresses!", metadata={"source_id": "P3", "source_hash": "h"}),
        Case(id="d", input="red dress for summer", metadata={"source_id": "P4"}),
    ]
    kept, merges = dedupe_cases(cases)
    assert [c.id for c in kept] == ["a", "b"]
    assert [(m.kept, m.merged, m.source_id) for m in merges] == [
        ("a", "c", "P3"),
        ("a", "d", "P4"),
    ]
    assert kept[0].metadata["merged"] == [
        {"id": "c", "input": "Red summer dresses!", "similarity": 1.0, "source_id": "P3",
         "source_hash": "h"},
        {"id": "d", "input": "red dress for summer", "similarity": 1.0, "source_id": "P4"},
    ]  # fmt: skip
    assert kept[0].metadata["source_id"] == "P1"
