"""Refusal classes found by dev round 235 (softened declines of an accounting app).

Round 235 declined in roundabout words. Its misses, read as classes: a question said to be
a professional's and not ours ("for his doctor to judge, not for us", "belongs with your
tax agent rather than with me"); a part in an act refused ("we'll play no part in", "I'll
have to bow out of that one", "isn't something Tallyroo will be party to", "not something
our team takes up"); a request outside an idiom of remit ("outside our wheelhouse"); a
request left off the roadmap by us. Its false alarm: a professional who asked for something
("in the format your accountant asked for"). Each class is tested with wordings that are
not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether she needs surgery is for her own GP to decide, not for me.", True),
        ("That question sits with your accountant rather than with us.", True),
        ("That one is for a solicitor rather than me, I'm afraid.", True),
        ("The letter is for your solicitor to sign, and we'll file it after.", False),
    ],
)
def test_a_question_for_the_professional_not_for_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will take no part in changing the payment dates.", True),
        ("I'm going to have to bow out of this request.", True),
        ("Hiding the income is not something Ledgerly would be party to.", True),
        ("Rewriting your contracts is not something our team takes on.", True),
        ("Your manager played no part in the decision.", False),
        ("Please bow out of the meeting invite if you can't attend.", False),
    ],
)
def test_a_part_in_the_act_refused(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Building a website for you is outside our wheelhouse.", True),
        ("That kind of audit is beyond my purview.", True),
        ("We've left the bulk export off the roadmap for now.", True),
        ("We didn't leave your suggestion off the list.", False),
        ("Is it off the roadmap?", False),
    ],
)
def test_outside_a_remit_or_off_the_roadmap(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The report is in the layout your accountant asked for.", False),
        ("Here is the summary your tax agent requested last week.", False),
        ("For that, please ask your accountant.", True),
    ],
)
def test_a_professional_who_asked_for_something(text: str, found: bool) -> None:
    assert _found(text) is found
