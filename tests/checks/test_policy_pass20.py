"""The twentieth pass: refusal and promise classes read across the whole dev split.

Refusals fixed: the house named without "our" or a capital as the subject of a refusal (a
unit of two words named bare, "court staff", "head office", "support team", "customer care",
and "staff" alone; and one professional in the singular, "the doctor": `_refusal_units`),
and an item's line in a status table or list whose value is "not accepted" or "not
collected" (`_refusal_item_status`).
Promises fixed: a grant's participle ticked off with a check mark on its line
(`_promise_checked`).

Left: "the bank" lower-cased as the writer's own (as often the customer's bank), practices
told as plain facts in reply to a request, limits by "only" or by a number
("max 6 instalments", "takes three guests at most"), another person's data told by the body
it goes through, refusals by a brand's own name, status tables whose cells name no grant,
certainty idioms, a third party's commitment held by a time clause, and a ticked participle
in the present passive (read first as a policy statement). Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Thanks for writing. Court staff cannot forward your note to the magistrate.", True),
        ("Head office won't approve a second hardship payment this year.", True),
        ("Sorry, support team does not transfer licences between companies.", True),
        ("We looked into it, and customer care is unable to release his order history.", True),
        ("The voucher expired in May, and staff can't extend it at the till.", True),
        ("Sales team won't be in the office on Monday.", False),
        ("Your team can't log in until the admin resets the password.", False),
        ("The whole team cannot wait to welcome you on Saturday.", False),
    ],
)
def test_a_unit_named_bare(text: str, found: bool) -> None:
    assert bool(refusals(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Unfortunately the doctor cannot backdate the sick note to last Friday.", True),
        ("The pharmacist won't sign a form saying you collected it on Monday.", True),
        ("Your doctor can't see you until Tuesday, so the surgery has booked Wednesday.", False),
    ],
)
def test_one_professional(text: str, found: bool) -> None:
    assert bool(refusals(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "| Item | Result |\n|---|---|\n| Garden sofa | Not collected – too heavy for a crew |",
            True,
        ),
        (
            "| Item | Outcome |\n|---|---|\n| Swim shorts | Not accepted – hygiene seal broken |",
            True,
        ),
        ("Boxes left out after 7am: not collected.", True),
        ("| Parcel | Status |\n|---|---|\n| Order 4471 | Not collected yet |", False),
        ("Your parcel: not collected.", False),
        ("| Payment | Not accepted by your bank |", False),
    ],
)
def test_an_items_status_cell(text: str, found: bool) -> None:
    assert bool(refusals(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("✅ Delivery charge refunded: **£4.99**", True),
        ("- ✔ **Reversed** — the duplicate fee is off your statement.", True),
        ("✅ Done: €80.00 deposit hold released back to your card.", True),
        ("✅ Refunded items must be returned unworn.", False),
        ("Old router removed ✔", False),
        ("Password reset ✅", False),
        ("Deposit not refunded yet ✅", False),
    ],
)
def test_a_grant_ticked_off(text: str, found: bool) -> None:
    assert bool(promises(text)) is found
