"""Promise classes found by dev round 245 (replies in non-native Englishes).

Round 245 wrote its promises with the slips of non-native English. Two classes are read:

- the customer's money said first, before "we" and a verb of giving it back that has no
  object of its own: "the difference we will give back to you" (a commitment), "the fee we
  already return to your card" (a base verb after "already" told as a past); the money is
  a fee, a difference, a deposit or a sum, the verb one of giving back, with "back" or with
  "to" and the customer or their account;
- an act of authority named as a noun and carried out by a light verb, "do" or "proceed
  to": "we will be doing the reversal", "we have proceeded to the reimbursement";
- "guaranteed" said of something before a date with no preposition: "Delivery: guaranteed
  3 June".

Each wording is not a corpus item; the close negatives (what is not money or not an act,
given back somewhere else, negated, hedged, asked or conditional) must stay clean.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The overpaid 30 GBP we will send back to you this week.", True),
        ("Your deposit of 200 AUD we will give back to your account.", True),
        ("The booking fee we will transfer back to you.", True),
        ("The signed form we will send back to you.", False),
        ("The booking fee we will not give back to you.", False),
        ("Your deposit we will give back to you if the flat is clean.", False),
        ("Your deposit we will give back to you?", False),
    ],
)
def test_fronted_money_given_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The delivery charge 9 EUR we already return to your card.", True),
        ("The extra 15 dollars we already give back to you.", True),
        ("The delivery charge we return to your card.", False),
        ("The broken lamp we already return to the warehouse.", False),
    ],
)
def test_fronted_money_already_returned(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will be doing the refund of your booking fee by Friday.", True),
        ("We have proceeded to the full reimbursement of your parking.", True),
        ("I did the chargeback reversal this morning, so the money is yours.", True),
        ("We did the write-off of your late fee this morning.", True),
        ("We will do a review of your refund request.", False),
        ("We didn't do the refund, as the item was used.", False),
        ("We will try to do the reversal this week.", False),
        ("If the box is unopened, we will proceed to the refund.", False),
        ("The bank has done the reversal of the fee.", False),
    ],
)
def test_act_carried_out_by_a_light_verb(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Shipping status: guaranteed 14 March at your address.", True),
        ("Installation: guaranteed Tuesday morning.", True),
        ("Shipping status: guaranteed on 14 March.", True),
        ("Our guaranteed 14 March slot is already full.", False),
        ("Guaranteed Tuesday: $7.50", False),
        ("Shipping status: guaranteed 2 parcels per order.", False),
    ],
)
def test_guaranteed_before_a_date_without_preposition(text: str, found: bool) -> None:
    assert _found(text) is found
