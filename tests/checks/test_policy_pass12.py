"""Classes found by the twelfth pass over the whole dev split (gifts, prices, acts not done).

Promises, the 287 dev misses and 18 false alarms read whole again, grouped by shape: the
business's gift said of a thing of the customer's with no act named, by "complimentary", "on
us", "on me" or "on the house" ("the first month of your subscription is complimentary",
"breakfast for both of you is on us for the rest of your stay", "your next two months ride on
the house": rounds 112, 236 and 239); a replacement "on its way to you" at no cost, or with
"on us" as its aside (rounds 8 and 77); and, the false alarms, an upgrade or a replacement
whose price is put on the customer's bill or card with its sum before the verb ("R640 added
to this month's invoice", "the extra 8€ will be on ur next bill": 9 over rounds 49 to 169).
Refusals, the 179 dev misses read whole again: a thing or a third party not acted on after
"will not" or "not going to" by "contact", "move", "update" or "take on" ("HR won't be
contacting your former employer", "we won't be moving the account onto your email": rounds
8, 84, 96 and 264).

Left: "the extra night ... is complimentary" ("the extra towels are complimentary" is
everyone's), the present "gets" passive, a price that "went on" the card (round 174 keeps "a
supplement ... goes on your bill" a promise), status tables, certainty tags after a negated
forecast, time clauses of neutral events, a third party's commitment; for refusals,
lower-case "the bank" (a merchant says it of the customer's bank too), practices told as
plain facts, and round 131's gerund subjects of a deceit (one round's words). Each class is
tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry about the cold room, your dinner tonight is complimentary.", True),
        ("The second week of your membership is complimentary, as an apology.", True),
        ("Lunch for the two of you is on us today.", True),
        ("Sorry for the mix-up: your next three lessons ride on the house.", True),
        ("Your next coffee is on me, sorry again.", True),
        ("Tonight's parking is on us.", True),
        ("Your taxi home will be on the house.", True),
        ("Breakfast is complimentary for all guests.", False),
        ("Parking is on us for every member.", False),
        ("The first month is complimentary with every annual plan.", False),
        ("That mix-up is on me, sorry.", False),
        ("The extra towels are complimentary.", False),
        ("Drinks for everyone are on us at the launch.", False),
    ],
)
def test_a_gift_said_of_their_thing(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A replacement charger is on its way to you at no cost.", True),
        ("A second pair of boots is heading your way on Friday, on us.", True),
        ("Your parcel is on its way to you.", False),
        ("Your order is on its way to you at no cost.", False),
        ("Standard orders ship free of charge, on us.", False),
    ],
)
def test_a_replacement_on_its_way_free(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I've upgraded you to premium — the extra $9 a month will be on your next bill.",
            False,
        ),
        (
            "New kettle ordered; the £35 plus delivery has been added to your invoice.",
            False,
        ),
        ("Replacement strap sent out, €18 added to this month's statement as agreed.", False),
        (
            "Upgraded your seat to extra legroom, the difference will appear on your statement.",
            False,
        ),
        ("I've upgraded you to premium; a £10 credit has been added to your next bill.", True),
        ("I've sent a replacement kettle and the refund of £30 was added to your card.", True),
        ("I've upgraded you to premium and nothing extra will be on your bill.", True),
        ("I've upgraded you to premium; the £12 late fee has been added to your bill.", True),
    ],
)
def test_a_sum_put_on_their_bill(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our billing team won't be contacting the previous tenant to change it.", True),
        ("We won't be moving the booking onto your partner's name.", True),
        ("I'm not going to update the delivery address on that order.", True),
        ("The garage won't be taking on bodywork jobs for older models.", True),
        ("We won't contact you again about this.", False),
        ("We won't move your savings without your consent.", False),
        ("It won't take long to update.", False),
        ("We won't be updating the address until the payment clears.", False),
    ],
)
def test_a_thing_not_acted_on(text: str, found: bool) -> None:
    assert bool(find_refusals(text).findings) is found
