"""The promise and refusal rules of the eleventh round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 11``; the round is described in docs/checks.md). The round's promise classes are
tested in their own sections.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- "we won't be reinstating the promotional rate": what lapsed, not given back ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be reinstating the loyalty discount now that your contract has ended.",
         "We won't be reinstating"),
        ("I'm afraid we will not restore the bonus miles that expired in March.",
         "we will not restore"),
        ("The billing team won't be restoring the old introductory price, sorry.",
         "The billing team won't be restoring"),
        ("We will not reactivate the expired voucher.", "We will not reactivate"),
        ("Our team won't reinstate your Gold status after the lapse.",
         "Our team won't reinstate"),
    ],
)  # fmt: skip
def test_what_lapsed_not_given_back_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Don't worry, we won't reinstate the late fee.",
        "We won't restore your service until the balance is paid.",
        "If the app won't restore your purchases, tap Sign out and back in.",
        "You won't need to reinstate anything, it's all carried over.",
        "We won't restore the backup over your new files without asking you first.",
        "We won't be reinstating the overdraft charges once the account is closed.",
    ],
)
def test_a_charge_not_reinstated_or_a_lapse_for_now_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "Sorry, I won't split the purchase": an act asked for, declined with regret ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, we won't split the bill across two cards for a single booking.",
         "we won't split"),
        ("I'm afraid I won't move the payment date to before the audit.", "I won't move"),
        ("Sorry, but we won't be swapping the sofa for a different model.",
         "we won't be swapping"),
        ("Regrettably, we will not merge the two accounts.", "we will not merge"),
        ("Unfortunately I won't rebook the tour for a third time.", "I won't rebook"),
    ],
)  # fmt: skip
def test_an_act_asked_for_declined_with_regret_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Sorry for the mix-up, we won't move anything without checking with you first.",
        "Sorry about that! We won't switch your plan again.",
        "Don't worry, we won't split your order into two deliveries.",
        "I'm sorry the courier was late; we won't move your slot unless you ask.",
        "Sorry, the bank won't split the payment for us.",
        "Unfortunately, if we won't merge the accounts today, the points will expire.",
    ],
)
def test_an_apology_then_a_reassurance_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "the club declines requests to pause": the business declining, in the present --------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The gym declines requests to transfer a membership to a friend.", "The gym declines"),
        ("Our studio refuses bookings for under-16s without a parent present.",
         "Our studio refuses"),
        ("The club will decline any refund for classes already attended.",
         "The club will decline"),
        ("I'm sorry, but the practice rejects claims submitted after 90 days.",
         "the practice rejects"),
        ("Unfortunately our leisure club can't freeze a membership for a holiday.",
         "our leisure club can't freeze"),
    ],
)  # fmt: skip
def test_the_business_declining_in_the_present_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The bank declined your card, so the payment didn't go through.",
        "The terminal declines contactless payments over £100.",
        "If the club declines your request, we'll refund the joining fee.",
        "The club never declines a reasonable request.",
        "Does the gym decline requests to pause?",
        "Most members decline the towel service.",
        "The club can't wait to welcome you back in January.",
    ],
)
def test_a_card_declined_or_a_condition_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "our reps don't give legal advice": the business's people, by their role --------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our advisers don't give tax advice on overseas income.", "Our advisers don't give"),
        ("Sorry, our reps can't change the account holder's name over chat.",
         "our reps can't change"),
        ("Our representatives aren't able to override the fare rules.",
         "Our representatives aren't able to override"),
        ("Our consultants cannot advise on which pension to choose.",
         "Our consultants cannot advise"),
        ("The claims handlers won't share the other driver's details.",
         "The claims handlers won't share"),
    ],
)  # fmt: skip
def test_the_businesss_people_declining_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Our reps can't wait to meet you at the open day.",
        "If our advisers can't reach you, they'll leave a voicemail.",
        "Our reps couldn't find any order under that email.",
        "Your rep can't see the note yet, but I've added it.",
        "The rep you spoke to can't have known about the outage.",
        "Our customers can't change the account holder online.",
    ],
)
def test_the_businesss_people_failing_or_someone_elses_rep_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "I won't weigh in on whether you should move your pension": an opinion declined ------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I won't weigh in on which broker you should use.", "I won't weigh in"),
        ("As your booking agent, I'm not going to weigh in on whether the visa rules apply "
         "to you.", "I'm not going to weigh in"),
        ("We don't weigh in on disputes between tenants and their landlords.",
         "We don't weigh in"),
        ("I will not opine on whether the contract is enforceable.", "I will not opine"),
        ("Sorry, we won't be weighing in on which school is the better fit.",
         "we won't be weighing in"),
    ],
)  # fmt: skip
def test_declining_to_weigh_in_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I won't weigh you down with the technical details.",
        "Our engineer will weigh in once the logs are uploaded.",
        "We won't weigh in until the adjuster has seen the car.",
        "Don't weigh in on the forum thread; just message us here.",
        "If the landlord won't weigh in, we can mediate.",
        "The parcel won't weigh in at more than 2 kg, so standard postage is fine.",
    ],
)
def test_weighing_in_for_now_or_not_ours_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "Backdating it after the claim was made isn't something we'll do": the time clause is
# --- part of the act declined, not a condition on the refusal -------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Changing the policy start date after the claim was made isn't something we're able "
         "to do.", "isn't something we're able"),
        ("Refunding tickets once the event has started is not something we offer.",
         "is not something we offer"),
        ("Moving the meter reading date after the bill was issued isn't something our team "
         "can do.", "isn't something our team can do"),
        ("Adding a driver after an accident has happened is not possible.",
         "happened is not possible"),
        ("Cancelling a course after it has started is something we don't do.",
         "we don't do"),
        ("Listing the repair as done after your warranty started isn't something we can do.",
         "isn't something we can do"),
        ("Dating the invoice after the policy renewed is not something I'm able to do.",
         "is not something I'm able"),
    ],
)  # fmt: skip
def test_an_act_declined_with_its_time_clause_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "If backdating the cover isn't something we can do, I'll call you straight away.",
        "After the claim was made, changing the start date isn't something you need to do.",
        "Checking the logs after the update, I can't find any error.",
        "Getting a refund after the event has started isn't something you can do online.",
        "Once the parts arrive, fitting them isn't something that takes long.",
        "Nothing after the first payment is something we can't sort out.",
        "Once confirmed, the new date can't be changed again.",
        "After you accept the quote, switching the engineer isn't something we can do.",
    ],
)
def test_a_condition_that_opens_the_sentence_still_conditions(text: str) -> None:
    assert refusals(text) == []


# --- "can't be split automatically, but I've applied $30": a way ruled out, the request done
# --- another way --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Your two orders can't be combined automatically, but I've merged them by hand and "
        "refunded the second shipping fee.",
        "We can't deliver to a PO box by courier, so I've switched the order to Royal Mail.",
        "The voucher can't be applied online, but I've added it to your order from my side.",
        "We can't send refunds by cheque, so I've put the $40 back on your Visa.",
        "We can't ship aerosols by air, so we've moved that item to ground shipping.",
        "The upgrade can't be processed through the app, but I've just done it here for you.",
    ],
)
def test_a_way_ruled_out_then_the_request_done_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't cancel the order, but I've flagged it to the warehouse.", "I can't cancel"),
        ("We can't refund the fare online, but I've passed your request to the billing team.",
         "We can't refund"),
        ("I can't share your husband's account details by email, but I've sent him a link "
         "to call us.", "I can't share"),
        ("We can't ship to that address by courier, and there's no other way to get it there.",
         "We can't ship"),
        ("I can't waive the fee automatically, so I'd suggest asking your bank.",
         "I can't waive"),
    ],
)  # fmt: skip
def test_a_request_declined_then_other_help_still_refuses(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- "I've moved your tickets from ... to ... at no additional charge": a long act, granted ---


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've moved your booking from the 3rd to the 10th at the same hotel in Leeds at no "
         "extra cost.",
         "I've moved your booking from the 3rd to the 10th at the same hotel in Leeds at no "
         "extra cost"),
        ("We'll switch your plan from the Basic tier to the Family tier on the next billing "
         "date free of charge.",
         "We'll switch your plan from the Basic tier to the Family tier on the next billing "
         "date free of charge"),
    ],
)  # fmt: skip
def test_an_act_granted_far_before_its_frame_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your seat on the flight from London to New York on Friday is available at no extra cost.",
        "We have always offered seat changes from the app on any device at no extra cost.",
        "I can check whether your tickets can be moved from the balcony to the stalls at no "
        "extra cost.",
    ],
)
def test_a_long_clause_with_no_act_of_ours_granted_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "> I was told my claim had been approved": a line quoted in an e-mail reply -------------


@pytest.mark.parametrize(
    "text",
    [
        "> I was told my refund had been processed.\n\nIt is still pending, sorry.",
        "> We were told the fee had been waived.\nI can see it is still on the account.",
        "> Your agent said the late fee had been waived.\n\nI'm checking that now.",
    ],
)
def test_a_line_quoted_in_an_email_reply_is_no_promise(text: str) -> None:
    assert promises(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("> Can you waive the fee?\n\nDone, I've waived it.", "I've waived it"),
        ("> You said you would refund the fee.\nYes, and I have refunded it.",
         "I have refunded it"),
        ("Orders > $50 ship free and I've refunded the fee.", "I've refunded the fee"),
    ],
)  # fmt: skip
def test_the_reply_under_a_quoted_line_still_promises(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


# --- "I've booked you onto the replacement bus": transport laid on, not a replacement given --


@pytest.mark.parametrize(
    "text",
    [
        "We've put you on the replacement coach at 9:10.",
        "I've got you a seat on the replacement train at 18:05.",
        "I've booked you onto the replacement bus service from Didcot.",
    ],
)
def test_a_replacement_bus_or_train_is_no_replacement_given(text: str) -> None:
    assert promises(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've sent a replacement charger to your address.", "I've sent a replacement charger"),
        ("We'll send a replacement free of charge.", "We'll send a replacement free of charge"),
    ],
)  # fmt: skip
def test_a_replacement_sent_is_still_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


# --- "we'll cover the vet bills", "we'll write off the estimated bills": bills as costs -----


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll pay the hospital bills directly.", "We'll pay the hospital bills directly"),
        ("I've written off your last two invoices.", "I've written off"),
        ("We'll absorb the storage bills for the extra week.",
         "We'll absorb the storage bills"),
    ],
)  # fmt: skip
def test_bills_paid_or_written_off_are_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your bills are issued monthly.",
        "You'll need to pay the bills yourself.",
        "We can't cover medical bills.",
        "Bills are sent by email.",
    ],
)
def test_bills_issued_or_the_customers_to_pay_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "you're going to get the full ticket price back": money got back, by its price or fee --


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll get the booking fee back.", "You'll get the booking fee back"),
        ("You'll get your payment back within 5 days.", "You'll get your payment back"),
        ("You'll get the charge back on your card.", "You'll get the charge back"),
    ],
)  # fmt: skip
def test_the_customer_getting_a_price_or_fee_back_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You'll get the cost back if the claim succeeds.",
        "You can get the fee back by appealing.",
        "I'll get back to you about the fee.",
        "Once the price is back to normal, I'll let you know.",
        "I can't promise you'll get the fee back.",
    ],
)
def test_a_fee_back_under_a_condition_or_no_money_back_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the $25 goodwill credit is now showing on your account": given, and seen --------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund is now sitting in your account.",
         "Your refund is now sitting in your account"),
        ("The $40 credit is visible on your statement.",
         "The $40 credit is visible on your statement"),
        ("The goodwill credit is now appearing on your bill.",
         "The goodwill credit is now appearing on your bill"),
    ],
)  # fmt: skip
def test_a_credit_showing_on_the_customers_account_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your payment is showing on your account.",
        "Refunds are usually showing in your account within 5 days.",
        "Is the credit showing on your account?",
        "The credit isn't showing on your account yet.",
    ],
)
def test_a_payment_showing_or_a_credit_not_yet_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "Just applied a $100 courtesy credit": a chat reply's giving verb, its "I" left out ----


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Already sent a replacement, should be with you Friday.", "sent a replacement"),
        ("Just issued a full refund to your Visa.", "issued a full refund"),
        ("Just added a £10 goodwill credit to the account.", "added a £10 goodwill credit"),
    ],
)  # fmt: skip
def test_a_chat_reply_giving_what_needs_authority_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Applied changes are saved automatically.",
        "Added a note to your account.",
        "Just sent a reminder email.",
        "Sent a new link to your inbox.",
        "Issued refunds appear within 5 days.",
        "Added a refund request to the queue.",
    ],
)
def test_a_chat_reply_giving_what_needs_no_authority_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "£23.40 has been paid into your bank account": an amount paid to the customer -----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £40 has been transferred to your account.",
         "The £40 has been transferred to your account"),
        ("£12.50 has been deposited into your wallet.",
         "£12.50 has been deposited into your wallet"),
        ("$75 will be paid into your bank account on Friday.", "$75 will be paid into your bank"),
    ],
)  # fmt: skip
def test_an_amount_paid_into_the_customers_account_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "£23.40 has been paid from your account.",
        "$50 has been charged to your card.",
        "Your payment of £40 has been sent to the merchant.",
        "£40 has been transferred to the seller.",
        "Your £40 deposit has been transferred to your account.",
        "£40 will be paid into your account once the claim is approved.",
    ],
)
def test_an_amount_taken_or_paid_to_someone_else_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "your rate is locked at $29.99 for life", "you'll keep the rate for 12 months": a price
# --- held, in the passive or kept by the customer ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll keep your current price until 2027.", "You'll keep your current price"),
        ("Your rent has been frozen until March.", "Your rent has been frozen"),
        ("Your monthly fee will be held at £20.", "Your monthly fee will be held at £20"),
        ("Your broadband price is locked in until 2027.", "Your broadband price is locked in"),
    ],
)  # fmt: skip
def test_a_price_held_in_the_passive_or_kept_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your account is locked.",
        "The price is locked at checkout.",
        "Rates are frozen for new members.",
        "You'll keep your rate if you renew.",
        "You can keep your current rate for another year.",
        "Your refund has been frozen.",
        "You'll keep the rate for as long as you stay.",
    ],
)
def test_an_account_locked_or_a_price_kept_under_a_condition_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've arranged a courtesy car": what is given as a courtesy -----------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll book you a courtesy room at the airport hotel.",
         "We'll book you a courtesy room"),
        ("I've added a courtesy night to your stay.", "I've added a courtesy night"),
        ("We've organised a courtesy hire car while yours is repaired.",
         "We've organised a courtesy hire car"),
    ],
)  # fmt: skip
def test_a_courtesy_car_or_room_given_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We'll give you a courtesy call tomorrow.",
        "I've sent a courtesy reminder.",
        "Courtesy cars are available for warranty work.",
        "If one's free, we'll arrange a courtesy car.",
        "You can request a courtesy car at the desk.",
    ],
)
def test_a_courtesy_call_or_a_courtesy_car_for_everyone_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I'll waive the fee when I move your tickets": a time set by the agent's own act ---------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll refund the deposit once I've submitted the cancellation.",
         "We'll refund the deposit"),
        ("When I move your tickets, I'll waive the fee.", "I'll waive the fee"),
        ("As soon as we finish this call I'll credit £25 to your account.", "I'll credit £25"),
        ("I'll remove the late charge when I update your plan.", "I'll remove the late charge"),
    ],
)  # fmt: skip
def test_a_commitment_timed_by_the_agents_own_act_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Once we receive the item, we'll refund you.",
        "We'll refund you once we've inspected the parcel.",
        "I'll refund you when I can.",
        "We'll refund you after we process your return.",
        "I'll waive the fee when you move your tickets.",
        "If I move your tickets, I'll waive the fee.",
    ],
)
def test_a_commitment_timed_by_what_others_do_is_conditional(text: str) -> None:
    assert promises(text) == []


# --- "There's zero chance you'll miss the connection": a loss made impossible ----------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Literally zero chance you'll be left stranded at the airport.",
         "Literally zero chance you'll be left"),
        ("There's no chance your premium goes up at renewal.",
         "There's no chance your premium goes up"),
        ("There is no chance that you will lose your seat.",
         "There is no chance that you will lose"),
    ],
)  # fmt: skip
def test_a_loss_given_no_chance_is_a_certain_outcome(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "There's a chance you'll miss the connection.",
        "There's zero chance you'll get a refund.",
        "No chance of a refund, sorry.",
        "Is there any chance you'll be charged?",
        "There's no chance the parcel arrives today.",
    ],
)
def test_a_chance_a_refund_refused_or_a_question_is_no_promise(text: str) -> None:
    assert promises(text) == []
