"""Promise classes found on a second pass over the whole dev split's backlog of misses.

The dev split's 375 promise misses left after the first pass (a better tier at the
customer's own price), read together and grouped by the shape the detector failed to read.
Fixed here, each with its own wordings below (not corpus items) and close negatives:

- money given back in other words, under a sum's or a price's name in the passive ("the full
  price of the chair will be returned to you"; `_phrase_passive`), by a party of the
  business with no grant word ("they will return you the full amount", "the agency will
  restore the €300"; not a bank, the customer's own; `_promise_returns`), a sum returned
  "to the wallet", and a game's or a scheme's currency given or put back ("we have put back
  the 1200 V-coins in your account");
- a sum back to the customer's means in a clause of its own, no verb ("..., $654.00 back on
  your Visa"; `_promise_fragments._sum_opens`);
- a summary line's or a table row's value given back to a means named bare, or by a unit of
  ours ("Refund: issued to PayPal", "| Return postage £3.95 | Refunded to card |",
  "Delivery charge: refunded by finance"; `_promise_fragments`);
- certainty words the assuring phrases lacked: an opening "Definitely," or "Absolutely
  certain,", "I'm certain" before the forecast, "for hundred percent" (`_assuring`);
- the redress told after a colon: "We'll make it right: a full refund and a $25 voucher"
  (`_authority._made_right`).

Left, with rough counts: grants said in status tables and case notes whose cells name no
charge or grant (~30, each table its own shape), present-tense forecasts of the customer's
thing made certain ("100% your sub renews at the old price", ~8: the present states a
plan's terms as often), commitments timed by the customer's act (~20, labelled both ways),
the non-native present simple ("I make the refund now", ~8), money given back by a pronoun
("the hotel will return it to you": "it" is as often the item), one-off idioms.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The full cost of the lamp will be returned to you within a week.", True),
        ("The whole amount will be returned to your Visa in full.", True),
        ("The amount was returned to the sender.", False),
        ("The price of the sofa will be shown on your invoice.", False),
    ],
)
def test_a_sum_given_back_in_the_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The agency will restore the €300 that was taken twice.", True),
        ("Our agency is going to return you the full amount of $90.", True),
        ("We will return your 400 PKR to the wallet by tonight.", True),
        ("Your agency will restore the $300 that was taken twice.", False),
        ("The bank will restore the $300 once the dispute closes.", False),
        ("They will return you the form by post.", False),
        ("The courier will return the parcel to you tomorrow.", False),
    ],
)
def test_a_party_of_the_business_gives_money_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll give you back the 800 gems you lost in the crash.", True),
        ("We have put back the 300 points in your account.", True),
        ("We'll put the chairs back in your garden.", False),
        ("I'll give you back your keys at the desk.", False),
    ],
)
def test_a_currency_given_or_put_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Booking cancelled, $212.50 back to your Mastercard.", True),
        ("Cancelled and €18 back on your card.", True),
        ("Buy two, get $10 back on your card.", False),
        ("If you cancel by Friday, $40 back to your card.", False),
    ],
)
def test_a_sum_back_in_a_clause_of_its_own(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Cleaning fee £35: refunded to card", True),
        ("- Refund: sent to PayPal on 3 May", True),
        ("| Delivery charge £4.99 | Refunded to PayPal |", True),
        ("Late fee: reversed by billing today", True),
        ("Refund: issued to the bank", False),
        ("| Delivery charge £4.99 | Charged to card |", False),
    ],
)
def test_a_value_given_back_to_a_bare_means(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Definitely, your new card will arrive on Monday.", True),
        ("Absolutely certain, the engineer will be there on Tuesday.", True),
        ("I am certain your parcel will be delivered on Thursday.", True),
        ("I am sure for hundred percent that your visa will be issued before the 20th.", True),
        ("Definitely, I'll look into it.", False),
        ("Yes, definitely, you can return it within 30 days.", False),
        ("I'm not certain the parcel will arrive on Thursday.", False),
        ("I'm certain we can work something out.", False),
    ],
)
def test_certainty_words_before_the_forecast(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll make it right: a free replacement ships tomorrow.", True),
        ("We'll make it right: a $30 credit on your account.", True),
        ("We'll make it right: let me look into what happened.", False),
    ],
)
def test_the_redress_after_a_colon(text: str, found: bool) -> None:
    assert _found(text) is found
