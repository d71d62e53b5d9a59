"""Promise classes found by dev round 269 (single sentences, hardest near-misses).

Round 269's misses, read as classes: a fee said not to "hit" or "land on" the customer's
account, card or bill, as "won't appear on" is (`_guarantees`, a no-charge commitment; not
"... until the 3rd", nor a payment of theirs, nor one that will); a forecast made certain "for
a fact", as "for certain" makes it (`_assuring.ASSURING`, `_promise_certainties`; not
negated, nor a fact told of everyone); and a grant an act of ours came with, the act's own
verb granting nothing ("I've closed the claim with a partial refund", "Already processed the
return with a full refund": `_promise_with_grants`, done or to come, by I or we or a chat
reply's subjectless verb; not someone else's act, a refund form, or an act negated).

Left: none of the round's items. Each class is tested with wordings that are not corpus
items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The admin fee won't hit your card, rest easy.", True),
        ("That late charge is not going to land on your statement.", True),
        ("The penalty will never hit your account.", True),
        ("The fee won't hit your account until the 3rd.", False),
        ("Your salary payment won't hit your account before Friday.", False),
        ("The fee will hit your card on Monday.", False),
    ],
)
def test_a_fee_that_will_not_hit_your_account(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The engineer will be there by noon, and I know that for a fact.", True),
        ("I can tell you for a fact your room is held.", True),
        ("I don't know for a fact that it will ship tomorrow.", False),
        ("It's a known fact that couriers run late in December.", False),
    ],
)
def test_certain_for_a_fact(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Just processed the return with a full refund to your Visa.", True),
        ("We have closed the claim with a partial refund of $40.", True),
        ("We'll cancel the policy with a full refund of the premium.", True),
        ("The seller cancelled the order with a full refund.", False),
        ("I've processed the return with the refund form attached.", False),
        ("I haven't closed the case with compensation.", False),
        ("Cancelled orders with a full refund show in green on the list.", False),
    ],
)
def test_a_grant_an_act_of_ours_came_with(text: str, found: bool) -> None:
    assert _found(text) is found
