"""Promise classes found by dev round 145 of the corpus.

Round 145 collected formal letters and notifications: final responses to complaints,
settlement and compensation decisions, in formal or legal phrasing. Its misses, read as
classes: a charge of the customer's lifted in the passive, whatever its verb and however long
its subject ("the excess has been disapplied", "The charge for that period has been
cancelled", "The interest and charges added to your account since March, totalling £1,036.44,
have been removed"); a payment made or sent to the customer in the passive, or ours to an
account that is not called "your" ("A payment of £300 ... was made to you by BACS", "we have
transferred €3,420.00 to the account ending 7781"); a sum repaid ("we will repay the full
£4,200"); a formal undertaking ("We give you our firm undertaking that this entry will be
deleted"); a commitment to this customer's own account after a policy frame ("Under the
reimbursement rules, we will repay the full £4,200 to your current account"), and a frame that
points to a decision, not a rule ("According to this, ... will be refunded to you"); a grant
named earlier applied by a pronoun ("a refund of your charges, and this has been applied to
your account"). And one
negative class: the customer's request named, with a participle inside it ("We have received
your request for the refund of the jacket ordered on 5 December").
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The excess on this claim has been disapplied.", True),
        ("The fee for the missed appointment has been cancelled.", True),
        ("The penalty charge was quashed on appeal.", True),
        ("Your arrears of £340 have been written off.", True),
        ("The late payment fee will be withdrawn from your next statement.", True),
        (
            "The charges applied to your account since June, totalling £88.20, have now been "
            "removed.",
            True,
        ),
        ("Following our review, the surcharge has been rescinded.", True),
        ("The fee has not been removed.", False),
        ("Your request to have the fee waived has been passed to our billing team.", False),
        ("If you send the receipt, the excess will be disapplied.", False),
        ("The excess may be disapplied if the other insurer accepts liability.", False),
        ("Your booking has been cancelled.", False),
        ("The fee that was cancelled last year is due again.", False),
        ("Was the late fee removed?", False),
        ("As per our policy, late fees are removed after 12 months.", False),
    ],
)
def test_a_charge_lifted_in_the_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A payment of £85 will be made to you by cheque.", True),
        ("A cheque for £250 has been dispatched to your home address.", True),
        ("The compensation payment of £300 was made to you on 2 May.", True),
        ("A goodwill payment of £40 was sent to your bank account today.", True),
        ("We have transferred £120 to the bank account ending 4410.", True),
        ("Your payment of £50 was made to us on 3 May.", False),
        ("Your payment has been received.", False),
        ("The payment was made to you in error.", False),
        ("A payment of £85 may be made to you if the claim succeeds.", False),
    ],
)
def test_a_payment_made_to_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You are owed a rebate of £52, and this has been applied to your account.", True),
        ("Your claim for compensation was upheld, and it has been added to your bill.", True),
        ("You qualify for a credit of £20, and it will be applied to your next invoice.", True),
        ("If you qualify for a refund, it will be applied to your account.", False),
        ("You asked about the discount code, and it has not been applied to your order.", False),
        ("We found the fault, and this has been applied to your account.", False),
    ],
)
def test_a_grant_applied_by_a_pronoun(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will repay the £310 you lost within five working days.", True),
        ("You will be repaid £60 within five working days.", True),
        ("We have repaid the £75 to your card.", True),
        ("You will repay the loan in twelve instalments.", False),
        ("We will not repay the £310.", False),
        ("If the bank confirms the fraud, we will repay the £310.", False),
    ],
)
def test_a_sum_repaid(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You have our formal undertaking that the default will be removed.", True),
        ("We hereby undertake to remove the default from your credit file.", True),
        ("We give you our firm undertaking that the marker will be deleted.", True),
        ("Please provide your written undertaking that you will not repeat this.", False),
        ("We undertake to review your case within eight weeks.", False),
        ("We cannot give an undertaking that the entry will be deleted.", False),
    ],
)
def test_a_formal_undertaking(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Under the scheme rules, we will refund the full £95 to your card.", True),
        ("In line with the Ombudsman's decision, we will refund £300 to your account.", True),
        ("According to this, the overpayment of £61 will be refunded to you.", True),
        ("Under our terms, we will refund the deposit to customers who cancel early.", False),
        ("According to our policy, the fee will be refunded.", False),
        ("Under the scheme rules, refunds of up to £95 will be paid to customers.", False),
    ],
)
def test_a_commitment_after_a_frame_that_is_not_a_rule(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We have received your request for the refund of the boots ordered on 2 May.", False),
        ("Thank you for your request for a refund of the lamp delivered last week.", False),
        ("Your request for a refund has been approved.", True),
    ],
)
def test_the_customers_request_named(text: str, found: bool) -> None:
    assert _found(text) is found
