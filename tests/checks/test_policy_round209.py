"""Refusals of dev rounds 209 and 211: translations' English, and limits with numbers.

Round 209 was written two thirds as a translation from Romance, Asian, African and Dutch
speakers reads (48 of 50, one false alarm); round 211 declined under limits with numbers
(37 of 50, two false alarms). The classes fixed, tested here with wordings that are not
corpus items:

- non-native "we cannot to <verb>" reads the verb after "to" ("cannot to guarantee" hedges,
  "cannot to tell you if you must accept" declines advice: what to do);
- a bare verdict on a line: "Extension refused.", "[14:03] Declined – limit is 2 per month";
- "your application for the Platinum card has been declined" (an application, not a card);
- a limit as a rule noun ("the 500 MB limit rules out ..."); "won't be taken forward";
  "can't be bought online";
- "can't tell you how much your flatmate owes" (someone else's, no idiom);
- false alarms: a tool "timing out", and "In case it was more than 60 days ago, then we
  would not be able to exchange it" (a case that is not so).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We cannot to guarantee the exact day, it depends of the embassy.", False),
        ("I cannot to tell you if you must sign the contract, for this ask a lawyer.", True),
        ("Parkline: Extension refused. Max stay is 2 hrs.", True),
        ("[09:12] Declined – limit is 3 refunds per year.", True),
        ("[09:12] Declined – card issuer did not authorise the payment.", False),
        ("Your application for the Gold card has been declined, as the income is too low.", True),
        ("Your card was declined, please try another one.", False),
    ],
)
def test_translations_and_log_lines(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The 2 GB upload limit rules out sending the whole archive, I'm afraid.", True),
        ("Your bid won't be taken forward, as the fund caps grants at $1,000.", True),
        ("Gift vouchers over $200 can't be bought online, sorry.", True),
        ("I can't tell you how much your neighbour paid for his plan.", True),
        ("I can't tell you how much that means to us!", False),
    ],
)
def test_limits_with_numbers(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking tool keeps timing out, so I can't change the date right now.", False),
        (
            "In case the order was more than 30 days ago, then we would not be able to take it "
            "back, but yours was last week, so that's fine.",
            False,
        ),
    ],
)
def test_false_alarms(text: str, found: bool) -> None:
    assert _found(text) is found
