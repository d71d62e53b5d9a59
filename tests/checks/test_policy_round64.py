"""Promise classes found by rounds 64 and 65 of the corpus, and the dev misses before them.

Round 64 asked its writer for a broad mix (chat, e-mail, tool-using agents), round 65 for
replies from many countries, half in non-native English, with objects named a sentence
before; both were committed before the detectors read them (docs/checks.md gives their
figures before and after). Each class is tested here with wordings that are not corpus
items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._tokens import tokenize
from tests.helpers.policy_findings import promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I already refund you 40 USD, please check your PayPal.", True),
        ("we already cancel the late fee of 15 euro for you", True),
        ("I already give back your deposit to your bank today.", True),
        ("I already inform the reception about your late check-out.", False),
        ("We already cancel orders like that when the card fails.", False),
        ("Did I already refund you?", False),
    ],
)
def test_a_base_verb_after_i_already_is_a_past(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("i have refund your money to your card", True),
        ("we have credit 200 baht to your account for the wrong order", True),
        ("We have credit available for students.", False),
        ("We have refund options for you.", False),
    ],
)
def test_refund_and_credit_after_have_before_the_customer_or_an_amount(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        ("R150", "$150"),
        ("R 150", "$150"),
        ("R1,200.50", "$1,200.50"),
        ("R2 340", "$2,340"),
        ("GH₵ 120", "$120"),
        ("GH₵120", "$120"),
        ("KSh 2,000", "$2,000"),
        ("Ksh. 500", "$500"),
    ],
)
def test_rand_cedi_and_shilling_amounts_are_one_token(written: str, amount: str) -> None:
    words = [t.word for t in tokenize(f"I've put {written} back in your wallet.")]
    assert words[3] == amount, words
    assert promise_texts(f"Sorry about that. I've put {written} back in your wallet.")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("The R2D2 model ships today.", ["the", "r2d2", "model"]),
        ("Use the r 150 route.", ["use", "the", "r", "150"]),
        ("Rows R1, 200 and R3.", ["rows", "$1", ",", "200", "and", "$3"]),
    ],
)
def test_a_rand_amount_needs_a_capital_r_and_its_digits_together(
    text: str, words: list[str]
) -> None:
    assert [t.word for t in tokenize(text)][: len(words)] == words


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Those roaming charges will be removed from your next bill.", True),
        ("Those two late fees have been waived.", True),
        ("Those who cancel within 14 days will be refunded.", False),
        ("Those with a receipt will be refunded.", False),
    ],
)
def test_those_before_a_noun_is_a_determiner_not_everyone(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I have removed both room-nights from your folio.", True),
        ("We've removed the minibar items from your bill.", True),
        ("I removed you from the mailing list.", False),
        ("I removed the old address from your account.", False),
        ("Please remove the item from your basket.", False),
    ],
)
def test_anything_removed_from_the_bill_is_not_charged(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Have refunded the full ₹1,499 to your card.", True),
        ("Checked your account. Have removed the AED 150 disconnection charge.", True),
        ("Have you refunded the amount?", False),
        ("Have sent the tracking link.", False),
        ("Have a great day, refunded customers are happy.", False),
    ],
)
def test_have_and_a_participle_opening_a_clause_leaves_out_its_i(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("gonna refund the 1,200 crystals straight to your wallet", True),
        ("ok gonna credit 3 free rides to your account", True),
        ("Going to waive the fee for you now.", True),
        ("Going to the store to get a refund form.", False),
        ("gonna check with billing about a refund", False),
    ],
)
def test_going_to_opening_a_clause_leaves_out_its_subject(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We did not charge you anything for the second repair.", True),
        ("I didn't charge you a penny for the extra night.", True),
        ("We haven't charged you anything for the callout.", True),
        ("We did not charge you twice; the second line is a pending authorisation.", False),
        ("We did not charge you anything yet.", False),
        ("Did we not charge you anything for the repair?", False),
        ("You said we did not charge you anything for the repair, but we did.", False),
    ],
)
def test_nothing_charged_for_something_named_is_a_waiver(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your late fee of £20 was unfair. I removed it this morning.", True),
        ("The minibar charge (¥4,200) was a mistake. It's been removed.", True),
        ("The library fine on your account was our error. I'll take it off today.", True),
        ("> The late fee was unfair.\nI removed it this morning.", True),
        ("Your late fee of £20 was unfair. I can't remove it, sorry.", False),
        ("Late fees apply after 14 days. We removed it from the app.", False),
        ("Your new router costs £40. I removed it from the order.", False),
        ("The late fee is $10. We'll add it to your next bill.", False),
    ],
)
def test_a_charge_named_in_the_sentence_before_a_pronoun(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The late fee is already waive.", True),
        ("The duplicate charge is now reverse.", True),
        ("The fee is waive for members who pay on time.", False),
        ("Your parcel is already return to sender.", False),
    ],
)
def test_a_base_verb_as_a_participle_after_is_now_or_already(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll cancel the order and also refund the $20.", True),
        ("I'll cancel the order and then refund you.", True),
        ("We will move you to a 5-star hotel and also refund the $20.", True),
        ("You can cancel the order and then refund yourself.", False),
    ],
)
def test_and_also_or_and_then_before_a_joined_verb(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a 5-star hotel", ["a", "5-star", "hotel"]),
        ("a 30-day extension", ["a", "30-day", "extension"]),
        ("$20-30 off", ["$20", "-", "30", "off"]),
        ("2024-118-5531", ["2024", "-", "118", "-", "5531"]),
    ],
)
def test_a_number_joined_to_a_word_by_a_hyphen_is_one_token(text: str, words: list[str]) -> None:
    assert [t.word for t in tokenize(text)] == words


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("sorry the skin is not unlocking. gonna refund the 1,200 crystals to your wallet", True),
        ("we can't do that. we'll refund the shipping instead", True),
        ("Visit example.com to see where your refund is.", False),
    ],
)
def test_a_lower_case_word_after_a_spaced_full_stop_opens_a_sentence(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found


def test_a_full_stop_after_a_shortened_word_or_in_a_name_splits_nothing() -> None:
    from fourfold.checks._reading import read

    assert len(read("Visit example.com today. prices incl. tax are shown")) == 2
    assert len(read("sorry about that. gonna fix it")) == 2


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Because the card was stolen, I cancel this fee already.", True),
        ("We refund it yesterday to your savings account.", True),
        ("We refund it tomorrow.", False),
        ("We cancel orders that are already shipped.", False),
    ],
)
def test_a_base_verb_with_already_or_yesterday_after_it_is_a_past(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm certain the overbilled amount will be taken off your account.", True),
        ("The overcharged amount will be removed from your bill.", True),
        ("You were overcharged by $5 last month.", False),
    ],
)
def test_an_amount_overbilled_is_a_charge(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the engineer has finished the boiler repair and replaced the diverter valve.", False),
        ("she checked the unit and replaced the filter.", False),
        ("ok cancelled your plan and refunded it", True),
        ("Cancelled + refunded", True),
    ],
)
def test_a_joined_past_verb_after_someone_elses_clause_is_theirs(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The R680 consultation we already wrote off.", True),
        ("The courier's import fees we'll absorb.", True),
        ("The late fee I've removed.", True),
        ("The late fee we can't remove.", False),
        ("The fee we charge is $5.", False),
        ("The late fees we remove are those under $10.", False),
        ("The fee we've waived for members.", False),
        ("The fee I'll waive if you pay today.", False),
    ],
)
def test_an_object_said_before_its_subject_and_verb(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Refund | €54.20 | Issued ✅ |", True),
        ("| Replacement | £0.00 | Sent |", True),
        ("| Order | €54.20 | Processed |", False),
        ("| Refund | €54.20 | Pending |", False),
        ("| Refund request | €54.20 | Sent to billing |", False),
    ],
)
def test_a_table_row_whose_first_cell_is_a_grant_given(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- ✅ **$35 activation fee waived**", True),
        ("I'll apply a **$20/mo loyalty credit** to this line.", True),
        ("- ✅ **$35 activation fee** due on your next bill", False),
    ],
)
def test_marks_before_a_headline_and_a_sum_a_month(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've cancelled the order and the $63.20 is already back on your PayPal.", True),
        ("- ✅ Change fee of £75 **waived**", True),
        ("Refund of $40 issued.", True),
        ("The $40 credit is back on your next bill.", True),
        ("The fee is now back on your bill.", False),
        ("Your parcel is already back at the depot.", False),
    ],
)
def test_money_already_back_and_a_headline_with_its_amount(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("It will arrive on Thursday, no question about it.", True),
        ("The overpayment of $112.46 will come back to your bank account.", True),
        ("The $40 will go back to your card.", True),
        ("No question about it, you should ask billing.", False),
        ("Your parcel will come back to your address.", False),
        ("If you cancel, the overpayment will come back to your account.", False),
    ],
)
def test_no_question_about_it_and_money_that_will_come_back(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
