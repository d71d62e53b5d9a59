"""Promise classes found by dev round 133 of the corpus.

Round 133 collected staff e-mails that bury the grant deep in a paragraph, in the passive,
a nominalisation or a department's jargon, with an internal team as the actor. Its misses,
read as classes: a passive due to come with "is to be" ("the €62 is to be refunded to your
card"); money "paid back" or "repaid" to the customer; a perfect with a time between "have"
and its participle ("our team has since moved you"); a price of the customer's that drops
("your plan will drop from $85 to $65"); a subject after a fronted phrase ("Because of this
the compensation has been added"); a credit in a utility's words ("a leak allowance");
"at no additional fare" and a grant frame past "for that sector"; "12 and 13 May" read as a
date, not the modal, before "have been removed from your folio". And one negative class: a
participle that qualifies "any" and a noun ("a full refund of any price increase applied
during the fixed term") is policy, not a charge said applied.
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £40 difference is to be refunded to your card.", True),
        ("Your booking fee is to be credited back to your account this week.", True),
        ("The overcharge is due to be refunded to your Visa.", True),
        ("Your fare is set to be fully reimbursed.", True),
        ("Refunds are to be issued within 14 days of the return.", False),
        ("The form is to be signed by you and returned.", False),
        ("Is the fee to be refunded?", False),
        ("The fee is not to be refunded.", False),
        ("If approved, the fee is to be refunded to your card.", False),
    ],
)
def test_a_passive_due_to_come(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your hotel costs will be paid back in full to the card you used.", True),
        ("You'll be paid back in full within 10 working days.", True),
        ("The £62 has been paid back to your bank account.", True),
        ("The deposit was repaid to your card on Monday.", True),
        ("Your loan will be paid back over 12 months.", False),
        ("The advance must be paid back to us by Friday.", False),
        ("We have been paid back by the courier.", False),
        ("You'll need to pay back the deposit we sent in error.", False),
        ("If the claim succeeds, you'll be paid back in full.", False),
    ],
)
def test_money_paid_back_to_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our reservations team has since moved you into Business at no additional fare.", True),
        ("We have since refunded the second night.", True),
        ("Our billing team has today credited £25 to your account.", True),
        ("I have this morning refunded your ticket in full.", True),
        ("Our team has since looked into your refund request.", False),
        ("It has been a week since we spoke about the refund.", False),
        ("Have you since received the refund?", False),
        ("We have since passed your refund request to the manager.", False),
    ],
)
def test_a_perfect_with_a_time_before_its_participle(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("From your next bill your plan will drop from $85 to $65 a month.", True),
        ("Your monthly payment will come down to £40 from next month.", True),
        ("Your membership will drop by $15 a month for the next year.", True),
        ("Your plan will go up from $65 to $85 in April.", False),
        ("Your plan will drop from $65 to $85.", False),
        ("Prices will drop from $85 to $65 in January.", False),
        ("Your speed will drop to 10Mbps at peak times.", False),
        ("If you switch to SIM-only, your plan will drop to $30.", False),
        ("Your plan might drop to $65 at renewal.", False),
        ("Your plan won't drop below $65.", False),
    ],
)
def test_a_price_of_the_customers_that_drops(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Because of this the compensation has been added to your account.", True),
        ("Due to the outage a credit of £12 has been applied to your bill.", True),
        ("As a result your refund has been issued.", True),
        ("Because of this the engineer has been booked for Monday.", False),
        ("Because of this the refund request has been passed to our billing team.", False),
        ("Because of this the compensation may have been delayed.", False),
    ],
)
def test_a_subject_after_a_fronted_phrase(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll apply a leak allowance to your account.", True),
        ("A hardship allowance of £60 has been applied to your bill.", True),
        ("An abatement of £40 has been applied to this quarter's rates.", True),
        ("We've made an ex gratia payment of €100 to your account.", True),
        ("We'll increase your baggage allowance.", False),
        ("Your data allowance resets on the 1st.", False),
        ("I've passed your leak allowance request to the billing team.", False),
        ("You can apply for a leak allowance online.", False),
        ("A leak allowance may be applied once the repair is confirmed.", False),
    ],
)
def test_a_credit_in_a_utilitys_words(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We've moved you to the 9am flight at no additional fare.", True),
        ("I've switched you to that room at no extra fee.", True),
        ("We've upgraded you for that sector at no extra cost.", True),
        ("We offer seat changes at no extra fee to all Gold members.", False),
        ("Can we move you to the 9am flight at no additional fare?", False),
    ],
)
def test_a_grant_frame_at_no_extra_fee_or_fare(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The nights of 12 and 13 May have been removed from your folio.", True),
        ("The parking for 4 May has been taken off your bill.", True),
        ("The nights may have been removed from your folio already.", False),
        ("The manager may remove the parking from your bill.", False),
    ],
)
def test_may_the_month_before_a_removal(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Customers on fixed plans get a full refund of any price increase applied.", False),
        ("We refund any fees charged in error after a review.", False),
        ("All members get a credit for every delivery missed by more than a day.", False),
        ("I applied a £10 credit to your account.", True),
        ("The price increase applied in March has been refunded to your card.", True),
    ],
)
def test_a_participle_that_qualifies_any(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
