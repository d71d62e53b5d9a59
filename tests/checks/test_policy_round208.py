"""Promise classes found by dev round 208 (grants written in a non-native reply's English).

Round 208 told refunds and waivers in the words of a speaker of another language. Its
misses, read as classes: a Romance verb for giving money back written in English
("restitute", French "restituer", Italian "restituire"), read as "refund"; a status
table's row that a non-native reply marks "Executed", or a charge's row marked
"Cancelled"; and a base verb after "already" whose subject is the business speaking of
itself ("shop already refund ..."), a past as after "I already". Each class is tested with
wordings that are not corpus items, and with close negatives that must stay silent.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We have restituted your caution of 80 euro to the card.", True),
        ("The 120 € of the booking will be restituted to you this week.", True),
        ("We cannot restitute the caution for the damaged chair.", False),
        ("If the room is in order, the caution will be restituted.", False),
    ],
)
def test_a_romance_verb_for_giving_money_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Reimbursement of the parking (€ 15) | Executed |", True),
        ("| Cancellation fee | Cancelled |", True),
        ("| Cancellation fee | Not cancelled |", False),
        ("| Monthly payment | Cancelled |", False),
        ("| Bank order | Executed |", False),
    ],
)
def test_a_status_row_executed_or_its_charge_cancelled(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Dear customer, store already refund 90.000đ to your wallet.", True),
        ("The shop already refund you the delivery money.", True),
        ("Your bank already refund you the money.", False),
        ("The shop already send the parcel this morning.", False),
    ],
)
def test_the_business_already_doing_it_in_the_base_form(text: str, found: bool) -> None:
    assert _found(text) is found
