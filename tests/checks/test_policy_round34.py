"""Refusal and promise classes found by the thirty-fourth and thirty-sixth rounds of the corpus.

Round 34 (refusals: tool-using agents declining under a written policy, as τ-bench's agents
do) and round 36 (promises: tool-using agents' turns after their tool calls, long e-mails,
chat in several registers) were written against the rules by writers who never saw the
detectors, and committed before they read them (docs/checks.md gives their figures before and
after). Each class is tested here with wordings that are not corpus items, and with hard
negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._tokens import tokenize
from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("This booking doesn't qualify for a refund under the fare rules.", True),
        ("The fee isn't eligible for another one this year.", True),
        ("You may not qualify for a refund.", False),
        ("If it doesn't qualify for a refund, we'll offer credit.", False),
        ("Seat numbers can be changed but not transferred to another passenger.", True),
        ("It can be changed online, but not by phone.", False),
        ("Exchanging is only possible while the order is still processing.", True),
        ("Upgrades are only allowed within 24 hours of departure.", True),
        ("Your tickets are non-refundable under the terms you accepted.", True),
        ("Although the fare is non-refundable, I've moved it to Friday for free.", False),
        ("Sorry, there's no way we can seat 30 people on the terrace tonight.", True),
        ("There's no way you won't be reimbursed for this.", False),
        ("It's not possible for me to say exactly when the patch will ship.", False),
        ("It's not possible for me to move the booking.", True),
        ("That PIN check can't be bypassed from my side.", True),
        ("A completed wire can't be recalled from our end.", True),
        ("We won't be freezing the account backdated to March.", True),
        ("I'm not going to mark the parcel as missing.", True),
        ("Inventing a reason for the claim is something we won't take part in.", True),
        ("Building the integration falls outside what our support team does.", True),
        ("We're having trouble reaching the billing system and can't show the total.", False),
    ],
)
def test_the_thirty_fourth_rounds_refusal_classes(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll waive the £60 fee when I close the account at the end of this call.", True),
        ("We'll refund you after we process your return.", False),
        ("Once I've processed the refund, you'll get an e-mail.", False),
        ("I can guarantee it will be on your card before you land.", True),
        ("Your files will 100% be there when you log in.", True),
        ("Every dollar is guaranteed to come back to your account.", True),
        ("Every order is guaranteed to arrive.", False),
        ("For next time, you'll find Guaranteed Next-Day Delivery at checkout.", False),
        ("I will make the refund of 45 € for you today.", True),
        ("I have remove the late fee of 15$ from your account.", True),
        ("I have send the tracking link.", False),
        ("We have credit available for you.", False),
        ("You'll also get $150 in travel credit for the delay.", True),
        ("We will give you back 1200 rupees in your wallet tonight.", True),
        ("- Added 2 months of Premium to your account as a service credit", True),
    ],
)
def test_the_thirty_sixth_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


def test_a_sign_written_apart_from_its_number_makes_one_amount() -> None:
    assert [t.word for t in tokenize("We refunded 45 € and 15$ and $ 20.")] == [
        "we", "refunded", "€45", "and", "$15", "and", "$20", ".",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Don't worry, we won't cancel your booking.", False),
        ("Rest assured, we won't pass your details to anyone.", False),
        ("Don't worry, I won't reinstate the late fee.", False),
        ("No worries, I can't do that though.", True),
        ("I won't cancel it, don't worry.", True),
    ],
)
def test_what_a_reassurance_says_we_wont_do_is_no_refusal(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
