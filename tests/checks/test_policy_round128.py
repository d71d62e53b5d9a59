"""Promise classes found by dev round 128 of the corpus.

Round 128 collected single sentences as a policy reviewer does. Its misses and false find,
read as classes: a bare charge named first and made the customer's by what it is on ("admin
charge on your invoice, we'll ...it"); a negation opening the subject of "will ever happen
... again"; the customer's card or account not to be touched again, whatever the verb; a
chat's past verb with no "I" taking a sum off; a fee said not to have been applied; a
certainty tacked on after a comma; money given back with the particle first and no
article; a sum in words or with "pounds"; a thing "on the house" made the customer's by a
day of theirs; a price adjusted down; and a complaint or report that notes someone's
words. Each class is tested with wordings that are not corpus items, and with close
negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Late fee on your account, I've removed it this morning.", True),
        ("Booking charge on your statement, we'll reverse it by Friday.", True),
        ("Booking charge on your statement, we'll look into it.", False),
        ("Booking charges on accounts, we review them monthly.", False),
    ],
)
def test_a_bare_charge_on_the_customers_bill_is_theirs(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Nothing like that will ever happen to your account again.", True),
        ("Nothing of the sort will happen with your bookings again.", True),
        ("Nothing like that will happen with your bookings.", False),
        ("I can't say nothing like that will happen again.", False),
    ],
)
def test_a_negation_opening_the_subject_of_happen_again(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your account won't be debited again for this subscription.", True),
        ("Your card will not be hit again for the streaming plan.", True),
        ("Your card won't be touched until we hear back from you.", False),
        ("The courier won't be delayed again.", False),
    ],
)
def test_the_customers_card_not_touched_again(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Knocked £15 off your renewal just now.", True),
        ("Just took $25 off the booking total.", True),
        ("Paid $10 off the balance yesterday.", False),
        ("Took $10 off my order, but it still shows full price.", False),
    ],
)
def test_a_chat_past_verb_taking_a_sum_off(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Exchange done, and no handling charge was added.", True),
        ("No late fee has been charged for March.", True),
        ("No fee was charged to members who cancelled early.", False),
        ("No payment was taken.", False),
        ("If no fee was applied, let me know.", False),
    ],
)
def test_a_fee_said_not_to_have_been_applied(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your new router will be with you on Monday, totally certain.", True),
        ("You'll have the keys by noon, absolutely sure.", True),
        ("I'm not absolutely sure, it could arrive Monday.", False),
        ("It could arrive Monday, but I'm not certain.", False),
    ],
)
def test_a_certainty_tacked_on_after_a_comma(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll give back full deposit for the cancelled stay.", True),
        ("We will give back entire sum tomorrow.", True),
        ("We'll give back the form once it's signed.", False),
        ("Please give back the keys at reception.", False),
    ],
)
def test_money_given_back_particle_first_no_article(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll get fifty quid in compensation for the delay.", True),
        ("You will receive three hundred dollars in compensation.", True),
        ("You'll receive two hundred pounds of luggage allowance.", False),
        ("You'll receive fifty pounds of cement on Monday.", False),
    ],
)
def test_a_sum_in_words_received_in_compensation(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Breakfast tomorrow is on the house.", True),
        ("Drinks at the bar tonight are on us.", True),
        ("Breakfast is on the house for all guests.", False),
        ("Dinner is on the house.", False),
    ],
)
def test_on_the_house_made_the_customers_by_a_day(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The rate on your plan was adjusted down.", True),
        ("Your tariff has been adjusted down to the new level.", True),
        ("Your price has been adjusted up.", False),
        ("Prices are adjusted down every January.", False),
    ],
)
def test_a_price_adjusted_down(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your complaint notes that the airline had offered to refund the fare.", False),
        ("The report states that the store waived the fee.", False),
        ("I noted that your refund has been processed.", True),
    ],
)
def test_a_complaint_that_notes_someones_words(text: str, found: bool) -> None:
    assert _found(text) is found
