"""Refusal classes found by dev round 237 (a house's own people decline, with a reason).

Round 237 passed on what the business's own people decided: "our service team has decided
they will not ...", "our branch manager said she will not ...". The pronoun stands for a
house of our own that said or decided it, so the reported words are the business's own
refusal, not a quotation; a third party's ("the courier said they will not ...") stays
reported. A "will not" with any verb declines when a comma and a reason follow ("since",
"because", "as") or a case conceded ("even if"), unless the verb spares the customer ("we
won't charge you, as it was our error"). Each class is tested with wordings that are not
corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our branch manager said she will not sign the form, because the dates are wrong.", True),
        (
            "Our repair team decided they will not fix the old kettle, since it is 12 years old.",
            True,
        ),
        (
            "Our events staff confirmed they will not admit a toddler, even if a parent comes too.",
            True,
        ),
        (
            "The courier said they will not deliver on Sunday, as their depot is closed.",
            False,
        ),
        ("My neighbour said she will not sign the form, because she is away.", False),
    ],
)
def test_our_house_said_it_will_not(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will not be refunding the deposit, since the booking was changed twice.", True),
        ("We will not be topping up the voucher, as it was issued under the old scheme.", True),
        ("We won't charge you, as it was our mistake.", False),
        ("We won't be billing you for the call, since it dropped.", False),
        ("We won't pay the deposit into that account, as it's shut; it goes to your card.", False),
        ("We will not be topping up the voucher until the return arrives.", False),
    ],
)
def test_will_not_with_a_reason(text: str, found: bool) -> None:
    assert _found(text) is found
