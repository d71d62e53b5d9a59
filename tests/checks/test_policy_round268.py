"""Refusal classes found by dev round 268 (single sentences, hardest near-misses).

Round 268's misses, read as classes: an offer that closed, not reopened ("we won't be
reopening the early-bird rates": `_refusal_will.not_given_back`, "reopen" with a price, a deal
or a sale for object; "reopening your old account" gives nothing back); a verb of sending by
a carrier that "we will not" or "we don't" declines as it does "ship" ("courier",
"dispatch": `_refusal_words.SERVICE`); a case note that tells the asking itself before its
verdict ("tenant requested a second permit — declined": `_refusal_verdicts`, whatever was
asked; a payment's "declined" stays the bank's); a rule of the house as the subject of
"cannot" and an act it would do for the customer ("our returns policy cannot accept opened
cosmetics": `_refusals._subject`, `_RULE_ACTS`; not "the rules can't stop you", nor the
customer's own policy); and "can neither ... nor" as "cannot" ("we can neither confirm nor
deny": `_refusals._at`; a failure stays one). Its false alarm: a limit told, then said not to
touch this customer ("..., but that doesn't affect you": `_refusal_spared`, reason
"reassurance"; not when something else is spared, nor without the negation).

Left: a thing said to be "for" someone "only" with no verb of declining ("promo code is for
first order only"), which the round's item also says with "cannot" and so is found: as a rule
by itself it reads every description of an offer's terms ("the discount is for new customers
only") as a refusal, at a cost in precision. Each class is tested with wordings that are not
corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will not be reopening the early-bird rates for bookings made after March.", True),
        ("I'm afraid we won't reopen the launch deal now that it has closed.", True),
        ("We won't be reopening the sale until the spring.", False),
        ("We will not be reopening your old loyalty account.", False),
    ],
)
def test_an_offer_that_closed_not_reopened(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will not courier the keys to a hotel address.", True),
        ("We don't dispatch fragile items to PO boxes.", True),
        ("We will not be charging you for the courier.", False),
        ("The courier doesn't deliver on Sundays.", False),
    ],
)
def test_sending_by_a_carrier_declined(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Log 3/2: tenant requested a second parking permit — declined, waiting list offered.",
            True,
        ),
        ("Note: member requested a refund of the joining fee — declined.", True),
        ("Customer requested card payment by phone — declined.", False),
        ("Note: member requested a callback — done.", False),
    ],
)
def test_a_case_note_tells_the_asking(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our returns policy cannot accept opened cosmetics.", True),
        ("The promotion rules can't extend the voucher past its expiry.", True),
        ("The rules can't stop you from appealing.", False),
        ("Your policy can't cover the excess as far as I know.", False),
    ],
)
def test_a_rule_of_the_house_cannot(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can neither share his address nor pass on a message.", True),
        ("We can neither confirm nor deny who booked the room.", True),
        ("I can neither find the booking nor the receipt.", False),
        ("Neither the booking nor the receipt shows a fee.", False),
    ],
)
def test_can_neither_nor(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Refund done; gift cards can't be refunded to a card, but that doesn't affect you.",
            False,
        ),
        (
            "Pets can't be booked in the cabin on this route, which doesn't apply to your booking.",
            False,
        ),
        ("Gift cards can't be refunded to a card, but that doesn't affect the timing.", True),
        ("Gift cards can't be refunded to a card, and that applies to your order.", True),
    ],
)
def test_a_limit_said_not_to_touch_you(text: str, found: bool) -> None:
    assert _found(text) is found
