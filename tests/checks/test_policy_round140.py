"""Refusals of dev round 140 of the corpus: declines in the English of non-native writers.

The round's writer wrote about half its items as staff whose first language is not English
do ("we cannot to change", "kindly note we cannot entertain this request"); the detector
read all but two on the code of the time. Those two are classes tested here with wordings
that are not corpus items: a role between the subject and its modal ("we as bank may not
give tax advice") and a matter not started ("we won't be raising a claim saying you never
authorised it"), beside the near-misses that stay negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We as a pharmacy cannot advise on dosing for children.", True),
        ("I as agent may not give investment advice.", True),
        ("You as the account holder can't share your PIN with anyone.", False),
    ],
)
def test_a_role_between_the_subject_and_its_modal(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be raising a chargeback for a payment you approved.", True),
        ("We will not lodge a dispute saying the card was stolen.", True),
        ("We won't be raising the price this year.", False),
        ("We won't be raising a new invoice until the goods arrive.", False),
    ],
)
def test_a_matter_not_started(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
