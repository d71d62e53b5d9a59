"""The promise and refusal rules of the twelfth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 12``; the round is described in docs/checks.md). The round's promise classes are
tested in their own sections.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- "we won't pay for the storage unit": a cost the customer asked us to meet, not met ----


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be matching the price you saw at the other branch.",
         "We won't be matching"),
        ("We will not pay for the hire car while yours is in the garage.",
         "We will not pay"),
        ("The garage won't reimburse the taxi fare, I'm afraid.", "The garage won't reimburse"),
        ("We won't compensate you for the day off work.", "We won't compensate"),
        ("I'm not going to match that quote, sorry.", "I'm not going to match"),
        ("Sorry, we won't be paying the vet's call-out fee.", "we won't be paying"),
        ("We can't match a quote from an online-only retailer.", "We can't match"),
    ],
)  # fmt: skip
def test_a_cost_not_met_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You won't pay anything extra for the second visit.",
        "We won't pay out until the vet's report arrives.",
        "If the dealer won't match the price, let us know.",
        "We won't match your details with any third party.",
        "I can't match that email to an account; could you check the spelling?",
        "We won't pay the refund into that account, as it's closed; it goes to your new card.",
        "Don't worry, we won't pay the installer until you've signed off the job.",
    ],
)
def test_a_cost_for_now_or_not_ours_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "Restoring it is something I won't be doing": the "something" frame, negated after it -


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Backdating a warranty is something our shop won't be doing.",
         "is something our shop won't be doing"),
        ("Unblocking a phone reported as stolen is one thing we won't be doing, sorry.",
         "is one thing we won't be doing"),
        ("Editing reviews that other customers leave is something we will not be doing.",
         "is something we will not be doing"),
        ("Writing the reference letter for your landlord is something I won't be doing, I'm "
         "afraid.", "is something I won't be doing"),
    ],
)  # fmt: skip
def test_something_we_wont_be_doing_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Cancelling on you at the last minute is something we won't be doing again.",
        "Charging you twice is something we won't be doing.",
        "Finding a cheaper quote is something you won't be doing alone; we'll help.",
        "Is renewing the plan something we won't be doing automatically?",
        "That's something we won't be forgetting in a hurry!",
        "Chasing the courier is something we'll be doing first thing tomorrow.",
    ],
)
def test_something_we_wont_be_doing_again_or_not_ours_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "I can't stop thinking about how frustrating that was": an idiom of feeling -----------


@pytest.mark.parametrize(
    "text",
    [
        "I can't stop thinking about how stressful the move must have been for you.",
        "Honestly, we can't stop smiling at the photos you sent of Biscuit!",
        "I can't stop wondering whether the driver even knocked.",
        "I can't stop laughing at your review, thank you for it!",
        "We can't stop talking about the cake you made for the launch.",
    ],
)
def test_cant_stop_feeling_is_an_idiom(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't stop the direct debit from our side.", "I can't stop"),
        ("We can't stop sending paper statements on this kind of account.", "We can't stop"),
        ("I can't stop the payment; it was approved by the account holder.", "I can't stop"),
    ],
)  # fmt: skip
def test_cant_stop_an_act_still_refuses(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- "I can't advise on the exact date, but it's usually within a week": a time not known --


@pytest.mark.parametrize(
    "text",
    [
        "I can't advise on the exact delivery date, but it's usually within ten days.",
        "We can't comment on when the engineer will arrive, but the slot is 8 to 12.",
        "I'm unable to advise on how long the repair will take; the garage will call you.",
        "I can't advise on the precise timing of the refund, as it's up to your bank.",
        "I can't comment on the expected arrival date, but the courier's app will show it.",
    ],
)
def test_not_advising_on_a_date_is_a_hedge(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't advise on when to stop giving her the tablets.", "I can't advise"),
        ("I can't advise on the best time to sell your shares.", "I can't advise"),
        ("We can't comment on the exact dose for a puppy.", "We can't comment"),
        ("I can't advise on whether the date on your visa is valid.", "I can't advise"),
        ("I can't comment on when another customer's order will arrive.", "I can't comment"),
    ],
)  # fmt: skip
def test_advice_on_what_to_do_or_a_dose_still_refuses(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- "loan cars are provided free for warranty work", "I'll have a day free on Thursday":
# --- "free" that gives nothing ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll give you the Plus plan free for three months.",
         "We'll give you the Plus plan free"),
        ("You'll get the add-on free until March.", "You'll get the add-on free"),
    ],
)  # fmt: skip
def test_a_thing_given_free_for_a_time_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I'll have a day free on Thursday.",
        "You'll have a week free before the course starts.",
        "We'll have a technician free on Monday.",
        "Courtesy cars are provided free for servicing booked online.",
        "Parking is free for visitors.",
    ],
)
def test_free_for_a_purpose_or_free_time_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've added a note that your first month was free": what a note says is no grant ---------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've added a month to your plan, free of charge.",
         "I've added a month to your plan, free"),
        ("We'll send a new charger, completely free.", "We'll send a new charger, completely free"),
    ],
)  # fmt: skip
def test_an_act_given_free_is_still_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've added a note that your first month was free.",
        "I've sent you a message that the first delivery was free.",
        "We've issued a statement confirming the setup was free.",
        "I've put a note on file that the trial was free.",
    ],
)
def test_free_in_what_a_note_says_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "The late fee is gone once you pay the balance": gone only under a condition ------------


@pytest.mark.parametrize(
    "text",
    [
        "The late fee is gone once you pay the balance.",
        "The late fee is off your bill once the transfer clears.",
        "The penalty charge is gone as soon as you upload the permit.",
    ],
)
def test_a_charge_gone_only_under_a_condition_is_no_promise(text: str) -> None:
    assert promises(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The late fee is gone, once again sorry for the trouble.", "The late fee is gone"),
        ("The late fee is gone for good.", "The late fee is gone"),
    ],
)  # fmt: skip
def test_a_charge_gone_with_no_condition_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


# --- "We've swapped your hearing aid for a new one", "I've popped a credit on": the past of
# --- swap and pop doubles its last letter ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've swapped the faulty kettle for a brand-new one.",
         "I've swapped the faulty kettle for a brand-new one"),
        ("We've swapped the cracked lamp for a replacement.",
         "We've swapped the cracked lamp for a replacement"),
        ("I've popped a £10 credit on your account.", "I've popped a £10 credit"),
    ],
)  # fmt: skip
def test_swapped_and_popped_are_read_as_swap_and_pop(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We've swapped your delivery slot for a new one.",
        "I've swapped the blue one for the green one.",
        "I've popped a note on your account.",
        "You've swapped the charger for a new one yourself.",
    ],
)
def test_a_slot_swapped_or_a_note_popped_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "The £60 installation fee has come off your order": a charge that has come off ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The late fee has come off your bill.", "The late fee has come off"),
        ("The admin charge has now come off your invoice.",
         "The admin charge has now come off"),
        ("The £15 surcharge has come off.", "The £15 surcharge has come off"),
    ],
)  # fmt: skip
def test_a_charge_that_has_come_off_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The fee has come off your card.",
        "The price has come down.",
        "Late fees have come off for everyone.",
        "The lid has come off.",
    ],
)
def test_a_fee_taken_from_a_card_or_a_lid_come_off_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "nothing to pay when you collect": nothing left for the customer to pay ----------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We've repaired it under warranty — nothing to pay when you pick it up.",
         "nothing to pay"),
        ("There's nothing extra to pay for the second visit.", "There's nothing extra to pay"),
        ("You'll have nothing more to pay.", "You'll have nothing more to pay"),
    ],
)  # fmt: skip
def test_nothing_left_to_pay_is_a_no_charge_commitment(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Invoice total 0,00 € — nothing to pay.",
        "There was nothing to pay at the time.",
        "I'm afraid there's still something to pay.",
        "If it's under warranty, there's nothing to pay.",
        "There's nothing to pay for members.",
        "Nothing to pay upfront; the balance is due on delivery.",
    ],
)
def test_nothing_to_pay_yet_under_a_condition_or_for_everyone_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll extend your access to the course": access or a licence extended -------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've extended your access to the archive by a month.",
         "I've extended your access"),
        ("We'll extend your licence to March.", "We'll extend your licence"),
        ("Your archive access has been extended to Friday.",
         "Your archive access has been extended"),
    ],
)  # fmt: skip
def test_access_or_a_licence_extended_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We can't extend your access.",
        "You can extend your access at checkout.",
        "Access is extended for premium users.",
        "I've restored your access.",
        "I've extended the search to older orders.",
    ],
)
def test_access_restored_or_extended_by_the_customer_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "Done — the late fee on your invoice is waived", "Good news: the charge is cancelled": a
# --- present passive of this customer's case ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The overdraft fee on your March statement is refunded.",
         "The overdraft fee on your March statement is refunded"),
        ("Great news, the late fee is waived.", "the late fee is waived"),
        ("Sorted — the admin fee is cancelled.", "the admin fee is cancelled"),
    ],
)  # fmt: skip
def test_a_charge_waived_in_the_present_of_this_case_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The delivery fee on your first order is waived.",
        "The fee on your account is waived if you pay by direct debit.",
        "The fee is waived.",
        "Good news: the fee is waived for students.",
        "OK: the fee is waived.",
    ],
)
def test_a_charge_waived_as_a_promotion_or_policy_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "We'll make it right by sending you a brand-new mattress": redress by a giving act ------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Let us make it up to you by giving you a free month.",
         "Let us make it up to you by giving you a free"),
        ("We'll make it right by covering the return postage.",
         "We'll make it right by covering the return postage"),
        ("We'll put it right by sending a new pair.", "We'll put it right by sending a new pair"),
    ],
)  # fmt: skip
def test_redress_by_an_act_that_needs_authority_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll make it right by sending you a tracking link.",
        "We'll make it right by calling the courier.",
        "We can make it right by sending a new one if you return the old one.",
    ],
)
def test_redress_by_a_routine_act_or_under_a_condition_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll add a month of Premium on top": a period given as a bonus -------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've given you a bonus month on the plan.", "I've given you a bonus month"),
        # the span reaches the amends, "for the trouble", since the seventh pass
        ("We'll add two weeks of Premium on top for the trouble.",
         "We'll add two weeks of Premium on top for"),
        ("I've added an extra week of service on top.",
         "I've added an extra week of service on top"),
    ],
)  # fmt: skip
def test_a_period_given_on_top_or_as_a_bonus_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll add a week to your booking.",
        "You'll get a month on top if you refer a friend.",
        "Members get a bonus month every year.",
        "I'll top up your data.",
    ],
)
def test_a_period_added_or_a_bonus_for_everyone_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "The donation you made by mistake will be returned to you in full": a donation given back


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The donation you sent twice will be returned to you in full.",
         "The donation you sent twice will be returned"),
        ("We'll return your contribution in full.", "We'll return your contribution"),
        ("The contribution we took by mistake has been paid back.",
         "The contribution we took by mistake has been paid"),
    ],
)  # fmt: skip
def test_a_donation_given_back_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your monthly donation has been set up.",
        "Thank you for your donation.",
        "Donations are non-refundable.",
        "Your donation was received.",
    ],
)
def test_a_donation_received_or_set_up_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "We'll restore the matches and messages you lost and refund the Boost": a commitment read
# --- past a clause that goes on with the object ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll reset the router and modem and refund the call-out charge.",
         "refund the call-out charge"),
        ("We'll collect the sofa and cushions and reimburse the delivery fee.",
         "reimburse the delivery fee"),
    ],
)  # fmt: skip
def test_a_verb_after_two_ands_shares_the_commitment(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll check the parcel and the label and refund you if it's damaged.",
        "We will fix the app and the website and update you.",
        "We won't collect the sofa and cushions and refund the fee.",
    ],
)
def test_a_verb_after_two_ands_conditional_routine_or_negated_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll pay for any damage to your worktop": "any" of a thing of this customer's ---------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll pay for any damage to your kitchen floor.", "We'll pay for any damage"),
        ("We'll cover any costs on your account from the outage.", "We'll cover any costs"),
    ],
)  # fmt: skip
def test_any_of_the_customers_own_thing_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We refund any order to your card within 5 days.",
        "We'll cover any damage to your car if the claim is approved.",
        "We can't cover any damage to your car.",
        "We'll cover any damage caused in transit.",
    ],
)
def test_any_under_a_condition_or_of_everyone_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "your claim will go through and we'll pay it out": a claim paid out, named by a pronoun --


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The settlement is agreed; I'll pay that out today.", "I'll pay that out"),
        ("Your compensation is confirmed and we'll pay it out next week.",
         "we'll pay it out"),
    ],
)  # fmt: skip
def test_a_claim_paid_out_by_a_pronoun_is_a_promise(text: str, found: str) -> None:
    # ("Your compensation is confirmed" is a completed action of its own, since round 42)
    assert [t for _, t in promises(text)][-1:] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your invoice is due and you'll pay it out of your savings.",
        "Your claim is under review; we can't pay it out yet.",
        "The rope, we'll pay it out slowly.",
        "Your order is ready and we'll send it out today.",
    ],
)
def test_something_else_paid_out_or_a_claim_not_paid_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the extra hour the crew spent waiting has been written off": the work's time written off


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The two hours of labour have been knocked off your invoice.",
         "The two hours of labour have been knocked off"),
        ("Your engineer's second visit has been written off.",
         "Your engineer's second visit has been written off"),
        ("The extra forty minutes on site have been written off.",
         "The extra forty minutes on site have been written off"),
    ],
)  # fmt: skip
def test_time_spent_on_the_job_written_off_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The time you spent on hold was written off as a loss.",
        "The hours are written off for tax purposes.",
        "Two hours of labour are charged at £60.",
        "Your visit has been booked for Monday.",
    ],
)
def test_time_not_the_jobs_or_not_written_off_is_no_promise(text: str) -> None:
    assert promises(text) == []
