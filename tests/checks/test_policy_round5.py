"""The promise and refusal rules of the fifth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 5``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def promises(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.text) for f in find_promises(text).findings]


def refusals(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.text) for f in find_refusals(text).findings]


# --- "not something our pharmacists can do": the business by any name ---------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Same-day delivery isn't something our couriers can offer in rural areas.",
         "isn't something our couriers can offer"),
        ("I'm sorry, that's not something our pharmacists are able to do over the phone.",
         "that's not something our pharmacists are able"),
        ("Price matching is not something our online store does.",
         "is not something our online store does"),
        ("Unlocking a financed phone isn't something our retail partners can handle.",
         "isn't something our retail partners can handle"),
    ],
)  # fmt: skip
def test_not_something_our_staff_can_do_declines(text: str, found: str) -> None:
    assert refusals(text) == [("not something we do", found)]


@pytest.mark.parametrize(
    "text",
    [
        "Don't worry, a cracked screen is not something our customers can cause by updating.",
        "It's not something our members usually need, but it's there if you want it.",
        "That's not something our agents would ever ask you for, so please ignore the text.",
        "Two-factor codes aren't something our users can turn off for shared accounts yet.",
    ],
)
def test_not_something_our_customers_or_a_reassurance_declines_nothing(text: str) -> None:
    assert refusals(text) == []
