"""Refusals of dev round 134 of the corpus: staff e-mails that decline in the business's words.

The round's writer declined without "I can't": "our position remains unchanged and the
charges will stand", "their decision not to grant the extension is final", "the fee will
remain on your account", "this falls outside the terms of your cover", "isn't something
our engineers carry out", "a service our practice offers", "Dr Ahmed will not sign one";
and wrote near-misses: "in cases where we are unable to recover it, we would review",
"I won't pretend to know what the panel will decide", a fault that stops a service for
now, and evidence asked "from your doctor". It was committed before the detector read it
(docs/checks.md gives the figures before and after). Each class is tested here with
wordings that are not corpus items, beside the near-misses that stay negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Having reviewed it again, our decision remains unchanged.", True),
        ("The panel's original decision stands.", True),
        ("Our decision not to reopen the complaint is final.", True),
        ("The late charges will stand.", True),
        ("I've spoken to my manager, but the fee will remain on your account.", True),
        ("The decision to refund you in full is final.", False),
        ("Your landlord's decision is final, so we suggest you speak to them.", False),
        ("The hold will remain on your account until the refund clears.", False),
        ("The fee remains £5 a month.", False),
        ("If the decision stands, you can appeal to the ombudsman.", False),
    ],
)
def test_a_decision_or_a_charge_that_stands(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The damage falls outside the terms of your policy.", True),
        ("Your claim falls outside the scope of the warranty.", True),
        ("We won't be settling the claim.", True),
        ("We won't be linking the two accounts.", True),
        ("Please read the terms of your policy before you travel.", False),
    ],
)
def test_outside_the_terms_and_claims_not_settled(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Rewiring isn't something our technicians undertake.", True),
        ("Bookkeeping isn't a service our office offers.", True),
        ("Rows between tenants aren't something we step into.", True),
        ("Complaints like this aren't something we take lightly.", False),
    ],
)
def test_not_something_the_house_does(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our team won't be calling the courier to complain on your behalf.", True),
        ("That's a conversation for your practice nurse rather than us.", True),
        ("Dr Okafor won't sign a fit note for days you were well.", True),
        ("Please send a letter or a certificate from your doctor by Friday.", False),
        ("Dr Patel can't see you before Friday, she's fully booked.", False),
    ],
)
def test_for_you_professionals_and_the_practices_doctor(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("In cases where we can't trace the parcel, we refund it in full.", False),
        ("I won't pretend to know how the panel will decide.", False),
        ("I can't pretend to be your wife on the phone.", True),
        ("There's a fault on the line, and due to this we can't take card payments today.", False),
    ],
)
def test_cases_where_pretending_to_know_and_faults(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
