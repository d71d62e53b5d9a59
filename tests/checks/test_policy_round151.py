"""Promise classes found by dev round 151 of the corpus.

Round 151 varied the grammar of the grant as far as its writer could. Its misses, read as
classes: an assuring idiom that makes a forecast certain ("bank on it", "hand on heart",
"take it as read", "I'd put my house on it", "whatever happens"); a forecast in the present
done "before" an event still to come ("the dress arrives before the wedding", "the
worktops are fitted before the 20th"); a grant signed off by named staff ("Hannah signed off
the price match"); a sum the customer may keep ("The £30 is yours to keep"); a charge gone in
an idiom ("that charge is history"); no chance of a loss being done ("zero chance of the EMI
being deducted twice"). Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your parcel will be with you on Friday, bank on it.", True),
        ("Hand on heart, your new boiler will be fitted by Monday.", True),
        ("Take it as read that the suit arrives before the interview.", True),
        ("The cake reaches you before the party starts, I'd put my house on it.", True),
        ("Whatever happens with the courier, your sofa is delivered before the 12th.", True),
        ("The suit arrives before the interview.", False),
        ("I hope the suit arrives before the interview, fingers crossed.", False),
        ("Please make sure the parcel arrives before the 20th.", False),
        ("Take it from the top and tell me what happened.", False),
    ],
)
def test_a_forecast_made_certain_by_an_idiom(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Priya from billing signed off the refund this morning.", True),
        ("Our store manager has signed off on the discount for your order.", True),
        ("If the manager signs off the refund, it will show in 3 days.", False),
        ("Once you've signed off the inspection, the refund goes through.", False),
        ("You signed off the exception form yesterday.", False),
        ("The manager hasn't signed off the refund.", False),
    ],
)
def test_a_grant_signed_off(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The €25 is yours to keep.", True),
        ("The replacement is yours to keep, and there's no need to return the old one.", True),
        ("The receipt is yours to keep.", False),
        ("That late fee is history.", True),
        ("The duplicate charge came off your card this morning.", True),
        ("The £50 payment came off your card yesterday.", False),
        ("That was history class, not a charge.", False),
    ],
)
def test_a_grant_told_in_a_saying(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There's zero chance of your card being charged twice.", True),
        ("No chance of the direct debit being taken early this month.", True),
        ("There's no chance of the fee being waived.", False),
        ("Is there any chance of the fee being refunded?", False),
    ],
)
def test_no_chance_of_a_loss(text: str, found: bool) -> None:
    assert _found(text) is found
