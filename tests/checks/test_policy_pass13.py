"""Promise and refusal classes of the thirteenth pass over the dev misses.

Promises: a guarantee (or a certain outcome) that holds at a time set by "once", "after"
or "as soon as" an event, as one held at a time set by "when" or "before" already was
("I guarantee the fee comes off once your claim is logged", "guaranteed your streak is
back after the update"): the time clause says when, the guarantee says it will be so. Not
a plain commitment with the same clause ("we'll refund it once we receive the item"),
which stays a condition, nor "if" or "unless" after a guarantee.

Refusals: an inability set aside as a fault of the moment ("I can't look up", "I'm unable
to tell you", "I can't connect") when a permission is denied between the modal and the
verb ("we are not authorised for telling ...") or a stated rule of whose a thing is or of
the tier it is kept for comes before it with "so" ("that number is registered to another
customer, so I can't view ...", "bulk export is only on the Team plan, so I can't switch
it on"); not when the reason before "so" tells a fault ("the portal is down, so I can't
look up your order").

Left: time clauses of neutral events after a plain "will" (~12: the labels split them
against "once we receive the item"), third parties' commitments, status tables, money
"coming back" of no sum, the present simple of a future grant, certainty idioms; and, for
refusals, practices told as plain facts, limits by "only", the true record without "must",
lower-case "the bank" declining. Every wording here is new, not a corpus item.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I guarantee the late fee comes off your bill once your claim is logged.", True),
        ("We can guarantee a replacement kettle once the courier has collected the old one.", True),
        ("guaranteed your streak is back after the update goes live tonight", True),
        ("I guarantee the refund reaches you as soon as the bank reopens on Monday.", True),
        ("We guarantee a refund if the item arrives damaged.", False),
        ("We'll refund the deposit once we receive the keys and inspect the flat.", False),
        ("Once the assessor approves it, we'll pay for the repair.", False),
    ],
)
def test_a_guarantee_held_at_a_time(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We're not authorised for telling whose car is parked in bay 12.", True),
        ("Staff aren't permitted to look up which flat a resident lives in.", True),
        (
            "That mobile number is registered to another customer, so I can't view its bills.",
            True,
        ),
        ("The loyalty lounge is only for Gold members, so I can't open it for you.", True),
        (
            "Bulk export is only on the Team plan, so I'm unable to connect it to your account.",
            True,
        ),
        ("The portal is down right now, so I can't look up your order.", False),
        (
            "The app only works on the new version because of a bug, so I can't open your file.",
            False,
        ),
        ("I can't look up your order yet, the system is being updated.", False),
    ],
)
def test_an_inability_a_rule_explains(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
