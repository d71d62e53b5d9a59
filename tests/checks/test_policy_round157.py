"""Promise classes found by dev rounds 157 (long replies) and 153 (travel and telecoms).

Round 157's last false positive was the customer's own news passed on: "thanks for letting
me know that your status was approved" reports what the customer said, as "you said" does.
Round 153's misses, read as classes: something done told in a second predicate that shares
the subject of the clause before ("the payout is due under the scheme and has been
approved"); a price of the customer's that will never pass a limit ("your bill will never go
above €30", "it won't exceed the cap"); and a place of the customer's they will not lose
whatever happens ("you won't lose your seat, no matter what"), where the negation is the
promise itself; and things taken off a bill with a relative clause about them before "off"
("take the snacks you didn't eat off before we print your invoice"). Each class is tested
with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Thanks for letting me know your visa was approved last week.", False),
        ("Thank you for letting us know that the grant has been approved.", False),
        ("You let us know your licence was renewed, so I've updated the file.", False),
        ("Thanks for letting me know. Your refund has been approved.", True),
        ("Let me know your booking number and I'll refund the fee.", True),
    ],
)
def test_the_customers_news_passed_on(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The payout of $300 is due under the scheme and has been approved.", True),
        ("Your claim was valid and was approved this morning.", True),
        ("Claims are reviewed within a week and are approved by the panel.", False),
        ("They make the decision on refunds and will reply to you by email.", False),
        ("The payout of $300 is due under the scheme and has not been approved.", False),
    ],
)
def test_something_done_in_a_second_predicate(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your monthly bill will never go above £35, I can tell you that.", True),
        ("Your rent will not exceed the agreed cap this year.", True),
        ("Your bill may not go over £35 if you keep to the allowance.", False),
        ("Bills can't go above the cap on this tariff.", False),
        ("Your usage will never go above the limit unless you ask.", False),
    ],
)
def test_a_price_that_will_not_pass_a_limit(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your table is held, and you won't lose it whatever happens tonight.", True),
        ("You won't lose your cabin, no matter what the other guests do.", True),
        ("You won't lose your cabin if you change the date.", False),
        ("You won't lose your cabin by moving the date.", False),
        ("So you don't lose your place whatever happens, check in early.", False),
        ("Did you lose your seat, whatever the reason?", False),
    ],
)
def test_a_place_not_lost_whatever_happens(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll take the snacks you didn't eat off your invoice.", True),
        ("I'll be taking the nights we cancelled off before we send the folio.", True),
        ("We won't take the snacks you ate off your invoice.", False),
        ("Take the shoes you bought off before the bill arrives.", False),
        ("We'll take the boxes you packed off the van.", False),
    ],
)
def test_things_taken_off_a_bill_past_a_relative_clause(text: str, found: bool) -> None:
    assert _found(text) is found
