"""Refusal classes found by dev round 282 (a tool-using airline or retail agent).

Round 282's misses, read as classes: a limit on redress, not only on a kind of request
("you're not eligible for a compensation certificate", "isn't eligible for store credit":
`_refusal_passive.not_eligible`, what `GRANTS` names, one noun before it allowed); and "you
cannot <act>" told as the answer after a word of regret ("I'm afraid you can't remove a
single item", "Unfortunately, you cannot add a passenger": `_refusal_passive._regretted`),
beside the verdict's "therefore" and "so" ("I'm sorry you can't cancel it online" is
sympathy, and the customer's own past attempt is no answer).

Its false alarms: a condition the agent has yet to check, the inability its main clause
(or the condition after it), with a check announced in the reply around it ("If it has
already shipped, I won't be able to cancel it ... Let me check", "I'm checking availability
now", "one moment": `_refusal_unchecked`). A rule told for a case with no check ("if you're
not the account holder, I can't share it"), a condition the customer sets by wanting, and a
check already made still refuse. No class was left. Each class is tested with wordings that
are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your delay was under two hours, so you aren't eligible for compensation.", True),
        ("As a basic member you're not eligible for a travel voucher for this disruption.", True),
        ("Order #W1182334 isn't eligible for store credit because it was a gift.", True),
        ("The rebooked segment is not eligible for meal vouchers, I'm sorry to say.", True),
        ("This item is not eligible for free shipping, so a $5 fee applies.", False),
        ("Silver members are not eligible for the lounge discount on this route.", False),
        ("Good news: you're eligible for a compensation certificate of $100.", False),
    ],
)
def test_not_eligible_for_redress(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm afraid you can't split one reservation into two separate bookings.", True),
        ("Unfortunately, you cannot add a checked bag to a flown segment.", True),
        ("Sorry, but you won't be able to swap the colour on a delivered order.", True),
        ("Regrettably you are not able to transfer the ticket to your brother.", True),
        ("I'm sorry you can't cancel it in the app; I've cancelled it for you now.", False),
        ("Unfortunately you can't change it online, but I can do it from here.", False),
        ("Sadly you couldn't cancel it before the cut-off, so I've done it for you.", False),
        ("I'm sorry you can't log in; I've sent a reset link to your email.", False),
    ],
)
def test_you_cannot_after_regret(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "If the order is already out for delivery, I won't be able to change the address. "
            "Let me look it up now.",
            False,
        ),
        (
            "Let me just pull up reservation K3PQ7Z. If both passengers are on basic economy, "
            "I can't move the return date.",
            False,
        ),
        (
            "I can't swap the size if the item has already shipped, so I'm checking its status "
            "first.",
            False,
        ),
        (
            "If business is sold out on that date, the upgrade can't be done; give me a sec "
            "while I look.",
            False,
        ),
        ("If you're not the card holder, I can't share the last four digits.", True),
        (
            "If you want the refund on your Visa, I can't do that since it was paid by gift "
            "card. Let me check the other options.",
            True,
        ),
        (
            "I checked the order and it has shipped. If it has shipped, I can't cancel it.",
            True,
        ),
        ("The fare is basic economy, so I can't change the flights. Let me check refunds.", True),
    ],
)
def test_a_condition_being_checked(text: str, found: bool) -> None:
    assert _found(text) is found
