"""Promise classes found by dev round 227 (case notes, headlines and concessions).

Round 227 missed grants logged as a case note's or a headline's fragments, and promises
read as conditional when they were not. Its misses, read as classes: a guarantee held
"even if" something happens (a concession, not a condition); a commitment kept "before"
a thing's own event ("before it ships", a time, not something the customer must do); a
giving verb opening a case note, its grant named with the article left out ("Applied
courtesy credit of €15 to ..."); a charge, its sum in brackets, taken off a bill of the
customer's ("penalty (₹500) removed from March statement"); a claim approved with its
reference number between the noun and the participle ("Claim #C-4410 APPROVED"); an act
done "on the house"; the customer told they'll get something, with "totally free" as a
tail after a comma, an emoji ending the line. Its false alarm: a price told as the higher
sum the customer pays "instead of" a smaller one, after an upgrade (paid by the customer).
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I guarantee your seat stays booked even if the flight fills up.", True),
        ("I promise the price holds even if the sale ends tonight.", True),
        ("I guarantee your seat stays booked if the flight doesn't fill up.", False),
    ],
)
def test_a_guarantee_held_even_if_something_happens(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll take the booking fee off your bill before it is sent.", True),
        ("I'll knock the delivery charge off before it ships.", True),
        ("Before we can take the booking fee off, we need the receipt.", False),
    ],
)
def test_a_commitment_kept_before_a_things_own_event(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Issued refund to the card on file. Customer informed.", True),
        ("Applied goodwill credit to the account after the outage.", True),
        ("Processed partial refund of $30 today.", True),
        ("Applied discount codes are listed below.", False),
        ("Issued refund requests go to billing.", False),
    ],
)
def test_a_case_notes_grant_with_its_article_left_out(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Note: overdraft fee (£25) removed from April statement.", True),
        ("Late fee removed from your bill.", True),
        ("Note: overdraft fee (£25) not removed.", False),
        ("Late fee removed from the April statement if you pay by Friday.", False),
    ],
)
def test_a_charge_taken_off_a_bill_its_sum_in_brackets(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Update: Return #R-88 approved.", True),
        ("Claim #7712 accepted — the payment follows.", True),
        ("Claim #7712 not approved.", False),
        ("Is claim #7712 approved?", False),
    ],
)
def test_a_claim_approved_with_its_reference_number(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your booking has been moved to a garden room on the house.", True),
        ("We've extended your rental by a day on the house.", True),
        ("Coffee is on the house for everyone on Mondays.", False),
        ("Your booking has been moved to a garden room.", False),
    ],
)
def test_an_act_done_on_the_house(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("So sorry! you'll get a new mug on Friday, totally free 🎁", True),
        ("You will receive another kettle next week, no charge.", True),
        ("If it arrived broken, you'll get a new mug, totally free.", False),
        ("It is going out today, no charge 👍", False),
    ],
)
def test_the_customer_told_they_get_it_free_as_a_tail(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Upgrade done — your plan is now $45 a month instead of $30, on the same card.", False),
        ("Upgraded to Plus: you'll pay £20 rather than £15 from June.", False),
        ("Upgrade done — your plan is now $30 a month instead of $45.", True),
    ],
)
def test_a_higher_price_told_instead_of_a_smaller_one(text: str, found: bool) -> None:
    assert _found(text) is found
