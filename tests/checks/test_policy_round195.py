"""Promise classes found by dev round 195 (guarantees told by idioms and denied losses).

Round 195 guaranteed outcomes in words the older rules read as forecasts or negations. Its
misses, read as classes: a negated loss to the customer's thing made certain by an assuring
phrase ("take it from me, ... won't be cancelled", "rest assured ... will not be able to take
... again"); a trouble not to recur in the present progressive ("is not happening again"); no
way or no chance of a loss ("no way ... will be shut off", "zero chance of another fee"); new
assuring idioms ("I'd stake my job on it", "no two ways about it", "I'll put it in writing:",
", that is certain"); a present forecast made certain, of "it", of an event going ahead, of a
delivery in the present passive, with its time fronted. Its false alarm: "Consider it done:"
followed by the agent's own act, which its own rule reads. Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Believe me, your booking will not be suspended.", True),
        ("Trust me, the gas will not be disconnected this winter.", True),
        ("Rest assured the gym will not be able to charge your card again.", True),
        ("Your booking will not be suspended while we review it.", False),
        ("Trust me, I won't be blocked.", False),
    ],
)
def test_an_assured_loss_denied(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The fee isn't happening again.", True),
        ("That double payment is not happening again.", True),
        ("Is the fee not happening again?", False),
        ("The fee is happening again next month.", False),
    ],
)
def test_a_trouble_not_happening_again(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There's no way your gas will be cut off this month.", True),
        ("There is zero chance of another charge this month.", True),
        ("There's no way your refund will be approved this month.", False),
    ],
)
def test_no_way_or_chance_of_a_loss(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'd stake my life on it, your card arrives on Monday.", True),
        ("No two ways about it, your plan will be cheaper next year.", True),
        ("I'll put it in writing: the engineer will come on Monday.", True),
        ("Your bill will be lower in June, that is certain.", True),
        ("I'll put it in writing and email it to you; the engineer will come on Monday.", False),
        ("Nothing about your bill will be lower, and that is certain.", False),
    ],
)
def test_assuring_idioms(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Trust me, it arrives at your house on Friday.", True),
        ("Mark my words, the festival goes ahead on Sunday.", True),
        ("Friday for sure your order is delivered.", True),
        ("It arrives at your house on Friday.", False),
        ("The festival goes ahead on Sunday.", False),
        ("Mark my words, the festival went ahead on Sunday.", False),
        ("Your order was delivered on Friday, for sure.", False),
    ],
)
def test_a_present_forecast_made_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Consider it done: we've booked the engineer for Monday.", False),
        ("Consider it done — I've changed your delivery slot to Tuesday.", False),
        ("Consider it done: I've refunded the $30.", True),
        ("Consider it done.", True),
    ],
)
def test_consider_it_done_then_the_act(text: str, found: bool) -> None:
    assert _found(text) is found
