"""Refusals of dev round 143 of the corpus: helpful answers that decline one part.

The round's writer wrote answers in regulated areas that do most of what was asked and
decline one part in the middle ("... isn't something HR will do", "I have no discretion to
extend it", "our school nurse can't change her dose"), and near-misses that help fully
("due to a temporary server issue, the limit change could not be applied when you tried;
our team has fixed it"). It was committed before the detector read it (docs/checks.md gives
the figures before and after). Each class is tested here with wordings that are not corpus
items, beside the near-misses that stay negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Writing the appeal for you isn't something payroll can do.", True),
        ("Chasing the landlord isn't something reception will do.", True),
        ("Support isn't something we charge for.", False),
    ],
)
def test_a_department_named_bare_does_not_do_it(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm afraid I have no discretion to waive the fee.", True),
        ("We have no latitude to change the deadline.", True),
        ("You have no need to call us again.", False),
    ],
)
def test_no_discretion(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our practice nurse can't change the dose your consultant set.", True),
        ("The nurse won't share your husband's results with you.", True),
        ("The nurse can't see you until Monday, she's fully booked.", False),
    ],
)
def test_the_houses_nurse_declines(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Because of a server outage, your payment could not be processed last night.", False),
        (
            "Due to a technical issue the transfer could not be completed; it went through now.",
            False,
        ),
        ("Sorry, the refund could not be approved as it's outside the window.", True),
    ],
)
def test_an_attempt_that_failed_for_a_fault(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
