"""False finds and misses of dev round 125 of the corpus (refusals; hard negatives).

The round's writer wrote, above all, replies in institutions' and assistants' voices that
use the words of refusing and refuse nothing. It was committed before the detector read it
(docs/checks.md gives the figures before and after). Each class is tested here with
wordings that are not corpus items.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't give a guarantee that the transfer will land by Friday.", False),
        ("We cannot offer any assurance that the seat stays free.", False),
        ("I can't give tax advice on the sale.", True),
    ],
)
def test_a_guarantee_not_given_is_a_hedge(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking site has a technical fault, so tickets can't be issued online today.", False),
        (
            "Our portal is down for maintenance and renewals can't be processed at the moment.",
            False,
        ),
        ("Tickets can't be issued after the gates close.", True),
    ],
)
def test_a_fault_named_before_for_the_day(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The airline said no, but that doesn't stop us: I've opened a claim.", False),
        ("Data protection rules prevent us from sharing her address.", True),
        ("Under the tenancy, the answer on the extension has to be no.", True),
        ("The answer to your question is in the FAQ.", False),
    ],
)
def test_what_stops_us_and_the_answer_on_a_request(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Billing you twice for one order is something we'd never do.", False),
        ("Charging you for the failed delivery isn't something we do.", False),
        ("Selling your personal data is not something we do.", False),
        ("Sharing your account with a friend isn't something we allow.", True),
        ("Sharing his address isn't something we can do.", True),
        ("Refunding your flight isn't something we can do.", True),
    ],
)
def test_an_act_against_the_customer_not_done_reassures(text: str, found: bool) -> None:
    # a gerund that charges the customer, or does with their data what they fear, opening
    # the sentence: not doing it reassures; a request declined still refuses
    assert bool(refusal_texts(text)) is found
