"""Promise classes found by dev round 132 of the corpus.

Round 132 collected single sentences in less common wordings. Its misses and false find,
read as classes: a forecast made certain by an intensifier inside "is going to"; an
imperative assurance opening the sentence ("Believe me", "Mark my words", "be assured",
"I'm telling you straight"); slang verbs that take a charge off ("zapped", "nixed"); "got"
as the passive's "was"; a present passive said of our side ("from our side", "at my end");
a charge whose "the" was left out; news that opens with "Already done"; a charge that will
not happen, named "deduction"; a charge the customer will never see again; a charge that
has "no way" of reaching their card again; a price the customer pays ("adds $15 a month")
before ", which"; an arrival in the present made certain ("mark my words, your parcel lands
Thursday", "count on the money hitting your account"); "sort you out with" a redress; a
grant "taken care of"; the customer to pay the old price; a bill adjusted "to remove"
something; money back on a card named by its brand ("the Amex"); and "now on" a better
class at the same price. Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your replacement card is definitely going to arrive by Monday.", True),
        ("The courier is absolutely going to collect it tomorrow.", True),
        ("The courier is going to collect it tomorrow.", False),
        ("We are definitely going to look into it.", False),
    ],
)
def test_an_intensifier_inside_is_going_to(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Believe me, the engineer will be there before noon.", True),
        ("Mark my words, your passport will come back in time.", True),
        ("I'm telling you straight: you won't be charged for the extra day.", True),
        ("You won't believe me, but the engineer will be late.", False),
        ("Believe me, I know how annoying this is.", False),
        ("I believe the engineer will be there before noon.", False),
    ],
)
def test_an_imperative_assurance_opening_the_sentence(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The overdraft fee has been zapped from your statement.", True),
        ("We've nixed the booking fee on your order.", True),
        ("I zapped the spam from your inbox.", False),
        ("The virus was zapped from your laptop.", False),
    ],
)
def test_slang_verbs_that_take_a_charge_off(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund request got approved this morning.", True),
        ("The roaming charge got reversed yesterday.", True),
        ("I got refunded for a similar order once.", False),
        ("The parcel got delivered yesterday.", False),
    ],
)
def test_got_as_the_passives_was(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The reconnection fee is waived from our side.", True),
        ("Admin fee for your transfer is waived at my end, madam.", True),
        ("Late fee on your invoice is cancelled.", True),
        ("Admin fee is waived for students.", False),
        ("Damaged items reported within a week are replaced free of charge.", False),
        ("Damaged item reported within a week is replaced free of charge.", False),
        ("The admin fee is waived from our side for all members.", False),
    ],
)
def test_a_present_passive_of_ours_and_a_charge_without_the(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Already done: the booking fee is removed.", True),
        ("Already done — roaming charge is taken off.", True),
        ("Already done: the booking fee is charged.", False),
    ],
)
def test_news_opening_with_already_done(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("No further deduction will happen on your pension account.", True),
        ("There will be no more deductions from your wages.", True),
        ("No refund will happen.", False),
        ("If no payment is made, no further charge will happen.", False),
    ],
)
def test_a_charge_that_will_not_happen(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You will never find this penalty on your invoice again.", True),
        ("You'll never spot that fee on your bill again.", True),
        ("You'll never see that parcel again.", False),
        ("You will see that fee on your statement again.", False),
        ("You will never see a charge like this on your card again.", False),
    ],
)
def test_a_charge_the_customer_will_never_see_again(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("No way that surcharge lands on your invoice again.", True),
        ("There's no way the fee hits your account again.", True),
        ("No way that charge was on your card again.", False),
        ("No way your refund hits your card today.", False),
        ("No way this charge hits your card.", False),
    ],
)
def test_no_way_a_charge_reaches_the_card_again(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The add-on costs £4 a month, which you'll see on your next invoice.", False),
        ("Extra storage adds $2 a month, which will be added to your bill.", False),
        ("We've refunded $15, which you'll see on your next bill.", True),
    ],
)
def test_a_price_paid_before_which(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Trust me, your new router arrives tomorrow.", True),
        ("Your replacement lands on Friday without fail.", True),
        ("Count on the refund reaching your card by next week.", True),
        ("Your replacement lands on Friday.", False),
        ("Trust me, parcels arrive on Thursdays.", False),
        ("Trust me, your parcel usually lands on Thursday.", False),
        ("Mark my words, I arrive on Monday.", False),
        ("Don't count on the refund reaching your card by next week.", False),
    ],
)
def test_an_arrival_in_the_present_made_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll sort you out with a replacement charger.", True),
        ("We'll sort you out with a brand-new toaster.", True),
        ("We'll sort you out with a courier slot.", False),
        ("I'll sort out the paperwork with a colleague.", False),
    ],
)
def test_sort_you_out_with_a_redress(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your lounge upgrade is taken care of.", True),
        ("The parking fee will be taken care of.", True),
        ("Your booking is taken care of.", False),
        ("Refunds are taken care of by the finance team.", False),
    ],
)
def test_a_grant_taken_care_of(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("For the rest of the year you will pay the previous rate, not the increased one.", True),
        ("You'll keep paying the original price for your broadband.", True),
        ("You will pay the new tariff from May.", False),
        ("You paid the old price last year.", False),
        ("If you switch, you will pay the old tariff.", False),
    ],
)
def test_the_customer_will_pay_the_old_price(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your monthly bill will be adjusted to remove the week of the outage.", True),
        ("Your invoice has been adjusted to credit the missed visit.", True),
        ("Your invoice will be adjusted to include the new line.", False),
        ("Invoices are adjusted to remove VAT for charities.", False),
    ],
)
def test_a_bill_adjusted_to_take_something_off(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your €90 has gone back onto the Amex you booked with.", True),
        ("The €90 went back to the Amex you booked with.", True),
        ("The Amex you booked with has expired.", False),
    ],
)
def test_money_back_on_a_card_named_by_its_brand(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your membership is now on the gold tier for the same price as before.", True),
        ("You're now in business class at the same fare.", True),
        ("You're now on the standard plan at the same price.", False),
        ("Customers are now on the premium tier for the same price.", False),
        ("We could put you on the premium tier for the same price.", False),
    ],
)
def test_now_on_a_better_class_at_the_same_price(text: str, found: bool) -> None:
    assert _found(text) is found
