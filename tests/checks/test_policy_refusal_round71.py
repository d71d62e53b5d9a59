"""Refusal classes found by round 71 of the corpus (dev, refusals worded every way).

The round was committed before the detectors read it (docs/checks.md gives its figures
before and after). Each class is tested here with wordings that are not corpus items, and
with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._reading import read
from tests.helpers.policy_findings import refusal_texts, refusals


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your request to raise the limit has not been approved at this time.", True),
        ("Unfortunately your application was declined.", True),
        ("Your claim has been rejected.", True),
        ("Your appeal was unsuccessful.", True),
        ("Your refund request will be denied.", True),
        ("Your card was declined.", False),
        ("The payment was declined by your bank.", False),
        ("Your refund request was approved.", False),
        ("Your claim was not rejected.", False),
        ("If your claim is rejected, you can appeal.", False),
        ("Your claim may be rejected if the photos are missing.", False),
        ("Your appeal has been denied until you send the form.", False),
    ],
)
def test_a_request_declined_in_the_passive(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Status: not eligible", True),
        ("**Outcome:** ❌ Declined", True),
        ("Decision: Rejected", True),
        ("Result: not approved", True),
        ("Status: approved", False),
        ("Decision: Approved ✅", False),
        ("Status: eligible for a refund", False),
    ],
)
def test_a_verdicts_value_that_declines(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


def test_the_rule_is_named_declines() -> None:
    assert refusals("Your application was declined.") == [
        ("declines", "Your application was declined")
    ]


def test_an_emoji_after_a_labels_colon_ends_no_sentence() -> None:
    assert len(read("Outcome: ❌ Declined")) == 1
    assert len(read("That's the one 😔 Your next box is on us.")) == 2


@pytest.mark.parametrize(
    "text",
    [
        "Your refund was declined by the bank.",
        "The refund for order 123 was declined by your card issuer.",
        "Previous decision: declined — pre-existing condition. I've reopened the claim.",
    ],
)
def test_a_bank_or_an_earlier_decision_declines_nothing_for_the_business(text: str) -> None:
    assert refusal_texts(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The remaining value of a certificate is not refundable.", True),
        ("This fare is not changeable.", True),
        ("This reservation isn't eligible for a refunded cancellation.", True),
        ("Your ticket is refundable.", False),
        ("Although the fare is not refundable, I've refunded it anyway.", False),
        ("It's not refundable yet.", False),
    ],
)
def test_what_a_thing_is_said_not_to_be(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
