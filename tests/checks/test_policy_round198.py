"""Refusals of dev rounds 198 and 201: counter-offers, and formal letters.

Round 198 declined part of a request and offered something else (47 of 50, two false
alarms); round 201 wrote as regulators, courts' offices, universities and banks' complaint
teams write (33 of 50, two false alarms). The classes fixed, tested here with wordings that
are not corpus items:

- "can't be knocked off" (a participle with its particle), "we won't be paying
  compensation", "we are, however, unable to";
- "has not been successful" said of an application; the faculty as the house;
- "it is not open to us to", "we do not consider it appropriate to";
- "the Authority has decided that it will not remove ...";
- a past verb after "after" and its subject is a state reached, not an act to come ("after
  your policy lapsed, the terms do not permit us to accept a claim");
- false alarms: "can't have that" (sympathy), "we did not accept this answer" (someone
  else's, refused on the customer's side), "not possible at this stage to predict".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, the late fee can't be knocked off, as the reminder went out on time.", True),
        ("We won't be paying compensation for the wait, but here's a £10 voucher.", True),
        ("We are, however, unable to backdate the policy.", True),
        ("Your application has not been successful this year, as places were full.", True),
        ("The faculty cannot waive the language requirement.", True),
    ],
)
def test_counter_offers_and_formal_declines(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As the appeal came in late, it is not open to us to consider it.", True),
        ("The office is not open to visitors on Sundays.", False),
        ("We do not consider it appropriate to reopen the case.", True),
        ("The Board has decided that it will not lift the suspension.", True),
        ("The council has decided that it will not collect on Mondays.", False),
        (
            "The loss happened after your policy lapsed, and the terms do not permit us to "
            "accept a claim for it.",
            True,
        ),
    ],
)
def test_formal_letters(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your order came damaged — can't have that! A new one is on its way.", False),
        ("The seller said no refund. We did not accept this answer and refunded you.", False),
        ("It is not possible at this stage to predict the result of the review.", False),
    ],
)
def test_false_alarms(text: str, found: bool) -> None:
    assert _found(text) is found
