"""Promise and refusal classes found by the thirtieth and thirty-second rounds of the corpus.

Round 30 (promises: tool-using agents' markdown, long e-mails, chat in several registers)
and round 32 (refusals of tool-using airline and retail agents under a written policy) were
written against the rules by writers who never saw the detectors, and committed before
they read them (docs/checks.md gives their figures before and after). Each class is tested
here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._money import merge_money
from fourfold.checks._tokens import tokenize
from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("We'll refund AED 1,240 today.", "$1,240"),
        ("I've refunded 2,450 baht to you.", "$2,450"),
        ("That's 1 068 zł in total.", "$1,068"),
        ("Rs. 500 has been credited.", "$500"),
        ("We sent 400 euros back.", "$400"),
    ],
)
def test_an_amount_written_with_a_currency_word_is_one_token(text: str, amount: str) -> None:
    tokens = tokenize(text)
    money = [t for t in tokens if t.word == amount]
    assert len(money) == 1
    written = text[money[0].start : money[0].end]  # the number and its currency word
    assert amount[1:].replace(",", "") in written.replace(",", "").replace(" ", "")
    assert len(written.split()) >= 2


@pytest.mark.parametrize(
    "words",
    [["your", "bag", "weighs", "50", "pounds"], ["we", "won", "3", "games"], ["euros", "."]],
)
def test_no_amount_without_a_currency_word_beside_a_number(words: list[str]) -> None:
    assert merge_money(words) == []


@pytest.mark.parametrize(
    "text",
    [
        "I'm going to remove the full AED 1,240 from your next bill.",
        "We will give you back 1200 rupees in your wallet this evening.",
        "I've refunded 70 euros to your card.",
    ],
)
def test_promises_of_amounts_named_in_letters(text: str) -> None:
    assert promise_texts(text) != []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your partial refund of $118 is a certainty.", True),
        ("That's a guarantee from me.", True),
        ("It's a promise.", True),
        ("It'll be on your doorstep Friday, 100% promise.", True),
        ("I give you guarantee it will come on Thursday.", True),
        ("I can give you my personal guarantee on that.", True),
        ("You won't pay it, you have my personal assurance on that.", True),
        ("Is that a guarantee?", False),
        ("That's a guarantee we offer every member.", False),
        ("I can't give you a guarantee on that.", False),
        ("It is not a certainty.", False),
    ],
)
def test_a_guarantee_given_by_its_noun(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


def test_a_free_tail_after_a_comma_grants_the_act_before_it() -> None:
    assert promise_texts("We're sending you a new scarf in blue, totally free.") != []
    assert promise_texts("I've moved you to the front row, complimentary.") != []
    text = "We'll move you to block 12, row C, seats 4 and 5, at no extra cost."
    assert promise_texts(text) != []
    assert promise_texts("The app is completely free, and so is the web version.") == []
    assert promise_texts("Delivery is to your door, Monday to Friday, at no extra cost.") == []


def test_a_table_row_strikes_an_amount_off() -> None:
    assert promise_texts("| Minibar | EUR 24 | Removed |") != []
    assert promise_texts("| Late fee | $15 | Waived |") != []
    assert promise_texts("| Old plan | $40 | Cancelled |") == []
    assert promise_texts("| Parking | $18 | Charged |") == []


def test_a_charge_said_off_the_account_is_gone_and_coming_off_the_card_is_a_debit() -> None:
    assert promise_texts("All sorted, the £4.99 admin fee is off your account.") != []
    assert promise_texts("The £4.99 admin fee is coming off your card on Monday.") == []


def test_part_of_a_charge_and_all_of_an_amount_are_this_customers() -> None:
    assert promise_texts("I've removed all of the fees.") != []
    assert promise_texts("You are getting all $98 back.") != []
    assert promise_texts("Most of the charges are correct.") == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("It has already shipped, so it can no longer be cancelled.", True),
        ("We can no longer change the name on this ticket.", True),
        ("I'm no longer able to add bags to this booking.", True),
        ("Moving the refund to the new card you mentioned isn't an option.", True),
        ("Not an option, I'm afraid.", True),
        ("Having reviewed your request, the Council will not be removing the hedge.", True),
        ("If it can no longer be cancelled, we'll refund it instead.", False),
        ("If it cannot be cancelled, we'll refund it instead.", False),
        ("Cancelling isn't your only option.", False),
        ("This is not the option I described earlier.", False),
        ("I can no longer find the order.", False),
        ("I can't confirm whether the event will take place in June.", False),
        ("I can't confirm whether your wife will be on the flight.", True),
    ],
)
def test_the_thirty_second_rounds_refusal_classes(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


def test_a_reporting_verb_that_ends_a_relative_clause_reports_nothing() -> None:
    text = "Sending it to the card she mentioned isn't an option."
    assert refusal_texts(text) != []
    assert refusal_texts("She mentioned that it isn't an option.") == []


def test_money_of_the_customers_named_before_a_pronoun_is_sent_back() -> None:
    text = "The $212.40 overpayment is yours — I'll send it straight back to your card."
    assert promise_texts(text) == ["I'll send it straight back"]
    assert promise_texts("The deposit, we'll pay it back on Friday.") != []
    assert promise_texts("Your old router — I'll send it back to the warehouse.") == []
    assert promise_texts("The parcel, I'll send it back to you.") == []


def test_an_assurance_of_a_hundred_percent_is_certain_in_any_tense() -> None:
    assert promise_texts("I assure you 100% you get the whole bond back.") != []
    assert promise_texts("I assure you we take this seriously.") == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Full reimbursement under way.", True),
        ("| £40 | refund in progress — back on your card by Friday |", True),
        ("Your compensation underway, expect it Monday.", True),
        ("A review of your refund is under way.", False),
        ("If eligible, refund in progress within a day.", False),
    ],
)
def test_what_needs_authority_said_under_way_as_a_status(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


def test_guaranteed_said_of_a_time_in_a_table_cell() -> None:
    assert promise_texts("| Delivery to your room | **Guaranteed tonight before 9pm** |") != []
    assert promise_texts("| Shipping | Guaranteed Delivery |") == []
    assert promise_texts("Choose Guaranteed Tomorrow at checkout.") == []
