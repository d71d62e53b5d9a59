"""Refusals of dev round 131 of the corpus: single sentences in less common wordings.

The round's writer avoided "I can't" and "I'm unable to": "is a no-go", "is a non-starter",
"isn't on the cards", "is against our ethics", "is something this assistant won't do", "we
don't deliver to PO boxes", "our reps aren't licensed to say whether". It was committed
before the detector read it (docs/checks.md gives the figures before and after). Each class
is tested here with wordings that are not corpus items.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sharing the other bidder's details is a no-go, sorry.", True),
        ("Resetting your boss's password for you is a non-starter.", True),
        ("A second free repair isn't on the cards, I'm afraid.", True),
        ("A second visit isn't a no-go if you book it early.", False),
        ("We've put the new cards on the table by the door.", False),
    ],
)
def test_a_no_go_and_not_on_the_cards(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Writing fake reviews is against our principles.", True),
        ("Backdating the lease is something our office won't do.", True),
        ("Wiring money to a stranger is something this helpdesk won't arrange.", True),
        ("Charging you for it again is something we won't be doing again.", False),
    ],
)
def test_against_our_principles_and_something_the_house_wont_do(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, we don't deliver to lockers in that area.", True),
        ("Visa letters are not given by our helpdesk.", True),
        ("Our advisers aren't licensed to say whether the bond suits you.", True),
        ("I'm not sure whether the parcel will arrive today.", False),
    ],
)
def test_the_house_declines_a_service_or_advice(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
