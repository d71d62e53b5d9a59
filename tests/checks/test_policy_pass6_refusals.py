"""Refusal classes of the sixth pass over the whole dev backlog (225 misses read at once).

Fixed, each a shape found in several rounds:

- a document that must show the true record, declining a dishonest request by its ground
  ("our invoice must show what was really sold", "it must be the real amount", "would have
  to match our records"; `_refusal_true_record`; dev rounds 221, 230, 237, 244);
- a house's "won't" with an ordinary verb, read with what marks it a decline: regret after
  a greeting ("Hi Oscar, I'm sorry but I won't put ..."), regret before any verb that does
  not spare the customer ("I'm afraid we won't be running a separate bus"), the request
  answered "No," ("— no, we won't take your call at home"), a reason with no comma ("as
  it's not our trade"), an offer beside it ("but I can pass on a tiler's number"), and the
  act named misleading ("— that's misrepresenting", "that would mislead the buyer";
  `_refusal_will`, `_refusal_house_said`; dev rounds 125, 178, 188, 250).

Left: practices told as plain facts with no word of refusal (~45: "every order goes out in
our plain box"), limits by "only" (~15), a rule or system that does not accept or let (~12:
"the checkout won't accept a second voucher" reads as the fault "the app won't let me sign
in"), status cells ("Not accepted – opened hygiene item", ~6), another person's data told by
the body it goes through (~12), the true record stated with no "must" ("the receipt shows
what was paid", ~10: a plain account of a receipt reads the same), and a "won't" whose
subject is a lower-case "the bank" or a bare unit ("Pricing will not ...": the customer's
bank and a plain noun read the same). Each class is tested with wordings that are not
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
        ("The payslip must show what was actually paid, so the bonus stays off it.", True),
        ("Sorry, we are not changing the statement, it must be the true balance.", True),
        ("The certificate has to reflect the actual hours you attended: 12 of 20.", True),
        ("A letter saying you worked here until June would have to match our records.", True),
        ("The value on the customs form needs to be the real price you paid.", True),
        ("The receipt you upload must show the actual purchase date.", False),
        ("Please make sure your invoice shows the real amount before you submit it.", False),
        ("To claim on the warranty, the receipt must show the actual purchase date.", False),
        ("The parcel must be with the courier by Friday.", False),
        ("The invoice must show your VAT number.", False),
    ],
)
def test_a_document_that_must_show_the_true_record(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hello Ms Ortiz, I'm sorry but we won't run the minibus to the station on Sundays.", True),
        ("Unfortunately we won't be putting on a second coach this term.", True),
        ("Sorry, we won't be charging you for the delay.", False),
        ("Sorry for the wait, we won't be long now.", False),
        ("Hi Dana, sorry we won't keep you waiting any longer.", False),
    ],
)
def test_regret_before_a_house_will_not(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("No, we won't put on a later bus for one passenger.", True),
        ("About the Sunday visit — no, we won't staff the site for one delivery.", True),
        ("No, we won't charge you for the second bag.", False),
        ("No worries, we won't need anything else from you.", False),
        ("No, you won't lose your place in the queue.", False),
    ],
)
def test_the_request_answered_no(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't take on the garden fencing as it's outside our trade.", True),
        ("We won't fit the roof rack because the car has no rails, but I can order rails.", True),
        ("We won't reword the listing as new — that's misrepresenting the phone.", True),
        ("I will not date the report last week, that would mislead the insurer.", True),
        ("We won't charge you as it was our mistake.", False),
        ("We won't list it as a gift.", False),
        ("We won't forget your order as it's logged now.", False),
    ],
)
def test_a_house_will_not_with_its_ground(text: str, found: bool) -> None:
    assert _found(text) is found
