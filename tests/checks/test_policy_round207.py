"""Refusals of dev rounds 203 and 207: declines reported by a unit of the business.

Round 207 told the business's own decision after the fact, by a team, a manager or a desk
(21 of 50 read on the code of the time); round 203 was AI assistants' polite declines (46
of 50). The class fixed, tested here with wordings that are not corpus items: a unit or a
role of ours declined, in the third person (`_refusal_decisions.house_declined`): "our
credit team turned down the increase", "the Admissions Committee has declined your
request", "our underwriters reviewed it and rejected it" (across "and", ours only), "I
checked with our depot and they refused the redelivery", "I spoke to my manager and he said
no"; not someone else's ("your bank declined the payment", "the other company said no"),
not good news ("declined to take any further action"), and a house named bare in the past
only with "has" or "our" (it may be told about). Also "we're a firm no on", "has not agreed
for" (non-native), and "we will not build" a feature.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our lending team turned down the overdraft increase this morning.", True),
        ("The Scholarships Committee has declined your request for a deferral.", True),
        ("Our underwriters looked at the boat and rejected it, as it is over 30 years old.", True),
        ("I checked with our returns centre and they refused the exchange, sorry.", True),
        ("I spoke to my manager about the fee and he said no, I'm afraid.", True),
        ("Our HR shared services team has declined to sign the letter.", True),
    ],
)
def test_a_unit_of_ours_declined(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your bank declined the payment, so please try another card.", False),
        ("We asked your old provider, and the other company said no at first.", False),
        ("The Club has declined to take any further action about the incident.", False),
        ("We asked the landlord and they refused the repair, so we've escalated it.", False),
    ],
)
def test_someone_elses_or_good_news(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I asked the desk lead and we're a firm no on sharing his address.", True),
        ("Our service head has not agreed for a home visit.", True),
        ("We discussed it, and we will not build a Visio export.", True),
    ],
)
def test_other_shapes(text: str, found: bool) -> None:
    assert _found(text) is found
