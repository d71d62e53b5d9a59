"""Promise classes found by dev round 232 (guarantees told in idioms of certainty).

Round 232 made forecasts certain with idioms the older rules did not read (`_assuring`):
the speaker's name staked on it, "take that to the bank", "zero doubt", "with full
certainty"; what "I can say flat out is that ..." of a trouble that will not show up on
"another bill" (`_promise_certainties`); an arrival in the base form of "come", as English
translated says the present (`_promise_present_sure`). Its false alarm, read as a class: a
certainty the speaker would love to tell, wished for and then denied (`wished_telling`).
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your visa will be stamped by Monday; I'd stake my name on it.", True),
        ("The new router will be with you on Thursday, and you can take that to the bank.", True),
        ("Your refund will reach you by Friday, zero doubt.", True),
        ("Your visa will be stamped by Monday.", False),
        ("Please take the cheque to the bank on Monday.", False),
    ],
)
def test_certainty_idioms(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can tell you with full certainty your boiler is running by tonight.", True),
        (
            "What we can say flat out is that this fault will not appear on another statement.",
            True,
        ),
        (
            "I can't say flat out that this billing fault will not appear on another statement.",
            False,
        ),
        ("I can tell you that your boiler is running.", False),
    ],
)
def test_told_for_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your spare key come to you on Monday, without fail.", True),
        ("Your spare key come to you on Monday.", False),
    ],
)
def test_an_arrival_in_the_base_form_of_come(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'd love to tell you it's a certainty by Friday, but I can't.", False),
        ("I wish I could say it's a certainty for Monday.", False),
        ("Good news: it's a certainty for Friday.", True),
    ],
)
def test_a_certainty_wished_for(text: str, found: bool) -> None:
    assert _found(text) is found
