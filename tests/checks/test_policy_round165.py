"""Promise classes found by dev round 165 (prices and billing).

Round 165's misses, read as classes: a rate named for the favour it does the customer ("the
loyalty rate", "a retention price") is a discount by another name, given when applied; the
speaker moving the customer, or their plan, onto such a grant ("I've put you on the loyalty
rate", "I dropped it to the returning-customer rate"); a sum sent back with the customer
between the verb and "back" ("we'll send you back the difference"); a charge named after two
months joined by "and" ("your June and July late fees are reversed"), where "May" is a month
and no modal; and a bill's row struck off with its status in brackets ("Parking — €20.00
(removed)"). And two negative classes: a request named by what it asks ("your price match
request") passed to someone else decides nothing, and an upgrade is sold when the reply says
the customer will pay a sum for it ("you'll pay £59 a month"). Each class is tested with
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
        ("I've applied the loyalty rate to your broadband from this month.", True),
        ("We'll give you the retention price on your renewal.", True),
        ("The loyalty rate is available to customers after five years.", False),
        ("I can't offer the loyalty rate on this plan, I'm afraid.", False),
        ("I've applied the standard rate to your broadband from this month.", False),
    ],
)
def test_a_rate_named_for_the_favour_it_does(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm putting you on the loyalty tariff from your next bill.", True),
        ("I've moved you to the retention price for a year.", True),
        ("We've moved your plan onto a 15% discount for six months.", True),
        ("I dropped it to the goodwill rate for the next three months.", True),
        ("I've moved you to the Premium plan as you asked.", False),
        ("I've put you on hold while I check.", False),
        ("If you renew today, I'm putting you on the loyalty tariff.", False),
        ("Billing will move you to the loyalty tariff.", False),
    ],
)
def test_the_customer_moved_onto_a_grant(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will send you back the €25 difference by bank transfer.", True),
        ("I'll pay you back the $18 delivery charge today.", True),
        ("I'll send you back the signed form once it arrives.", False),
        ("I'll call you back tomorrow about the difference.", False),
        ("We will send you back the £12 difference if the price drop is confirmed.", False),
    ],
)
def test_a_sum_sent_back_with_the_customer_before_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your June and July late fees have been reversed.", True),
        ("Your April and May service charges (£6 each) are refunded.", True),
        ("Your April and May statements have been sent.", False),
        ("April and May late fees are reversed for members.", False),
        ("The April and May late fees will be waived if you pay by Friday.", False),
    ],
)
def test_a_charge_named_after_two_months(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your bill has been updated:\nParking — €20.00 (removed)\nTotal: €80.00", True),
        ("Room charges:\nLate checkout — €40.00 (removed)", True),
        ("Your bill:\nDiscount — €10.00 (removed)", False),
        ("Your bill:\nRoom service — €32.00 (added)", False),
        ("Your bill:\nSpa — €50.00 (cancelled)", False),
    ],
)
def test_a_bill_row_struck_off_in_brackets(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've forwarded your price match request to the pricing team for a decision.", False),
        ("I've sent your fee waiver request to accounts for review.", False),
        ("I've approved your price match request, so the £30 difference is refunded.", True),
    ],
)
def test_a_request_named_by_what_it_asks_passed_on(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Your upgrade to the Family plan is confirmed; you will pay $45 a month from June.",
            False,
        ),
        ("Your upgrade to the Family plan is confirmed. You'll pay $0 for it.", True),
        ("Your upgrade to the Family plan is confirmed, free of charge.", True),
    ],
)
def test_an_upgrade_the_customer_pays_a_sum_for(text: str, found: bool) -> None:
    assert _found(text) is found
