"""False finds found by dev rounds 115 (refusals) and 116 (promises) of the corpus.

Both rounds asked their writers for hard negatives above all: replies in an institution's
voice that refuse nothing, and replies about bills and records that grant nothing. Each was
committed before the detectors read it (docs/checks.md gives the figures before and after).
Each class is tested here with wordings that are not corpus items.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry — the system's showing an error and won't let me add the voucher yet.", False),
        ("The till is down and won't let me process it, I'll try again shortly.", False),
        ("Our policy won't let me refund an opened item.", True),
        ("Had you cancelled a week later, the deposit would not have been refundable.", False),
        ("The deposit is not refundable.", True),
        ("As you're abroad and can't receive texts, we've switched you to the app.", False),
        ("Sorry, can't do that one.", True),
        ("The Finlo support desk does not give investment advice.", True),
    ],
)
def test_refusals_that_are_not(text: str, found: bool) -> None:
    # a fault of the moment, a counterfactual, the customer's own inability; and the same
    # shapes where they do refuse
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("In most cases a refund like this gets approved within a week.", False),
        ("As a rule, a credit like this is applied to the next bill.", False),
        ("Your refund has been approved.", True),
        ("I've raised a goodwill credit request with our billing team.", False),
        ("I've logged a refund request for you; they'll decide by Friday.", False),
        ("I've approved your refund request.", True),
    ],
)
def test_promises_that_are_not(text: str, found: bool) -> None:
    # a hedge of frequency opening the sentence; a grant's noun asked for, not granted
    assert bool(promise_texts(text)) is found


def test_a_system_that_keeps_a_rule_still_refuses() -> None:
    text = "The system won't let me change the cabin once any of the flights has been flown."
    assert refusal_texts(text)


def test_a_ticket_refunded_is_no_request_handed_off() -> None:
    assert promise_texts("Of course! We'll refund your ticket.")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Without any doubt, the £63 roaming charge will not be on your June bill.", True),
        ("The late fee will not be on your next statement.", True),
        ("The charge won't be on your bill until May.", False),
        ("Fees will not be on your bill if you pay on time.", False),
        ("Your address will not be on your bill.", False),
    ],
)
def test_a_charge_that_will_not_be_on_your_bill(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We've opened a complimentary upgrade application on your booking.", False),
        ("I've put in a courtesy credit claim for the outage.", False),
        ("I've applied a courtesy credit of $15 to your account.", True),
        ("We've added a goodwill credit to your bill.", True),
    ],
)
def test_a_grant_asked_for_is_no_grant(text: str, found: bool) -> None:
    # "goodwill", "complimentary", "courtesy" mark a grant, unless what they name is a
    # request, an application or a claim for one (read where the words are read, not by
    # the reason a finding is set aside)
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've removed your old company name from the invoice.", False),
        ("We've removed the second guest from your folio.", False),
        ("I've removed the minibar charge from your bill.", True),
        ("I've removed the two extra nights from your folio.", True),
    ],
)
def test_a_detail_removed_from_a_bill_is_no_charge_removed(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
