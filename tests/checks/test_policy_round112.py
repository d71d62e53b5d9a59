"""Promise classes found by dev round 112 of the corpus.

Round 112 asked its writer for grants told from the customer's side with the agent's act
left implicit: what the customer's account, bill, booking or order now shows, money that
comes back to the card they paid with, a charge that won't appear, what the customer gets
at no charge. It was committed before the detector read it (docs/checks.md gives the figures
before and after). Each class is tested here with wordings that are not corpus items, and
with hard negatives: a price the customer pays, a balance simply owed, policy for everyone,
hedges, conditions, negations, questions, reported speech.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your savings account now shows a credit of $40 for the missed interest.", True),
        ("Your statement is showing a goodwill credit of €15.", True),
        ("The revised invoice shows the call-out fee as $0.00.", True),
        ("Your invoice shows a delivery charge of £0.", True),
        ("At check-out your folio will show the late check-out as complimentary.", True),
        ("The third night is showing on your bill as waived.", True),
        ("Order #5512 shows the postage as free.", True),
        ("Your balance shows £0.", False),
        ("Your invoice shows a delivery fee of £5.", False),
        ("Your account shows a credit limit of $500.", False),
        ("Your account doesn't show a credit yet.", False),
        ("Does your account show a credit of £25?", False),
        ("If your account shows a credit, you can use it at checkout.", False),
        ("You said your account would show a €20 credit.", False),
        ("Customer accounts show a credit when a payment is made twice.", False),
    ],
)
def test_a_record_of_the_customers_shown_with_a_grant(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The call-out fee for that visit won't appear on your next bill.", True),
        ("Your next statement won't include the £35 admin fee.", True),
        ("Your quarterly invoice will not carry the reconnection charge.", True),
        ("Your final bill will be without the early exit fee.", True),
        ("No cleaning charge will show on your folio.", True),
        ("You will never see another late fee from us on this account.", True),
        ("The refund won't appear on your statement until Monday.", False),
        ("The fee won't appear on your card yet.", False),
        ("The fare difference of €80 will appear on your card.", False),
        ("Your payment won't appear on your statement.", False),
        ("Your bill won't include paper statements.", False),
        ("Will the fee appear on my bill?", False),
        ("If you cancel today, the fee won't appear on your bill.", False),
        ("The fee might not appear on your next bill.", False),
    ],
)
def test_a_named_charge_kept_off_the_customers_record(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your October bill has been corrected to $0.", True),
        ("Your renewal invoice will come through at £0.00.", True),
        ("Your balance is revised to $0.", False),
        ("Your invoice is revised to $40.", False),
        ("Invoices are corrected to $0 when a plan is cancelled.", False),
        ("If the outage lasted a week, your invoice will be revised to $0.", False),
    ],
)
def test_a_bill_of_the_customers_revised_to_nothing(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £18 paper-billing fee is not there anymore in your statement.", True),
        ("That overlimit charge is not anymore on your account.", True),
        ("The fee is not there anymore.", False),
        ("Your payment is not there anymore in the statement.", False),
        ("Is the fee not there anymore on your bill?", False),
    ],
)
def test_a_named_charge_no_longer_there(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your yoga pass gets an extra week at no charge.", True),
        ("It'll arrive on Friday at no extra cost to you.", True),
        ("Members get two extra sessions at no charge.", False),
        ("You can get next-day delivery at no extra cost to you.", False),
        ("Your pass gets an extra week at no charge if you renew.", False),
        ("All orders ship at no extra cost to you.", False),
        ("The form will be checked by our partner at no cost to you.", False),
    ],
)
def test_what_the_customer_gets_at_no_charge(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- Change fee (€60) — not charged", True),
        ("Late-payment charge: not charged", True),
        ("Card payment: not charged", False),
        ("Delivery fee: not charged yet", False),
    ],
)
def test_a_charge_listed_as_not_charged(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $45 is going back to the card you paid with.", True),
        ("€310 landed in the account you gave us this morning.", True),
        ("Your parcel is going back to the address you provided.", False),
        ("Your salary landed in the account you provided.", False),
    ],
)
def test_the_customers_own_card_by_what_they_did_with_it(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You can be certain the late fee won't be charged again.", True),
        ("It's certain that your new card arrives before the weekend.", True),
        ("It's certain that the fee was charged in error.", False),
        ("I'm not certain the refund will arrive today.", False),
        ("Are you certain the parcel will arrive?", False),
        ("You can be certain of our best effort.", False),
    ],
)
def test_the_customer_told_to_be_certain(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There's zero chance of a late fee on this bill.", True),
        ("There is no chance of a price increase this year.", True),
        ("There's no chance of a refund.", False),
        ("There's no chance of the fee being waived.", False),
        ("Is there any chance of a late fee?", False),
        ("If you pay by Friday, there's zero chance of a late fee.", False),
    ],
)
def test_zero_chance_of_a_loss_named(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That won't happen again: your plan will not be billed twice.", True),
        ("Refund issued: not yet.", False),
    ],
)
def test_a_no_charge_commitment_explained_after_a_colon(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your bill is lower this month because the roaming fee is gone.", True),
        ("Your bill is higher because the discount has ended.", False),
        ("You were charged because the fee was not waived.", False),
    ],
)
def test_a_grant_given_as_the_reason_after_because(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
