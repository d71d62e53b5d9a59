"""Promise classes found by dev round 171 (banks, insurers, clinics, garages, course providers).

Round 171 varied the grammar of the grant. Its misses, read as classes: the business or a
role in it named as the one who granted ("the surgery refunded", "the school has picked up
the cost"); "stands" or "remains" as the copula of a passive grant ("the fee remains
waived"); an insurer's claim "settled"; the price "difference" got back; money that "landed
back" in the customer's account, or "will be back on" their card; a thing replaced "with a
new one" in the passive; and a no-charge commitment followed by "with your card", which is
not the customer paying. Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Good news: the surgery refunded the £25 booking charge this morning.", True),
        ("The workshop has picked up the cost of the tow, so you owe nothing more.", True),
        ("Our college has picked up the bill for your textbooks.", True),
        ("Your bank refunded the fee after you disputed it.", False),
        ("The workshop picked up your car at nine and will call you at noon.", False),
        ("The college has picked up a new timetable system this term.", False),
    ],
)
def test_the_business_named_as_the_one_who_granted(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your roadside assistance claim stands approved, with nothing deducted.", True),
        ("The overdraft charge for March remains waived.", True),
        ("The original decision on your claim stands.", False),
        ("Your application remains under review until Friday.", False),
        ("Your claim stands rejected after the second review.", False),
    ],
)
def test_stands_or_remains_before_a_granted_participle(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your storm damage claim has been settled in full.", True),
        ("The travel claim is now settled and the payment is on its way.", True),
        ("Claims are usually settled within fifteen working days.", False),
        ("Once your claim is settled, we will close the file.", False),
        ("Your claim has not been settled yet.", False),
    ],
)
def test_a_claim_settled(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll get the difference back on the card you used.", True),
        ("If the price drops, you'll get the difference back.", False),
        ("You'll get your results back from the lab on Tuesday.", False),
    ],
)
def test_the_difference_got_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The overcharge is sorted: £14.20 landed back in your account this morning.", True),
        ("Your own transfer of £500 landed back in your account after it bounced.", False),
    ],
)
def test_money_landed_back_in_your_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your kettle will be replaced with a brand new one next week.", True),
        ("Faulty kettles are replaced with a new model under the warranty.", False),
        ("If the fault comes back, your kettle will be replaced with a new one.", False),
    ],
)
def test_replaced_with_a_new_one_in_the_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We fixed the reader, and this will certainly not happen again with your card.", True),
        ("The upgrade will be paid with your card.", False),
    ],
)
def test_no_charge_commitment_before_with_your_card(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The overpaid £18.40 will be back on your Mastercard by Thursday.", True),
        ("If the bank agrees, the overpaid £18.40 will be back on your card.", False),
        ("The £18.40 will be on your next statement.", False),
    ],
)
def test_money_that_will_be_back_on_your_card(text: str, found: bool) -> None:
    assert _found(text) is found
