"""Promise classes found by dev round 239 (grants told as scheduled facts or costs taken on).

Round 239 gave grants without a verb of granting said by anyone. Its misses, read as
classes: a cost of the customer's said to rest with us ("sits with us", with "it" standing
for a cost named earlier in the sentence), borne by us or our company, or put on our
account (and a bare cost "on us" when "this time" marks the favour as this customer's); and
a grant posted to the customer's account in the present ("the credit posts to your
account"). Each class is tested with wordings that are not corpus items, and with close
negatives that must stay silent.

A second pass took four more classes: a move up with the price the customer pays now kept ("your
account moves to Premium at the Standard price", "your move to Fibre 500 goes live with no
change to what you pay"; read by round 251's `_promise_kept_rate`, which the second pass had
built again as a module of its own: the two were joined at merge); a price held "at" a figure
below the one it was to be ("stays at £418 ... rather than the £480"); something of the
customer's that "comes off" their bill in the present ("your second night comes off the final
folio"); and an arrival in the present made certain by a word of certainty beside its verb
("comes to you definitely before 15 July"), or told "back" with the customer ("the passports are
back in your hands by the 28th") under an assurance.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry about the wait. The call-out fee for Monday's visit sits with us.", True),
        ("The restocking fee isn't yours to pay; it rests with us.", True),
        ("The call-out fee sits with you, as the fault was on your side.", False),
        ("The final decision sits with us.", False),
        ("The call-out fee sits with our billing team for review.", False),
        ("Call-out fees sit with us.", False),
    ],
)
def test_a_cost_resting_with_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The storage charges of $310 are borne by our firm, not by you.", True),
        ("Your customs duty is absorbed by us on this order.", True),
        ("The storage charges might be borne by us after review.", False),
    ],
)
def test_a_cost_borne_by_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The collection fee is on our account, so there's nothing to pay the driver.", True),
        ("Delivery is on us this time, and the new vase leaves tomorrow.", True),
        ("Delivery is on us for orders over £40.", False),
        ("Your order is on our account page under Orders.", False),
        ("If the seal is broken, the return fee is on our account.", False),
    ],
)
def test_a_cost_put_on_our_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $14 refund posts to your card on Tuesday.", True),
        ("Your goodwill credit posts onto your account this Friday.", True),
        ("A credit posts to your account within five days of approval.", False),
        ("Credits post to your account within five days.", False),
        ("Your payment posts to your account on Tuesday.", False),
    ],
)
def test_a_grant_posted_to_your_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # read by round 251's `_promise_kept_rate` (one rule for the class, joined at merge)
        ("Your broadband moves to Ultra 900 next week at your Basic price.", True),
        ("Your booking will be switched to a suite, with no change to what you pay.", True),
        ("You can move to Ultra 900 at the basic price if you sign a new contract.", False),
        ("Your plan stays at the basic price.", False),
        ("Your address change goes through on Monday with no change to what you pay.", False),
    ],
)
def test_a_move_up_with_the_price_kept(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Your yearly premium stays at €610 for the next term rather than the €690 we quoted.",
            True,
        ),
        (
            "Your yearly premium stays at €690 for the next term rather than the €610 we quoted.",
            False,
        ),
        ("Premiums stay at €610 for the next term rather than €690.", False),
    ],
)
def test_a_price_held_below_the_one_it_was_to_be(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your third night comes off the final folio when you check out.", True),
        ("The late checkout fee comes off your final invoice at departure.", True),
        ("Extra nights come off the final folio for all members.", False),
    ],
)
def test_something_that_comes_off_the_bill(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your new card certainly arrives before Friday.", True),
        ("Trust me, your documents are back with you by the 3rd.", True),
        ("Your new card arrives before Friday.", False),
        ("Your new card probably arrives before Friday.", False),
        ("Your documents are back with you by the 3rd.", False),
    ],
)
def test_an_arrival_made_certain_in_the_present(text: str, found: bool) -> None:
    assert _found(text) is found
