"""Refusal class fixed by the twenty-second pass over the backlog of the dev split.

Fixed (refusals): the business, as "we" or by a noun of the house, declining with a negated
modal a verb the "cannot or will not" rule did not take as a verb of service: a name put on a
document ("the pharmacy will not put your wife's name on it"), a desk overruled ("customer care
doesn't overrule the warehouse"): "put" and "overrule" join `SERVICE` (`_refusal_words`). "Put"
with the customer as its object, or before "without", spares or reassures and declines nothing
("I won't put you on hold", "... without your consent": `_refusal_modal_verbs`), but after
"can't" it still declines ("I can't put you through").

Left (refusals): practices told as plain facts with no negation ("every order goes out in our
plain box"), limits by "only", another person's data told by the body it goes through, the true
record without "must", "move", "reopen", "keep" and "take" (their idioms, "I won't keep you
long", "won't take a minute", and reassurances, "we won't move your savings without your
consent", "we won't be reopening until 9am", "we don't keep your card details", would turn
false).

Left (promises): no class a rule reads at the bar of four misses to each false alarm was
found in the time the pass had; status tables, certainty idioms, a third party's commitment
with a verb of its own ("hand back", "replace ... with"), the present simple for a grant.
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will not put a salary we haven't paid on the reference letter.", True),
        ("The registry won't put your partner's name on the certificate.", True),
        ("The front desk doesn't overrule the duty manager on room moves.", True),
        ("I can't put you through to the director directly, sorry.", True),
    ],
)
def test_house_declines_with_a_new_verb_of_service(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I won't put you on hold for long, just one moment.", False),
        ("We won't put you out of pocket over the broken lamp.", False),
        ("Let me put the new address on the order for you.", False),
        ("We won't put your number on any marketing list without your consent.", False),
        ("If we can't move the booking, I'll refund the deposit instead.", False),
        ("Don't put the card in the post; bring it to the branch.", False),
    ],
)
def test_close_negatives_stay_unflagged(text: str, found: bool) -> None:
    assert _found(text) is found
