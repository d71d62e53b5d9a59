"""Promise classes found by dev round 210 (prices lowered by their figures; prices paid).

Round 210 cut the customer's price without a word for the cut, by its figures: a lower
figure "instead of" or "rather than" a higher one, said of the customer or a thing of
theirs with "will"; a charge of theirs that "drops" or "goes down" "to" a sum; a charge of
theirs a sum "cheaper" (`_promise_lowered`). It named one bill by its month ("off your
May bill", `_promise_bills`). Its false alarms told the customer's price: a sum "up from"
a smaller one, and a sum "payable" (`_promise_customer_paid`). Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your June statement will read $42 instead of $58.", True),
        ("From March you'll pay just 12.50 instead of 15.50 a month.", True),
        ("Your service charge will hold at £900 rather than climb to £975.", True),
        ("Your June statement will read $58 instead of $42.", False),
        ("New subscribers will pay $42 instead of $58.", False),
        ("If you move to yearly billing, you will pay $42 instead of $58.", False),
    ],
)
def test_a_lower_figure_instead_of_a_higher_one(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("From the 3rd, your mobile plan drops to £12 a month.", True),
        ("Your gym membership will go down to $30 a month from April.", True),
        ("The list price drops to £12 a month in spring.", False),
    ],
)
def test_a_charge_of_theirs_brought_down_to_a_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your contract is now $8 cheaper.", True),
        ("Your insurance will be £6 cheaper each month.", True),
        ("The yearly plan is $8 cheaper.", False),
    ],
)
def test_a_charge_of_theirs_a_sum_cheaper(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll take two days off your October invoice for the disruption.", True),
        ("You can take the extras off your October invoice in the app.", False),
    ],
)
def test_a_bill_named_by_its_month(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your upgrade to Premium is done. Your monthly fee will be £40, up from £30.", False),
        ("Your upgrade to Premium is done. Your monthly fee will be £30, down from £40.", True),
        ("A replacement handset will be $120, payable on collection.", False),
        ("A replacement handset will be sent, and nothing is payable.", True),
    ],
)
def test_a_price_risen_or_payable_is_paid_by_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found
