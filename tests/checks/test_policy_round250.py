"""Refusal classes found by dev round 250 (failures to find or reach, faults, concessions).

Round 250's false alarms, read as classes: a failure to find or reach where "him" or "them"
is who or what was sought ("can't get hold of him", "can't find it on any of them"), not
whose data is asked for; a fault of the moment told as a "technical problem" before "and I
cannot"; and a limit granted in a concession ("even though it's past the window") whose
main clause says what was done ("I've waived it"). Its misses (a house unit's "won't", a
reason fronted before "we won't", an object fronted before "we don't offer") are left for
later rounds. Each class is tested with wordings that are not corpus items, and with close
negatives that must stay refusals.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I rang the locksmith twice this morning but can't get hold of him yet.", False),
        ("I've tried the warehouse and the depot but can't get hold of them.", False),
        ("I checked both card numbers and I can't find the booking on either of them.", False),
        ("I can't find his booking without his consent.", True),
        ("I can't look up bookings for them, they need to call us themselves.", True),
    ],
)
def test_who_or_what_was_sought(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our ticketing tool has a technical problem and I cannot reissue the pass now.", False),
        ("The portal has technical issues today, so I can't update your address.", False),
        ("The voucher has expired, so I can't apply it to this order.", True),
    ],
)
def test_a_technical_problem_told_before(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Although it's outside the 14-day return window, we have accepted the parcel.", False),
        ("Even though it's past the cut-off, I've moved your slot to Friday.", False),
        ("Although it's outside the 14-day return window, I have to decline the return.", True),
        ("It's past the cut-off, so the slot stays on Thursday.", True),
    ],
)
def test_a_limit_granted_in_a_concession(text: str, found: bool) -> None:
    assert _found(text) is found
