"""The promise and refusal rules of the real-2 round: classes of phrasing real agents wrote.

Each class is tested with a wording of its own and variants, none of them corpus items, and
with the hard negatives it must not catch (tests/data/policy holds the real-2 split; the
round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def promises(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.text) for f in find_promises(text).findings]


def refusals(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.text) for f in find_refusals(text).findings]


# --- markdown emphasis splits no phrase ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "found"),
    [
        ("The refund of **$84** will be returned to your Visa within 5-7 business days.",
         "authority commitment", "The refund of **$84** will be returned"),
        ("A total refund of **$1,250.10** will be issued to your **PayPal** account.",
         "authority commitment", "A total refund of **$1,250.10** will be issued"),
        ("*Your refund* has been *processed*.", "completed authority action",
         "Your refund* has been *processed"),
        ("* We will **refund** you in full.", "authority commitment", "We will **refund** you"),
    ],
)  # fmt: skip
def test_emphasis_inside_a_promise_changes_nothing(text: str, rule: str, found: str) -> None:
    assert promises(text) == [(rule, found)]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Refunds are **usually** issued within 5 days.", "policy statement"),
        ("If your order qualifies, **we'll refund you**.", "conditional"),
        ("Would you like me to issue a **refund**?", "question"),
        ("I **can't** offer a refund on opened items.", "negated"),
    ],
)
def test_emphasis_keeps_what_sets_a_promise_aside(text: str, reason: str) -> None:
    reading = find_promises(text)
    assert reading.findings == ()
    assert reading.ignored == {reason: 1}


@pytest.mark.parametrize(
    "text",
    ["**Refund amount:** $510", "* Refund: pending", "You can pick our **Guaranteed** Delivery."],
)
def test_emphasis_makes_no_promise_of_its_own(text: str) -> None:
    assert promises(text) == []


# --- "once" of how often is no condition --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Since a return can only be requested once per delivered order, I'm unable to open "
         "another one.", "I'm unable to open"),
        ("As changes are allowed once a year when booked online, I can't change the plan "
         "again.", "I can't change"),
        ("Exchanges can be made once every completed order, so we can't swap it a second "
         "time.", "we can't swap"),
    ],
)  # fmt: skip
def test_once_of_how_often_is_no_warning_before_an_act(text: str, found: str) -> None:
    assert refusals(text) == [("cannot or will not", found)]


@pytest.mark.parametrize(
    "text",
    [
        "Once a return is processed, I can't cancel it.",
        "Once you confirm, I won't be able to cancel it.",
        "Once confirmed, this modification cannot be changed.",
    ],
)
def test_once_before_an_act_to_come_is_still_a_consequence(text: str) -> None:
    reading = find_refusals(text)
    assert reading.findings == ()
    assert reading.ignored == {"consequence": 1}
