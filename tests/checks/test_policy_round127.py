"""Refusals of dev round 127 of the corpus: single sentences, as a reviewer collects them.

The round's writer wrote one sentence per item, the way a policy reviewer gathers cases to
test a checker: "Only the account holder can change the email on this account", "Printing
documents is not a service this branch offers anymore", "I'm not qualified to say whether you
can claim it". It was committed before the detector read it (docs/checks.md gives the figures
before and after). Each class is tested here with wordings that are not corpus items.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Only the main cardholder can raise the credit limit.", True),
        ("Only the registered owner may transfer the licence.", True),
        ("Only you can see your password.", False),
        ("Only the lead passenger can check in online, so I've done it here for you.", False),
    ],
)
def test_only_the_holder_can(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Faxing forms is not a service this office provides any more.", True),
        ("Car washes fall outside what our front-desk team can arrange.", True),
        ("Legal documents our staff do not translate, I'm afraid.", True),
        ("Our bakery doesn't price-match supermarkets.", True),
    ],
)
def test_the_house_in_a_single_sentence(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm not qualified to say whether the pension counts as income.", True),
        ("I can't say whether the pension payment will land today.", False),
    ],
)
def test_not_qualified_to_say(text: str, found: bool) -> None:
    # unqualified to say is advice declined, not a hedge about a fact
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Drafting a note that says you were ill that week isn't something I can do.", True),
        ("You said the shop told you they won't take it back.", False),
    ],
)
def test_what_an_act_says_is_part_of_it(text: str, found: bool) -> None:
    # a gerund subject that reports ("a note that says ...") is the act declined, not speech
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I won't be emailing your landlord on your behalf, but here's a template.", True),
        ("I'm not going to fill in the tax form for you, though I can explain each box.", True),
        ("Don't worry, I won't be closing the ticket for you until you confirm.", False),
        ("I'm not going to keep you waiting for your refund.", False),
    ],
)
def test_an_act_for_you_declined(text: str, found: bool) -> None:
    # whatever the verb, an act done "for you" or "on your behalf", declined, declines the
    # request; not a reassurance
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That mailbox isn't yours to reset, so its owner will have to do it.", True),
        ("The choice is yours to make.", False),
        ("Sorry, we not allow a second person to sign in on the same licence.", True),
        ("We not have that size in stock right now.", False),
    ],
)
def test_not_yours_to_and_a_dropped_do(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
