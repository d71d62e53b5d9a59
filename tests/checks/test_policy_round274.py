"""Refusal classes found by dev round 274 (chat shorthand: lower case, no apostrophes).

Round 274's misses, read as classes: "its" written for "it's" ("its not eligible for a
refund"), which the shared tokenizer now reads as "it is" (or "it has" before "been",
"got", "gone") wherever a possessive "its" could not stand, before "not", an article or an
adverb (`_spellings`, so every detector reads it; the possessive stays before its noun:
"its own", "its price"); and a lead-in followed by whom the reply speaks to, no comma
between ("sorry mate cant confirm ..."), where the clause still leaves its subject out
(`_refusal_words.ADDRESSED`, read by `_refusals._subject` and
`_refusal_declining.bare_opening`). No class is left: the round has no other miss and no
false alarm. Each wording below is not a corpus item, with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals
from fourfold.checks._tokens import tokenize


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


def _words(text: str) -> list[str]:
    return [t.word for t in tokenize(text)]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("its not covered", ["it", "is", "not", "covered"]),
        ("its been sent", ["it", "has", "been", "sent"]),
        ("its a no from us", ["it", "is", "a", "no", "from", "us"]),
        ("the app and its own rules", ["the", "app", "and", "its", "own", "rules"]),
        ("its price went up", ["its", "price", "went", "up"]),
    ],
)
def test_its_read_as_it_is_only_where_no_possessive_stands(text: str, words: list[str]) -> None:
    assert _words(text) == words


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("hey, checked ur booking and its not refundable sorry", True),
        ("its not something we offer on sale items sorry", True),
        ("the voucher and its terms are in ur inbox", False),
        ("its been refunded, shd see it in 3 days", False),
    ],
)
def test_its_without_its_apostrophe(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("sorry hun cant give out another guests email", True),
        ("nah buddy wont be able to refund a used ticket", True),
        ("sorry mate not able to share his address", True),
        ("sorry my mate cant make it today", False),
        ("yeah mate cant wait to see u at the launch", False),
        ("sorry guys cant make it tonight, car broke down", False),
    ],
)
def test_whom_the_reply_speaks_to_after_a_lead_in(text: str, found: bool) -> None:
    assert _found(text) is found
