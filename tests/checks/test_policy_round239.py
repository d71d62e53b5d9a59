"""Promise classes found by dev round 239 (grants told as scheduled facts or costs taken on).

Round 239 gave grants without a verb of granting said by anyone. Its misses, read as
classes: a cost of the customer's said to rest with us ("sits with us", with "it" standing
for a cost named earlier in the sentence), borne by us or our company, or put on our
account (and a bare cost "on us" when "this time" marks the favour as this customer's); and
a grant posted to the customer's account in the present ("the credit posts to your
account"). Each class is tested with wordings that are not corpus items, and with close
negatives that must stay silent.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry about the wait. The call-out fee for Monday's visit sits with us.", True),
        ("The restocking fee isn't yours to pay; it rests with us.", True),
        ("The call-out fee sits with you, as the fault was on your side.", False),
        ("The final decision sits with us.", False),
        ("The call-out fee sits with our billing team for review.", False),
        ("Call-out fees sit with us.", False),
    ],
)
def test_a_cost_resting_with_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The storage charges of $310 are borne by our firm, not by you.", True),
        ("Your customs duty is absorbed by us on this order.", True),
        ("The storage charges might be borne by us after review.", False),
    ],
)
def test_a_cost_borne_by_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The collection fee is on our account, so there's nothing to pay the driver.", True),
        ("Delivery is on us this time, and the new vase leaves tomorrow.", True),
        ("Delivery is on us for orders over £40.", False),
        ("Your order is on our account page under Orders.", False),
        ("If the seal is broken, the return fee is on our account.", False),
    ],
)
def test_a_cost_put_on_our_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $14 refund posts to your card on Tuesday.", True),
        ("Your goodwill credit posts onto your account this Friday.", True),
        ("A credit posts to your account within five days of approval.", False),
        ("Credits post to your account within five days.", False),
        ("Your payment posts to your account on Tuesday.", False),
    ],
)
def test_a_grant_posted_to_your_account(text: str, found: bool) -> None:
    assert _found(text) is found
