"""Promise and phone classes found by the sixteenth round of the policy corpus.

The round (``"round": 16`` in tests/data/policy) was written against the rules by writers
who never saw the detectors, and committed before they read it (docs/checks.md gives its
figures before and after). Each class is tested here with wordings that are not corpus
items, and with hard negatives: the same words where they promise nothing, or numbers that
are no phone numbers.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from tests.helpers.policy_findings import opens_as, phones, promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a certainty frame: "with certainty" makes the forecast certain
        (
            "I can say with certainty that your parcel will arrive tomorrow.",
            ["your parcel will arrive"],
        ),
        ("It will be delivered on Monday, with absolute certainty.", ["It will be delivered"]),
        # an overpayment given back is the customer's money
        ("The overpayment will be returned to you in full.", ["The overpayment will be returned"]),
        ("We'll return the overpayment to your card.", ["We'll return the overpayment"]),
        # an adverb between "we're" and "guaranteeing"
        ("We are personally guaranteeing a seat on the 9am flight.", ["We are personally"]),
        # a fee that will not be applied, added or shown: a no-charge commitment
        ("The cancellation charge will not be applied.", ["The cancellation charge will not"]),
        ("Your booking fee won't be added to the invoice.", ["Your booking fee won't be added"]),
        ("The penalty won't show on your statement.", ["The penalty won't show"]),
        # a label that says what we'll do, and the act after its colon
        ("**What we'll do:** replace the headset.", ["What we'll do:** replace the headset"]),
        ("Here's what we'll do next: waive the fee.", ["what we'll do next: waive the fee"]),
        # "we'll pay for" anything: we pay
        ("We'll pay for the locksmith.", ["We'll pay for the locksmith"]),
        ("I will pay for Amara's physio session.", ["I will pay for Amara's physio session"]),
        # an act after "and" that shares the commitment before it, granted at our expense
        (
            "Our crew will come back on Monday and repaint the wall at no cost to you.",
            ["repaint the wall at no cost"],
        ),
        ("We'll pop round and fix it free of charge.", ["We'll pop round and fix it free"]),
        # a noun phrase's head comes before its preposition: one compensation, not regulations
        (
            "Compensation of €400 under the passenger regulations has been paid to your card.",
            ["Compensation of €400 under the passenger regulations has been paid"],
        ),
    ],
)
def test_the_sixteenth_rounds_promise_classes(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got
    assert _promises.find_promises(text) == _promises._find(
        text, None
    )  # the sentence filter keeps it


@pytest.mark.parametrize(
    "text",
    [
        # a certainty denied, a hedge between the subject and "will"
        "Nobody can say with certainty when the parts will arrive.",
        "I can't say with certainty that it will be refunded.",
        "The late fee usually won't be applied to accounts in credit.",
        "We usually will refund the difference.",
        "The fee probably won't be applied.",
        # a payment not applied is bad news, not a charge spared
        "Your payment won't be applied until Monday.",
        "Late fees won't be applied to accounts in credit.",
        "If you pay today, the late fee won't be applied.",
        # what we'll do that needs no authority; what the customer pays for
        "What we'll do: check the tracking and get back to you.",
        "You'll pay for the return postage.",
        "We'll pay for it once the claim is approved.",
        "We can't pay for your vet visit.",
        # an act after "and" with no frame of authority, or nouns joined by "and"
        "We'll come round and have a look at the boiler.",
        "We won't come back and redo it at our expense.",
        "If it fails, we'll come back and redo it at no cost.",
        # a bare plural whose head is plural is still policy
        "Refunds for cancelled classes will be issued within 5 days.",
        "Fees for late returns have been waived.",
    ],
)
def test_the_sixteenth_rounds_hard_negatives(text: str) -> None:
    assert promise_texts(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # read out digit by digit: a trunk 0 first, or a phone word before it
        ("It's 0-2-0, 7-9-4-6, 0-9-5-8.", [("0-2-0, 7-9-4-6, 0-9-5-8", "spelled")]),
        ("Ring us on 0 1 1 3, 4 9 6, 0 7 7 1.", [("0 1 1 3, 4 9 6, 0 7 7 1", "spelled")]),
        ("Dial 1 2 3, 4 5 6, 7 8 9 0 for the helpline.", [("1 2 3, 4 5 6, 7 8 9 0", "spelled")]),
        # a trunk 0 a space apart, after a phone word
        ("pls ring 0 7700 900 461 asap", [("0 7700 900 461", "led")]),
        # a number listed after another in Spanish, French or German, past a remark
        (
            "Llame al 55 5555 0108 (gratis) o al 55 5555 0109.",
            [("55 5555 0108", "led"), ("55 5555 0109", "listed")],
        ),
        (
            "Tel: 6123 4567 ou au 6123 4568",
            [("6123 4567", "led"), ("6123 4568", "listed")],
        ),
        # a Spanish verb of calling in any form, from a number
        ("Le llamaremos desde el 612 55 50 84.", [("612 55 50 84", "led")]),
        ("Comuníquese al 612 55 50 85.", [("612 55 50 85", "led")]),
        # the social security number's shape after a phone word
        ("Call 078-05-1120 today.", [("078-05-1120", "trunk")]),
    ],
)
def test_the_sixteenth_rounds_phone_classes(text: str, found: list[tuple[str, str]]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    "text",
    [
        # an identifier's label and its noun, then a comma
        "Could you confirm your NHS number, 943 476 5920, on the form?",
        "Your order number, 0161 496 0000, is on the receipt.",
        # the social security number's shape without a phone word
        "You typed 078-05-1121 in the SSN field.",
        # digits read out that are too few, or no phone's: a code, a quantity, versions
        "The verification code is 4-9-6, 1-2-3.",
        "Quantity: 1 2 3, 4 5 6, 7 8 9 0",
        "Versions 1-2-3, 4-5-6, 7-8-9-0 are supported.",
        "Press 1, 2 or 3.",
        # "llamar" in another sense, before an order number
        "Tu pedido 612 55 50 83 llamará la atención.",
    ],
)
def test_the_sixteenth_rounds_phone_hard_negatives(text: str) -> None:
    assert phones(text) == []
