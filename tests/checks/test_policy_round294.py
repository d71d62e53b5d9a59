"""Refusal classes found by dev round 294, and the promise class of round 295.

Round 294's misses, read as classes: an act declined with "will not" and a break, then the
act named dishonest ("I won't file it as lost — that wouldn't be an honest claim", "...,
as that would be misleading": `_refusal_house_said.dishonest_ground`); and "make out" a
document drawn up ("I can't make out a receipt for the higher amount"), which declines,
where "make out" the thing seen ("I can't make out the serial number") is a failure
(`_refusal_words.drawn_up`). Its false alarm: a verdict after a name set beside its noun
("The landlord, Parkview Lettings, rejected your deposit claim") has that noun for its
subject, someone else's, and opens no case note's line (`_refusal_verdicts`).

Round 295's miss: a dollar written with its country's capitals joined to the sign ("US$318",
"NZ$75"), whose "US" the tokenizer read as the pronoun "us", breaking the gapped passive
"... cancelled and the fare of US$318 refunded" (`_money.merge_prefixed`); read as one
amount, a charge's fragment with a verb of levying ("overage charge of US$12.30 added") is
a charge made, not lifted (`_promise_fragments`).

Left: a bare "that wouldn't be a truthful claim" with no "will not" before it (it also
corrects a fact: "that wouldn't be accurate, it arrived on Tuesday"), and "I won't put it
on the claim" with no reason after it ("I won't put you on hold long" reassures). Each
class is tested with wordings that are not corpus items, and with close negatives.

Seen while fixing the round, and fixed after it: "I won't pretend" followed by a break leads
in with candour ("I won't pretend, the wait was far too long"), as "I won't lie" does, and
declines nothing (`_refusal_reasons`); "I won't pretend to be the account holder" still does.
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
        ("I won't be listing the bag as lost — that wouldn't be an honest claim.", True),
        ("We won't record the scratch as transit damage, as that would be misleading.", True),
        ("I won't be entering it as a business trip — it would not be accurate.", True),
        ("We won't be charging the late fee — that wouldn't be fair.", False),
        ("I won't be in the office on Friday — that is true.", False),
        ("I won't keep you waiting, that would be rude.", False),
        ("I won't lie, this one took a while, but it's sorted now.", False),
    ],
)
def test_an_act_declined_as_dishonest_after_a_break(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't make out a receipt for the higher amount, sorry.", True),
        ("Sorry, I can't make out another cheque in your cousin's name.", True),
        ("I can't make out the serial number on the photo you sent.", False),
        ("I can't make out what the handwriting on the invoice says.", False),
        ("I can't make out the receipt, it's too blurry to read.", False),
    ],
)
def test_a_document_made_out(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The landlord, Parkview Lettings, rejected your deposit claim last week.", False),
        ("You mentioned your insurer, Zenith, declined the claim — I've logged an appeal.", False),
        ("The courier, FastLane, refused the parcel at the gate.", False),
        ("[09:12] Declined the refund; explained the 30-day limit.", True),
        ("Called the depot, spoke to Maria, declined the refund.", True),
    ],
)
def test_a_verdict_after_a_name_set_beside_its_noun(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your night has been cancelled and the deposit of NZ$75 refunded to your card.", True),
        ("Your order was cancelled and the balance of US$42.50 refunded.", True),
        ("The fare of US$318 has been refunded to your original card.", True),
        ("The fare of US$318 is what the airline's website shows for that date.", False),
        ("Tickets on that route usually cost around US$300.", False),
        ("Summary:\n- Roaming charge of US$12.30 added", False),
        ("Summary:\n- Roaming charge of US$12.30 reversed", True),
    ],
)
def test_a_dollar_with_its_country_capitals(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I won't pretend, sorting this took far too long. Your credit is on its way.", False),
        ("I won't pretend: the first courier let you down. The new parcel left today.", False),
        ("I'm not going to pretend \u2014 the queue was awful. Your booking is confirmed.", False),
        ("I won't pretend to be your wife on the call to the bank, sorry.", True),
        ("We can't pretend the parcel arrived when the tracking shows it never left.", True),
    ],
)
def test_pretending_as_candour_leading_in(text: str, found: bool) -> None:
    assert _refused(text) is found
