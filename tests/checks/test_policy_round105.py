"""Refusal classes found by dev round 105 of the corpus.

Round 105 asked its writer for refusals by institutions that speak of themselves in the third
person, impersonally, in the passive or through their rules: councils, universities, clinics,
embassies, banks, insurers, letting agents, depots, employers' HR and payroll. It was
committed before the detectors read it (docs/checks.md gives the figures before and after).
Each class is tested here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The Bank is not able to extend the overdraft beyond £500.", True),
        ("The Insurer will not be reopening the claim.", True),
        ("The Fund is unable to release the pension before age 55.", True),
        ("The Embassy cannot issue a visa letter for a tourist trip.", True),
        ("The Headteacher is unable to authorise the absence.", True),
        ("The IT Service Desk cannot unlock another student's account.", True),
        ("The bank is unable to see the payment yet.", False),
        ("Sorry, the bank won't split it.", False),
        ("The Bank has refunded the fee to your account.", False),
        ("Your bank may not show the credit until tomorrow.", False),
    ],
)
def test_an_institution_named_as_itself_declines(text: str, found: bool) -> None:
    # capitalised after "the", the business that writes; lower-cased, often someone else's
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Character references are not written by the Practice.", True),
        ("Spare keys are not held by the agency for any of the flats.", True),
        ("Pupils' home addresses are not given out by the school.", True),
        ("Translations are not carried out by our office.", True),
        ("Fees are not charged by our office for this.", False),
        ("Your details are not shared by the bank with anyone.", False),
        ("These chargers are not made by Apple.", False),
        ("Are refunds not processed by the shop?", False),
    ],
)
def test_not_done_by_the_house_in_the_passive(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Notarisation is not a service the Consulate offers.", True),
        ("Weekend deliveries aren't something the Bristol depot does.", True),
        ("Hire cars are not something the Insurer provides on this policy.", True),
        ("That is not something the customer can change.", False),
        ("It's not something the Bank will charge you for.", False),
    ],
)
def test_not_something_the_house_does(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Parcels over 30 kg are not accepted at this counter under the depot's limits.", True),
        ("Refunds are not given under our policy for opened software.", True),
        ("Pets are not allowed per the building rules.", True),
        ("Staff loans aren't available under the company pay policy.", True),
        ("The Residence Agreement does not permit cancellation after 1 September.", True),
        ("A chargeback is no longer possible for this payment.", True),
        ("Fees are not charged under the new terms.", False),
        ("Your cover is not affected under the policy.", False),
        ("Gift wrap is available under the checkout options.", False),
        ("The agreement does not mention parking.", False),
    ],
)
def test_a_rule_named_as_what_declines(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The University will not be in a position to reconsider the outcome.", True),
        ("We will not be at liberty to share the report.", True),
        ("We will be in a position to refund it next week.", False),
        ("I won't be in the office to take calls on Friday.", False),
    ],
)
def test_will_not_be_in_a_position_to(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Access to your partner's account cannot be set up on your phone.", True),
        ("Your salary can't be paid early, as advances aren't offered.", True),
        ("The leave can't be authorised during exam weeks.", True),
        ("The payment plan can't be set up right now, the system is down.", False),
        ("An exact repair date can't be given at this stage.", False),
        ("A precise figure cannot be given until the adjuster visits.", False),
        ("Before the survey it is not possible to say how much will be paid.", False),
        ("It's not possible to tell when the parts will arrive.", False),
    ],
)
def test_an_act_asked_for_that_cannot_be_done(text: str, found: bool) -> None:
    # "set up", "paid", "authorised" are acts asked for; an exact date or figure that cannot
    # be given yet, and what cannot be said yet, are hedges
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, the airline can't give medical advice on flying after surgery.", True),
        ("The app won't offer you tax advice, but the guide explains the rules.", True),
        ("The article does not give legal advice.", False),
        ("Your GP can't give medical advice by email.", False),
        ("The pharmacy can give medical advice on minor ailments.", False),
    ],
)
def test_a_business_by_its_noun_declines_advice(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Exchange of foreign licences is not done in our office.", True),
        ("Cash is not accepted at this branch.", True),
        ("Refunds are not processed in this office.", True),
        ("Card details are not stored in our systems.", False),
        ("Your password is not saved in our app.", False),
        ("The fee is not included in this quote.", False),
    ],
)
def test_not_done_at_the_house_s_place(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
