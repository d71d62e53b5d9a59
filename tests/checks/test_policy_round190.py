"""Promise classes found by dev round 190 (a grant told as done by a unit of the business).

Round 190 told grants in the third person, naming who in the business gave them. Its
misses, read as classes: a noun of people that is part of a unit's name ("Customer Care",
"our Customer Relations department") read as everyone, a statement of policy; the
business's own system as the one who granted ("our billing system reversed the fee"); a
list line or a status table's cell that names the agent after its participle ("reversed by
our Billing team", "refunded by Harbourview Hotels to your Amex", "| Approved by Baggage
Services |"), and a sum written with its country's letters ("A$212.40"). Each class is
tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Customer Support will send you a £15 voucher this afternoon.", True),
        ("Our Member Services team will refund the $35 joining fee.", True),
        ("Customers will be refunded within five working days.", False),
        ("Members who cancel early will get a credit.", False),
    ],
)
def test_a_noun_of_people_in_a_units_name(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking system refunded your $64 deposit this morning.", True),
        ("Our payments system waived the reconnection fee automatically.", True),
        ("Our booking system may have refunded your deposit, but I can't confirm it.", False),
    ],
)
def test_the_business_system_as_the_one_who_granted(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Recap:\n- Parking fee of $25 waived by the Front Desk team\n- Room key reissued", True),
        ("Recap:\n- $60 refunded by Lakeside Resorts to your Visa", True),
        ("| Item | Status |\n|---|---|\n| Refund £40 | Issued by Accounts |", True),
        ("Recap:\n- Parking fee of $25 waived by Friday if the form arrives", False),
        ("| Item | Status |\n|---|---|\n| Refund £40 | Issued by your bank |", False),
    ],
)
def test_an_agent_named_after_the_participle(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Summary:\n- Data overage charge of NZ$48.10 reversed", True),
        ("Summary:\n- Data overage charge of NZ$48.10 added", False),
    ],
)
def test_a_sum_with_its_countrys_letters(text: str, found: bool) -> None:
    assert _found(text) is found
