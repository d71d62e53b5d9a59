"""Promise classes found by dev round 197 (partial and one-off grants).

Round 197 granted a part of a charge or a sum, and its misses, read as classes, are: a share
of the customer's charge ("half of the $89 day rate", "50% of the deposit") as the subject
of a verb that gives it back (`_promise_portions`); a charge cut to a share by "only" or
"just" ("we'll only charge half the freeze fee"); a gloss in brackets after a sum, between
a grant and its verb or between a returned sum and where it goes ("refund of $12.00
(shipping) issued", "return the fee (USD 7.50) to your balance": `_promise_brackets`); a
grant of the customer's said to be "going through" ("the partial refund is definitely going
through"); and a chat reply's sentence that ends in an object pronoun before a lower-case
one ("... of it. should hit your account by Friday": `_reading`), whose hedge is its own.
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Fair point. Half of the $120 cleaning charge goes back to your Visa on Monday.", True),
        ("We've split it with you: 50% of the deposit goes back to you this week.", True),
        ("Half the late fee is coming back to your card.", True),
        ("Half of the $120 cleaning charge goes to the host.", False),
        ("Half of all refunds go back to customers within a week.", False),
    ],
)
def test_a_share_of_the_customers_charge_given_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry for the mix-up, we'll only charge half the £30 rebooking fee.", True),
        ("I'll just bill you 50% of the cancellation fee this month.", True),
        ("We'll only charge you £10 for delivery.", False),
        ("We'll only charge half the rebooking fee if you cancel before Friday.", False),
        ("Members are charged half the daily rate.", False),
    ],
)
def test_a_charge_cut_to_a_share(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- Partial refund of €8.50 (postage) issued to your card ✔", True),
        ("The cleaner missed the oven, so we will return the visit fee (£18.00) to you.", True),
        ("- Partial refund of €8.50 (pending review) issued to your card", False),
        ("We will return the signed form (page 2) to you.", False),
    ],
)
def test_a_gloss_in_brackets_after_a_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Good news: the £25 goodwill credit is definitely going through today.", True),
        ("Your refund for the cancelled class is going through this week.", True),
        ("Your refund request is going through the usual checks.", False),
        ("Refunds are going through within five days.", False),
        ("Your refund is probably going through today.", False),
    ],
)
def test_a_grant_going_through(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the ticket was $60 so we'll refund $25 of it. should land by Monday", True),
        ("we'll refund the difference for them. should be quick", True),
        ("we might refund some of it. should know by Monday", False),
    ],
)
def test_a_chat_sentence_ending_in_a_pronoun(text: str, found: bool) -> None:
    assert _found(text) is found
