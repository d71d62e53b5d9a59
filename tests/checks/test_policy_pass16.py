"""Classes fixed by the sixteenth pass over the dev split (promises and refusals).

This pass kept a rule when it found at least four dev misses for each false alarm it added
(docs/checks.md, "sixteenth pass"). Two classes were fixed, neither adding a false alarm:

- refusals: a request named as the reply's topic before a colon ("about ...:", "on ...:",
  "re ...:", "regarding your request to ...:") and answered by the practice that keeps it
  from happening ("not", "only", "stays", "keeps", "always" in the answer), dev rounds 150,
  237, 238 and 254 (`_refusal_topics`);
- promises: a charge or a rise of the customer's ruled out with a word of certainty right
  before the negation ("definitely won't increase your bill", "is 100% not coming back",
  "guaranteed not to change"), dev rounds 95, 116, 165 and 175 (`_promise_sure_nots`).

Left: practices told as plain facts with no topic named (a helpful answer reads the same),
status tables, a third party's commitment (each miss its own verb), certainty idioms of
their own words ("set in stone", "I'd stake my name on"), a certainty before a time clause
("when the new prices kick in" reads as a condition), limits by "only", another person's
data told by the body it goes through, and "the bank does not ..." (a third party's refusal
relayed reads the same). Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _refuses(text: str) -> bool:
    return bool(find_refusals(text).findings)


def _promises(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Hi Dara, about moving your booking to the Easter weekend: holiday dates are"
            " fixed at sign-up and aren't swapped once the term has started.",
            True,
        ),
        (
            "Re adding a third bag to the economy ticket: the fare takes two bags only,"
            " and the desk sells extra weight at the airport.",
            True,
        ),
        (
            "Regarding your request to split the deposit across two cards: the booking"
            " system takes one card per reservation, so the deposit stays on the Visa.",
            True,
        ),
        (
            "On printing the vouchers on company letterhead: our vouchers always go out"
            " on the standard template, which the shops recognise at the till.",
            True,
        ),
        (
            "Hello Ms Birch, regarding the paper copy of your statement: the branch keeps"
            " statements online for accounts opened after 2020, and you can download them.",
            True,
        ),
    ],
)
def test_a_request_named_as_topic_and_answered_by_practice(text: str, found: bool) -> None:
    assert _refuses(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("About your question: the museum opens at nine and closes at five.", False),
        ("About your parking permit: you do not need to pay anything extra this year.", False),
        (
            "Regarding your refund: done, it went back to your card this morning, not as a"
            " voucher.",
            False,
        ),
        (
            "On the replacement kettle: if the base is cracked we could not send a new one,"
            " but the photo shows a loose plug, so it's on its way.",
            False,
        ),
        ("Holiday dates are fixed at sign-up and aren't swapped once term has started?", False),
    ],
)
def test_a_topic_answered_with_help_is_no_refusal(text: str, found: bool) -> None:
    assert _refuses(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Switching to the annual plan definitely won't increase your monthly bill.", True),
        ("That admin fee is 100% not coming back on your April statement.", True),
        ("Your rent on renewal: £950 – guaranteed not to change for two years.", True),
        ("The new invoice will certainly not include the £15 paper-billing fee.", True),
    ],
)
def test_a_charge_or_rise_ruled_out_for_certain(text: str, found: bool) -> None:
    assert _promises(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That's definitely not the service we want you to get from us.", False),
        ("The booking fee should definitely not apply, but accounts will confirm.", False),
        ("Prices definitely won't stay this low for everyone next year?", False),
        ("I'm definitely not able to find the invoice you mentioned.", False),
    ],
)
def test_a_certainty_with_no_charge_ruled_out_is_no_promise(text: str, found: bool) -> None:
    assert _promises(text) is found
