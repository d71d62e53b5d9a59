"""Promise classes found by dev round 175 (commitments in varied grammar).

Round 175 told commitments in grammar the rules did not read. Its misses, read as classes:
a line with no verb of its own that says a sum is "to be" credited, adjusted or paid to the
customer (a record's "Outcome:" line, a table's cell); an act done "without" its fee when
the fee's sum follows ("without the exit charge of £120"); something sent "paid for by us"
or "covered by us". Its false alarm: a charge that "is to be paid" to someone, which the
customer pays. Each class is tested with wordings that are not corpus items, and with close
negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Resolution: double charge of $27 to be refunded to the card on file", True),
        ("Goodwill: €30, to be credited on your next statement.", True),
        ("| Balance | **To be paid to you by Friday** |", True),
        ("Resolution: double charge of $27 to be reviewed by the billing team", False),
        ("Note: delivery address to be updated.", False),
        ("I've asked for the $27 double charge to be refunded.", False),
    ],
)
def test_a_sum_to_be_given_in_a_line_of_its_own(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your lease will be ended without the break fee of $300.", True),
        ("Your lease will be ended with a break fee of $300.", False),
    ],
)
def test_an_act_without_its_fee_and_the_fees_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A new kettle is being shipped to you on Monday, paid for by us.", True),
        ("We're posting a spare lid to you today, covered by us.", True),
        ("A new kettle is being shipped to you on Monday, paid for by you.", False),
    ],
)
def test_sent_and_paid_for_by_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $35 call-out fee is to be paid to the engineer on arrival.", False),
        ("The $35 call-out fee is to be refunded to your card.", True),
    ],
)
def test_a_charge_to_be_paid_is_the_customers(text: str, found: bool) -> None:
    assert _found(text) is found
