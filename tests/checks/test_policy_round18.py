"""Promise and phone classes found by the eighteenth round of the policy corpus.

The round (``"round": 18`` in tests/data/policy) was written against the rules by writers
who never saw the detectors (long e-mails and chat threads, the commitment buried and its
grammar varied; numbers in the messy ways real replies hold them), and committed before
they read it (docs/checks.md gives its figures before and after). Each class is tested
here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from tests.helpers.policy_findings import opens_as, phones, promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a guarantee given as "my guarantee", "our assurance"
        ("You have my guarantee on that.", ["have my guarantee"]),
        ("You have our assurance that the charge will be removed.", ["have our assurance"]),
        # a price held: this customer's bill will not go up, increase or change
        ("Your monthly bill won't go up a penny this year.", ["Your monthly bill won't go up"]),
        ("Your premium will not increase at renewal.", ["Your premium will not increase"]),
        # out of pocket, and an inversion after "no"
        ("You won't be out of pocket.", ["You won't be out of pocket"]),
        (
            "At no point will you be charged for the missing seats.",
            ["At no point will you be charged"],
        ),
        # "please expect" what needs authority
        ("Please expect a replacement router by Monday.", ["expect a replacement router"]),
        # a charge that comes off, money going back
        ("The £40 fee comes off your next bill.", ["The £40 fee comes off"]),
        ("The full amount is going back to your card.", ["The full amount is going back"]),
        ("Damaged mug: £9.50 — going back to your card", ["£9.50 — going back to your card"]),
        # on the house, after an -ing word and a name
        ("Rex's next walking session is on us.", ["Rex's next walking session is on us"]),
        # an amount of credit is credit; a fee-free act is free
        ("I've put $15 of credit on your account.", ["I've put $15 of credit"]),
        ("I've approved a fee-free transfer.", ["I've approved a fee-free transfer"]),
        # a deposit released back; a concession backdated
        ("Your deposit has been released back to your card.", ["Your deposit has been released"]),
        ("I've backdated your concession to March.", ["I've backdated your concession"]),
        # an emoji ends a clause as a comma does: what came before is no condition of it
        ("it broke after a week 😕 the new one's on us", ["one's on us"]),
    ],
)
def test_the_eighteenth_rounds_promise_classes(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got
    assert _promises.find_promises(text) == _promises._find(
        text, None
    )  # the sentence filter keeps it


@pytest.mark.parametrize(
    "text",
    [
        # a quotation that ends with its own full stop is still quoted
        "You said the agent told you, \"We'll refund the full amount.\" I can't see that note.",
        'The seller wrote: "I\'ll send a replacement free of charge." That is up to them.',
        # a guarantee or assurance denied or asked about
        "I can't give you my guarantee on that.",
        "Do you have my guarantee form?",
        # prices in general, or under a condition
        "Prices won't go up this year.",
        "Your bill won't go up if you stay on the plan.",
        "Your bill will go up next month.",
        # out of pocket, maybe
        "You may be out of pocket until the claim is settled.",
        # what comes off or goes back that is no refund
        "The fee comes off your card on the 1st.",
        "Your parcel is going back to the depot.",
        "Price: £5 — going back to normal next week.",
        # sessions in general, a fee-free product, an amount used
        "Sessions are on us for members next month.",
        "Our fee-free account has no monthly charge.",
        "You've used £20 of credit this month.",
        # an emoji does not end a condition that opens the sentence
        "If it breaks again 😕 we'll replace it.",
    ],
)
def test_the_eighteenth_rounds_hard_negatives(text: str) -> None:
    assert promise_texts(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # said in words, as a transcript writes it
        (
            "The line is oh-two-oh, seven nine four six, oh double-five one.",
            [("oh-two-oh, seven nine four six, oh double-five one", "spoken")],
        ),
        ("You can reach us on 020 7946 triple-oh 4.", [("020 7946 triple-oh 4", "spoken")]),
        (
            "the number's one eight hundred, five five five, zero one two three",
            [("one eight hundred, five five five, zero one two three", "spoken")],
        ),
        (
            "Her mobile is plus four four, 7700 900 one two three.",
            [("plus four four, 7700 900 one two three", "spoken")],
        ),
        # "+" inside a bracket after a word
        ("Our Oslo desk (+47 22 55 01 23) can help.", [("+47 22 55 01 23", "plus")]),
        # a WhatsApp link's number
        (
            "[Chat with us](https://wa.me/447700900461)",
            [("447700900461", "whatsapp_link")],
        ),
        # WhatsApp in chat slang, a customer-service label before a colon
        ("el wsp del técnico: 11 5555 0188", [("11 5555 0188", "led")]),
        ("Servicio al cliente: 900 555 013", [("900 555 013", "led")]),
        ("Customer care: 6555 0177", [("6555 0177", "led")]),
        # a Malaysian free number
        ("Call 1-800-88-1234 any time.", [("1-800-88-1234", "local_rate")]),
        # a list or a table of numbers, one a line, after a phone number
        (
            "| UK | 020 7946 0311 |\n| Singapore | 6555 0178 |",
            [("020 7946 0311", "trunk"), ("6555 0178", "listed")],
        ),
        # an identifier on the next line is not listed
        ("Call 0161 496 0000.\nYour order number: 6123 4567", [("0161 496 0000", "trunk")]),
    ],
)
def test_the_eighteenth_rounds_phone_classes(text: str, found: list[tuple[str, str]]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    "text",
    [
        # German identifiers' labels with "lautet" and "deine"
        "Deine Mitgliedsnummer lautet 0049 5550 1235.",
        "Ihre Kundennummer lautet 305 550 1235.",
        # words that spell no phone number
        "Steps one, two, three, four, five, six, seven, eight, nine.",
        "Your reference is oh one two three four five six seven eight nine.",
        # digits in a link that is not WhatsApp's
        "See https://example.com/447700900315 for details.",
        # a customer number after a service word
        "Customer number: 6555 0199",
    ],
)
def test_the_eighteenth_rounds_phone_hard_negatives(text: str) -> None:
    assert phones(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # "proceed with" and an -ing form that needs authority, past one that does not
        (
            "I will now proceed with cancelling the order and refunding your card.",
            ["I will now proceed with cancelling the order and refunding your card"],
        ),
        # the customer's money "will go back to" them
        ("Your deposit will go back to your card.", ["Your deposit will go back to your"]),
    ],
)
def test_a_commitment_through_proceed_with_or_go_back(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got


@pytest.mark.parametrize(
    "text",
    [
        "I will proceed with checking the order status.",
        "I'll probably proceed with processing the refund.",
        "Your parcel will go back to the depot.",
    ],
)
def test_proceed_with_or_go_back_that_commits_to_nothing(text: str) -> None:
    assert promise_texts(text) == []
