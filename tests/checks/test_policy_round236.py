"""Promise classes found by dev round 236 (certainties tacked on to a forecast).

Round 236 made forecasts certain in ways the older rules did not read: the speaker's own
certainty tacked on after the forecast ("..., I'm certain of it"), a customer bidden to
"consider it certain", a forecast said to be "not a maybe", and the speaker's job staked on
an arrival told in "-ing" ("I'd stake my job on the van turning up"). A forecast with a time
"a.m." before a comma was split in two at the abbreviation, so the assurance after the comma
missed it. Each class is tested with wordings that are not corpus items, and with close
negatives that must stay no promises.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The plumber will fix the leak on Monday, I am sure of it.", True),
        ("Your visa will come through next week, I'm positive of it.", True),
        ("The plumber will fix the leak on Monday, I'm not sure of it.", False),
        ("The plumber will fix the leak on Monday.", False),
    ],
)
def test_the_speakers_certainty_tacked_on(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Consider it certain: your sofa lands with you on Thursday.", True),
        ("Your sofa is arriving on Thursday, and that is not a maybe.", True),
        ("Your sofa is arriving on Thursday.", False),
    ],
)
def test_a_forecast_called_certain_or_no_maybe(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'd stake my reputation on the engineer turning up by Friday.", True),
        ("I'd bet my house on the fridge arriving before the weekend.", True),
        ("I wouldn't stake my reputation on the engineer turning up by Friday.", False),
        ("You'd bet your house on the fridge arriving before the weekend.", False),
    ],
)
def test_a_stake_on_an_arrival_in_ing(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The technician will be at your door at 9 a.m., no ifs or buts.", True),
        ("The technician will be at your door at 9 a.m., all being well.", False),
    ],
)
def test_an_abbreviation_before_a_comma_ends_no_sentence(text: str, found: bool) -> None:
    assert _found(text) is found
