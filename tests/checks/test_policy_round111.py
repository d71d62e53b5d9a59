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


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Eastfield Housing has therefore refused the application.", True),
        ("We have declined your request to change the date.", True),
        ("Your bank has declined the payment.", False),
        ("We have declined the call you missed.", False),
    ],
)
def test_the_house_has_refused_the_request(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Details of another tenant's arrears are not disclosed to neighbours.", True),
        ("Other members' phone numbers are not given out.", True),
        ("Your details are not shared with anyone.", False),
        ("Card numbers are not shared with merchants.", False),
    ],
)
def test_someone_else_s_data_is_not_disclosed(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Access to your son's account has not been granted, as he is over 16.", True),
        ("The department is not operating a fast-track service this year.", True),
        ("Access to the portal has been granted.", False),
    ],
)
def test_access_not_granted_and_a_service_not_operated(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be reissuing the invoice twice, don't worry.", False),
        ("We won't be processing the payment twice.", False),
        ("We won't be reissuing the invoice.", True),
    ],
)
def test_not_done_twice_reassures(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As it falls outside our criteria, the application cannot proceed.", True),
        ("Your claim will not go ahead.", True),
        ("Your application cannot proceed until the payment clears.", False),
        ("The transfer request cannot proceed without your signature.", False),
        ("The engineer cannot proceed with the work today.", False),
    ],
)
def test_a_request_that_cannot_proceed(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
