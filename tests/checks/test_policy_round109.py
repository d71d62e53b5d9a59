"""Refusal classes found by dev round 109 of the corpus.

Round 109 asked its writer for refusals among what was done, as tool-using and human agents
report it: status lines, tables, checklists and short verdicts, refusals of a repeat, and
refusals in chat. It was committed before the detectors read it (docs/checks.md gives the
figures before and after). Each class is tested here with wordings that are not corpus
items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("2. Waive the reconnection fee (£30) — declined, one was waived in March", True),
        ("Request 3 — unlock the admin account: declined, it isn't registered to you", True),
        ("| Extend the trial by 30 days | Not eligible – trials are extended once |", True),
        ("- Refund of the setup fee: not possible after activation", True),
        ("- Order history for m.ortiz@: not shared — that is another user's data", True),
        ("Refund on the annual plan: no — the 14-day window has passed.", True),
        ("Card payment: declined", False),
        ("- Your data: not shared with advertisers", False),
        ("Refund: approved", False),
        ("- Address change: done", False),
        ("Status of your card payment — declined by your bank", False),
    ],
)
def test_a_request_named_then_its_verdict(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, we are not doing alterations on suits bought elsewhere.", True),
        ("We're not offering refunds on clearance items.", True),
        ("Please note we are not accepting cash at this branch.", True),
        ("We're not doing anything with your data.", False),
        ("I'm not processing it twice, don't worry.", False),
        ("You are not doing anything wrong.", False),
        ("We're not doing so well on stock this week.", False),
    ],
)
def test_we_are_not_doing_a_service(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Gonna have to say no to that one, sorry!", True),
        ("Have to say no to the upgrade, it's a promo fare.", True),
        ("To say no to that offer would be silly.", False),
        ("Don't share your password with anyone.", False),
        ("Do not set up the account yourself; we'll send you a link.", False),
        ("Sorry, don't do refunds on sale items.", True),
        ("We don't set up payment plans by text.", True),
    ],
)
def test_chat_leaves_its_subject_out_and_an_order_declines_nothing(text: str, found: bool) -> None:
    # "Don't share your PIN" tells the customer what not to do: no refusal of ours
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Right now I can't change your plan because our system has a technical fault.", False),
        ("I can't move the booking because the system is down this morning.", False),
        ("I can't change it because the fare rules do not allow it.", True),
    ],
)
def test_a_fault_given_as_the_reason_is_a_failure(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We no longer offer gift wrapping.", True),
        ("Gift wrapping ✖ — we stopped offering it this year", True),
        ("We've stopped doing home visits since March.", True),
        ("The clinic no longer does home visits.", True),
        ("We no longer charge for paper bills.", False),
        ("We no longer need your passport.", False),
        ("The app no longer crashes.", False),
        ("I stopped using the app.", False),
        ("Do we no longer offer it?", False),
    ],
)
def test_a_service_no_longer_offered(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
