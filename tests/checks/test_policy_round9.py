"""The promise and refusal rules of the ninth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 9``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- "we'll apply a discount": a verb in -ly is not an adverb -----------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll apply a 15% discount to your next box.", "We'll apply a 15% discount"),
        ("I will apply a goodwill credit to the account.", "I will apply a goodwill credit"),
        ("Sure thing, I'll apply a $20 credit to this bill.", "I'll apply a $20 credit"),
        ("We're going to apply a loyalty discount to your plan.",
         "We're going to apply a loyalty discount"),
    ],
)  # fmt: skip
def test_applying_a_discount_or_credit_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Late fees will apply after the 10th.",
        "The discount doesn't apply to sale items.",
        "I'll apply the payment you made to your balance.",
        "If you qualify, we may apply a discount at renewal.",
        "You can apply a discount code at checkout.",
        "We'll happily walk you through it.",
    ],
)
def test_apply_without_a_grant_or_an_adverb_in_ly_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I can help you book an appointment with a GP": a meeting the agent makes -----------


@pytest.mark.parametrize(
    "text",
    [
        "Of course, I can help you book an appointment with a doctor for next week.",
        "I've scheduled a video consultation with a pharmacist for 9:15 tomorrow.",
        "Let me set up a call with a mortgage adviser for you.",
        "We can arrange a session with a tax adviser at your nearest branch.",
    ],
)
def test_a_meeting_the_agent_books_with_a_professional_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'd recommend booking an appointment with a GP.", "a GP"),
        ("You should book a visit with a doctor about that.", "a doctor"),
        ("Please make an appointment with a qualified accountant.", "a qualified accountant"),
        ("I'd suggest we arrange nothing yet; please speak to a solicitor.", "a solicitor"),
    ],
)  # fmt: skip
def test_a_professional_the_customer_is_sent_to_is_still_a_referral(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- "I can't offer guidance on how to...": advice on what to do, of any kind ------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't give advice on whether to sell your shares.", "I can't give"),
        ("Sorry, I'm unable to provide recommendations on which plan to pick for your mum.",
         "I'm unable to provide"),
        ("We can't offer guidance on when to draw down your pension.", "We can't offer"),
        ("I cannot give guidance on how to word your appeal.", "I cannot give"),
    ],
)  # fmt: skip
def test_declining_advice_on_what_to_do_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I can't give guidance on how long the review will take.",
        "I can't give you advice on when the parcel will arrive.",
        "I can't tell you how to fix it yet; the engineers are still looking.",
        "I can't confirm when the refund will land.",
    ],
)
def test_hedges_on_how_long_or_when_are_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "I've sent back the deposit": "back" before the charge given back --------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've sent back the $250 security deposit to your card.",
         "I've sent back the $250 security deposit"),
        ("We'll send back the booking fee today.", "We'll send back the booking fee"),
        ("Good news, I've put back the £9 delivery charge on your Visa.",
         "I've put back the £9 delivery charge"),
        ("We'll post back the $30 admin fee by cheque.", "We'll post back the $30 admin fee"),
    ],
)  # fmt: skip
def test_a_charge_sent_back_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've sent back the signed form to the claims team.",
        "I'll get back to you about the deposit tomorrow.",
        "Please send back the router and we'll look at the fee.",
        "The landlord will send back the deposit once the inspection is done.",
        "If the booking qualifies, we'll send back the deposit.",
    ],
)
def test_a_form_sent_back_or_a_charge_by_someone_else_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we've re-shipped your order": a replacement sent again ------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've reshipped your order today.", "I've reshipped your order"),
        ("We'll re-ship the parcel at no cost.", "We'll re-ship the parcel"),
        ("We have re-shipped the missing item.", "We have re-shipped the missing item"),
        ("Your order has been re-shipped.", "Your order has been re-shipped"),
    ],
)  # fmt: skip
def test_an_order_shipped_again_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Once the warehouse confirms, we may reship it.",
        "Can you reship my order?",
        "If the courier loses it again, we'll reship.",
        "Please don't reship it to the old address.",
        "You will need to reship the item to us.",
    ],
)
def test_a_reship_asked_for_conditional_or_by_the_customer_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've undone the price increase": a charge or a rise in price undone -----------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've undone the price hike on your broadband.", "I've undone the price hike"),
        ("I have undone the rent increase for this year.", "I have undone the rent increase"),
        ("We'll undo the late fee today.", "We'll undo the late fee"),
        ("We'll remove the increase from your next bill.", "We'll remove the increase"),
    ],
)  # fmt: skip
def test_a_charge_or_a_price_rise_undone_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've undone the change to your address.",
        "You can undo the payment within 24 hours.",
        "Unfortunately we can't undo the price increase.",
        "If the review agrees, we'll undo the increase.",
        "Your premium will increase next year.",
        "I'll add the increase to your next invoice.",
        "The increase will be shown on your next bill.",
    ],
)
def test_an_undo_of_no_charge_or_a_rise_kept_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "a courtesy adjustment": an adjustment given as a courtesy ---------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've made a courtesy adjustment of $25 to your bill.",
         "I've made a courtesy adjustment of $25"),
        ("We'll apply a courtesy adjustment to this month's invoice.",
         "We'll apply a courtesy adjustment"),
        ("I have added a one-off courtesy adjustment to your account.",
         "I have added a one-off courtesy adjustment"),
    ],
)  # fmt: skip
def test_a_courtesy_adjustment_given_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've made an adjustment to your delivery address.",
        "A courtesy adjustment may be possible once billing reviews it.",
        "You could ask billing for a courtesy adjustment.",
        "We don't offer courtesy adjustments on promotional plans.",
    ],
)
def test_an_adjustment_of_no_charge_or_not_given_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've set your balance to zero": a charge set to nothing -----------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've set the remaining balance on your account to zero.",
         "I've set the remaining balance on your account to zero"),
        ("We'll set your balance to $0 today.", "We'll set your balance to $0"),
        ("I have set the late fee to £0.00 on this invoice.", "I have set the late fee to £0.00"),
        ("Your outstanding balance has been set to zero.",
         "Your outstanding balance has been set to zero"),
        ("Let me set this month's bill to nothing.", "Let me set this month's bill to nothing"),
    ],
)  # fmt: skip
def test_a_charge_set_to_zero_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You can set your balance alert to zero in the app.",
        "I've set your credit limit to $0 as you asked.",
        "If the claim is approved, we'll set your balance to zero.",
        "Unfortunately we can't set the fee to zero.",
        "The balance is set to zero at the start of each billing cycle.",
        "Your balance will be set to zero once the payment clears.",
        "I've set your payment reminder to zero days before the due date.",
        "I've set up your payment to go out on the 1st.",
    ],
)
def test_a_zero_the_customer_sets_or_not_a_charge_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've kept your price at the Basic rate": a price held where it was ------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've kept your monthly price at $29.99 for another year.",
         "I've kept your monthly price at $29.99"),
        ("We'll hold your rate at the current level for another two years.",
         "We'll hold your rate at the current level"),
        ("I've locked in your introductory rate for the next 12 months.",
         "I've locked in your introductory rate"),
        ("We've frozen your rent for the coming year.", "We've frozen your rent"),
        ("Good news, I've moved you to fibre and kept the fee at the old price.",
         "kept the fee at the old price"),
    ],
)  # fmt: skip
def test_a_price_held_at_what_it_was_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You can lock in your rate at today's price by paying annually.",
        "Your landlord will keep the rent at £900 until March.",
        "If you renew before Friday, we'll keep your price at $12.",
        "We can't hold the introductory rate at $15 beyond the first year.",
        "I'll keep an eye on the price for you.",
        "We'll hold your room at the current rate until 6pm.",
        "I've kept your booking at the same hotel.",
        "We've frozen your card while we look into the payment.",
        "Will you keep my price at $20?",
    ],
)
def test_a_price_the_customer_or_someone_else_holds_or_no_price_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "last month's overage charges are gone": a charge of a named bill, said gone ---------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've backdated your plan change, so last month's roaming charges are gone.",
         "last month's roaming charges are gone"),
        ("Yesterday's late fee is gone.", "Yesterday's late fee is gone"),
        ("Last week's delivery charges have been removed.",
         "Last week's delivery charges have been removed"),
        ("March's late payment fee is off your bill now.", "March's late payment fee is off"),
        ("The late fee is no longer on your bill.", "The late fee is no longer on your bill"),
        ("The last two months' charges are gone.", "The last two months' charges are gone"),
    ],
)  # fmt: skip
def test_a_charge_of_a_named_bill_said_gone_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Last month's charges are due on the 5th.",
        "Late fees are gone for good from next year.",
        "Last month's late fee isn't gone yet; it's still pending.",
        "Is last month's late fee gone?",
        "Last month's payment is gone from your account.",
        "The late fee is no longer on the price list.",
        "Your discount is no longer on your account.",
        "The late fee is no longer on your bill once you pay the balance.",
        "Last month's late fee will be waived if the review agrees.",
    ],
)
def test_a_charge_due_kept_asked_about_or_not_a_charge_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I'll ensure the charge doesn't show up": a charge made sure not to appear -----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll make sure the late fee doesn't appear on your next statement.",
         "I'll make sure the late fee doesn't appear"),
        ("We'll ensure the cancellation charge never hits your account.",
         "We'll ensure the cancellation charge never hits"),
        ("I will make sure that the $15 fee does not show up on this month's bill.",
         "I will make sure that the $15 fee does not show up"),
        ("Let me make sure the overage charges aren't added to your invoice.",
         "Let me make sure the overage charges aren't added"),
    ],
)  # fmt: skip
def test_a_charge_made_sure_not_to_appear_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Please make sure the charge doesn't show up twice before you dispute it.",
        "I can't make sure the fee won't show up, that's up to the bank.",
        "I'll try to make sure the charge doesn't appear on your bill.",
        "You'll want to make sure the fee doesn't show up on your statement.",
        "I'll make sure your card details don't show up on the receipt.",
        "I'll make sure the payment doesn't bounce this time.",
        "I'll make sure the charge shows up correctly on your statement.",
    ],
)
def test_a_charge_made_sure_of_by_the_customer_or_not_kept_off_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll pick up the tab": a cost paid, by an idiom ------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll pick up the tab for your taxi home.", "We'll pick up the tab"),
        ("I've picked up the cost of the replacement courier.",
         "I've picked up the cost of the replacement courier"),
        ("Don't worry, we're going to pick up the bill for the extra night.",
         "we're going to pick up the bill"),
        ("Let us pick up the expenses from the delay.", "Let us pick up the expenses"),
    ],
)  # fmt: skip
def test_a_cost_picked_up_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Our courier will pick up the return on Monday.",
        "We'll pick up the parcel from your porch tomorrow.",
        "We'll pick up the return from your door and inspect it.",
        "Your insurer will pick up the tab for the repair.",
        "You'll need to pick up the tab for the upgrade yourself.",
        "If the delay was our fault, we'll pick up the tab.",
        "We can't pick up the tab for hotels you booked yourself.",
        "Can you pick up the bill from the front desk?",
    ],
)
def test_a_parcel_picked_up_or_a_tab_not_ours_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll swap it for a new one": a replacement, by a swap ------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll swap the faulty kettle for a brand-new one.",
         "We'll swap the faulty kettle for a brand-new one"),
        ("I've exchanged your cracked screen protector for a new one.",
         "I've exchanged your cracked screen protector for a new one"),
        ("No problem, I'll swap it out for a new unit today.",
         "I'll swap it out for a new unit"),
        ("We're going to exchange the damaged lamp for a replacement.",
         "We're going to exchange the damaged lamp for a replacement"),
    ],
)  # fmt: skip
def test_a_thing_swapped_for_a_new_one_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll swap your delivery slot for a new one on Friday.",
        "I've swapped your booking for a new one with the same dates.",
        "You can swap it for a new one at any of our stores.",
        "If it's faulty, we'll swap it for a new one.",
        "Unfortunately we can't swap it for a new one after 30 days.",
        "The manufacturer will swap it for a new one under warranty.",
        "We'll swap the blue one for the green one.",
        "Swap the filter for a new one every six months.",
    ],
)
def test_a_swap_of_a_booking_or_not_ours_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've granted you an extra month of service free": a period given free ---------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've granted you an extra week of streaming free for the trouble.",
         "I've granted you an extra week of streaming free"),
        ("We'll add two months free to your membership.", "We'll add two months free"),
        ("I've granted your account a month free.", "I've granted your account a month free"),
        ("We're granting you a month of premium free.",
         "We're granting you a month of premium free"),
        ("You'll receive three nights free at the resort.", "You'll receive three nights free"),
    ],
)  # fmt: skip
def test_a_period_given_free_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We've granted you an extra week to pay.",
        "I've granted you access to the portal.",
        "I can't grant you a month free.",
        "Would you like a month free?",
        "Every new customer gets a month free.",
        "If you refer a friend, we'll add a month free to your plan.",
        "The gym will give you a week free if you sign up today.",
        "I'll give you a week to decide, there's no rush.",
    ],
)
def test_a_period_not_free_asked_or_conditional_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll reinstate your policy with no reinstatement fee": an act with its fee spared --


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll reconnect your broadband today with no reconnection fee.",
         "We'll reconnect your broadband today with no reconnection fee"),
        ("I've reactivated your membership without the usual rejoining fee.",
         "I've reactivated your membership without the usual rejoining fee"),
        ("We'll restart the policy with no lapse in cover and no reinstatement charge.",
         "We'll restart the policy with no lapse in cover and no reinstatement charge"),
        ("I'm going to move your booking to Friday, no change fee.",
         "I'm going to move your booking to Friday, no change fee"),
        ("I've cancelled the contract without any early exit penalty.",
         "I've cancelled the contract without any early exit penalty"),
    ],
)  # fmt: skip
def test_an_act_with_its_fee_spared_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You can reinstate the policy online with no reinstatement fee.",
        "We'll reinstate your policy with no fee if you pay the arrears today.",
        "We won't reinstate the account with no payment on file.",
        "We reinstate lapsed policies with no fee within 14 days of the lapse.",
        "I've checked and we can reconnect you with no reconnection fee.",
        "I've reinstated your policy, which comes with no reinstatement fee for members.",
        "The bank will reopen the account with no fee.",
        "I'll try to reinstate it with no fee.",
        "As per our policy, we'll reinstate it with no fee.",
        "We'll reinstate your policy and a reinstatement fee of $40 applies.",
        "We'll reconnect you today, and no reconnection fee applies to accounts in arrears.",
    ],
)
def test_a_fee_spared_by_policy_someone_else_or_a_condition_is_no_promise(text: str) -> None:
    assert promises(text) == []
