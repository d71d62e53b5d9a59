"""Refusal classes found by dev round 230 (declines softened, without "can't" or "won't").

Round 230 declined in grammars of their own: the act asked for named as what it would be
("backdating it would be fraud"); what was asked kept in a refused state after a reason ("so
the code stays inactive"), or left "as is"; another person's data kept confidential, kept
private, staying "with us", "for her eyes only" or released "to him alone"; an act said to be
someone else's to do ("must be done by him personally", "has to come from her side"); a rule
that "keeps us from" an act; a range, a roadmap or an issue that a service is outside or
no longer part of; "one for someone else"; "no late entries are being accepted"; a decision
that "now stands". Its false alarms: what the customer cannot do ("since getting there isn't
doable for you") and whose decision something is ("this stays with her"). Each class is tested
with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Changing the invoice date to last year would be tax fraud, so it keeps today's.", True),
        ("Listing the sofa as undamaged would make the report untrue.", True),
        ("Splitting the bill in two when it was one sale would mean a false expense claim.", True),
        ("If you altered the receipt, that would be fraud.", False),
        ("Reporting the fraud to your bank would be wise.", False),
        ("Changing the date wouldn't be fraud at all; I've updated it.", False),
    ],
)
def test_the_act_asked_for_named_as_dishonest(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The voucher is for new members only, so it stays inactive on your account.", True),
        ("Cash withdrawals over the limit need a branch visit, so the request stays unsent.", True),
        ("The coat was bought in the clearance sale, so it stays as final sale.", True),
        ("Her inbox stays locked to everyone until probate is granted.", True),
        ("So the card stays blocked until the new one arrives.", False),
        ("The dress stays final.", False),
    ],
)
def test_what_was_asked_kept_in_a_refused_state(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sharing a login breaks our rules, so I'm leaving her password as is.", True),
        ("Since it ships tomorrow, please leave the box as it is.", False),
    ],
)
def test_left_as_is_for_a_reason(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The seller's phone number and address stay with us under data protection law.", True),
        ("The renter who booked before you — her email and number stay with us.", True),
        ("Your details stay with us and are never sold.", False),
        ("His bike stays with us until the repair is done.", False),
        ("Your flatmate's bank statements are for his eyes only.", True),
        ("This summary is for your eyes only.", False),
        ("Names of the other passengers are kept confidential under our privacy policy.", True),
        ("Your card details are kept confidential.", False),
        ("Your wife's scan report is released to her alone.", True),
        ("The keys are given to her only after she shows ID.", False),
    ],
)
def test_another_persons_data_kept_from_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The card is in your son's name, so cancelling it must be done by him personally.", True),
        ("The lease is hers, so ending it has to come from her side.", True),
        ("A PIN reset is to be done by the account holder only.", True),
        ("The change must be done by you in the app.", False),
        ("The repair has to be done by an engineer.", False),
        ("The payment has to be made by Friday.", False),
    ],
)
def test_an_act_someone_else_must_do(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our insurance rules keep us from lending tools overnight.", True),
        ("Nothing in our policy keeps us from refunding you.", False),
        ("Please keep us posted on the delivery.", False),
        ("Engraved rings are outside our range, I'm sorry.", True),
        ("A dark theme is not on our roadmap.", True),
        ("Printed statements are no longer issued at the counter.", True),
        ("Window cleaning is one for someone else; we only do gutters.", True),
        ("That's one for the billing team, I'll pass it on.", False),
        ("No late applications are being accepted for the spring intake.", True),
        ("No changes are being made to your plan.", False),
        ("Under our appeals process the decision now stands.", True),
    ],
)
def test_a_rule_a_range_or_a_service_not_given(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Since driving to the depot isn't doable for you, we'll collect it on Monday.", False),
        ("A refund isn't possible for you, I'm afraid.", True),
        ("What the panel will decide I don't know yet; this stays with them, not with me.", False),
        ("You asked who made the complaint; that stays with reception.", True),
    ],
)
def test_false_alarms_the_customer_cannot_or_whose_decision(text: str, found: bool) -> None:
    assert _found(text) is found
