"""Refusal classes fixed by the seventh pass over the whole dev split's misses.

The 216 dev misses left by the sixth pass, read at once and grouped by shape. Fixed:

- advice handed to an adviser and set against the house ("a question for a housing adviser
  rather than us", "a physio's call, not something for us", "her allergist, not our support
  team"; `_refusal_professionals.handed_over`; 5 misses of rounds 109, 150, 170, 214, 244);
- a unit's decision in other words: a case closed without the money asked for, a unit that
  "decided not to" act, a unit that "ruled out" an act, a line's request "refused by the
  finance office", "the branch turned down the form" (`_refusal_unit_verdicts`,
  `_refusal_decisions.house_declined`; 6 misses of rounds 207, 214, 237, 238).

Left: practices stated as plain facts, limits stated with "only", a house system or rule that
won't accept or let (reads like a fault of the app), another person's data routed through
another body, the true record stated without "must", status cells with no refusal word,
and "won't" from a lower-case "the bank" or a bare unit. Each class fixed is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether you can claim the loss is a question for a tax adviser rather than us.", True),
        ("Which stretches suit your back is a physio's call, not something for us to judge.", True),
        (
            "Whether the mould breaks your lease is a legal question, and the right person "
            "for that is your solicitor, not our helpline.",
            True,
        ),
        ("Pension choices are the kind of question our advisers answer, not this office.", True),
        ("A customer adviser will call you back tomorrow.", False),
        ("Your adviser sent the forms to us rather than to the bank.", False),
        ("Our specialist fitted the part, not the courier.", False),
        ("Is that a question for the adviser rather than us?", False),
    ],
)
def test_advice_handed_to_an_adviser_not_the_house(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our claims team has closed your claim without a payout.", True),
        ("The dispute has now been closed without a refund, as it was raised too late.", True),
        ("We've closed the ticket as resolved.", False),
        ("Your case was closed without any charge to you.", False),
        ("Has your case been closed without a refund?", False),
    ],
)
def test_a_case_closed_without_the_money(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The store manager has decided not to extend the warranty on the fridge.", True),
        ("Our billing team has ruled out splitting the invoice across two cards.", True),
        ("- Early release of the deposit: refused by the lettings office.", True),
        ("For that reason our branch turned down the application.", True),
        ("The duty manager has decided not to charge you for the extra night.", False),
        ("Our billing team has ruled out charging you twice.", False),
        ("Your landlord has decided not to renew the lease.", False),
        ("- Payment: declined by your bank.", False),
    ],
)
def test_a_units_decision_in_other_words(text: str, found: bool) -> None:
    assert _found(text) is found
