"""Promise classes found by dev round 279 (promises said indirectly, none of the commonest words).

Round 279's errors, read as classes, and fixed:

- its false alarm: "Consider it done" followed, after a colon, semicolon or dash, by acts
  that need no authority ("Consider it done: the reset link has gone out"): the acts told
  decide, each read by its own rule; a bare grant told after it still promises ("Consider
  it done — a $40 credit, on your account") (`_guarantees`);
- a forecast made certain by calling it fixed or sure whatever comes ("that date is nailed
  down", "set in stone", "come rain or shine", "without a shadow of a doubt", "as certain
  as ...", "we confirm without reservation that ...") (`_assuring.ASSURING`, and
  `_negation_words.NOT_NEGATING` for the "without" that negates nothing);
- a charge ruled out by denying it reaches the customer's card or bill, in the present of
  what is to come: "zero chance the renewal hits your card" (`_promise_taken.
  charge_reaching`, read by `_promise_no_chance`; not a refund, nor "until Monday");
- the customer's card named by its last digits ("back to the card ending 4412") as theirs,
  and the app a voucher lands in as a place money lands (`_promise_folios`);
- a charge halved or scrubbed off, as one reduced or wiped off (`_lexicon.CHARGE_VERBS`,
  `LOWERING`).

A second pass (tests/checks/test_policy_round279_inverted.py) read a negative inversion ("under
no circumstances will ..."), a negated quantity of money as subject ("not one penny of ...
will ever appear") and a grant said to be "yours" ("the upgrade is yours").

Left (a general rule would cost precision or needs a reader of its own): a possession given
by "is ours" ("breakfast is ours too"); a third party named
as the payer ("goes on the airline's account", "is the landlord's cost"); "carries no
charge"; a state at no extra cost with no act ("your team is on the Business plan at no extra
cost"); a get-passive with a frame after it ("gets extended by a month at no cost"); an upgrade
said by its old price ("moved to a suite at the original rate"); "isn't sticking to you" (a
charge's idiom); a grant only its own sentence's "Set in stone."
makes certain; "that I'd stake my name on" after a verbless list; a chat's "fee on ur card is
gone" without its determiner; and game coins that "come back with the patch".

Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Consider it done: your new address is saved and the welcome pack is in the post.", False),
        ("Consider it done; the booking link is in your inbox.", False),
        ("Consider it done — a $40 credit, on your account as of this morning.", True),
        ("Consider it done; I've waived the fee.", True),
        ("Consider it done.", True),
    ],
)
def test_consider_it_done_then_the_acts_told(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your replacement passport reaches you by Friday, and that date is set in stone.", True),
        ("The engineer arrives at 9 on Monday, that slot is nailed down.", True),
        ("Your parcel reaches the Leeds depot on Tuesday, come rain or shine.", True),
        ("The new router gets to you by Thursday, rain or shine.", True),
        ("It will be there Friday, without a shadow of a doubt.", True),
        ("We confirm without reservation that the excess will be refunded to you.", True),
        ("Nothing is set in stone yet; the parcel should arrive Friday.", False),
        ("We accept your complaint without reservation and are looking into it.", False),
        ("Rain or shine, we open at nine.", False),
    ],
)
def test_a_forecast_called_fixed(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Zero chance that late fee lands on your statement, Dev.", True),
        ("No chance the £60 surcharge hits your account on renewal.", True),
        ("Zero chance the refund hits your card before Friday.", False),
        ("No chance the fee hits your card until Monday.", False),
        ("Zero chance the parcel reaches your door today.", False),
    ],
)
def test_no_chance_a_charge_reaches_your_card(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £12 credit went back to the card ending 9921 this morning.", True),
        ("The £25 refund is on its way back to the Visa ending in 0051.", True),
        ("A $15 credit lands in your app tonight.", True),
        ("Your payment of £40 went to the card ending 4412.", False),
        ("The card ending 9921 has expired.", False),
        ("Your boarding pass lands in your app tonight.", False),
    ],
)
def test_money_back_to_a_card_named_by_its_digits(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We're halving your delivery charge for the next three months.", True),
        ("The admin fee has been scrubbed from your bill.", True),
        ("I've scrubbed the penalty from your account.", True),
        ("Prices are halved for members every Tuesday.", False),
        ("I scrubbed the error from the log.", False),
        ("Should we halve the fee?", False),
    ],
)
def test_a_charge_halved_or_scrubbed(text: str, found: bool) -> None:
    assert _found(text) is found
