"""Promise classes found by dev round 176 (status lines, non-native passives, assurances).

Round 176 gave completed grants in the telegraphic words of a status line or a ticket's
note, and in non-native English. Its misses, read as classes: a charge named with a phrase
that says which ("for the tickets") before its participle; a participle followed by how it
was given ("waived as goodwill") on a label's line; a label parted from its value by a dash
("Refund — processed"); "is been" for "has been", and "return" as a participle after "is";
a sum that "will come off" the customer's invoice; and "rest assured," then a loss denied
("will not be released"). Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- duplicate charge for the gym membership reversed", True),
        ("✔ booking fee for the two concert seats refunded", True),
        ("- charge for the seats you cancelled", False),
        ("- booking for the two concert seats cancelled", False),
    ],
)
def test_a_charge_named_with_its_phrase_then_its_participle(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Remark: parking charge of $20 waived as a courtesy, signed off by the supervisor", True),
        ("Cleaning fee waived as agreed on the phone.", True),
        ("Cleaning fee waived as soon as you settle the balance.", False),
    ],
)
def test_a_participle_then_how_it_was_given(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Booking #77 / Credit — issued / Total — €40", True),
        ("Booking #77 / Refund – approved", True),
        ("Booking #77 / Refund — pending", False),
        ("Booking #77 / Exchange — requested", False),
    ],
)
def test_a_label_and_its_value_parted_by_a_dash(text: str, found: bool) -> None:
    assert _found(text.replace(" / ", "\n")) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your deposit is been refunded to your Visa this morning.", True),
        ("The penalty is been waived on your account.", True),
        ("Refunds are been processed within five days.", False),
        ("The 25 EUR is already return to your account.", True),
        ("Your return is return to the depot.", False),
    ],
)
def test_a_non_native_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The price gap will come off your next invoice.", False),
        ("The difference will come off your next invoice.", True),
        ("The $25 will come off your monthly bill.", True),
        ("The $25 will come off your card on Friday.", False),
        ("The difference may come off your next invoice.", False),
    ],
)
def test_a_sum_that_will_come_off_the_invoice(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Rest assured, your table for Friday is held and will not be released.", True),
        ("Rest assured, your plan will not be downgraded.", True),
        ("Rest assured, we will not be sharing your details.", False),
        ("Rest assured, we will look into it.", False),
    ],
)
def test_rest_assured_then_a_loss_denied(text: str, found: bool) -> None:
    assert _found(text) is found
