"""Promise classes found by dev rounds 103 and 107 of the corpus.

Round 103 asked its writers for grants said from the customer's side (a charge gone from
the bill, money landed in the account, a renewal that will be $0); round 107 for informal
and idiomatic grants ("zapped the charge off your tab", "count on it"). Each round was
committed before the detector read it (docs/checks.md gives the figures before and after).
Each class is tested here with wordings that are not corpus items, and with hard negatives:
a price the customer pays, policy for everyone, hedges, conditions, negations, questions.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The second night has been taken off your bill.", True),
        ("We've deducted the spa surcharge from your final invoice.", True),
        ("I've zapped the corkage off your tab.", True),
        ("The room service items were removed from your folio this morning.", True),
        ("I'm knocking the parking off your bill.", True),
        ("| Late checkout (€40.00) | Removed from your invoice |", True),
        ("Your deposit will be deducted from your final bill.", False),
        ("Your old address has been removed from the invoice.", False),
        ("You can remove items from your bill in the app.", False),
        ("The night was not taken off your bill.", False),
        ("Was the parking taken off your bill?", False),
        ("If you cancel, the parking will be taken off your bill.", False),
        ("We could take the parking off your bill if the manager agrees.", False),
    ],
)
def test_whatever_is_taken_off_the_customers_bill_is_a_charge(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your final invoice no longer includes the cleaning fee.", True),
        ("Your statement no longer shows the two duplicate transactions.", True),
        ("The roaming charges are not on your bill anymore.", True),
        ("Your bill no longer includes paper statements.", False),
        ("The roaming charges are not on your bill yet.", False),
    ],
)
def test_a_charge_the_bill_no_longer_holds(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("€120 landed in your account this morning.", True),
        ("Your refund lands in your bank account on Friday.", True),
        ("The overcharge of $30 is on its way back to your card.", True),
        ("The $25 difference comes back to you as a credit.", True),
        ("- March fee of £30 already credited back to your card", True),
        ("Claim #4471 · Approved · €260.00 refunded to Visa ••1182 · Closed", True),
        ("Your salary of £2,000 landed in your account.", False),
        ("Refunds usually land in your account within 5 days.", False),
        ("If you pay today, £40 lands in your account tomorrow.", False),
        ("Your parcel is on its way back to our warehouse.", False),
        ("Order #5 · £74.00 charged to your card", False),
    ],
)
def test_money_said_to_reach_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £12 delivery charge taken on 3 June has been refunded.", True),
        ("The extra €15 will be send back to your card.", True),
        ("The payment taken on 2 May was a duplicate.", False),
        ("A reply will be send to you tomorrow.", False),
    ],
)
def test_a_charge_named_with_when_it_was_taken_and_a_base_for_sent(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your June renewal will be $0.", True),
        ("Your next membership fee will be zero.", True),
        ("Your balance will be $0 after this payment.", False),
        ("Renewals will be $0 for members.", False),
        ("The fee will be $0 if you cancel within 14 days.", False),
        ("Your renewal will be $0.99 from June.", False),
    ],
)
def test_a_charge_of_the_customers_said_to_be_nothing(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your statement will reflect one month complimentary.", True),
        ("Your invoice will show the call-out fee waived.", True),
        ("Bills will show one night free.", False),
        ("Your bill will show no free nights.", True),  # (a grant's noun, read before)
    ],
)
def test_a_bill_that_shows_a_thing_free(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("When you check out, your folio will show the parking waived.", True),
        ("When you arrive, we'll upgrade you to a suite.", True),
        ("When you return the item, we'll refund you.", False),
        ("If you check out early, we'll waive the parking fee.", False),
    ],
)
def test_an_arrival_or_check_out_opening_the_sentence_is_a_time(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your next premium will be reduced by £20 as compensation.", True),
        ("I've moved you to a sea-view room as compensation.", True),
        ("We'll extend your plan by a month as compensation.", True),
        ("We cannot offer anything as compensation.", False),
        ("You may be entitled to a room as compensation.", False),
        ("Your phone will be repaired by the courier as compensation.", False),
    ],
)
def test_an_act_done_as_compensation(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll replace the blender with a new one.", True),
        ("I've replaced the faulty charger with a brand new one.", True),
        ("We'll replace the link with a new one.", False),
        ("You can replace the filter with a new one every 3 months.", False),
        ("We will replace the batteries with new ones if they fail.", False),
    ],
)
def test_a_thing_replaced_with_a_new_one(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will take over the costs of the repair.", True),
        ("We'll take over the shipping costs.", True),
        ("We'll take over your account from here.", False),
        ("You will take over the costs of the repair.", False),
        ("Can we take over the costs?", False),
    ],
)
def test_costs_taken_over(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your subscription will be charged at the previous price of $9.", True),
        ("Your plan will be billed at the old rate for another year.", True),
        ("Your renewal will be billed at the new rate of $1,450.", False),
        ("Renewals will be billed at the old rate.", False),
        ("Your renewal will be charged at the current rate.", False),
        ("Your plan will be billed at the old rate if you renew before May.", False),
    ],
)
def test_a_price_billed_as_it_was(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The date change won't cost you anything.", True),
        ("It won't cost you a penny.", True),
        ("We will not take the payment for June.", True),
        ("We won't collect your next payment.", True),
        ("No further payments will ever be taken from your card.", True),
        ("Calls to this number won't cost you anything.", False),
        ("Cancelling online won't cost you anything.", False),
        ("The upgrade will cost you $40.", False),
        ("We will not take payment by phone.", False),
        ("We will take the payment on the 5th.", False),
    ],
)
def test_what_will_cost_the_customer_nothing(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There's absolutely no way you'll be charged twice.", True),
        ("No way you'll miss the connection.", True),
        ("There is no way we can refund this.", False),
        ("There's no way to pay online.", False),
        ("Is there no way you'll be charged?", False),
    ],
)
def test_no_way_a_loss_happens(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I 100% guarantee the cake arrives by noon.", True),
        ("We totally guarantee it'll be ready Friday.", True),
        ("Count on it being ready Friday.", True),
        ("Your table is booked — count on it.", True),
        ("It'll be at your door by six, no question.", True),
        ("Don't count on it arriving before Friday.", False),
        ("Can we count on it?", False),
        ("We count on it every year.", False),
        ("I have no question about the invoice.", False),
    ],
)
def test_a_guarantee_said_with_certainty_or_as_an_order(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Please note that after inspection of the unit, a refund will be issued.", False),
        ("Kindly note that once we receive the parcel, your refund will be issued.", False),
        ("Please note that I have refunded the fee.", True),
        ("Please note that after today, we'll refund you the $20.", True),
    ],
)
def test_a_condition_after_a_notice_opens_what_is_said(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking fee shows as $0 now because we've removed it.", True),
        ("The late fee still applies because we could not remove it.", False),
    ],
)
def test_a_pronoun_after_because_stands_for_the_charge_before(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The job ran long, but the extra hour has been written off.", True),
        ("The job ran long, but the extra hour will be charged.", False),
    ],
)
def test_work_time_written_off_after_a_joint(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your replacement is going out to you today.", True),
        ("A brand new blender is going out today.", True),
        ("Refunds are going out this week.", False),
        ("The newsletter is going out today.", False),
        ("Your replacement is going out once we receive the old one.", False),
    ],
)
def test_a_grant_going_out_is_sent(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £40 overpayment will be adjusted against your next invoice.", True),
        ("The excess of $52 will be adjusted in your next bill.", True),
        ("Your bill will be adjusted in your next statement.", False),
        ("Any excess amount will be adjusted in your next bill.", False),
        ("The excess will be adjusted in your next bill if the reading is confirmed.", False),
    ],
)
def test_an_overpayment_adjusted_in_the_customers_bill(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That booking fee? Gone — I removed it this morning.", True),
        ("The item is fine. Good news — I removed it.", False),
        ("The booking is fine. I removed it.", False),
    ],
)
def test_a_pronoun_for_the_charge_asked_about_before(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Dinner for both of you will be on us tonight.", True),
        ("Drinks for you will be on the house.", True),
        ("Most of you will be free on Friday.", False),
        ("All of you will be on the list.", False),
    ],
)
def test_what_is_for_you_on_us(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your parcel was signed for by your neighbour at no. 14 at 11:02.", False),
        ("The replacement was sent at no charge.", True),
    ],
)
def test_a_house_number_after_at_no_is_no_grant(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
