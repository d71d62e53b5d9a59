"""Refusals of dev round 121 of the corpus: what deployed assistants decline.

The round's writer wrote the replies of chatbots and AI assistants to requests they should
not take up: "I'm only able to answer questions about council services", "that's where I
draw the line", "our rules are not allowing me to send more than 30 days", "I can not give
recommendation if you should buy". It was committed before the detector read it
(docs/checks.md gives the figures before and after). Each class is tested here with wordings
that are not corpus items, beside the close shapes that refuse nothing.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm only able to help with questions about your Lumen account.", True),
        ("We are only able to discuss the booking with the lead passenger.", True),
        ("You're only able to book two tables a week.", False),
    ],
)
def test_only_able_to(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Forging the signature is where I draw the line, sorry.", True),
        ("I have to draw the line at writing the reference for you.", True),
        ("Could you draw the line where the fence should go?", False),
        ("Just draw the line under the last entry.", False),
    ],
)
def test_drawing_the_line(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our dispensing rules are not allowing me to add a third repeat.", True),
        ("The system's not letting me in right now, I'll call you back.", False),
        ("Sorry, the app isn't letting me attach the file at the moment.", False),
    ],
)
def test_a_rule_not_allowing(text: str, found: bool) -> None:
    # the progressive, said of a rule; of a system, it is a fault of the moment
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, I can not give recommendation if you should sell the shares now.", True),
        ("I can't give advice on whether you should remortgage.", True),
        ("I can't tell you if the parcel will arrive today.", False),
    ],
)
def test_advice_on_what_you_should_do(text: str, found: bool) -> None:
    # "if you should ..." asks what to do, as "whether to" does: advice declined, no hedge
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That would be tax advice, and our app doesn't provide it.", True),
        ("Our prices don't include VAT.", False),
        ("Our members don't need a referral.", False),
        ("Your visa application can't be expedited.", True),
        ("A renewal can't be sped up once it's been posted.", True),
    ],
)
def test_our_service_and_what_cannot_be_hurried(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
