"""The promise and refusal rules of the tenth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 10``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- "we will not be reconsidering the decision": a closed matter not taken up again -------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm afraid we will not be reconsidering the decision on your claim.",
         "we will not be reconsidering"),
        ("We won't reopen this case; the ruling in March was final.", "We won't reopen"),
        ("Having read your letter again, I will not be revisiting the outcome of your appeal.",
         "I will not be revisiting"),
        ("Our team won't be re-investigating the dispute, as it was closed in 2023.",
         "Our team won't be re-investigating"),
        ("We will not be upholding your complaint.", "We will not be upholding"),
        ("Sorry, but I won't be reopening the ticket.", "I won't be reopening"),
        ("We're not going to reopen the investigation.", "We're not going to reopen"),
        ("The matter is closed and we shall not be investigating further.",
         "we shall not be investigating"),
    ],
)  # fmt: skip
def test_not_taking_a_closed_matter_up_again_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The Ombudsman will not reopen a case once a final decision has been issued.",
        "We won't be reviewing your file until the assessor's report arrives.",
        "Don't worry, we won't be reopening your old account.",
        "We won't be reopening until 9am on Monday.",
        "We won't consider this a missed payment.",
        "I won't review everything again here, but in short the engineer is booked.",
        "We will not be reviewing prices again this year.",
    ],
)
def test_a_case_left_for_now_or_not_the_customers_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "we can't tell from a photo whether the rash is infected": a diagnosis declined -------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm afraid we can't tell from a photo whether the rash is an infection, so please "
         "bring Milo in.", "we can't tell"),
        ("I can't say whether the lump is malignant; only a biopsy will show that.",
         "I can't say"),
        ("We're unable to say if the bite is infected from the image you sent.",
         "We're unable to say"),
        ("From the photo alone we can't confirm whether your cat's tooth has an abscess.",
         "we can't confirm"),
        ("I can't tell you from the screenshot whether it's safe to give her ibuprofen.",
         "I can't tell"),
    ],
)  # fmt: skip
def test_declining_to_judge_a_condition_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I can't tell from the photo whether the parcel was damaged in transit.",
        "We can't tell yet whether the infection has cleared; the lab results are due Friday.",
        "I can't say whether your prescription has been posted, as the pharmacy system is down.",
        "I can't confirm from the screenshot whether the cancer research donation went through.",
        "I can't tell you how sorry I am about Milo's rash.",
        "I can't say how long the vet will be; the clinic is running late.",
    ],
)
def test_a_failure_or_a_hedge_beside_a_condition_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "@jo_runs can't share that": a social reply opens with the customer's handle ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("@jo_runs can't share another member's booking details, sorry", "can't share"),
        ("@mike_t won't be able to reset someone else's password, I'm afraid",
         "won't be able to reset"),
        ("@ana_b @bookworm42 can't help with getting into an account that isn't yours 🙏",
         "can't help"),
        ("@Priya_K cannot give legal advice on your lease, sorry!", "cannot give"),
    ],
)  # fmt: skip
def test_a_reply_after_a_handle_refuses_without_a_subject(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "@jo_runs can't find an order under that email, could you DM us the number?",
        "@mike_t can't wait to see you at the launch!",
        "@ana_b if you can't get into your account, DM us and we'll sort it",
        "@sam can't log in? Try clearing your cookies first.",
        "@sam sorry we couldn't get back to you sooner, the fix is live now",
        "Spoke to @maria_support and she can't wait to help.",
    ],
)
def test_a_handle_before_a_failure_an_idiom_or_a_condition_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "I'm unable to say at this stage how long it will take": not knowing yet -------------


@pytest.mark.parametrize(
    "text",
    [
        "I'm unable to say at this stage whether the claim will be accepted.",
        "I'm unable to say yet when the engineer will arrive.",
        "We can't confirm at this point how long the repair will take.",
        "I can't say right now how much the final bill will be.",
        "I'm unable to say at this stage.",
        "We cannot say at the moment when the line will be back, but we'll text you.",
    ],
)
def test_not_knowing_at_this_stage_is_a_hedge(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't share at this stage who made the complaint.", "I can't share"),
        ("I can't give you a refund at this stage.", "I can't give"),
        ("I'm unable to say at this stage who reported your account, as that's another "
         "customer's information.", "I'm unable to say"),
    ],
)  # fmt: skip
def test_a_decline_at_this_stage_still_refuses(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- "sorry we cannot reply you faster": an apology for being slow -----------------------


@pytest.mark.parametrize(
    "text",
    [
        "Sorry we can't respond faster, we're getting a lot of messages today.",
        "I'm sorry I cannot reply to you sooner, our team is short-staffed this week.",
        "Apologies that we can't get back to you quicker during the holidays.",
        "We're sorry we cannot answer your emails more quickly at the moment.",
        "I am sorry we cannot reply you earlier, the office was closed for Eid.",
    ],
)
def test_an_apology_for_slow_replies_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't reply on behalf of your landlord.", "I can't reply"),
        ("I can't respond to questions about another guest's stay.", "I can't respond"),
        ("We can't process refunds any faster than five working days.", "We can't process"),
        ("Sorry, we can't answer that sooner than the hearing allows; it's a legal matter.",
         "we can't answer"),
    ],
)  # fmt: skip
def test_a_reply_declined_still_refuses(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- "the late fee, I've taken that off": a pronoun that stands for a charge named before --


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking fee, I've taken that off for you.", "I've taken that off"),
        ("About the overdraft charge — that's been written off now.",
         "that's been written off"),
        ("The missed-appointment fee, it's gone.", "it's gone"),
        ("Your late fee it is cancelled now.", "it is cancelled"),
        ("The admin fee on your May invoice, we'll remove it today.", "we'll remove it"),
        ("The duplicate charges, they've been cleared.", "they've been cleared"),
        ("The cancellation fee won't be on your invoice — I've made sure it's been removed.",
         "I've made sure it's been removed"),
    ],
)  # fmt: skip
def test_a_pronoun_for_a_charge_named_before_takes_it_off(text: str, found: str) -> None:
    # the pronoun's finding is the last: "The cancellation fee won't be on your invoice"
    # before it is a no-charge commitment of its own
    assert [text for _, text in promises(text)][-1:] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The late fee, it's gone up to $30 this year.",
        "The fee, I've taken it off your card as agreed.",
        "Late fees, they're gone for good.",
        "Your payment, it's been taken off hold.",
        "The late fee, I can't take it off, I'm afraid.",
        "If the late fee is still there, I'll take it off.",
        "The late fee — can you take it off?",
        "The late fee, you'll need to take that up with billing.",
        "The late fee, the team will decide whether it's removed.",
        "The parking fine, the council has cancelled it.",
        "The fee that was removed last year is due again.",
        "The late fee is due Friday, and it's been added to your bill.",
    ],
)
def test_a_pronoun_for_a_charge_raised_someone_elses_or_negated_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I have arranged for it to be refunded": an act of authority arranged to be done -----


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've arranged for the late fee to be taken off.",
         "I've arranged for the late fee to be taken off"),
        ("We've organised for your deposit to be returned in full.",
         "We've organised for your deposit to be returned"),
        ("I have arranged for the annual charge to be refunded to your card.",
         "I have arranged for the annual charge to be refunded"),
        ("I'll arrange for the overdraft interest to be written off.",
         "I'll arrange for the overdraft interest to be written off"),
    ],
)  # fmt: skip
def test_an_act_of_authority_arranged_to_be_done_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've asked for the fee to be waived.",
        "I can arrange for the fee to be waived if you send proof.",
        "I'll try to arrange for it to be refunded.",
        "We've arranged for the engineer to be with you on Monday.",
        "You can arrange for the refund to be paid to another card.",
        "I've arranged for your old router to be collected.",
        "I've arranged for customers to be refunded.",
    ],
)
def test_what_is_arranged_without_authority_or_asked_for_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the last month's fee is refunded": a named bill's charge, after "the" ---------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("So the last month's charge is refunded too.", "the last month's charge is refunded"),
        ("The previous month's late fee is waived.", "The previous month's late fee is waived"),
        ("Good news, the last quarter's overage charges are cancelled.",
         "the last quarter's overage charges are cancelled"),
    ],
)  # fmt: skip
def test_the_last_months_charge_given_back_in_the_present_is_a_promise(
    text: str, found: str
) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The last month's fee is refunded if you cancel in the first week.",
        "Last month's fee is refunded once the return arrives.",
        "The last month's fee is non-refundable.",
        "Fees for the last month are refunded within 5 days.",
        "The last month's fee is refunded to everyone on the plan.",
        "Is the last month's fee refunded?",
    ],
)
def test_the_last_months_charge_under_a_condition_or_everyones_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've backdated your cancellation": backdating what gives money back ------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've backdated your cancellation to the 3rd.", "I've backdated your cancellation"),
        ("Your cover has been backdated to the 1st.", "Your cover has been backdated"),
        ("We'll backdate the lower tariff to June.", "We'll backdate the lower tariff"),
        ("Our billing team has backdated your subscription to the day you asked.",
         "Our billing team has backdated your subscription"),
    ],
)  # fmt: skip
def test_backdating_a_cancellation_or_a_plan_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We can't backdate the cancellation.",
        "If we backdate your plan, the monthly fee changes.",
        "The invoice was backdated by the supplier.",
        "Backdated cheques aren't accepted.",
        "You can backdate your meter reading in the app.",
        "I've backdated the invoice to March.",
        "Could you backdate the contract?",
        "I'll ask billing whether they can backdate your cancellation.",
    ],
)
def test_backdating_a_document_negated_or_asked_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "Per our conversation, we'll apply a credit": a frame that points to a talk -----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As per our call earlier, I'll waive the reconnection fee.",
         "I'll waive the reconnection fee"),
        ("According to my email yesterday, we'll credit your account with $40.",
         "we'll credit your account"),
        ("Per our chat, we'll refund the deposit in full.", "we'll refund the deposit"),
    ],
)  # fmt: skip
def test_a_frame_that_points_to_a_talk_with_the_customer_is_no_policy(
    text: str, found: str
) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Per our policy, we'll refund the deposit in full.",
        "As per the terms discussed on our call, we'll refund the deposit.",
        "According to our policy, we will refund unused tickets.",
        "Per our conversation, the fee may be waived if you qualify.",
    ],
)
def test_a_policy_frame_still_sets_a_promise_aside(text: str) -> None:
    assert promises(text) == []


# --- "we're comping the package (normally $12k)": a usual price beside a grant --------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll cover the call-out charge, normally £60.", "We'll cover the call-out charge"),
        ("We're waiving the annual fee (normally $95) this year.",
         "We're waiving the annual fee"),
        ("We'll send a replacement (typically $40) free of charge.",
         "We'll send a replacement"),
    ],
)  # fmt: skip
def test_a_usual_price_beside_a_commitment_is_no_hedge(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll waive the fee (probably around $20).",
        "We'll cover the repair, usually.",
        "We'll waive the fee, I think.",
        "Refunds are usually processed in 5 days (normally a $5 fee).",
    ],
)
def test_a_hedge_beside_a_commitment_still_hedges(text: str) -> None:
    assert promises(text) == []


# --- "... for you 😔 Your next 3 deliveries are on us": an emoji before a capital ends it --


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Not what we want at all 🙁 I've waived the delivery fee for this one.",
         "I've waived the delivery fee"),
        ("Nobody wants that 😬 Your late fee has been removed.",
         "Your late fee has been removed"),
        ("That's not how it should go ❌ We'll cover the return postage.",
         "We'll cover the return postage"),
    ],
)  # fmt: skip
def test_a_negation_before_an_emoji_does_not_reach_the_next_sentence(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Not ideal 😕 we can't refund opened items, sorry.",
        "Not ideal 😕 We can't refund opened items, sorry.",
        "Not what we want at all 🙁 we won't refund it.",
    ],
)
def test_a_negation_after_an_emoji_still_negates(text: str) -> None:
    assert promises(text) == []


# --- "the library fines on your account (£8.40) have been cleared": an aside after the subject


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your deposit (£200) will be returned in full.", "Your deposit (£200) will be returned"),
        ("The late fee ($35) has been removed.", "The late fee ($35) has been removed"),
        ("The overage charges (about $40) are now waived.",
         "The overage charges (about $40) are now waived"),
        ("The setup fee (£49) has been taken off.", "The setup fee (£49) has been taken off"),
    ],
)  # fmt: skip
def test_a_charge_given_back_past_an_aside_in_brackets_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The late fee ($35) is due on Friday.",
        "Late fees ($35 each) are waived for members.",
        "The parcel (order 1234) has been sent.",
        "Your order ($40) was cancelled.",
        "The refund or price adjustment (if any) will be processed through your PayPal account.",
        "The late fee ($35) can't be removed.",
        "If the late fee ($35) is removed, you'll see it on your statement.",
    ],
)
def test_an_aside_before_what_needs_no_authority_or_a_condition_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we've reinstated the €240 to your balance": a sum restored to the customer -----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've restored the $50 to your account.", "I've restored the $50"),
        ("We'll reinstate your funds in full by Friday.", "We'll reinstate your funds"),
        ("We've restored the £15 credit to your wallet.", "We've restored the £15 credit"),
    ],
)  # fmt: skip
def test_a_sum_restored_to_the_customer_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We've reinstated the late fee on your account.",
        "I've restored the $50 limit on your card.",
        "The bank will restore the €240 to your account.",
        "We can't restore the $50 to your account.",
        "I've restored your access to the account.",
        "We'll restore the 2GB to your plan.",
        "If the dispute goes your way, we'll reinstate the €240 to your balance.",
    ],
)
def test_a_charge_a_limit_or_access_restored_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the penalty is cancelled as special exception for you": a present passive, one case ---


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The late fee is waived as a courtesy.", "The late fee is waived"),
        ("The admin fee is removed for you.", "The admin fee is removed"),
        ("The cancellation charge is waived this time.", "The cancellation charge is waived"),
        ("The overstay fee is cancelled as special exception.", "The overstay fee is cancelled"),
    ],
)  # fmt: skip
def test_a_charge_waived_in_the_present_for_one_case_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The fee is waived.",
        "The fee is waived for students.",
        "The fee is waived for you as a Gold member.",
        "The fee is waived for you if you pay by Friday.",
        "The late fee is waived as a courtesy for all members.",
        "Is the late fee waived this time?",
    ],
)
def test_a_charge_waived_in_the_present_for_everyone_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "this is covered by us", "the cost is from our side": a cost said to be ours ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your new filter is covered by us.", "Your new filter is covered by us"),
        ("It'll be paid for by us.", "It'll be paid for by us"),
        ("That's covered by us, don't worry.", "That's covered by us"),
        ("The call-out charge is from our side.", "The call-out charge is from our side"),
        ("Your return postage is on our end.", "Your return postage is on our end"),
    ],
)  # fmt: skip
def test_a_cost_said_to_be_ours_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The delay is on our side.",
        "The error was on our end.",
        "This is covered by your policy.",
        "It was paid for by your employer.",
        "This isn't covered by us.",
        "Repairs are covered by us for 12 months.",
        "Is this covered by us?",
        "Any fees are on our side.",
    ],
)
def test_a_fault_ours_or_a_cost_someone_elses_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll absorb the conversion loss", "we will make good the damage": a loss paid for -----


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll cover the loss on the exchange rate.", "We'll cover the loss"),
        ("I'll make good the shortfall on your account.", "I'll make good the shortfall"),
        ("Sorry about the scratch on the table — we'll pay for the damage.",
         "we'll pay for the damage"),
        ("We've absorbed the currency loss on your refund.", "We've absorbed the currency loss"),
    ],
)  # fmt: skip
def test_a_loss_or_damage_paid_for_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll make good progress on your case.",
        "We'll make good on our promise to call you back.",
        "You'll need to cover the loss yourself.",
        "We can't cover the damage caused by misuse.",
        "The damage was caused by the courier.",
        "We cover accidental damage under the plan.",
    ],
)
def test_progress_made_good_or_a_loss_the_customers_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the payment of £3,240 goes out to you on Monday": money paid to the customer ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your settlement payment goes out to you on Friday.",
         "Your settlement payment goes out to you"),
        ("The payout went out to your bank this morning.", "The payout went out to your bank"),
        ("The full amount goes out to your card tomorrow.",
         "The full amount goes out to your card"),
    ],
)  # fmt: skip
def test_a_payment_that_goes_out_to_the_customer_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your payment goes out on the 1st.",
        "Your payment goes out to your landlord on Monday.",
        "The payment to the supplier goes out Monday.",
        "Payments go out to you within 5 days.",
        "If approved, the payment goes out to you on Monday.",
        "The letter goes out to you on Monday.",
    ],
)
def test_a_debit_a_letter_or_everyones_payment_going_out_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "Keep the jacket, no charge": the customer told to keep the goods, free ---------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Keep the wrong size, no charge.", "Keep the wrong size, no charge"),
        ("Please keep the spare one — on us.", "keep the spare one — on us"),
        ("Feel free to keep it free of charge.", "keep it free of charge"),
        ("Just keep the duplicate order at no extra cost.",
         "keep the duplicate order at no extra cost"),
    ],
)  # fmt: skip
def test_the_customer_told_to_keep_the_goods_free_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Keep your receipt, no charge.",
        "If you keep the jacket, no charge.",
        "Keep the jacket, no charge applies for returns.",
        "Keep the jacket? No charge.",
        "Keep an eye on your inbox — no charge will apply.",
    ],
)
def test_a_receipt_kept_a_condition_or_a_question_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "you're gonna get a brand new handset sent out": a new one sent to the customer --------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll have a new unit sent to you tomorrow.", "You'll have a new unit sent"),
        ("You'll get a brand-new kettle shipped out today.",
         "You'll get a brand-new kettle shipped out"),
        ("You're getting a new pair couriered to you on Monday.",
         "You're getting a new pair couriered"),
    ],
)  # fmt: skip
def test_the_customer_getting_a_new_one_sent_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You'll get a new password sent by email.",
        "You'll get your new card sent out in 5 days.",
        "You can get a new one sent if you pay the fee.",
        "Can you get a new one sent to me?",
        "You'll need to get a new one sent by the manufacturer.",
        "You'll get a new one sent once we receive the old one.",
    ],
)
def test_a_new_password_or_a_new_one_asked_or_conditional_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the upgrade's free": what needs authority, of this customer's, said free -------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your replacement is free of charge.", "Your replacement is free of charge"),
        ("The upgrade is free now.", "The upgrade is free"),
        ("Don't worry, the seat upgrade's free.", "the seat upgrade's free"),
    ],
)  # fmt: skip
def test_an_upgrade_or_a_replacement_said_free_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The upgrade is free for Gold members.",
        "Upgrades are free.",
        "The first upgrade is free.",
        "The upgrade is free if you renew.",
        "Is the upgrade free?",
        "The upgrade isn't free.",
        "The upgrade is free with the Premium plan.",
        "The replacement is free to choose.",
        "A replacement is free.",
    ],
)
def test_an_upgrade_free_for_everyone_or_conditional_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "a full refund ... plus a 10% top-up has been added": two noun phrases, one subject ----


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The admin fee and any card charges will be refunded.",
         "The admin fee and any card charges will be refunded"),
        ("The delivery charge and any late fees have been waived.",
         "The delivery charge and any late fees have been waived"),
        ("A $20 credit plus a free month has been added to your plan.",
         "A $20 credit plus a free month has been added"),
    ],
)  # fmt: skip
def test_a_charge_joined_to_another_by_and_is_this_customers(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Refunds and any credits will be issued within 5 days.",
        "Any fees and charges are refunded within 5 days.",
        "Your parcel and the receipt have been sent.",
        "The fee and any charges will be refunded if the claim is approved.",
        "Shipping plus any customs fees are covered for members.",
    ],
)
def test_two_noun_phrases_of_everyone_or_under_a_condition_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "all charges since October", "all affected flats": "all" of one case -----------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("All charges on your account have been refunded.",
         "All charges on your account have been refunded"),
        ("All charges since March have been waived.", "All charges since March have been waived"),
        ("We'll refund all affected bookings in full.", "We'll refund all affected bookings"),
        ("We'll credit every affected account with £10.", "We'll credit every affected account"),
    ],
)  # fmt: skip
def test_all_of_one_case_is_this_customers(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "All customers will be refunded.",
        "Any fees will be refunded if you cancel.",
        "All late fees are waived for members.",
        "All charges are refunded within 30 days.",
        "Any affected passengers can claim compensation.",
    ],
)
def test_all_of_everyone_is_policy(text: str) -> None:
    assert promises(text) == []
