"""Refusals of dev round 118 of the corpus: declined by the house, the rule or the thing.

The round's writer declined without "I can't": "not something the airline will confirm",
"that one's a no", "this complaint won't be escalated further", "details are only ever
released to the holder", "a second permit has been refused". It was committed before the
detector read it (docs/checks.md gives the figures before and after). Each class is tested
here with wordings that are not corpus items, beside the close shapes that refuse nothing.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sharing his new address is not something the agency will do.", True),
        ("A backdated receipt isn't something the pharmacy will issue.", True),
        ("Transferring points between members is not something the platform allows.", True),
        ("It's not something the customer will notice.", False),
        ("I can't promise what the outcome will be, it depends on the assessor.", False),
        ("You can't change the seat in the app once you've checked in, so I've done it.", False),
    ],
)
def test_not_something_the_business_does(text: str, found: bool) -> None:
    # after "the", a noun naming the business ("agency", "pharmacy", "platform"), not any
    # noun that a verb follows
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Thanks for asking, and whether he booked with us is not something we confirm.", True),
        ("Whether the fee applies depends on the date, so I can't say yet.", False),
    ],
)
def test_a_whether_clause_as_the_subject(text: str, found: bool) -> None:
    # a "whether" clause that is the subject of "is not something" names the thing
    # declined; it does not doubt it
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Moving the booking to next year is a no, I'm afraid.", True),
        ("So that one's a no.", True),
        ("Is that a no?", False),
        ("The guest was a no-show on the first night.", False),
    ],
)
def test_a_no_as_the_answer(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your complaint won't be escalated any further.", True),
        ("The adjuster's decision will not be reconsidered.", True),
        ("Your case won't be escalated until the courier replies.", False),
    ],
)
def test_a_case_not_taken_further(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Statements are only ever disclosed to the account holder.", True),
        ("Cancellations are accepted only from the policyholder.", True),
        ("The PIN is reset only at the request of the cardholder.", True),
        ("Refunds are issued only to the original card.", False),
    ],
)
def test_done_only_for_the_holder(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your application for a second parking bay has been refused.", True),
        ("A third free repair has been refused, as the warranty allows two.", True),
        ("09:12 - address change refused under the account security policy.", True),
        ("Your card was refused at the till, so please try another.", False),
        ("He was refused boarding in Dublin, I'm sorry to hear.", False),
    ],
)
def test_refused_in_the_passive(text: str, found: bool) -> None:
    # what was asked, refused: not a card the bank refused, nor a person's past refusal
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, the restaurant doesn't do split bills on Fridays.", True),
        ("Sorry, the council does not carry out repairs on private land.", True),
        ("The school will not be amending the report.", True),
        ("Invoices come from finance; support doesn't issue them.", True),
        ("If support can't reach you by phone, they'll e-mail.", False),
    ],
)
def test_the_house_does_not(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The membership rules rule out a refund for unused classes.", True),
        ("Your order is past our 14-day cancellation window, so it stays as it is.", True),
        ("The jacket was past the returns deadline when it reached us.", True),
        ("Keep walking past the post office and turn left.", False),
        ("In the past we've refunded fees like this one.", False),
        ("The phone falls outside the cover, as accidental damage isn't included.", True),
        ("The phone is now covered, and the case is outside the box.", False),
    ],
)
def test_a_rule_or_a_limit_declines(text: str, found: bool) -> None:
    # the business's terms rule it out, its window is past, the item is outside its cover
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("On-site training isn't part of what Loomly offers.", True),
        ("That's not what Amazon does, and we follow suit.", False),
        ("Home visits are a service which the bank does not provide.", True),
        ("Your bank may not provide the code by text.", False),
    ],
)
def test_the_business_by_name_or_in_a_relative_clause(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our data terms don't allow staff to forward another member's messages.", True),
        ("Our policy doesn't allow staff to ask for your PIN.", False),
        ("Pennyworth support doesn't give investment advice.", True),
        ("If Pennyworth support can't reach you, they'll leave a message.", False),
        ("Whether the loft counts is one for your surveyor, so we don't advise on it.", True),
    ],
)
def test_staff_the_business_by_name_and_one_for_a_professional(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Scan results are not discussed over the phone; your consultant will go through them.",
            True,
        ),
        ("Cancellations are not accepted by e-mail, only in writing.", True),
        ("Your password is never requested by email.", False),
        ("Your password is not requested by text message.", False),
    ],
)
def test_not_given_by_a_channel(text: str, found: bool) -> None:
    # what the house gives, not given by text or phone, declines it; a warning about what
    # the house never asks for is no refusal
    assert bool(refusal_texts(text)) is found
