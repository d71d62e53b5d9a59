"""Promise and refusal classes of dev round 279, second pass: fronted negation and "is yours".

Fixed, as classes:

- negative inversion: a negation fronted before "will", its subject after it ("Under no
  circumstances will the fee appear", "At no point will that £60 leave your account", "Never
  again will this charge be taken"), read as "will never" is: a no-charge commitment
  (`_fronted_negation.inverted_at` and `inverted_verb`, read by `_guarantees` and
  `_promise_kept_money`); and in the refusal detector, "Under no circumstances can we
  release ..." declines as "we can never release" does (`_refusal_fronted.inverted`, at
  "no" of `_refusal_idioms.no_way` or at "never"; "can" or "could" only, not the colloquial
  "no way can we", nor "will" or "would");
- a negated quantity of money as subject: "not one penny of X will ever appear on your
  bill", "none of that £40 will reach your card" (`_fronted_negation.negated_quantity`,
  shared with `_promise_kept_money`);
- a grant said to be the customer's: "the upgrade is yours", "the extra night is yours at
  no charge" (`_promise_sayings._granted_yours`; not "the choice is yours", nor a sum of
  their own, "the overpayment is yours").

Left: "breakfast ... is ours too" ("is ours" names the fault, the pleasure or the
responsibility as often as a cost we carry), game coins "yours whatever happens" (neither a
grant's noun nor a sum), and "is yours when you collect", which the condition scope sets
aside as it does every "when you ..." commitment. Each class is tested with wordings that
are not corpus items, and with close negatives.
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
        ("At no stage will the cancellation fee show up on your statement.", True),
        ("Under no circumstances will the £35 admin charge be applied to your account.", True),
        ("Trust me, at no time will that £60 leave your savings account.", True),
        ("Never again will the overdraft fee be added to your balance.", True),
        ("On no account will we charge you for the second engineer visit.", True),
        ("Under no circumstances will the courier leave your parcel in the porch.", False),
        ("At no point will the refund be held up by the bank.", False),
        ("We have no time. Will the fee appear on my bill?", False),
        ("Under no circumstances should the fee appear on your bill.", False),
    ],
)
def test_a_negation_fronted_before_will(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Not a single cent of the old tariff will ever reach your card.", True),
        ("Not one penny of that cancelled order will appear on your statement.", True),
        ("None of that £40 will be taken from your deposit.", True),
        ("Not one of the engineers will appear before noon.", False),
        ("Not a single parcel will reach your address before Monday.", False),
    ],
)
def test_a_negated_quantity_of_money_as_subject(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £25 credit is yours from today, Mr Osei.", True),
        ("That room upgrade is yours, enjoy the view.", True),
        ("The second night is yours at no extra charge.", True),
        ("The choice of dates is yours.", False),
        ("The decision is yours, of course.", False),
        ("The pleasure is ours!", False),
        ("The remaining balance is yours to pay.", False),
        ("The £18.20 overpayment is yours, it was paid twice.", False),
        ("The room is yours until noon on Sunday.", False),
        ("The voucher is yours if the parcel comes back unused.", False),
    ],
)
def test_a_grant_said_to_be_yours(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Under no circumstances can we give out another tenant's phone number.", True),
        ("At no point can I share your brother's order history with you.", True),
        ("Never could we disclose a donor's address, I'm afraid.", True),
        ("No way would we let you leave without a slice of cake!", False),
        ("At no point could we have predicted the storm.", False),
        ("Under no circumstances can you be charged twice for it.", False),
        ("At no point can we thank you enough for your patience.", False),
    ],
)
def test_a_refusal_with_its_negation_fronted(text: str, found: bool) -> None:
    assert _refused(text) is found
