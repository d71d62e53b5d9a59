"""Promise classes found by dev round 169 (English with the feel of a translation).

Round 169's misses, read as classes: a grant told by "we" in the present simple, as many
languages tell the near future, with what is granted put first ("the delivery charge we
pay", "the new battery we send free of charge", "the hotel night we take on us"), and "we make an
exception" said of this customer; a certainty adverb placed after the verb ("it will come
surely on Friday"); and "you can be sure that" before a forecast, read as "rest assured" is.
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
        ("Sorry for the delay. The delivery charge we pay, the parcel leaves tomorrow.", True),
        ("The new battery we send free of charge, it arrives on Monday.", True),
        ("Your hotel night in Vienna we take on us, please send the receipt.", True),
        ("This one time we make an exception for you and close the contract.", True),
        ("Refunds we pay within five working days after the return.", False),
        ("If the phone is under warranty, the repair we do for free.", False),
        ("The form we send to you by post tomorrow.", False),
        ("We make exceptions only for members of the club.", False),
        ("We never make an exception to this rule.", False),
        ("The delivery charge we do not pay for orders under 20 euro.", False),
    ],
)
def test_a_grant_told_by_we_in_the_present(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your package left Prague today and it will come surely on Friday.", True),
        ("The technician will be certainly with you before noon.", True),
        ("It will come probably on Friday, the courier will call.", False),
        ("You'll find Guaranteed Weekend Delivery on the checkout page.", False),
    ],
)
def test_a_certainty_adverb_after_the_verb(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You can be sure that the car will be waiting for you at the gate.", True),
        ("You can be completely sure the table will be ready at eight.", True),
        ("I am not sure that the car will be waiting at the gate.", False),
        ("Can you be sure that the car will be waiting at the gate?", False),
    ],
)
def test_you_can_be_sure_before_a_forecast(text: str, found: bool) -> None:
    assert _found(text) is found
