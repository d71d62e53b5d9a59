"""Promise classes found by dev round 187 (charges given back, and payments of the customer's).

Round 187's misses, read as classes: a subject that counts the customer's charges after
"all" ("all three charges will be refunded") or points at them with "those" before a noun
("the fees on those 11 purchases will be reversed"), read as everyone's; a price match of a
discount ("we'll match their 30% discount"); a frame "under the circumstances", which points
to this customer's case, read as a policy's; a list line whose label names a charge and
whose value gives it back ("$349 charge for the mats: refunded ✔"); a payment "never taken
twice again". Its false alarms: the customer's own payment or top-up accepted, and the
customer's own insurer or employer paying their part. Each class is tested with wordings
that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("All four late fees will be credited back to your account by Friday.", True),
        ("All 6 fees will be reversed this week.", True),
        ("All the charges from the outage will be refunded.", True),
        ("All charges are refunded within 5 days of a return.", False),
        ("All members will be refunded.", False),
    ],
)
def test_all_with_a_count_is_this_customers(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The delivery fees on those two orders will be refunded.", True),
        ("The surcharges for those 3 bookings will be reversed.", True),
        ("Those who booked before May will be refunded.", False),
    ],
)
def test_those_before_a_noun_points_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll match the 15% discount you were offered elsewhere.", True),
        ("We'll match their student discount on the renewal.", True),
        ("We'll match your details to the booking.", False),
    ],
)
def test_a_discount_matched(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Given the circumstances, we'll waive the cancellation fee.", True),
        ("Under these circumstances, we will refund the ticket.", True),
        ("Under our terms, we will refund the ticket.", False),
    ],
)
def test_the_circumstances_are_this_customers(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- $80 charge for the extra bag: reimbursed to your card ✔", True),
        ("- Fee for the missed delivery: reversed ✔", True),
        ("- Fee for the missed delivery: paid ✔", False),
    ],
)
def test_a_labelled_charge_given_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You can be sure your monthly payment will never be collected twice again.", True),
        ("Your subscription fee won't be taken twice.", True),
        ("Your parcel won't be delivered twice.", False),
    ],
)
def test_a_payment_never_taken_twice(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your top-up of £20 was accepted this morning.", False),
        ("Your latest payment was approved by the bank.", False),
        ("Your refund request was approved this morning.", True),
        ("A payment of $90 for your hotel has been approved.", True),
    ],
)
def test_the_customers_own_payment_accepted(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your insurer has paid its share of the invoice.", False),
        ("Your employer has covered the course fee.", False),
        ("We have covered the course fee.", True),
        ("Our insurer will cover the repair in full.", True),
    ],
)
def test_the_customers_own_payer(text: str, found: bool) -> None:
    assert _found(text) is found
