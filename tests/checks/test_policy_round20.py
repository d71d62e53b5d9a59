"""Refusal classes found by the twentieth round of the policy corpus.

The round (``"round": 20`` in tests/data/refusal) was written against the rules by a
writer who never saw the detectors (declines in airline, retail, bank, telecom, insurance
and SaaS support, ten of them because a rule forbids what was asked), and committed before
they read it (docs/checks.md gives its figures before and after). Each class is tested
here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import opens_as, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a limit that cannot be raised, increased, lifted
        ("I'm afraid your overdraft limit can't be increased.", ["I'm afraid your overdraft"]),
        ("The daily transfer cap can't be lifted for this account.", ["The daily transfer cap"]),
        # a business the agent asked declines for it
        (
            "I've checked with the hotel and they won't be able to offer a late checkout.",
            ["they won't be able to offer"],
        ),
        ("We contacted the seller and they can't take it back.", ["they can't take"]),
    ],
)
def test_the_twentieth_rounds_refusal_classes(text: str, found: list[str]) -> None:
    got = refusal_texts(text)
    assert opens_as(got, found), got


@pytest.mark.parametrize(
    "text",
    [
        # a machine or a system down: the act fails, nothing is declined
        "Our card machine is down today, so I can't take payment over the phone.",
        "The booking system is offline, so we can't move your slot right now.",
        # someone else's words reported
        "The courier said he wasn't allowed to leave it with a neighbour.",
        "I understand the technician told you they can't fit it today.",
        # "they" whom the agent did not ask; "they" in an idiom or failing to find
        "They can't send it today, the depot says.",
        "I checked with the store and they can't wait to see you.",
        "I asked the warehouse and they can't find the parcel yet.",
    ],
)
def test_the_twentieth_rounds_hard_negatives(text: str) -> None:
    assert refusal_texts(text) == []
