"""Promise classes found by dev round 189 (chat shorthand, relative clauses, "get" passives).

Round 189 collected short chat replies from games, telecoms and delivery apps. Its misses,
read as classes: chat shorthand the rules did not read as the word it stands for ("gone
thru", "fixed n refunded", "u'll"); a negation inside a relative clause that qualifies the
subject ("the £20 that never arrived has been refunded"), which negates only that clause;
and the passive written with "get" ("you'll never get billed again", "your coins are
getting restored", "the fee's getting taken off"). Each class is tested with wordings that
are not corpus items, and with close negatives that must stay what they are.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("your refund has gone thru, £9 back on your card", True),
        ("cancelled the booking n refunded you the deposit", True),
        ("u'll get ur money back by friday", True),
        ("u'll need to send the receipt n we can take a look", False),
        ("the refund hasn't gone thru yet, sorry", False),
    ],
)
def test_chat_shorthand(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The parcel that never arrived has been refunded in full.", True),
        ("The top-up that not worked has been refunded to your card.", True),
        ("The parcel that never arrived has not been refunded.", False),
        ("The parcel that never arrived will not be refunded.", False),
        ("The fee that was not waived is still on your bill.", False),
    ],
)
def test_a_negation_inside_a_relative_clause(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You won't get charged for the cancelled month again.", True),
        ("Your gems are getting restored to your account tonight.", True),
        ("The delivery fee's getting taken off your order.", True),
        ("You'll get charged the new rate from next month.", False),
        ("Your gems might be getting restored tonight, I'm not sure.", False),
    ],
)
def test_the_passive_with_get(text: str, found: bool) -> None:
    assert _found(text) is found
