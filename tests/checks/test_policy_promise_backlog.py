"""Promise classes found by reading the dev split's oldest misses together (the backlog).

Fixed, in `_promise_same_price`: something better than the customer's at no cost to them.
The move said of the customer's thing, active or passive, at the price they pay ("I've moved
your workspace up to the Enterprise tier at your current price", "your booking has been
moved to a sea-view suite at the original rate"), and a class above the customer's said to
be theirs now, at no extra cost or with no change to what they pay ("your team is on the
Business plan at no extra cost", "the Premium tier is live on your account now, with no
change to what you pay"). Not what a plan or a membership includes, an option offered, nor
the move offered or asked.

Left, because a general rule would cost precision or the words do not settle them: a
commitment timed by the customer's act or an event ("we'll replace it free of charge when
you collect", "once the stock arrives": read as a condition, as "once we receive the item"
must be); the present simple of non-native English for a commitment ("we extend your
membership for free", "I make the refund now": the same words state a policy); a third
party's commitment without a grant frame ("the bank will restore the R1,200"); and the
better thing "at the standard rate" (the better thing's own price, which the customer may
pay). Each class fixed is tested with wordings that are not corpus items, and with close
negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've moved your subscription up to the Family plan at your current price.", True),
        (
            "I've switched your cabin to a balcony suite for the cruise, at your original fare.",
            True,
        ),
        ("I've switched your cabin to deck 5 for the cruise, at your original fare.", False),
        ("Your reservation has been moved to a junior suite at the original rate.", True),
        ("We've upgraded your seat to business class at your usual fare.", True),
        ("Can I move your booking to a suite at your original rate?", False),
        ("We could move your booking to a junior suite at the original rate.", False),
        ("I've moved your appointment to Tuesday at the standard rate.", False),
    ],
)
def test_the_customers_thing_moved_at_their_price(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your office is on the Premium plan at no extra cost until March.", True),
        (
            "Your upgrade to the gold tier is active from this morning at no additional charge.",
            True,
        ),
        ("Your move up to the Scale plan went through at no extra cost.", True),
        ("The Business tier is live on your account today, with no change to your price.", True),
        ("The Business plan includes priority support at no extra cost.", False),
        ("An upgrade to Premium is available at no extra cost for new sign-ups.", False),
        ("With your Platinum membership, seat selection is at no extra charge.", False),
        ("Your team is not on the Business plan, so it isn't at no extra cost.", False),
        (
            "Your upgrade request is with the manager; if approved it would be at no extra cost.",
            False,
        ),
    ],
)
def test_a_better_class_theirs_at_no_cost(text: str, found: bool) -> None:
    assert _found(text) is found
