"""Promise classes found by dev round 236 (certainties tacked on; money kept; prices held).

Round 236 made forecasts certain in ways the older rules did not read: the speaker's own
certainty tacked on after the forecast ("..., I'm certain of it"), a customer bidden to
"consider it certain", a forecast said to be "not a maybe", and the speaker's job staked on
an arrival told in "-ing" ("I'd stake my job on the van turning up"). A forecast with a time
"a.m." before a comma was split in two at the abbreviation, so the assurance after the comma
missed it. The second round of work on it read four more classes: money of the customer's
ruled out from leaving, with "from your account" or in the present simple ("not a cent comes
out of that card"), or inside a certainty ("it is sure that no more money will go from your
account"); money taken from the customer ruled out after "zero chance" ("takes another penny
from you"); a replacement on its way at the business's own cost ("is heading your way at our
expense", "on the house"); a price of the customer's held at its sum while the reply tells of
a rise for everyone else ("prices go up in May ... your rate stays at $39"). Each class is
tested with wordings that are not corpus items, and with close negatives that must stay no
promises.
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


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("From June no more money will go from your card for the old plan.", True),
        ("Not a single cent leaves your account for the gym after today.", True),
        ("I am completely sure that no more money will go out of your account for it.", True),
        ("No parcel comes out of that warehouse on Sundays.", False),
        ("No money leaves your account until you confirm the order.", False),
        ("Your money leaves your account on Friday.", False),
    ],
)
def test_money_ruled_out_from_leaving(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There's zero chance the old mandate takes another cent from you.", True),
        ("There's no chance the gym pulls one more euro out of your account.", True),
        ("There's zero chance we take another look at it.", False),
        ("There's zero chance the bank takes a penny from the fund.", False),
    ],
)
def test_money_taken_ruled_out(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A new kettle is heading your way at our expense.", True),
        ("A replacement lamp is coming to you on the house.", True),
        ("Your order is heading your way at our expense.", False),
        ("The courier is coming on Tuesday at your expense.", False),
    ],
)
def test_a_replacement_on_its_way_at_our_cost(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our Family plan goes up to £30 in May, but your rate stays at £24 until March.", True),
        ("Prices are rising this spring; your membership will stay at €20 all year.", True),
        ("Your rate stays at £24 until March.", False),
        ("Prices are rising this spring. Does your membership stay at €20?", False),
        ("Prices are rising this spring; if you renew today your rate stays at £24.", False),
    ],
)
def test_a_price_held_at_its_sum_against_a_rise(text: str, found: bool) -> None:
    assert _found(text) is found
