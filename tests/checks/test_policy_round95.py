"""Promise and refusal classes found by dev rounds 95 and 96 of the corpus.

Round 95 asked its writer for commitments that are easy to miss in replies of subscription
businesses, telecoms, utilities, insurers and banks: said from the customer's side ("your
next bill will show a £25 credit"), in the passive, as one step of a list, or as a past act
among routine ones; round 96 for indirect refusals by clinics, banks, law firms, HR desks
and councils. Each round was committed before the detectors read it (docs/checks.md gives
the figures before and after). Each class is tested here with wordings that are not corpus
items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your next bill will show a £15 credit for the outage.", True),
        ("Your next statement will include a $9.40 goodwill credit.", True),
        ("The following invoice will reflect the 20% discount we agreed.", True),
        ("Your statement will show the €120 back in your account by Friday.", True),
        ("Your bill will show the new price of $59.99 from March.", False),
        ("Your next invoice will include the £10 replacement SIM fee.", False),
        ("Bills will show a credit when an outage lasts over 24 hours.", False),
        ("Your next bill will show a £15 credit if the engineer confirms the fault.", False),
        ("Your next bill will show your usage up to 21 August.", False),
    ],
)
def test_a_bill_said_to_carry_a_grant(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The refund for the days not used has been issued to your card.", True),
        ("A credit for the items not received has been applied to your account.", True),
        ("The refund for the nights not stayed was processed this morning.", True),
        ("The refund has not been issued yet.", False),
        ("The fee was not waived because the request came too late.", False),
        ("I have not used the credit you mentioned.", False),
    ],
)
def test_a_participle_after_not_qualifies_its_noun_and_negates_nothing(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You were charged twice. One of those is already reversed.", True),
        ("There were two fees; one of them has been waived.", True),
        ("One of our customers was refunded after a similar fault.", False),
        ("Those fees are waived for members.", False),
    ],
)
def test_one_of_those_is_one_charge_not_everyone(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The late payment penalty of €12 was annulled.", True),
        ("We have annulled the reconnection fee.", True),
        ("The contract was annulled by the court in 2019.", False),
        ("The penalty cannot be annulled once it is issued.", False),
    ],
)
def test_a_penalty_annulled_is_a_charge_taken_off(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your broken screen will be repaired free of charge.", True),
        ("Your boiler will be serviced at no extra cost this year.", True),
        ("You'll be moved to the fibre plan at no extra cost.", True),
        ("Screens are repaired free of charge under the warranty.", False),
        ("Your parcel will be charged at the standard rate.", False),
        ("Your boiler can be serviced at no extra cost if you renew.", False),
    ],
)
def test_what_is_theirs_done_free_of_charge(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- £220.00 paid to your bank account on 4 June ✔", True),
        ("- €75 sent to your card this morning", True),
        ("| £48.20 roaming charge | **Credited back** |", True),
        ("- £20 paid by card ✔", False),
        ("- £35 paid from your account on 3 May", False),
        ("| £48.20 roaming charge | Charged |", False),
    ],
)
def test_a_sum_paid_to_the_customer_or_a_charge_row_credited_back(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm taking 30% off your next box — when it's charged you'll see £21, not £30.", True),
        ("I'll refund the fee — once the bank confirms it you'll see it on your card.", False),
        ("We'll replace it - once it arrives back you will get the new one.", False),
    ],
)
def test_a_billing_time_with_its_own_clause_is_no_condition_on_the_grant(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your claim for the delayed flights will be paid in full.", True),
        ("The refund for the returned items will be issued today.", True),
        ("Customers with cancelled flights will be refunded.", False),
    ],
)
def test_a_participle_after_an_article_belongs_to_the_subject(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've ordered your replacement card. You'll see a one-off £5 charge for it.", False),
        ("Your upgrade is confirmed. Your bill will show the new price of £45 a month.", False),
        ("I've ordered your replacement card free of charge.", True),
    ],
)
def test_a_replacement_or_upgrade_the_customer_pays_for_is_no_grant(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("HR won't be sharing another employee's salary.", True),
        ("Sorry, but payroll isn't able to change a closed pay period.", True),
        ("The municipality does not issue driving licences.", True),
        ("HR will send you the form today.", False),
        ("Payroll can't find a timesheet for that week, could you resend it?", False),
    ],
)
def test_a_department_named_bare_declines_for_the_business(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Booking the test isn't something we at reception can do.", True),
        ("That's not something we here can arrange.", True),
        ("It's not something we in the office would know about.", False),
    ],
)
def test_not_something_we_where_we_are_can_do(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be sorting your receipts for you.", True),
        ("I won't fill in the claim form for you.", True),
        ("We won't be preparing the accounts this year.", True),
        ("Don't worry, we won't be sorting anything without asking you first.", False),
    ],
)
def test_a_service_not_done_for_the_customer(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Mr Patel will be your solicitor from Monday.", False),
        ("Your accountant will receive a copy of the return.", False),
        ("Your GP gets the discharge letter automatically.", False),
        ("Please ask your solicitor about that.", True),
        ("Your GP will be the best person to advise you.", True),
    ],
)
def test_a_professional_assigned_or_sent_something_is_no_referral(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
