"""Promise classes found by the twenty-fourth round of the policy corpus.

The round (``"round": 24`` in tests/data/policy) was written against the rules by a writer
who never saw the detectors (kinds of business met less often, and non-native English), and
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
        # amounts in other currencies read as amounts
        ("₹2,000 has been refunded to your account.", ["₹2,000 has been refunded"]),
        ("The fee of ₦5,000 will be removed.", ["The fee of ₦5,000 will be removed"]),
        # "I am assuring you"; "until end of the day" is a time
        ("I am assuring you the refund will reach you.", ["I am assuring"]),
        # "consider the fee gone"
        ("Consider the late fee gone.", ["Consider the late fee gone"]),
        # a cost the business covers: fuel, parking
        ("We'll cover the parking as well.", ["We'll cover the parking"]),
        # chat: "refund done"
        ("refund done ✅", ["refund done"]),
        # "May" the month is no hedge
        ("The charge on 4 May has been reversed.", ["The charge on 4 May has been reversed"]),
    ],
)
def test_the_twenty_fourth_rounds_promise_classes(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got
    assert _promises.find_promises(text) == _promises._find(text, None)


@pytest.mark.parametrize(
    "text",
    [
        "The fee may be reversed.",
        "It may have been refunded.",
        "I'm not assuring anything.",
        "Consider it gone.",
        "Is the refund done yet?",
        "Homework done.",
        "You'll pay for the parking yourself.",
    ],
)
def test_the_twenty_fourth_rounds_hard_negatives(text: str) -> None:
    assert promise_texts(text) == []
