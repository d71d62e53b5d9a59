"""Refusal classes found by dev round 250 (failures to find or reach, faults, concessions).

Round 250's false alarms, read as classes: a failure to find or reach where "him" or "them"
is who or what was sought ("can't get hold of him", "can't find it on any of them"), not
whose data is asked for; a fault of the moment told as a "technical problem" before "and I
cannot"; and a limit granted in a concession ("even though it's past the window") whose
main clause says what was done ("I've waived it").

Its misses, on a second pass: the business's people named by their role ("our trainers
aren't able to diagnose"); a remit told by a named unit whose name is an acronym ("outside
what our IT desk covers": "it" after "our" is no pronoun); a reason fronted before "we
won't" ("For security reasons, we won't be porting it"); and a time inside a fronted object
("the tuning after the move we don't offer": the act's time, not a condition); and the
other person alone, or one who stands in for them, may act ("only she or a registered
attorney can request it"). Left: a case note's "Declined <noun>" after a timestamp (a
card's "declined payment" reads the same), a unit's "won't" with a neutral verb in a joined
clause, and a "won't ... as" whose "but" offers another way. Each class is tested with
wordings that are not corpus items, and with close negatives.
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


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our instructors aren't able to assess injuries, so please see a doctor.", True),
        ("Our coaches can't prescribe a diet plan, I'm afraid.", True),
        ("Our instructors will not be charged for the missed class.", False),
        ("If our coaches can't make it, we'll move the session.", False),
    ],
)
def test_our_people_by_their_role(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Fixing your home router is outside what our IT team supports, sorry.", True),
        ("Restoring deleted photos is beyond what the IT helpdesk can do.", True),
        ("That setting is beyond what it can display on this screen.", False),
    ],
)
def test_a_remit_of_a_unit_with_an_acronym(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("For legal reasons, we won't be releasing the recording to you.", True),
        ("For safety reasons, we will not be fitting the bracket to that wall.", True),
        ("For that reason, we won't be charging you for the call.", False),
        ("For your convenience, we won't need the paper form.", False),
    ],
)
def test_a_reason_fronted_before_we_will_not(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The cleaning after the party we don't offer, please book a cleaner.", True),
        ("Any changes after the wedding we cannot make.", True),
        ("After the party we can't clean, the van is booked elsewhere.", False),
        ("The refund after the inspection we will process.", False),
    ],
)
def test_a_time_inside_a_fronted_object(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Closing her loan account is something only she or her attorney can request.", True),
        ("Only the holder or their executor can close the account.", True),
        ("Only she or her sister can sign for the parcel.", False),
        ("Only the holder or their executor has been in touch so far.", False),
    ],
)
def test_the_other_person_or_their_stand_in_alone(text: str, found: bool) -> None:
    assert _found(text) is found
