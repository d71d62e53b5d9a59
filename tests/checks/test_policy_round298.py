"""Refusal class found by dev round 298, and the promise classes of round 299.

Round 298's false alarm, read as a class: contentment told with "can't" and a verb of
wanting, "for" and a comparative that ends its clause or is measured against what was just
told ("can't ask for better than that!", "we couldn't hope for more"): nothing better is
wanted, nothing is declined (`_refusal_contented`); "I can't ask for more time on your
behalf" and "I can't ask for a better rate for you" still decline.

Round 299's misses, read as classes: a bank's "place" a credit on the account ("we'll place
a temporary credit of $310 on your card"), a verb of giving (`_lexicon.GIVE_VERBS`); a
grant named bare before "to be" in a record's line ("refund to be issued to card ending
1126 on Monday"), its participle one that gives it (`_promise_staff._grant_due`); a
subject whose noun phrase holds an "-ing" noun inside a compound ("your credit for the
airline booking dispute was posted": `_clause_links.ing_in_compound`), also before an
aside in brackets holding a hyphenated reference ("(case DSP-4471-IE)"), read back as far
as the plain subject is (`_promise_referents._before_aside`); and a part of the charges
named before, given back or taken off by a partitive ("I've put one of them back in your
balance", "I've taken one off": `_promise_partitives`).

Left: none of the two rounds' errors. Each class is tested with wordings that are not
corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _refused(text: str) -> bool:
    return bool(find_refusals(text).findings)


def _promised(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your savings goal was hit a month early — honestly, can't ask for more!", False),
        ("The claim paid out in two days; we cannot hope for better than this.", False),
        ("Approved on the same afternoon, can't wish for anything nicer.", False),
        ("The rate held at 4.1% for another year, can't ask for more than that.", False),
        ("I can't ask for more time on your behalf, the lender set the date.", True),
        ("We can't ask for more than two chargebacks a year on one card.", True),
        ("I can't ask for a better rate for you, the offer is final.", True),
        ("I can't ask the lender for a better rate.", True),
    ],
)
def test_contentment_with_cannot_ask_for_better(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll place a provisional credit of $95 on your savings account on Friday.", True),
        ("I've placed a $45 goodwill credit on your card.", True),
        ("A provisional credit of $88 has been placed on your account.", True),
        ("We'll place a hold on your card until the merchant replies.", False),
        ("I've placed a note on your account about the refund.", False),
        ("If the claim is approved, we'll place a credit on your account.", False),
    ],
)
def test_a_credit_placed_on_the_account(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Case 5520 | goodwill credit to be applied to your next statement", True),
        ("Outcome: replacement to be sent by courier on Friday.", True),
        ("Chargeback 771 | reversal to be posted to account ending 3302 tomorrow", True),
        ("Refund to be reviewed by the disputes team.", False),
        ("Replacement to be ordered by you through the app.", False),
        ("Note: address to be updated.", False),
        ("I've asked for the refund to be issued today.", False),
    ],
)
def test_a_grant_named_bare_before_to_be(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund for the hotel booking cancellation was issued this morning.", True),
        ("The credit of $60 for the card billing error has been posted.", True),
        ("Your credit for the rail booking complaint (ref CX-2231-UK) was applied today.", True),
        ("Your statement for the hotel booking dispute (ref CX-2231-UK) was posted today.", False),
        ("Your payment for the hotel booking was posted this morning.", False),
    ],
)
def test_an_ing_noun_inside_the_subject(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You were charged the $5 transfer fee twice, so I've removed one of them.", True),
        ("The two late fees on your card — I've taken one off.", True),
        ("The $2 ATM fee went through twice, so I've sent one of them back to your card.", True),
        ("You ordered two lamps, so I've put one of them back on the shelf.", False),
        ("You have two cards, so I've cancelled one of them.", False),
        ("You were charged the $5 fee twice; I've taken one of them off your card.", False),
    ],
)
def test_a_part_of_the_charges_by_a_partitive(text: str, found: bool) -> None:
    assert _promised(text) is found
