"""Refusal classes found by dev round 290 and promise classes found by dev round 291.

Round 290's false alarms (refusals), read as classes: an inability inside a condition the
agent is finding out, where the condition opens a part of the sentence after a semicolon, a
colon or a dash rather than the sentence itself ("I'm pulling up the line now; if it's
barred, I can't add the bundle"); and a check told as a watch kept ("I'm keeping an eye on
it", "I'll monitor the payment"), which learns the condition as "let me check" does
(`_refusal_unchecked`). Left: "let's see" and "I'll see" as a check, which as often offer
another way after a refusal ("but I'll see what else I can do"); a condition after ", but if"
or "and if" in mid-sentence.

Round 291's errors (promises): a plan's part after a time's possessive ("next month's plan
fee will be waived"): "plan" before a noun of its part is the product, not an intention that
hedges (`_grammar`); "those" alone or before its noun pointing back at the customer's named
charges ("two roaming charges, those are waived already"), not "those who" (everyone:
`_promise_everyone`, and the present passive with "now"/"already" in `_promise_shapes`); a
shop's price fallen "since you ordered" (`_promise_staff`), not a charge lowered for the
customer; and a bill "paid with the card on file", the customer's own means, not a cost the
business bore (`_phrase_passive`). Left: none of the round's four. Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _refused(text: str) -> bool:
    return bool(find_refusals(text).findings)


def _promised(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm pulling up the second line now; if it's barred, I can't add the bundle.", False),
        (
            "Let me verify the order first: if it has left the depot, I won't be able to stop it.",
            False,
        ),
        ("I'll check the account now — if the balance is overdue, I can't lift the cap.", False),
        ("I checked the line; if it's barred, I can't add the bundle.", True),
        ("Our records are clear; if you're not the holder, I can't share the bill.", True),
        ("I'm sorry, but I can't add the bundle to a barred line.", True),
    ],
)
def test_a_checked_condition_after_a_break(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("If the transfer bounces, I can't restore the service, so I'm monitoring it now.", False),
        (
            "If the port fails, I won't be able to keep the number; I'll keep an eye on it.",
            False,
        ),
        (
            "If the deposit doesn't arrive, we can't release the handset. I'm watching for it.",
            False,
        ),
        ("If the deposit doesn't arrive, we can't release the handset, as our terms say.", True),
        (
            "If you're not the account holder, I can't share it, but I'll see what else I can do.",
            True,
        ),
    ],
)
def test_a_watch_kept_on_the_condition(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("This month's plan charge of $25 will be credited back to your card.", True),
        ("Your next quarter's plan price will be cut by 10% for the trouble.", True),
        ("We plan to credit the charge back if the review agrees.", False),
        ("The plan fee will be credited back if you upgrade.", False),
    ],
)
def test_a_plan_before_its_part(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your statement showed two $9 roaming charges, those have been reversed.", True),
        ("I found three late fees on the account, and those are waived already.", True),
        ("Those overage charges are waived now, so your balance is $31.", True),
        ("Those who cancel within 14 days will be refunded.", False),
        ("Those with a business plan are refunded automatically.", False),
        ("Activation fees apply to new lines. These fees are waived for members.", False),
    ],
)
def test_those_pointing_back(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The boots have fallen to $60 since you bought them last week.", False),
        ("The TV has dropped by $120 since your purchase, so a price match may apply.", False),
        ("Your plan has dropped to $30 a month since your upgrade went through.", True),
        ("Your bill has dropped by $15 since last month's credit.", True),
    ],
)
def test_a_shop_price_fallen_since_the_purchase(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The outstanding balance of $47 was paid using your saved Mastercard.", False),
        ("Your June invoice has been paid in full by direct debit.", False),
        ("The $60 arrears were paid with credit_card_5512 this morning.", False),
        ("The $35 callout charge has been paid by us.", True),
        ("Your June invoice has been paid with a goodwill credit from us.", True),
        ("The repair cost of $180 has been paid in full.", True),
    ],
)
def test_a_bill_paid_with_their_own_means(text: str, found: bool) -> None:
    assert _promised(text) is found
