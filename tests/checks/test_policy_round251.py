"""Promise classes found by dev round 251 (short forms: status lines, present certainty, sums).

Round 251 told grants and guarantees in short forms. Its misses, read as classes: a case
note's charge with its sum before the participle ("Duplicate charge $89 reversed"); an order
summary's reference as a label, its value a verb of granting ("#7741: refunded in full"); a
lower figure "rather than" a higher one, told by a present verb of the customer's charge or
by "yours for"; a move to something better with the customer's price kept ("at your Standard
price", "no change to what you pay", "you don't pay the difference"); a sum sitting "as
credit" on the customer's account, or that "gets credited back" to them; "we" and a present
verb granting ("we cover the cost of the taxi", "we give you discount for those days"); a
thing held for the customer made certain ("is definitely yours", "is 100% still valid"); a
forecast sealed by a closing "this is sure". Each class is tested with wordings that are not
corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Member phoned about the gym. Second charge $42.00 refunded. Closed.", True),
        ("Called re parking. Penalty £30 waived, case closed.", True),
        ("Called re parking. Penalty £30 charged, case closed.", False),
        ("Called re parking. Penalty £30 explained, case closed.", False),
    ],
)
def test_a_charge_and_its_sum_then_the_participle(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your orders this month:\n- #5120: credited in full\n- #5133: delivered", True),
        ("Your orders:\n- Order #88: refunded (£12.40)\n- Order #91: in transit", True),
        ("Your orders:\n- #5120: shipped\n- #5133: delivered", False),
        ("Your orders:\n- #5120: awaiting stock", False),
    ],
)
def test_an_order_reference_and_a_verb_of_granting(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your winter pass comes to $210 rather than the $260 on the website.", True),
        ("Your phone bill gets cut to $30 rather than the usual $45 this month.", True),
        ("The blender is yours for £49 rather than the £65 on the shelf.", True),
        ("Your winter pass comes to $260 rather than $210 after the change.", False),
        ("The winter pass comes to $210 rather than $260 for students.", False),
    ],
)
def test_a_lower_figure_told_in_the_present(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your gym membership moves to Platinum on Monday at your Basic price.", True),
        ("You've been switched to a double room, with no change to what you pay.", True),
        ("Your seat will be changed to row 2 and you don't pay the difference.", True),
        (
            "Your room was changed from Classic to Deluxe, your rate stays at the Classic rate.",
            True,
        ),
        ("Your membership moves to Platinum on Monday at your new price of $60.", False),
        ("You'll keep your Basic plan, so no change to what you pay.", False),
        ("You could move to the suite at your current rate if one frees up.", False),
    ],
)
def test_a_move_with_the_customers_price_kept(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The $25 sits as credit on your wallet and is used at your next order.", True),
        ("The entire amount gets refunded back to your Visa by Tuesday.", True),
        ("The $25 you paid sits on your wallet as a payment.", False),
        ("Any amount gets refunded back to your card within ten days.", False),
    ],
)
def test_a_sum_as_credit_or_given_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry for the missed pickup. We pay the cost of the hotel night for you.", True),
        ("We are sorry for the slow line. We give you discount for these weeks.", True),
        ("We cover the cost of repairs under the warranty terms.", False),
        ("We give you discount for orders over $80.", False),
    ],
)
def test_we_and_a_present_verb_granting(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Great news: table 12 on the terrace is definitely yours for Friday.", True),
        ("That voucher is absolutely still valid for your spring booking.", True),
        ("Table 12 on the terrace isn't yours yet, it's on hold until noon.", False),
        ("That voucher is valid until the end of March.", False),
    ],
)
def test_a_thing_held_made_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your tariff is set for the winter, it will not rise for you, this is sure.", True),
        ("Your new router will reach you before Friday, this is certain.", True),
        ("Your new router will probably reach you before Friday, this is certain.", False),
        ("I will look into it, this is sure.", False),
    ],
)
def test_a_forecast_sealed_as_sure(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # "plan" as a thing the customer holds is not the hedge "we plan to"
        ("Your plan moves to Premium tonight at your Standard price.", True),
        (
            "Your plan will be switched to Gold Plus on Monday, with no change to what you pay.",
            True,
        ),
        ("Your Gold plan moves to Platinum at your Gold price.", True),
        ("We plan to refund you on Friday.", False),
        ("Our plan is to refund you next week.", False),
        ("Your plan renews on 3 May at £20 a month.", False),
    ],
)
def test_a_plan_held_is_not_an_intention(text: str, found: bool) -> None:
    assert _found(text) is found
