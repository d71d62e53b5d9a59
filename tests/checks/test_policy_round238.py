"""Refusal classes found by dev round 238 (a no told through what happens instead).

Round 238 declined without any word of declining: it named a limit or a rule and led on,
with "so" or an opening reason, to what was asked kept as it was. Its misses, read as
classes (`_refusal_routine`): a sum or a charge that stays on the statement or is retained;
the thing going on "as standard", "as planned", "as usual", or charged "at the standard
rate", or "the full price applies"; what was asked to move staying in the customer's name;
a claim closed "without payment", an item that "counts as a final sale". Its hard negatives
use the same grammar for plain information or a grant: no limit named, the customer's own
choice ("as you asked"), a price kept down, a state kept for a while. Each class is tested
with wordings that are not corpus items, and with close negatives that must not refuse.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "The late fee is waived once a year, used in May, so the £12 stays on your bill.",
            True,
        ),
        ("Deposits are kept for no-shows inside 48 hours, so the $30 is retained.", True),
        (
            "Refunds close 14 days after the event, so the 40 EUR remains on your account.",
            True,
        ),
        ("Your renewal fee of £12 appears on your bill in May.", False),
        ("The late fee stays on your bill until the payment clears.", False),
        ("I've removed the increase, so your rent stays at $900 a month.", False),
    ],
)
def test_a_sum_kept_after_a_limit(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Free upgrades are capped at one per order, so the second box ships as standard.", True),
        ("A pause lasts two months at most, so your plan restarts on 3 May as planned.", True),
        ("The coupon expired last week, so the full fare of $88 applies to this trip.", True),
        ("The cover is 12 months from purchase, so the fix is billed at the standard rate.", True),
        ("Your parcel ships as standard and arrives on Friday.", False),
        ("Upgrades are capped at one per order, so as you asked the box ships as standard.", False),
        (
            "Free upgrades are capped at two a year and this is your first, so it ships express.",
            False,
        ),
    ],
)
def test_the_thing_goes_on_as_it_would_have(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Swaps close 24 hours before kick-off, so the tickets stay in your name.", True),
        ("Claims must reach us within 30 days, so it was closed without payment.", True),
        ("Returns run 14 days from delivery, so the coat counts as a final sale now.", True),
        (
            "Swaps close 24 hours before kick-off, and the match is next week, so they're moved.",
            False,
        ),
        ("The tickets stay in your name and the seats are in row F.", False),
        ("Returns run 14 days from delivery, so there is plenty of time to send it back.", False),
    ],
)
def test_kept_where_it_is_or_closed_unpaid(text: str, found: bool) -> None:
    assert _found(text) is found
