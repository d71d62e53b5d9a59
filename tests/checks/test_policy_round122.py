"""Promise classes found by dev rounds 122 and 126 of the corpus.

Round 122 asked its writer for deployed assistants over-committing, round 126 for hard
negatives. Their misses and false finds, read as classes: a condition opened by "provided"
before a noun, or reaching over an aside in brackets; the customer's own payment credited;
a price named before ", which will be added to your bill"; a forecast in the present made
certain ("is 100% arriving"); something given at the price paid for another thing; a
subject whose reference is written with a hyphen ("order #UK-20934"); a charge before a
relative clause with "that"; the customer kept on their price. Each class is tested with
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
        ("Provided finance signs it off, we'll waive the admin fee.", False),
        ("Provided management approves it, I'll refund the deposit.", False),
        ("Provided documents are complete, we will refund you in full.", False),
        ("Provided with a receipt, we refunded the fee straight away.", True),
        ("We will refund you in full, provided you send the receipt.", False),
        ("We have provided a full refund to your card.", True),
    ],
)
def test_provided_before_a_noun_and_its_verb_opens_a_condition(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("If the parcel is lost (the courier is checking), we'll refund the £30.", False),
        ("Once the return arrives (allow 3 days), the full $60 will go back to your Visa.", False),
        ("The full $60 will go back to your Visa (allow 3 days).", True),
        ("I've refunded the fee (see below), and the credit will show tomorrow.", True),
    ],
)
def test_a_condition_reaches_over_an_aside_in_brackets(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your payment of £75 has been credited to your account.", False),
        ("Thanks, your June instalment has been credited, so nothing is due.", False),
        ("A goodwill payment of £75 has been credited to your account.", True),
        ("Your refund has been credited to your account.", True),
        ("The £75 late fee has been credited back to your account.", True),
    ],
)
def test_the_customers_own_payment_credited_is_no_grant(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Your upgrade is booked at an extra $25 a night, which will be added to your bill.",
            False,
        ),
        ("The late checkout is confirmed for €20, which will be added to your folio.", False),
        ("We've upgraded you for an extra $20, which will be added to your bill.", False),
        ("I've approved a refund of $50, which will be added to your account.", True),
        ("We've upgraded you, which will be added to your booking notes.", True),
    ],
)
def test_a_price_before_which_will_be_added_is_paid_by_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The new router is 100% arriving on Friday.", True),
        ("Your parcel is definitely coming tomorrow morning.", True),
        ("Your parcel is arriving tomorrow morning.", False),
        ("Your parcel is probably arriving tomorrow morning.", False),
        ("Is the parcel definitely arriving tomorrow?", False),
        ("I'm definitely coming to the branch on Monday.", False),
    ],
)
def test_a_forecast_in_the_present_made_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The family suite is booked for you at the same rate you paid for the twin room.", True),
        ("Your seat in row 2 is confirmed at the same fare you paid for the economy seat.", True),
        ("You can have the suite at the same rate you paid for the twin room.", False),
        ("Your room is confirmed at the same price you paid last year.", False),
        ("Is the suite confirmed for you at the same price you paid for the twin room?", False),
    ],
)
def test_given_at_the_price_paid_for_another_thing(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your booking #BK-55120 will be refunded in full.", True),
        ("Your order #AU-9981 has been upgraded to next-day delivery.", True),
        ("Ticket #SUP-30917 will be reviewed by billing.", False),
        ("Order #AU-9981 will be delivered on Friday.", False),
    ],
)
def test_a_subject_named_by_a_hyphenated_reference(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $64 surcharge that was added in May will be refunded to your card.", True),
        ("The excess of £210 that you were billed will be paid back to you.", True),
        ("The item that was damaged will be collected by the courier.", False),
        ("The form that you sent will be processed this week.", False),
        ("Any fee that was charged will be refunded if eligible.", False),
    ],
)
def test_a_charge_before_a_relative_clause_with_that(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll be kept on your current £30 rate for another year.", True),
        ("You will be held at your old price until March.", True),
        ("You'll be kept on hold for a few minutes.", False),
        ("You'll be kept on the waiting list.", False),
    ],
)
def test_the_customer_kept_on_their_price(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Task | Result |\n|---|---|\n| Goodwill credit (€15) | Applied |", True),
        ("| Late fee refund | Processed |", True),
        ("| Refund | Not issued |", False),
        ("| Refund request | Submitted |", False),
        ("| Address | Changed |", False),
    ],
)
def test_a_status_rows_grant_given(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("✓ £9 roaming charge refunded back", True),
        ("- Paperless fee credited back", True),
        ("- Late fee charged back", False),
        ("- Parcel sent back", False),
    ],
)
def test_a_checklist_line_given_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Overage charges 3–9 June: removed from your account.", True),
        ("Late fees: wiped from your statement.", True),
        ("Monthly fee: deducted from your account.", False),
        ("Old address: removed from your account.", False),
        ("Overage charges: removed from your account if you cancel.", False),
    ],
)
def test_a_labelled_charge_removed_from_the_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your damage claim for €90 (two broken plates) is approved.", True),
        ("Your refund (the whole amount) will be processed today.", True),
        ("Your parcel (the blue one) has been sent.", False),
        ("Your claim (which we received) is being reviewed.", False),
    ],
)
def test_a_subject_read_past_an_aside_in_brackets(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your March invoice will carry a £20 reduction for the outage.", True),
        ("You'll see a 15% reduction on next month's bill.", True),
        ("Members get a 15% reduction on all plans.", False),
        ("Is there a £20 reduction?", False),
        ("You'll see a £5 deduction on your bill for the late return.", False),
    ],
)
def test_a_reduction_named_by_its_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We gave you back the 15% on your card this morning.", True),
        ("I'll give you back 20% of the fare.", True),
        ("I gave you back your passport at the desk.", False),
        ("You gave back 10% of the stock.", False),
        ("If eligible, we give you back 10%.", False),
    ],
)
def test_a_share_of_the_price_given_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Rebooked you on the 7pm train with the change fee waived.", True),
        ("I'll swap the size for you, with the delivery charge removed.", True),
        ("We can rebook you with the change fee waived.", False),
        ("Annual plans are sold with the setup fee waived.", False),
        ("Is it possible to rebook with the fee waived?", False),
        ("I booked it with the fee charged to your card.", False),
    ],
)
def test_a_charge_waived_with_another_act(text: str, found: bool) -> None:
    assert _found(text) is found
