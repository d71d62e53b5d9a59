"""The fast paths of evidence normalisation agree with the one-character-at-a-time path."""

from __future__ import annotations

import random

import pytest

from fourfold.judges._evidence import _normalize_by_char, normalize
from tests.helpers.strategies import draws

TRICKY = [
    "",
    " ",
    "plain ascii text",
    "two  spaces",
    "tab\there and\nnewline",
    "It’s “quoted” — with dashes – and `ticks`",
    "Straße and ß",
    "İstanbul ı ſ K",
    "\u00a0no-break\u2009thin\u200bzero-width",
    "trailing space ",
    " leading",
    "ÉCOLE école",
    "emoji 🙂 and CJK 漢字",
]


@pytest.mark.parametrize("text", TRICKY)
def test_same_result_as_the_slow_path(text: str) -> None:
    assert normalize(text) == _normalize_by_char(text)


def test_same_result_on_random_text() -> None:
    rng = random.Random(20261129)
    alphabet = "aZ ß’“”—–`\t\n\u00a0\u2009İıſÉé🙂x.,;:'\"-"
    for _ in range(draws(5000)):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert normalize(text) == _normalize_by_char(text), repr(text)
