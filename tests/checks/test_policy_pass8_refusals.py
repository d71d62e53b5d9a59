"""Refusal classes of the backlog's eighth pass (the 215 dev refusal misses read whole).

Fixed: a house system or rule that will not accept or let what was asked, read as a limit
and not a fault (`_refusal_house_systems`): the subject is the business's own system or rule
("our checkout system", "the programme", "system" bare in non-native use, "the council
regulation", "the scheme's transfer rules (Rule 22.4)"), negated before accept, allow,
permit or let, and what is turned away is one more than the limit ("a second voucher",
"two coupon", "extra bin collection"), an asked act bare after "to" ("do not let to change
the size"), the customer's way into another's account ("won't let you log into Mr Tanaka's
account"), or a request noun past the rule's bracket. Not the customer's system ("your
bank's system"), not a fault of the moment ("right now", "until it clears", a glitch), not
a condition, and not a thing the customer owns ("won't accept my card").

Left, as counted in docs/checks.md: practices told as plain facts (~45), limits by "only"
(~15), another person's data told by the body it goes through (~12), the true record without
"must" (~12), "won't" from a lower-case "the bank" or a bare unit (~10), status cells (~6), a
rule's allowance stated as a number ("our terms allow one promo code per order", ~4: the same
words inform as often as they decline), and a machine's rejection ("the checkout rejected
it", "the platform has rejected the payment": a card's decline reads the same). Each fixed
class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our booking system won't accept a second discount code on one reservation.", True),
        ("Sorry, the platform does not allow two gift cards on a single basket.", True),
        ("Unfortunately the club rules do not permit an extra guest pass this month.", True),
        ("The loyalty programme won't allow another redemption on the same ticket.", True),
        ("Hi, system not accept more voucher for this order, only one.", True),
        ("The website won't accept my card.", False),
        ("Our system won't accept a second payment until the first one clears.", False),
        ("Your bank's system won't accept another transfer today.", False),
        ("The checkout won't accept two cards right now because of a glitch.", False),
        ("If the system won't accept a second voucher, just let me know.", False),
    ],
)
def test_one_more_than_the_limit(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our platform do not let to cancel the booking after the driver is assigned.", True),
        ("Hello, our till system not allow to split the bill in three cards.", True),
        ("The app doesn't let you change the language yet, it is coming soon.", False),
    ],
)
def test_an_asked_act_bare_after_to(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The rewards scheme won't let you sign in to your brother's account for him.", True),
        ("The system won't let you into Mrs Okafor's account without her own login.", True),
        ("The system will let you into your own account once the code arrives.", False),
    ],
)
def test_a_way_into_another_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The pension rules (section 4.1) do not permit a transfer before age 55.", True),
        ("The guidelines (see page 2) do not permit pets in the lounge.", False),
    ],
)
def test_a_rule_past_its_bracket(text: str, found: bool) -> None:
    assert _found(text) is found
