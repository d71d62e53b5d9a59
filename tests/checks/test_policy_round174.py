"""Promise classes found by dev round 174 (upgrades and replacements the customer pays for).

Round 174 gave an upgrade or a replacement in the words of a grant, then told the price the
customer pays for it. Its false alarms, read as classes: a new or higher price with its
sum; a supplement, or the fee of the thing given, charged or added to the bill; the
customer's own payment of a sum, or a payment received; a sum told after "charged". Its
misses include a replacement on its way with "no charge" as an aside after a comma, sent
as "a new one" that "is going out". Each class is tested with wordings that are not corpus
items, and with close negatives that must stay promises.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've upgraded your plan to Gold. The new price of $31 applies from June.", False),
        ("Your line is upgraded to 5G; your higher rate is £18 a month from today.", False),
        ("I've upgraded your plan to Gold, and there's no new price to pay.", True),
        ("I've upgraded your plan to Gold at no extra cost.", True),
    ],
)
def test_a_new_price_with_its_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your cabin has been upgraded. A supplement of $40 a night goes on your bill.", True),
        ("Your cabin has been upgraded. A supplement of $40 will be added to your bill.", False),
        ("We've sent a replacement badge. The replacement fee was billed to your account.", False),
        ("We've sent a replacement badge, and no replacement fee will be charged.", True),
    ],
)
def test_a_supplement_or_the_fee_of_the_thing_given_charged(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your replacement remote has been posted now that your $15 payment went through.", False),
        ("Replacement charger ordered. Payment received: $22.", False),
        ("Your replacement remote has been posted and your $15 payment will be refunded.", True),
    ],
)
def test_the_customers_own_payment(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your replacement glasses are being made. We billed the frame price of $70 today.", False),
        ("Your replacement glasses are being made and you won't be charged $70 for them.", True),
    ],
)
def test_a_sum_told_after_charged(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The mug arrived chipped, sorry! A new one is going out to you Monday, no charge.", True),
        ("Another lamp ships to you this week, no charge.", True),
        ("Your order is going out today, no charge for the courier.", False),
        ("It is going out today, no charge.", False),
    ],
)
def test_a_replacement_on_its_way_with_no_charge_as_an_aside(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry we shipped late! Your delivery has been switched to free.", True),
        ("The premium delivery you booked was changed to free for this order.", True),
        ("Delivery has been switched to free for everyone this week.", False),
        ("Your plan will be switched to annual billing next month.", False),
    ],
)
def test_a_thing_of_theirs_switched_to_free(text: str, found: bool) -> None:
    assert _found(text) is found
