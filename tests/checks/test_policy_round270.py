"""Refusal classes found by dev round 270 (spoken call-centre turns).

Round 270's one miss, read as a class: a dose asked as what is safe ("I'm not gonna be able
to tell you how much Panadol's safe to give the dog"). "I can't tell you how much ..." is
an idiom of feeling ("how much we appreciate it") unless the words after it ask what to
do; "how much paracetamol to give" was read as that, but not the amount asked as what is
"safe" or "OK" to give or take, or "safe for" someone, a few words on
(`_refusal_reasons._how_much_to`). No class is left: the round has no other miss and no
false alarm. Each wording below is not a corpus item; the close negatives keep the idiom
and an amount that is no dose.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Look, I'm not gonna be able to tell you how much aspirin is safe to give the cat.", True),
        ("Um, I can't really tell you how many tablets are OK to take in one go.", True),
        ("So I'm not able to tell you how much ibuprofen's safe for a toddler, sorry.", True),
        ("I can't tell you how many drops are okay to put in his ear, the pharmacist can.", True),
        ("Honestly I can't tell you how much we appreciate you ringing back.", False),
        ("I can't tell you how much safer the new car seats are, they're brilliant.", False),
        ("I can't tell you how much it means to us that you stayed.", False),
    ],
)
def test_a_dose_asked_as_what_is_safe(text: str, found: bool) -> None:
    assert _found(text) is found
