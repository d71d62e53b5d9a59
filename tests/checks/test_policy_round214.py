"""Refusals of dev round 214: declines with the commonest forms avoided on purpose.

Round 214's writer avoided "I can't", "we're unable to" and "we won't" (26 of 50 read, two
false alarms, on the code of the time; the blind round written beside it, 215, read 41 of
60). The classes fixed, tested here with wordings that are not corpus items: "only ever
released to the lead booker"; "won't be produced"; "the answer on this one is no"; a rule
that does not permit "one" or "it" (the request named before by a pronoun); and, as false
alarms, "impossible to say for certain" (a hedge) and a unit that is someone else's ("the
hotel's front desk refused").
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ticket details are only ever released to the lead booker.", True),
        ("A letter with a later end date won't be produced.", True),
        ("The panel liked it, but the answer on this one is no.", True),
        ("The Flex fare rules do not permit one, even for a wedding.", True),
        ("It's impossible to say for certain when the part will arrive.", False),
        ("Sorry the airline's check-in desk refused your bag; I've rebooked it with us.", False),
    ],
)
def test_declines_without_the_common_forms(text: str, found: bool) -> None:
    assert _found(text) is found
