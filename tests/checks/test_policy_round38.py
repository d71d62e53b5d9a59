"""Refusal and promise classes found by the thirty-eighth and fortieth rounds of the corpus.

Both were written in the style of τ-bench's airline and retail agents (reservation and order
ids, certificates, cabins, membership tiers) by writers who never saw the detectors, and
committed before they read them (docs/checks.md gives their figures before and after). Each
class is tested here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Per the policy, only one travel certificate can be used per reservation.", True),
        ("Only one change can be made per booking.", True),
        ("Only one of you needs to sign the form.", False),
        ("If only one certificate can be used per booking, I'll use the larger one.", False),
    ],
)
def test_a_limit_of_one_per_booking_declines_the_second(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I have issued a travel certificate of $150 to your account.", True),
        ("A certificate of insurance was issued.", False),
        ("The refund for the returned blender hasn't arrived yet.", False),
        ("Your booking was made at our rate and cannot be cancelled free of charge.", False),
        ("Your new charger was sent this morning, free of charge.", True),
        ("2. Guaranteed by noon – £11.90, for delivery before noon the next working day", False),
        ("Delivery is guaranteed by Friday.", True),
    ],
)
def test_the_fortieth_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You definitely won't be paying for the second night.", True),
        ("You will certainly not be charged the £90 cleaning fee.", True),
        ("The original amount will not be collected.", True),
        ("A full refund of €18.40 is coming your way.", True),
        ("Your refund is heading your way.", True),
        ("Good weather is coming your way.", False),
        ("After checking the case, €200 compensation was approved and transferred to you.", True),
        ("After checking the item, we'll refund you.", False),
        ("Your refund has been confirmed.", True),
        ("Your booking is confirmed.", False),
        ("The $30 credit I've applied to your account covers the outage.", True),
        ("The form I've sent to you needs signing.", False),
        ("The refund I've asked billing for is pending.", False),
        ("I'll knock this month's fee down to £20.", True),
    ],
)
def test_the_forty_second_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("we're gonna restore ur 500 coins from the rollback", True),
        ("We restored your access.", False),
        ("The £7.80 has been taken off your subscription.", True),
        ("£50 has been taken off your card.", False),
        ("We're sending you a new, sealed handset this afternoon by courier at no cost.", True),
        ("Our technician will come back on Thursday and fix the leak at no charge to you.", True),
        ("I checked your order, and delivery, as always, is at no extra cost.", False),
    ],
)
def test_the_forty_fourth_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- **Refund issued:** ❌ **no**, not yet", False),
        ("Refund issued: pending", False),
        ("Refund issued: ✅ $40 to your card", True),
    ],
)
def test_a_label_answered_no_claims_nothing(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our Student Services advisers are not qualified to give immigration advice.", True),
        ("no, we can't tell you when your girlfriend checks in, visits are private.", True),
        ("I can't tell you when the engineer will arrive.", False),
        ("Should we be unable to source the part in time, we will contact you.", False),
        ("The results go direct to your doctor in 2 days.", False),
        ("Dosage questions have to go to a pharmacist.", True),
    ],
)
def test_the_forty_seventh_rounds_refusal_classes(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('The disputed charge of $49 from "FitPro App" has been reversed on your card.', True),
        ('Choose "Guaranteed Saturday" at checkout.', False),
        ('You wrote "I was promised a refund" in your e-mail.', False),
    ],
)
def test_a_quoted_name_inside_a_clause_splits_nothing(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Promise you, everyone in Screen 4 is getting their ticket money back.", True),
        ("Promise you, the refund is on its way.", True),
        ("Promise you, I'm looking into it.", False),
        ("Promise you won't regret it.", False),
    ],
)
def test_a_chats_promise_without_its_i(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
