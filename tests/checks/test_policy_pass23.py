"""Refusal class fixed by the twenty-third pass over the backlog of the dev split.

Fixed (refusals): a cap named as a number and the request said to go past it, with no verb of
declining: "the max" or "the maximum" ("the plan already has the max of 5 devices linked, so
a sixth won't fit"), "max" or "maximum" before a number ("policy allows max 6 instalments ...
12 not available"), "no more than" a number, "tops out at" ("the fund tops out at $2,500, so
the $6,000 asked for is more than we can award"), with a word of not fitting within the
sentence or 160 characters either side (`_refusal_cap_reached`, rule "not possible"). The cap
alone, a cap granted up to, a time ("in maximum 5 working days"), a question or a condition
declines nothing.

Left (refusals): practices told as plain facts with no negation, limits by "only", another
person's data told by the body it goes through, the true record without "must", "that's the
max we can do" before a lower-case question the sentence splitter joins to it.

Left (promises): not reached within the pass's time; status tables, certainty idioms, a third
party's commitment with a verb of its own, agentless passives of reversal set aside by older
rules. Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your account already holds the max of 3 guest passes, so a fourth can't be added.", True),
        ("No more than two pets can stay in one cabin, so the third won't be booked in.", True),
        ("Sadly the scheme tops out at £800 a home, which is under what you asked for.", True),
        ("The rules allow max 4 tickets per order; the 7 you asked for are not available.", True),
        ("The grant tops out at €1,000, so the €3,000 you want is more than we can give.", True),
    ],
)
def test_cap_named_and_request_past_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The max is 4 per customer and you've bought two, so I've added the other pair.", False),
        ("Your refund should reach you in maximum 3 working days.", False),
        ("Is 6 the maximum number of seats on the plan?", False),
        ("Whether the plan tops out at 10 GB or not depends on your contract.", False),
        ("I've given you the maximum of 5 bonus nights on the booking.", False),
        ("You can add no more than 6 users, and you have 4 today.", False),
    ],
)
def test_close_negatives_stay_unflagged(text: str, found: bool) -> None:
    assert _found(text) is found
