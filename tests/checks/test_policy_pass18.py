"""Promise and refusal classes fixed by the eighteenth pass over the whole dev split.

Promises: an act of the agent's granted by a bare "free" after its object, before a time or
a reason ("we'll redo your nails free this weekend", "I'll extend your premium by two weeks
free for the outage": `_promise_grants`, the frame ("free",) with `_FREE_AFTER`).

Refusals: a dose asked for as a part of something ("I can't tell you how much of the
leftover medication to give her") read as what to do, not as the idiom "I can't tell you how
much it means" (`_refusal_reasons._how_much_to`).

Left: status tables whose cells name no grant, a third party's commitment with no grant
word, certainty idioms in a sentence of their own, states of money with no act ("the two
months are back in your bank"), practices told as plain facts, limits by "only", and
another person's data told by the body it goes through: each read as its close negatives
read. Each class is tested with wordings that are not corpus items, and with close
negatives that must stay unflagged.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _promised(text: str) -> bool:
    return bool(find_promises(text).findings)


def _refused(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll fix your bike free this Saturday.", True),
        ("I'll upgrade your room free for the rest of the week.", True),
        ("we'll reprint ur photos free tomorrow, sorry about the smudges", True),
        ("We deliver free on orders over £50.", False),
        ("If the lab finds a fault, we'll remake the crown free this month.", False),
        ("We'll explain how to get delivery free for a year.", False),
        ("Members are free to choose any class.", False),
        ("You said the shop told you \"we'll fix it free this week\"; I'm checking that.", False),
    ],
)
def test_an_act_granted_by_a_bare_free(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't tell you how much of the old cough syrup to give your son.", True),
        ("We can't tell you how much of your savings to put into the fund.", True),
        ("I can't tell you how much of a relief it is to hear from you.", False),
        ("I can't tell you how much of this means to us.", False),
        ("I can't tell you how much we appreciate your patience.", False),
    ],
)
def test_a_dose_asked_as_a_part_of_something(text: str, found: bool) -> None:
    assert _refused(text) is found
