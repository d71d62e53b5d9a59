"""Promise classes found by dev round 255 (grants carried by structure, not by a verb of ours).

Round 255's misses, read as classes: a status line's value glossed as certain in a bracket
("| Delivery | Tuesday 3 May (100% confirmed) |", `_promise_chat`); a move at "the same"
rate ("moves to Gold at the same monthly price", `_promise_kept_rate`); a charge of the
customer's that "reverses" by itself, in the present for the future (`_promise_standing`);
a non-native participle written as its base after "be", a noun too ("will be refund to your
wallet", "will be credit to your account", `_phrase_passive`); the customer, or a thing of
theirs, who "gets" an act of authority done ("you'll get the late fee waived", "your
account gets the coins restored", `_promise_carried_out`), with "after the next <event>"
read as a time, not a condition (`_condition_words`); a sum that "went to" the customer's
account, or landed in their IBAN (`_promise_folios`, `_promise_grants`); a claim told after
a subjectless "just confirming" (`_authority`: the subject reader stops at the telling);
and "it" glossed by an amount after the account it was paid to ("It was sent to your card
ending 1188 — $64", `_promise_payouts`).

Left: a status line whose cost is "none" ("Fare difference: none": "Balance due: none" is
a plain fact of the same shape); a better room "at the standard rate" with no move named
("you're in a sea-view room at the standard rate": the standard rate is everyone's price,
the upgrade only implied by the room); and "apology" before a grant's noun ("a 500-gem
apology bundle": an apology alone is no grant). Each class fixed is tested with wordings
that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Delivery | Tuesday 3 May (100% confirmed) |", True),
        ("Collection: 9 March, 10:00 (100% sure, the van is booked)", True),
        ("| Fabric | Cotton blend (100% cotton) |", False),
        ("| Delivery | Tuesday 3 May (not 100% confirmed yet) |", False),
        ("We packed 4 boxes (100% confirmed by the warehouse).", False),
    ],
)
def test_a_status_value_glossed_as_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your membership moves to Gold next month at the same monthly price.", True),
        ("Your broadband switches to Fibre 500 at the same rate you pay today.", True),
        ("You could move to Fibre 500 at the same rate.", False),
        ("Prices move to the new tariff in May, at the same rate for everyone.", False),
    ],
)
def test_a_move_at_the_same_rate(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £18 returned-payment fee reverses on Thursday.", True),
        ("Your late fee will reverse overnight.", True),
        ("The pending charge reverses in 3-5 working days.", False),
        ("The tribunal reverses the decision only on appeal.", False),
        ("If you cancel today, the fee reverses tomorrow.", False),
        ("The fee won't reverse.", False),
    ],
)
def test_a_charge_that_reverses_by_itself(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking fee will be refund to your wallet by tonight.", True),
        ("The R120 will be credit to your account tomorrow.", True),
        ("Your tickets will be reimburse next week.", True),
        ("Your payment of $50 will be credit to your account.", False),
        ("The best option for you will be refund.", False),
    ],
)
def test_a_base_for_a_participle_after_be(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll get the late fee waived on your next bill.", True),
        ("Your account gets the 300 coins restored tonight.", True),
        ("After the next maintenance window your account gets the 300 coins restored.", True),
        ("Your booking gets the resort fee removed at checkout.", True),
        ("You can get the late fee waived by calling the branch.", False),
        ("You get your access restored once the password is reset.", False),
        ("You'll get the parcel delivered on Friday.", False),
        ("After the inspection your account gets the fee waived.", False),
        ("Customers get the fee waived on their first order.", False),
    ],
)
def test_the_customer_gets_an_act_done(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $85 went to your account this morning.", True),
        ("€310 went into your Revolut account overnight.", True),
        ("Your £60 goodwill credit landed in your IBAN on Monday.", True),
        ("Your payment of $120 went to your account on 3 March.", False),
        ("The $50 you sent went to your old card.", False),
        ("The $85 went to the merchant this morning.", False),
        ("Your €250 went to your savings account as you asked.", False),
    ],
)
def test_a_sum_that_went_to_your_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hi Jo, just confirming the $23.10 is back on your Visa now.", True),
        ("Just noting the £15 admin fee is gone from your statement.", True),
        ("Just confirming the parcel is back at our depot.", False),
        ("Just confirming you'd like the refund sent to your Visa?", False),
    ],
)
def test_a_claim_told_after_just_confirming(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("It was sent to your card ending 1188 — $64 for the missed lesson.", True),
        ("This was paid into your account ending 5521: £212.", True),
        ("It was paid to your account ending 0923 on Monday.", False),
        ("I checked and it was paid to our account — £340 on 3 May.", False),
    ],
)
def test_it_glossed_by_the_sum_paid(text: str, found: bool) -> None:
    assert _found(text) is found
