"""Classes read by the fifteenth pass over the whole dev split's misses and false alarms.

Promises fixed: an upgrade at the old rate told with no verb of moving
(`_promise_kept_rate`: "you're in a suite at the standard rate", "your upgrade to the suite
..., at the same rate", "you'll get Plus access at your current Basic rate"); a charge of
this case told taken back in the passive, done now (`_promise_taken_back`: "the excess amount
has been adjusted against next month", "money is already returned to your account"); "No."
before a figure read as a number's sign, not a negation (`_grammar`), and "according to your
appeal" as this customer's case (`_promise_settlements`). A false alarm class fixed: an
upgrade whose price a summary's label tells paid (`_promise_charged`: "Upgrade cost: $612",
"Paid with: Mastercard", "| Charged to |", "12.50 went on the card").

Refusals fixed: an agent log's own verdict on a step asked for (`_refusal_notes`: "Declined:
card is registered to the employee", "Lookup refused: ...", "Skipped the refund because
...", "Result: not applied — ...").

Left: promises in status tables whose cells name no grant, certainty idioms ("set in
stone", "zero doubt", "100 percent sure"), a third party's commitment with no grant word, a
grant free of charge said of a thing with no "your"; refusals told as practices or plain
facts, limits by "only", another person's data told by the body it goes through, a state
kept ("her account stays locked"): none had a rule that read them without false alarms.
Each class fixed is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _promised(text: str) -> bool:
    return bool(find_promises(text).findings)


def _refused(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("From Friday you're in a garden suite at the standard rate.", True),
        (
            "For the rest of the trip you'll be in a corner room, billed at the basic room rate.",
            True,
        ),
        (
            "Your upgrade to the executive floor is confirmed for both nights, at the same rate.",
            True,
        ),
        ("Since the studio is shut, you'll get Gold access at your current Silver rate.", True),
        ("Your subscription moves to the Family tier on Monday at the basic price.", True),
        ("All three nights are charged at the standard rate.", False),
        ("I have changed your plan as you asked, at the standard price of $65.", False),
        ("You could be in a suite at the standard rate if one frees up on the day.", False),
        ("Would you like your upgrade to the suite at the standard rate?", False),
        ("Gold members get lounge access at the basic rate.", False),
    ],
)
def test_an_upgrade_at_the_old_rate_with_no_verb_of_moving(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Following your call, the late payment fees have now been reversed.", True),
        ("The overcharge of £14.20 has been credited to your account.", True),
        ("Good news: the duplicate charge is already refunded to your Visa.", True),
        ("Your refund of 45 EUR is processed today.", True),
        ("The installation fee has been processed.", False),
        ("Your payment of $80 has been credited to your account.", False),
        ("Late fees for all members are waived today.", False),
        ("The charge has been reversed by your bank.", False),
        ("If the parcel is lost, the delivery fee is refunded already at dispatch.", False),
        ("The booking fee is refunded when a flight is cancelled.", False),
    ],
)
def test_a_charge_taken_back_in_the_passive(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As per your request No. 5521 the surcharge of £30 will be returned to your card.", True),
        ("According to your enquiry ref no. 40021, we will refund the £12 fee.", True),
        ("Regarding ticket no. 881, no refund will be issued for this order.", False),
        ("According to our policy, the fee will be returned to members.", False),
    ],
)
def test_a_number_sign_and_your_own_case(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Room upgrade done.\n- Upgrade cost: $140\n- Paid with: Visa ending 1188", False),
        ("| Item | Value |\n|---|---|\n| Upgrade | Suite |\n| Charged to | card_4471 |", False),
        ("ok, upgraded ur seat to extra legroom, 25.00 went on the card ending 7711", False),
        ("I've upgraded your seat to extra legroom free of charge.", True),
        ("I've upgraded your room at no cost.\n- Upgrade cost: $0", True),
    ],
)
def test_an_upgrade_the_customer_paid_for(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Agent log\n• Declined: the line is registered to her sister, not the caller.", True),
        ("Reset refused: the caller is not the account holder.", True),
        ("Skipped the fee waiver because the account had one this year.", True),
        ("Outcome: not approved — trial extensions are one per workspace.", True),
        ("Payment declined: insufficient funds on the card.", False),
        ("Card rejected: please try another card.", False),
        ("Skipped the intro call and went straight to the setup.", False),
        ("Result: refund applied to the original card.", False),
    ],
)
def test_a_log_verdict(text: str, found: bool) -> None:
    assert _refused(text) is found
