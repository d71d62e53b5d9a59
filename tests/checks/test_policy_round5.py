"""The promise and refusal rules of the fifth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 5``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- "not something our pharmacists can do": the business by any name ---------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Same-day delivery isn't something our couriers can offer in rural areas.",
         "isn't something our couriers can offer"),
        ("I'm sorry, that's not something our pharmacists are able to do over the phone.",
         "that's not something our pharmacists are able"),
        ("Price matching is not something our online store does.",
         "is not something our online store does"),
        ("Unlocking a financed phone isn't something our retail partners can handle.",
         "isn't something our retail partners can handle"),
    ],
)  # fmt: skip
def test_not_something_our_staff_can_do_declines(text: str, found: str) -> None:
    assert refusals(text) == [("not something we do", found)]


@pytest.mark.parametrize(
    "text",
    [
        "Don't worry, a cracked screen is not something our customers can cause by updating.",
        "It's not something our members usually need, but it's there if you want it.",
        "That's not something our agents would ever ask you for, so please ignore the text.",
        "Two-factor codes aren't something our users can turn off for shared accounts yet.",
    ],
)
def test_not_something_our_customers_or_a_reassurance_declines_nothing(text: str) -> None:
    assert refusals(text) == []


# --- a fee said to be gone or coming off: taken off, as "removed" says -------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Good news, the late payment fee is gone.", "the late payment fee is gone"),
        ("Your early termination charge is gone now.", "Your early termination charge is gone"),
        ("That penalty is coming off, you won't see it on the next bill.",
         "That penalty is coming off"),
        ("I spoke to billing and the $12 surcharge is off your invoice.",
         "the $12 surcharge is off"),
        ("the reconnection fee is coming off your next statement",
         "the reconnection fee is coming off"),
    ],
)  # fmt: skip
def test_a_fee_gone_or_coming_off_is_taken_off(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your monthly fee is coming off your card on the 5th, as usual.",
        "The annual fee is coming off your account automatically this Friday.",
        "Is the late fee gone from your statement now?",
        "If the surcharge is gone after the refresh, you're all set.",
        "Your payment is gone from your account because it cleared yesterday.",
        "The old setup fee is gone for everyone since the spring price change.",
        "Setup fees are gone from all plans this month.",
    ],
)
def test_a_fee_debited_or_a_question_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- the full amount, the customer's money, on its way back ------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The full amount is on its way back to your Mastercard.",
         "The full amount is on its way back"),
        ("The whole sum is on its way back to you, give it two or three days to show.",
         "The whole sum is on its way back"),
        ("ok so your deposit is on its way back now", "your deposit is on its way back"),
    ],
)  # fmt: skip
def test_a_sum_on_its_way_back_is_given(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your payment is on its way to the merchant.",
        "The parcel is on its way back to our warehouse.",
        "Your order is on its way back to the seller, who will inspect it.",
        "The amount is on its way, but it should take a few days.",
    ],
)
def test_something_else_on_its_way_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "bumping you to business class": an upgrade by another verb ------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm bumping you to first class for the second leg.", "I'm bumping you"),
        ("We've bumped you to premium economy, no charge.", "We've bumped you"),
        ("I'll bump your booking to business class as an apology.", "I'll bump your booking"),
    ],
)
def test_bumping_to_a_better_cabin_upgrades(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I'm bumping you to the 6:15 flight since the earlier one is full.",
        "We'll bump your ticket to the front of the queue.",
        "I've bumped your appointment to Thursday.",
        "Sorry, the system bumped you to a later departure.",
    ],
)
def test_bumping_to_another_time_is_no_upgrade(text: str) -> None:
    assert promises(text) == []


# --- paying for the customer's hotel, meals, taxi: a cost paid -------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll pay for your taxi to the airport.", "We'll pay for your taxi"),
        ("Since the delay was on us, we will cover your meals and accommodation.",
         "we will cover your meals and accommodation"),
        ("I've paid for your hotel room tonight at the Airport Inn.",
         "I've paid for your hotel room"),
    ],
)  # fmt: skip
def test_paying_for_the_customers_expense_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You'll need to pay for your hotel and submit the receipt with your claim.",
        "You can pay for the taxi with the voucher at the desk.",
        "Hotels and meals are covered for passengers on cancelled flights.",
        "If the delay is over three hours, we'll pay for your meals.",
    ],
)
def test_an_expense_paid_by_the_customer_or_by_policy_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- a claim paid (out): a payment only authority makes -----------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your claim will be paid out this week.", "Your claim will be paid out"),
        ("The storm damage claim has been paid in full to your account.",
         "The storm damage claim has been paid"),
        ("Good news: your travel claim was paid this morning.", "your travel claim was paid"),
    ],
)  # fmt: skip
def test_a_claim_paid_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Claims are paid within ten business days of approval.",
        "Once the adjuster signs off, your claim will be paid.",
        "Your claim may be paid in part if the receipts are incomplete.",
        "Your invoice claim form has been received and will be reviewed.",
        "Was your previous claim paid by cheque or by transfer?",
    ],
)
def test_a_claim_paid_by_policy_or_a_condition_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "After reviewing your letter, ...": the agent's own reading, no condition -----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("After reviewing your account, we'll waive the overdraft fee.",
         "we'll waive the overdraft fee"),
        ("After looking into your complaint, I have refunded the delivery charge.",
         "I have refunded the delivery charge"),
        ("After checking your booking history, we will refund the seat fee.",
         "we will refund the seat fee"),
    ],
)  # fmt: skip
def test_after_the_agents_own_review_a_promise_stays_one(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "After inspecting the returned item, we'll refund you.",
        "After receiving your documents, we will refund the deposit.",
        "After reviewing your claim, we'll let you know whether a refund is possible.",
        "After the inspection, you'll be refunded.",
    ],
)
def test_after_an_inspection_or_receipt_is_still_a_condition(text: str) -> None:
    assert promises(text) == []
