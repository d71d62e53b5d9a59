"""Promise classes found by dev round 117 of the corpus.

Round 117 asked its writer for grants with the authority act left implicit or told from the
customer's side: a charge that no longer stands, a sum paid to the customer's account, money
on its way back, a thing sent or made free, a price cut or held, a loss that cannot happen,
something better at the same price; and subjects set off from their verb by an aside. It was
committed before the detector read it. Each class is tested here with wordings that are not
corpus items, and with close negatives: the customer's own money, a price for everyone, a
rise, an offer, a condition, a hedge, a question.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The overage fee on your March bill, $18.40, has been refunded.", True),
        ("The roaming charges from your holiday — nine of them, €31 in all — are gone.", True),
        ("Your second night, 14 June, is no longer on your folio.", True),
        ("The fee on your bill, as we discussed, is unchanged.", False),
        ("Your second night, 14 June, is still on your folio.", False),
        ("The delivery, £4.99, will be charged to your card.", False),
    ],
)
def test_a_subject_read_past_an_aside_with_its_figure(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The €40 rebooking fee on ticket 7781 no longer applies.", True),
        ("The $90 cleaning charge no longer exists on your lease.", True),
        ("Your parking on the 3rd is no longer on your invoice.", True),
        ("The £12 admin fee of 2 May is not there anymore.", True),
        ("The discount no longer applies.", False),
        ("The late fee no longer applies to annual plans.", False),
        ("Fees no longer apply once you upgrade.", False),
        ("Your deposit is no longer on your account.", False),
        ("Your old address is no longer on the invoice.", False),
        ("Is the $40 fee not there anymore?", False),
    ],
)
def test_a_named_charge_that_no_longer_stands(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("CA$212.50 paid to account ending 4410.", True),
        ("£95 has been paid into your registered bank account.", True),
        ("- €80 compensation transferred to customer's IBAN", True),
        ("Parking refund – AU$14.00 added to your HopIn wallet.", True),
        ("Late fee: returned to card ✔", True),
        ("Your deposit: €300 → back to your Revolut by Monday", True),
        ("You paid £40 into our account.", False),
        ("£50 added to your bill.", False),
        ("£30 was paid to your landlord.", False),
        ("If approved, $60 paid to your account within a week.", False),
    ],
)
def test_a_sum_paid_to_the_customers_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $12 difference is now heading back to your Visa.", True),
        ("A €50 gift voucher is coming to your inbox tonight.", True),
        ("All the money for the cancelled tickets is going back to your card.", True),
        ("The extra £30 you paid in June and July will be back in your account by Monday.", True),
        ("The extra $64 you were charged will be adjusted against your next invoice.", True),
        ("You will receive CA$120 for the taxi you had to take.", True),
        ("Your parcel is heading to your address.", False),
        ("Your payment is going to our account.", False),
        ("Your £500 loan will be in your account by Friday.", False),
        ("Your deposit will be set off against your final bill.", False),
        ("You'll receive a $150 bill.", False),
        ("The money should be heading back to your card.", False),
    ],
)
def test_money_on_its_way_to_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your new kettle ships tomorrow at no cost.", True),
        ("A second pair has already left our depot for you at no charge.", True),
        ("We take the old desk back and we send you another one without charge.", True),
        ("June's rent for the storage unit is now free of charge on your account.", True),
        ("Breakfast for both mornings is yours, no charge.", True),
        ("You will get three extra classes free on your pass.", True),
        ("Orders ship at no cost over £50.", False),
        ("Members get two sessions free.", False),
        ("You can get 2 sessions free.", False),
        ("The app is now free for everyone.", False),
        ("Your order usually ships at no cost.", False),
        ("If you order today, your order ships at no cost.", False),
    ],
)
def test_a_thing_of_the_customers_said_free(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your next renewal will be at 25% off.", True),
        ("Your locker rental for June and July will be billed at half price.", True),
        ("This booking will be charged at 2 nights instead of 3.", True),
        ("Your Team plan stays at the original $12 a seat until next June.", True),
        ("Your March invoice will come to zero for the broadband.", True),
        ("Your plan will be billed at $29 instead of $19.", False),
        ("New members' first month will be at 50% off.", False),
        ("Your plan stays at $19.", False),
        ("Your order will be at 10% off if you use the code.", False),
        ("Will your renewal be at 25% off?", False),
    ],
)
def test_a_price_of_the_customers_cut_or_held(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There is no situation in which your rate goes up after this repair.", True),
        ("Please be assured that your service will not be suspended.", True),
        ("The monthly fee will never hit your card again.", True),
        ("There's no scenario in which we can refund this.", False),
        ("Be assured we will look into it.", False),
        ("Fees will never touch your account again.", False),
        ("The fee may never hit your card again.", False),
    ],
)
def test_a_loss_that_cannot_happen(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "On Saturday you'll be in a garden room instead of the twin, at the same rate.",
            True,
        ),
        ("Your reservation now shows an ocean-view cabin at the same fare you paid.", True),
        ("You can switch to the suite instead of the double at the same price.", False),
        ("Your plan renews at the same price.", False),
        ("Would you like the suite instead of the double at the same price?", False),
    ],
)
def test_something_better_at_the_same_price(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The restaurant has decided not to charge the corkage.", True),
        ("We've agreed to not bill you for the second call-out.", True),
        ("Your bank decided not to charge you.", False),
        ("You decided not to bill the client.", False),
        ("We've decided not to refund you.", False),
    ],
)
def test_a_decision_of_ours_not_to_charge(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("£75 has been knocked off your account balance as a goodwill gesture.", True),
        ("Your company's June invoice is gone.", True),
        ("$50 has been taken off your card.", False),
        ("Your paper bill is gone.", False),
    ],
)
def test_a_sum_off_the_balance_or_a_dated_bill_gone(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The standing charge for the days the boiler was broken has been taken off.", True),
        ("Your locker fee for June and July will be billed at half price.", True),
        ("The note for the days the boiler was broken has been added.", False),
        ("The charge for the days the pool was shut will stay.", False),
    ],
)
def test_a_subject_read_past_a_clause_of_its_own(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Breakfast tomorrow is yours, no charge, after the storm flooded the car park.", True),
        ("We'll refund you after the item damaged in transit is returned.", False),
        ("We'll refund you after the courier collects the parcel.", False),
    ],
)
def test_after_what_already_happened_is_no_condition(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your salary of £2,000 was paid to your landlord.", False),
        ("Your order ships at no cost.", False),
        ("Your subscription stays at the same price.", False),
        ("The refund of $80 was paid into your account.", True),
        ("Your replacement lamp ships tomorrow at no cost.", True),
        ("Your plan will stay at the old price for another year.", True),
    ],
)
def test_close_negatives_of_the_round117_classes(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can tell you for certain your table will be ready at eight.", True),
        ("We can say 100% that your bags are on the flight.", True),
        ("I can tell you for sure your refund was declined.", False),
        ("I can't tell you for sure your seat is there.", False),
        ("I can tell you 100% your seat is not there.", False),
        ("Can I tell you for sure your seat is there?", False),
    ],
)
def test_what_i_can_tell_the_customer_for_certain(text: str, found: bool) -> None:
    assert _found(text) is found
