"""Refusal and promise classes found by the thirty-eighth and fortieth rounds of the corpus.

Both were written in the style of τ-bench's airline and retail agents (reservation and order
ids, certificates, cabins, membership tiers) by writers who never saw the detectors, and
committed before they read them (docs/checks.md gives their figures before and after). Each
class is tested here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Per the policy, only one travel certificate can be used per reservation.", True),
        ("Only one change can be made per booking.", True),
        ("Only one of you needs to sign the form.", False),
        ("If only one certificate can be used per booking, I'll use the larger one.", False),
    ],
)
def test_a_limit_of_one_per_booking_declines_the_second(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I have issued a travel certificate of $150 to your account.", True),
        ("A certificate of insurance was issued.", False),
        ("The refund for the returned blender hasn't arrived yet.", False),
        ("Your booking was made at our rate and cannot be cancelled free of charge.", False),
        ("Your new charger was sent this morning, free of charge.", True),
        ("2. Guaranteed by noon – £11.90, for delivery before noon the next working day", False),
        ("Delivery is guaranteed by Friday.", True),
    ],
)
def test_the_fortieth_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
