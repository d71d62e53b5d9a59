"""Refusal classes found by dev round 226 (case notes and terse chat replies).

Round 226 declined in clauses that leave out their "I" or "we": a case note's "Declined to
merge the accounts" or "Did not advise on VAT", a chat's "Unable to split the payment,
sorry" and "— not happening, sorry", "nah we don't price match". Its other misses, read as
classes: a request outside what the business's own rule allows ("outside what our terms
allow"), and another person's data not disclosed, named as "third-party". Each class is
tested with wordings that are not corpus items, and with close negatives: a failure to find
or reach, a verb that shares another subject ("the bank checked and refused to pay"), a
thing that is not happening, the customer's own plan, and the customer's own details.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts, refusals


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Unable to add a fourth passenger to this fare, sorry.", True),
        ("Sorry, unable to reopen that ticket once it has been closed.", True),
        ("Unable to locate the parcel under that tracking number.", False),
        ("Unable to log in? Try resetting your password first.", False),
    ],
)
def test_a_bare_unable_to(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Declined to change the payee on the standing order; customer informed.", True),
        ("Refused to release the invoice to the caller: not a named contact.", True),
        ("We declined to waive the late fee this time.", True),
        ("The bank checked the transfer and refused to pay it out.", False),
        ("Payment declined: please try another card.", False),
    ],
)
def test_a_past_decline_by_the_agent(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Case note: did not disclose the balance to the caller.", True),
        ("Did not recommend a fund; explained where to get regulated advice.", True),
        ("Did not find a booking under that surname.", False),
        ("The courier came by and did not leave a card.", False),
    ],
)
def test_a_note_that_a_service_was_not_given(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Writing a fake sick note for your boss? Sorry, not happening.", True),
        ("Changing the date on the receipt — that's not happening, I'm afraid.", True),
        ("The firework display is not happening tonight because of the wind.", False),
        ("Nothing is happening with the order yet; it ships on Monday.", False),
    ],
)
def test_a_bare_not_happening(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("nah we don't gift wrap online orders, but the shop can do it.", True),
        ("nah we don't need your receipt for this one, it's all sorted.", False),
    ],
)
def test_we_dont_after_a_chat_no(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Replacing the lens for free is beyond what the warranty terms cover.", True),
        ("A second reschedule is outside what our booking rules permit.", True),
        ("Streaming beyond what your plan allows is billed per gigabyte.", False),
    ],
)
def test_outside_what_our_rule_allows(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Third-party account details are not disclosed over the phone.", True),
        ("Your details are not shared with any third-party company.", False),
    ],
)
def test_third_party_data_not_disclosed(text: str, found: bool) -> None:
    assert _found(text) is found


def test_the_evidence_names_the_rule() -> None:
    assert refusals("Declined to merge the accounts.") == [("declines", "Declined to merge")]
