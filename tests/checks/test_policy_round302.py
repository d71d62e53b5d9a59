"""Refusal classes found by dev round 302, and the promise classes of round 303.

Round 302's misses, read as classes: a unit of the business named by "our" or "the" and a
noun or two, declining with a verb of drawing up, giving or granting in the third person
that ends its clause, as "we" does ("letters to employers aren't something the booking team
writes": `_refusal_something`; not a verb of looking or keeping, "...the pharmacy records",
which a wider first reading turned into a false alarm on the blind split); and a case
note's verdict on a request named by its noun, "not" and a participle of doing, with no
"was" ("Address change NOT made; cards still go to the old address": `_refusal_notes`). Its
false alarm: a professional who took a decision in the customer's matter, told as done
("your doctor declined the early refill, so I've asked the pharmacist to call you"), is
news of their act, not a referral (`_refusal_professionals`).

Round 303's misses, read as classes: a health plan's share named as a charge ("drop the $250
ER copay", "the deductible": `_lexicon.CHARGE_NOUNS`); what we pay "in full", whatever it is
named by ("we'll pay this one in full": `_authority`); a clinic's "bulk-bill", billed to the
public scheme with nothing to pay (`_lexicon.SELF_VERBS`); and care a plan approves ("I've
approved your visits to Dr Lee as in-network", "...your referral": `_lexicon.APPROVABLE`).
Its false alarm: a day's "'s" before a participle used as an adjective ("the $49 charge for
Sunday's dropped call"), which the tokenizer reads as "is", is no passive
(`_day_possessive`, read by `_phrase_passive.may_be_passive`), and the subject reader reads
through it ("the $60 fee for Monday's cancelled class is refunded": `_authority`).

Left: round 302's "the member has to request the change personally" (an active "has to" and
"personally" also instructs the customer: "you have to sign it personally"); round 303's
commitments bound to a time clause of the customer's own act ("we'll replace it free of
charge when you collect on Thursday": "when" is read as a condition), "I'll release it early
today" of a refill (a release is no grant without its object named), a fee "go through at
your usual $47 copay" (a price kept, read nowhere yet), "we'll cover this fill at your tier 2
copay" (a fill is no cost noun; adding care nouns to the costs would reach far). Fixed after the
round, as a class of case notes: a charge verb's own particle in a fragment ("Balance written
off.", "Late fee knocked off") and a charge brought to nothing, the sum it was said first
("balance adjusted from $1,110 to $0", also in a whole clause: "I've adjusted the fee from
$35 to $0"; `_promise_fragments`, `_promise_folios.nothing_end`). Each
class fixed is tested with wordings that are not corpus items, and with close negatives.
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
        ("Home visits aren't something our clinic arranges, I'm afraid.", True),
        ("Sick notes for schools aren't something the front desk issues.", True),
        ("Your weight isn't something the pharmacy records.", False),
        ("That isn't something our team recommends for a first visit.", False),
        ("That isn't something the booking team charges for.", False),
    ],
)
def test_a_unit_with_a_verb_of_service(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Caller failed the security questions. Name change not made.", True),
        ("Could not verify the caller. Refund NOT processed; told her to write in.", True),
        ("Refund not processed yet, it should go through on Monday.", False),
        ("Refund not processed until the parcel is back.", False),
        ("The refund was not processed.", False),
    ],
)
def test_a_notes_request_not_done(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your GP refused the repeat request, so the pharmacy will ring you today.", False),
        ("Your vet prescribed a lower dose last week, so I've updated the label.", False),
        ("Your consultant has stopped the tablets, so we've cancelled the order.", False),
        ("I can't advise on the dose; please ask your pharmacist.", True),
        ("Your doctor can tell you whether the dose is safe.", True),
    ],
)
def test_a_professional_who_decided(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll take the $30 copay off this visit.", True),
        ("I've removed the deductible from this claim.", True),
        ("We'll pay this one in full.", True),
        ("We'll bulk-bill your check-up on Friday.", True),
        ("I've approved your referral to the cardiologist.", True),
        ("I've approved your visits to the physio as in-network.", True),
        ("Your copay for this visit is $30.", False),
        ("You'll pay this in full at the desk.", False),
        ("If you pay the balance in full, we'll close the account.", False),
    ],
)
def test_health_plan_charges_and_grants(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can see the $30 charge for Friday's missed appointment.", False),
        ("There's a $15 fee on Monday's cancelled class.", False),
        ("The $20 fee is waived.", True),
        ("The $15 late fee for Monday is waived now.", True),
        # the day's thing inside a subject: the subject reader reads through it
        ("The $60 fee for Monday's cancelled class is refunded now.", True),
        ("Your charge for Sunday's dropped call is credited back.", True),
        ("The fee for Monday's cancelled class is charged as normal.", False),
        ("Your Sunday's cancelled, and the fee stays on the bill.", False),
    ],
)
def test_a_days_participle_before_its_noun(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Balance written off.", True),
        ("Remaining balance of $212 written off as goodwill.", True),
        ("Late fee knocked off.", True),
        ("Late fee adjusted down.", True),
        ("Patient balance adjusted from $980 to $0.", True),
        ("I've adjusted the fee from $35 to $0.", True),
        ("Shoes written off in the flood.", False),
        ("Balance paid off.", False),
        ("Balance adjusted from $1,110 to $1,250 after the late payment.", False),
        ("I've adjusted the fee from $35 to $50.", False),
        ("Fee written off if you pay by Friday.", False),
    ],
)
def test_a_charge_taken_off_in_a_case_line(text: str, found: bool) -> None:
    assert _promised(text) is found
