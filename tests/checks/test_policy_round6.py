"""The promise and refusal rules of the sixth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 6``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- the customer's money gone back, back with them, or got back to them ------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $40 difference has gone back to your Visa.", "The $40 difference has gone back"),
        ("Your deposit went back to your card this morning.", "Your deposit went back"),
        ("Good news, your £25 is back in your account.", "your £25 is back"),
        ("the booking fee is back with you now", "the booking fee is back"),
        ("I'll put the $12 booking fee back on your card.", "I'll put the $12 booking fee back"),
        ("We'll send the $8 delivery charge back to you today.",
         "We'll send the $8 delivery charge back"),
    ],
)  # fmt: skip
def test_the_customers_money_back_is_given(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your parcel has gone back to the depot.",
        "The driver went back to the restaurant for your drinks.",
        "Your order is back in stock.",
        "Is the $20 back in your account yet?",
        "Once your deposit is back in your account, you can rebook.",
        "You'll need to send the $5 adapter back to us.",
        "I'll get back to you about the fee tomorrow.",
        "I'll send the parcel back to you by courier.",
    ],
)
def test_something_else_back_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the fee you paid": a charge named by a clause without "that" ------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The annual fee you paid in March has been refunded.",
         "The annual fee you paid in March has been refunded"),
        ("The deposit you put down has been returned to your card.",
         "The deposit you put down has been returned"),
        ("The $60 we charged you has been reversed.", "The $60 we charged you has been reversed"),
    ],
)  # fmt: skip
def test_a_charge_named_by_a_clause_is_the_subject(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The form you filled in has been returned to the office.",
        "The fee you paid covers the first month.",
        "The parcel you sent has been returned to the sender.",
    ],
)
def test_something_else_named_by_a_clause_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- a charge reduced, lowered, adjusted down ------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your June bill will be reduced by $25.", "Your June bill will be reduced"),
        ("I've lowered your monthly fee to $30 for the rest of the year.",
         "I've lowered your monthly fee"),
        ("We've reduced the cancellation charge to $10.", "We've reduced the cancellation charge"),
        ("I've adjusted the late fee down to $5.", "I've adjusted the late fee down"),
    ],
)  # fmt: skip
def test_a_charge_reduced_needs_authority(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your bill will be reduced if you switch to paperless billing.",
        "Fees are reduced for students.",
        "Your refund was reduced by the restocking fee.",
        "Your speed will be reduced after 50 GB.",
        "You can reduce the fee by paying early.",
        "I've adjusted the delivery time to 6 PM.",
        "The lower rate applies from your next bill.",
    ],
)
def test_a_reduction_by_policy_or_of_something_else_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "..., if not, it's free": a promise's back-up, not its condition --------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I guarantee it'll be at your door by 7 — if not, your next order is free.",
         "I guarantee"),
        ("We promise the car will be ready at 9, and if not, the first day is free.",
         "We promise"),
        ("I guarantee the engineer will arrive before noon; if not, call me.", "I guarantee"),
    ],
)  # fmt: skip
def test_if_not_after_a_promise_does_not_condition_it(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "If not, the first day is free.",
        "We'll refund you if not satisfied.",
        "We'll replace it if not repaired by Friday.",
    ],
)
def test_if_not_before_what_it_conditions_still_conditions(text: str) -> None:
    assert promises(text) == []


# --- "is certain to arrive", "trust me, ...": a forecast made certain ---------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The replacement is certain to reach you before Friday.",
         "The replacement is certain to reach"),
        ("Your tickets are sure to arrive in time for the show.",
         "Your tickets are sure to arrive"),
        ("It's bound to be delivered by tonight.", "It's bound to be"),
        ("Trust me, the parts will be there on Monday.", "the parts will be there"),
    ],
)  # fmt: skip
def test_a_forecast_made_certain(text: str, found: str) -> None:
    assert promises(text) == [("certain outcome", found)]


@pytest.mark.parametrize(
    "text",
    [
        "Be sure to bring your booking reference.",
        "I'm not certain the driver will wait.",
        "It's not certain to arrive before the weekend.",
        "Trust me, I know how annoying that is.",
        "You're sure to love the new menu.",
        "I'm sure to mention it to the team.",
    ],
)
def test_an_imperative_a_doubt_or_a_feeling_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- an amount in the subject makes a present passive this customer's ---------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorted — the $9.99 charge is refunded.", "the $9.99 charge is refunded"),
        ("The £15 admin fee is waived.", "The £15 admin fee is waived"),
    ],
)
def test_an_amount_makes_a_present_passive_specific(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The $25 fee is waived for members.",
        "The $5 fee is refunded if you cancel within a day.",
        "Is the $9 fee refunded?",
        "The $10 delivery fee is waived on orders over $50.",
    ],
)
def test_an_amount_by_policy_or_asked_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- free of charge, as an exception: any act of the agent's granted ----------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've extended your library loan by a month free of charge.",
         "I've extended your library loan by a month free of charge"),
        ("We've restored your lost progress as a one-off exception.",
         "We've restored your lost progress as a one-off exception"),
        ("I've reopened the enrolment for you as an exception.",
         "I've reopened the enrolment for you as an exception"),
        ("We'll reconnect the service at no extra cost.",
         "We'll reconnect the service at no extra cost"),
        ("As a one-off, I'll let you keep the car until Sunday.", "As a one-off, I'll let"),
        ("I've unlocked the course and restored your 30-day streak as a one-off exception.",
         "restored your 30-day streak as a one-off exception"),
    ],
)  # fmt: skip
def test_an_act_granted_free_or_as_an_exception_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You can cancel free of charge until Friday.",
        "Parking at the venue is free of charge.",
        "Cancellations are accepted free of charge up to 24 hours before.",
        "If you'd like, we can reconnect the service at no extra cost once the bill is paid.",
        "I can't extend your access free of charge.",
        "Did we restore your progress as an exception last time?",
        "We won't make an exception to the 24-hour rule.",
    ],
)
def test_free_or_an_exception_not_granted_by_the_agent_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "your next box is free": what is still to come, given -------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your next two deliveries are free.", "Your next two deliveries are free"),
        ("So sorry! Your next class is free of charge.", "Your next class is free"),
        ("your next month is complimentary, just carry on as normal",
         "your next month is complimentary"),
    ],
)  # fmt: skip
def test_the_customers_next_thing_free_is_given(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The next slot is free at 3 PM.",
        "Your next box is free to customise until Friday.",
        "Is your next box free?",
        "If you refer a friend, your next box is free.",
        "Your next appointment is free on Tuesday or Thursday.",
    ],
)
def test_a_next_thing_available_asked_or_conditioned_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- an upgrade payment, a replacement fee: a price paid, not a thing given ---------------


@pytest.mark.parametrize(
    "text",
    [
        "I've processed your upgrade payment of $45.",
        "We've taken the replacement fee from your card.",
        "The extension fee has been processed.",
    ],
)
def test_the_price_of_an_upgrade_is_paid_not_given(text: str) -> None:
    assert promises(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've waived the upgrade fee.", "I've waived the upgrade fee"),
        (
            "We've processed your refund payment of $45.",
            "We've processed your refund payment of $45",
        ),
    ],
)
def test_an_upgrade_fee_waived_or_a_refund_payment_is_still_a_promise(
    text: str, found: str
) -> None:
    assert [text for _, text in promises(text)] == [found]


# --- bearing a cost; matching a lower rate -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will bear the cost of the repair.", "We will bear the cost of the repair"),
        (
            "The hotel has borne the full cost of your taxi.",
            "The hotel has borne the full cost of your taxi",
        ),
        ("We'll match the cheaper rate you were quoted.", "We'll match the cheaper rate"),
        ("I've matched the lower fare for you.", "I've matched the lower fare"),
    ],
)
def test_bearing_a_cost_or_matching_a_rate(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Please bear with me while I check.",
        "You will bear the cost of any damage.",
        "You'll pay for the return shipping yourself.",
        "We'll match you with a driver shortly.",
    ],
)
def test_bearing_with_someone_or_matching_a_driver_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- refusals: "not something we allow", "our system lets me" ----------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Swapping seats on a shared ride isn't something we allow.",
         "isn't something we allow"),
        ("Sorry, that's not something our system lets me change.",
         "that's not something our system lets me"),
        ("Refunding a used voucher is not something our policy permits.",
         "is not something our policy permits"),
    ],
)  # fmt: skip
def test_not_something_we_allow_declines(text: str, found: str) -> None:
    assert refusals(text) == [("not something we do", found)]


# --- "beyond what support can do": the business by name ----------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Lifting a chat ban is beyond what support can do.", "beyond what support can"),
        ("I'm afraid that's outside what the front desk can arrange.",
         "outside what the front desk can"),
        ("Changing the grade is beyond what our help team is able to do.",
         "beyond what our help team is"),
    ],
)  # fmt: skip
def test_beyond_what_the_business_can_do_declines(text: str, found: str) -> None:
    assert refusals(text) == [("outside our remit", found)]


@pytest.mark.parametrize(
    "text",
    [
        "That's beyond what you can see in the app, so here's a screenshot.",
        "Prices can go beyond what it can display on one line.",
        "Your order is outside what they can deliver today, so it will come tomorrow.",
    ],
)
def test_beyond_what_someone_else_can_do_declines_nothing(text: str) -> None:
    assert refusals(text) == []


# --- off-limits, off the table -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Changing another guest's booking is off-limits for me.", "is off-limits"),
        ("A full refund is off the table, I'm sorry.", "is off the table"),
        ("sorry, that's off-limits", "that's off-limits"),
    ],
)
def test_off_limits_declines(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Nothing's off-limits on the menu tonight.",
        "A refund isn't off the table yet; let me check.",
        "Is the rooftop off-limits after 10?",
    ],
)
def test_off_limits_negated_or_asked_declines_nothing(text: str) -> None:
    assert refusals(text) == []


# --- "I'd be overstepping": the speaker declines ------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'd be overstepping if I told you which plan to buy.", "I'd be overstepping"),
        ("We would be overstepping by advising on your lease.", "We would be overstepping"),
    ],
)
def test_overstepping_declines(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


def test_someone_else_overstepping_declines_nothing() -> None:
    assert refusals("The driver was overstepping when he asked for a tip.") == []


# --- a verb after "to" is not the "something" declined -----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "You don't need to call us; I can change it from here.",
        "You don't have to change anything, we can sort it.",
        "No need to help me move the boxes; our crew can do it.",
    ],
)
def test_a_verb_after_to_is_no_thing_declined(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That's not a call I can make.", "That's not a call I can make"),
        ("That's not a change we can make to a fixed fare.", "That's not a change we can make"),
    ],
)
def test_not_a_call_i_can_make_still_declines(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


# --- a failure of the moment stays one, whoever's is sought ------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The map isn't updating right now, so I can't see where the driver is.",
        "Our system is down, so I can't find the sender's details.",
    ],
)
def test_a_failure_of_the_moment_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I can't find the sender's details for you; they're private.",
        "I can't look up your partner's orders.",
    ],
)
def test_someone_elses_data_without_a_failure_still_refuses(text: str) -> None:
    assert refusals(text) != []
