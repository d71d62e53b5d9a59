"""Refusals of dev round 214: declines with the commonest forms avoided on purpose.

Round 214's writer avoided "I can't", "we're unable to" and "we won't" (26 of 50 read, two
false alarms, on the code of the time; the blind round written beside it, 215, read 41 of
60). The classes fixed, tested here with wordings that are not corpus items: "only ever
released to the lead booker"; "won't be produced"; "the answer on this one is no"; a rule
that does not permit "one" or "it" (the request named before by a pronoun); and, as false
alarms, "impossible to say for certain" (a hedge) and a unit that is someone else's ("the
hotel's front desk refused").

Fixed in a second pass (30/50 -> 38/50), each tested below with wordings that are not corpus
items and close negatives: what is "not among the services" or "not part of the service"
offered (not "the service charge"); a grant "not given" or "not granted" by the house (not
"you are not given"); the house's own review as a noun, "after our review", which says when
and opens no condition; and "the decision was made not to" do what was asked (not a decision
that spares the customer, nor someone else's); a department named bare that "is able to"
("not something HR is able to produce"); a request that "isn't one we will act on" (not
feedback "we will act on"); and counsel named with its question as the subject ("guidance on
whether to switch is something only a licensed adviser can give"), which is no condition.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ticket details are only ever released to the lead booker.", True),
        ("A letter with a later end date won't be produced.", True),
        ("The panel liked it, but the answer on this one is no.", True),
        ("The Flex fare rules do not permit one, even for a wedding.", True),
        ("It's impossible to say for certain when the part will arrive.", False),
        ("Sorry the airline's check-in desk refused your bag; I've rebooked it with us.", False),
    ],
)
def test_declines_without_the_common_forms(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Framing the prints is not among the services of our studio.", True),
        ("Choosing a fund for you is not part of the service offered on this line.", True),
        ("VAT is not part of the service charge on this bill.", False),
        ("Under our rules, pro-rata credits are not granted for a mid-term switch.", True),
        ("You are not given a new PIN until the card arrives.", False),
        ("After our investigation the transfer of the licence to your name was refused.", True),
        ("After the inspection the item will be refunded if it is unused.", False),
        ("After some thought, a decision was made not to extend the offer to past orders.", True),
        ("The decision was made not to charge you for the late return.", False),
        ("Your landlord's decision was made not to renew the lease.", False),
        ("A payslip with a higher salary is not something Payroll is able to issue.", True),
        ("Backdating the invoice isn't one our accounts team will act on.", True),
        ("Your feedback is something we will act on this quarter.", False),
        ("Advice on whether to remortgage is something only a mortgage adviser can give.", True),
        ("If we can't agree on whether it's faulty, a qualified engineer can check it.", False),
    ],
)
def test_declines_second_pass(text: str, found: bool) -> None:
    assert _found(text) is found
