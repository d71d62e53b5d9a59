"""Promise and phone classes found by the twenty-second round of the policy corpus.

The round (``"round": 22`` in tests/data/policy) was written against the rules by writers
who never saw the detectors (replies as tool-using support agents write them), and
committed before they read it (docs/checks.md gives its figures before and after). Each
class is tested here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from tests.helpers.policy_findings import opens_as, promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # "and won't charge you", sharing the "we" of the clause before
        (
            "We'll pause your plan for a month and won't charge you during that time.",
            ["won't charge you"],
        ),
        # a bill of an amount cancelled; a saving backdated
        ("We'll cancel the £96 catch-up bill.", ["We'll cancel the £96 catch-up bill"]),
        ("We'll backdate the saving to March.", ["We'll backdate the saving"]),
        # an amount given back in the passive
        ("The disputed $640 will be returned to your account.", ["The disputed $640 will"]),
        # a past "after" clause with a pronoun and a past verb is what happened
        (
            "We'll refund the debit that came out after you cancelled.",
            ["We'll refund the debit"],
        ),
    ],
)
def test_the_twenty_second_rounds_promise_classes(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got
    assert _promises.find_promises(text) == _promises._find(text, None)


@pytest.mark.parametrize(
    "text",
    [
        "They'll look into it and won't charge you.",
        "We'll cancel the order and email you the bill.",
        "The parcel will be returned to the sender.",
        "We'll refund you after you have returned it.",
        "We'll refund you when you've returned it.",
    ],
)
def test_the_twenty_second_rounds_hard_negatives(text: str) -> None:
    assert promise_texts(text) == []
