"""Refusals of dev round 136 of the corpus: short chat and SMS replies from small businesses.

The round's writer declined in a chat's shorthand: "our chat can't give medical advice
sry", "nope, not giving u her email", "gotta say no to that", "we don't gift wrap sorry!",
"we won't be banning him"; and asked for what was missing rather than declining ("I can't
do the transfer without the buyer's email, can u send it over?"). It was committed before
the detector read it (docs/checks.md gives the figures before and after). Each class is
tested here with wordings that are not corpus items, beside the near-misses that stay
negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our chat can't give medical advice, pls ask ur pharmacist.", True),
        ("This service cannot provide tax advice.", True),
        ("Our app can't offer investment advice.", True),
        ("Your GP can't give advice on that without seeing you.", False),
        ("Our chat can't load right now, try again later.", False),
    ],
)
def test_the_house_by_its_noun_declines_advice(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, I can't tell you how many tablets to give your cat.", True),
        ("We can't tell you how much to invest in it.", True),
        ("I can't tell you how much we appreciate your patience!", False),
        ("I can't tell you how much it means to us.", False),
        ("I can't tell you how much the repair will cost until we open it.", False),
    ],
)
def test_how_much_to_take_is_what_to_do(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("nope, not giving out his number, sorry", True),
        ("Not sharing that one, sry 🙏", True),
        ("sry, not doing refunds on sale stuff", True),
        ("Not sharing your details with anyone, promise 👍", False),
        ("Not giving up on this one!", False),
        ("not doing too well today lol", False),
    ],
)
def test_a_chats_bare_not_and_a_gerund(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("gotta say no to that one, sorry 🙏", True),
        ("Gotta decline the swap, it's past the window.", True),
        ("You gotta say no to them sometimes!", False),
    ],
)
def test_gotta_say_no(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, we don't engrave watches bought elsewhere.", True),
        ("we don't price match online stores sorry", True),
        ("Sorry, we don't see a payment on your account yet.", False),
        ("Sorry, we don't need your ID for that.", False),
        ("We don't charge for returns.", False),
    ],
)
def test_we_dont_with_regret(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be suspending her account because of one bad review.", True),
        ("We will not ban them on your say-so.", True),
        ("Don't worry, we won't be banning you.", False),
    ],
)
def test_not_acting_against_someone_else(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't book it without a card on file, could you share one?", False),
        ("I can't do the swap without the order number, can u send it?", False),
        ("We can't release the keys without the tenant's consent, anything else?", True),
        ("I can't share it without her consent.", True),
    ],
)
def test_what_is_missing_asked_for(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
