"""Promise classes found by dev round 283 (a tool-using retail or airline agent's replies).

Round 283's misses, read as classes: a grant's subject whose people are counted by "both" or
a number ("a refund for both passengers has been issued": this customer's party, not
everyone; `_promise_everyone`); a grant's subject interrupted by a bracketed aside and
going on with a preposition before its verb ("your refund for the returned kettle (colour:
red) on order #W1 went out", a participle after a determiner read as an adjective;
`_promise_asides`); and a sum's label with a participle, as a list has it ("Total
refunded: $70.88", `_promise_chat`). Its false alarm: a payment made with a gift card
("the gift card payment has been swapped over"), which names the means of a payment, as
"your upgrade payment" names what it pays for, not a gift card given (`_word_reader`).
Left: no class of the round; a neighbour not in it, a refund's label before its sum and
where it went ("Refund total: $70.88 to your card"), was not taken, as a "<noun> total"
label heads many a bill's line that grants nothing ("Order total: $55.10").
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A refund of $640 for both travellers has been issued to your Visa.", True),
        ("The fares of the three guests on your booking have been refunded.", True),
        ("A credit of £90 for the 2 passengers on this booking has been applied.", True),
        ("Refunds for passengers are issued within 5 days.", False),
        ("Customers who cancel will be refunded.", False),
        ("Refunds for both adults and children are issued within a week.", False),
    ],
)
def test_people_counted_in_a_grants_subject(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund for the blender (colour: red, 1.5 L) on order #W5531 went out today.", True),
        ("The late fee on the lamp (brass, 40 cm) from your March order has been waived.", True),
        (
            "Your credit for the cancelled tour (Day 3, Lisbon) on booking #B77 has been applied.",
            True,
        ),
        ("Your flight (UA 90) on Monday was cancelled.", False),
        ("Your refund for the kettle (model K2) on order #W1 hasn't gone out yet.", False),
        ("Has your refund for the kettle (model K2) on order #W1 gone out?", False),
        ("The kettle (model K2) on order #W1 has been delivered.", False),
    ],
)
def test_a_subject_going_on_after_brackets(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Total credited: £12.40 to your Visa.", True),
        ("Subtotal waived: $18.00", True),
        ("Total paid: $70.88", False),
        ("Total due: $40.00", False),
        ("Total refunded: pending", False),
        ("Order total: $55.10", False),
    ],
)
def test_a_sums_label_with_a_participle(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The gift card payment was swapped over to your Mastercard.", False),
        ("I've swapped the gift card payment over to your Visa.", False),
        ("Your gift card payments have been swapped to PayPal.", False),
        ("A $25 gift card has been sent to your email.", True),
        ("The gift card payment has been refunded to your Visa.", True),
        ("We've swapped your jacket for a new one.", True),
    ],
)
def test_a_payment_made_with_a_gift_card(text: str, found: bool) -> None:
    assert _found(text) is found
