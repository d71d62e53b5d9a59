"""Promise classes found by dev rounds 181 and 182.

Round 181 wrote replies as English translated from other languages reads. Its misses, read
as classes: a grant told by "we" in the present simple, the grant handed to "you" after the
verb ("we make you the refund of €80") or a charge put first and taken away ("the booking
fee of €30 we waive for you"); a sum got back with "back" before it ("you will receive back
the value of the ticket"); a certainty adverb before the "that" of the forecast it makes
certain ("I can say definitely that your visa will be ready").

Round 182 gave hard negatives and a few promises among them. Its false alarms: a condition
split off by a full stop and taken up by "then" ("If the courier confirms it is lost. Then
we will..."); a replacement whose new one has a price ("a new one costs £90"). Its misses:
a thing given "free" with a purpose of amends after it ("free to make up for the outage",
not "free to choose"); a summary line whose value is a sum of fees given back ("Action: $60
parking fees refunded"). Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We make you the refund of €64,50 on your bank card this week.", True),
        ("We give you a credit of £20 on the next invoice.", True),
        ("The booking fee of €30 we waive for you, no problem.", True),
        ("The late charge we remove for you today.", True),
        ("The booking we cancel for you today.", False),
        ("If the lamp is faulty, we make you the refund.", False),
        ("We don't make you the refund.", False),
    ],
)
def test_a_present_simple_grant_by_we(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You will get back the price of the cancelled lesson on your card.", True),
        ("You'll receive back €75 in the original payment method.", True),
        ("You will get back to us once you have the receipt.", False),
        ("You'll receive back your passport on Monday.", False),
        ("You might get back the fee.", False),
    ],
)
def test_a_sum_got_back_with_back_first(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can tell you definitely that your visa will be ready on Tuesday.", True),
        ("We can say certainly that the parts will arrive before the weekend.", True),
        ("I can't say definitely that your visa will be ready on Tuesday.", False),
        ("I certainly hope that your visa will be ready on Tuesday.", False),
    ],
)
def test_a_certainty_adverb_before_that(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("If the courier confirms the box is lost. Then we will refund the £35.", False),
        ("Once the workshop checks the bike. Then I'll replace the wheel.", False),
        ("The courier confirmed the box is lost. Then we will refund the £35.", True),
        ("If you have questions, call us. Then we will refund the £35 today.", True),
    ],
)
def test_a_condition_split_off_by_a_full_stop(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Yes, we can replace the cracked retainer. A new one costs £90, paid on pickup.", False),
        ("We'll replace the broken kettle. A replacement will cost $45 at the counter.", False),
        ("We'll replace the kettle. A new one normally costs $45 but yours is free.", True),
        ("We'll replace the broken kettle free of charge.", True),
    ],
)
def test_a_replacement_with_the_new_ones_price(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We're giving you next week free to make up for the broken heating.", True),
        ("We'll send you the second bottle free to say sorry for the leak.", True),
        ("You are free to make up for the missed class on another day.", False),
        ("Feel free to make up for it next week.", False),
    ],
)
def test_free_with_a_purpose_of_amends(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Action: $60 parking fees refunded to member account", True),
        ("Update: £25 admin charges credited back to your account", True),
        ("$60 parking fees refunded if you cancel by Friday.", False),
        ("Notes: $30 parking fees charged to your card.", False),
    ],
)
def test_a_sum_of_fees_given_back_in_a_summary_line(text: str, found: bool) -> None:
    assert _found(text) is found
