"""Refusal classes found by dev round 111 of the corpus.

Round 111 asked its writer, as round 105 had asked another, for refusals in an
institution's own voice: its own name as subject, the passive, a rule cited, a decision line.
It was committed before the detectors read it (docs/checks.md gives the figures before and
after). Each class is tested here with wordings that are not corpus items, and with hard
negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Eastfield Housing will not be replacing the fence.", True),
        ("Harbour Water does not reset passwords for anyone but the account holder.", True),
        ("Brightside Energy will not be reissuing the March bill.", True),
        ("Royal Mail does not deliver on Sundays.", False),
        ("Your Bank will not refund it.", False),
        ("Eastfield Housing has repaired the fence.", False),
    ],
)
def test_the_business_by_its_own_name(text: str, found: bool) -> None:
    # a name of capitalised words ending in what names a business ("Housing", "Water")
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The Club has decided not to refund the entry fee.", True),
        ("We have decided not to extend the offer.", True),
        ("Your landlord has decided not to renew the lease.", False),
        ("I decided not to charge you for the callout.", False),
        ("Have you decided not to travel?", False),
    ],
)
def test_decided_not_to(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("No further extension will be granted.", True),
        ("Counter collection is not available in any circumstance.", True),
        ("Result – refused", True),
        ("Decision — not approved", True),
        ("Late applications are not considered.", True),
        ("The Registry Office does not reschedule ceremonies at a guest's request.", True),
        ("Your application will be considered next week.", False),
        ("Result – approved", False),
        ("No further payments will be taken.", False),
    ],
)
def test_a_decision_told_impersonally(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our booking system is not working this morning, so I cannot move your slot.", False),
        ("The card reader is not working, so we can't take payment at the door.", False),
        ("The rules do not allow it, so I cannot move your slot.", True),
    ],
)
def test_a_system_not_working_makes_a_failure(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
