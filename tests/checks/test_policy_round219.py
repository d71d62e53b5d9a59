"""Promise classes found by dev round 219 (a promise's commonest forms avoided, English as
translated, completed grants in logs and tables).

Round 219 made an arrival or a readiness certain without "will": in the present
progressive ("it is arriving", "is being delivered"), in the base form of English as
translated ("the parcel reach you"), of a thing made ready ("your repair is finished"), and
on a day named by its ordinal ("on the 14th"), each with an assuring phrase. It logged a
claim or a return approved as a headline ("Status: Claim approved ✅"); said a charge "is
off" the customer's bill with no verb of taking it off; and named a booking by a route
joined with an en dash ("your Leeds–York booking"), which is one word. Its false alarm: an
upgrade done whose price "goes up to" a higher sum, paid by the customer. A second pass read
a rise ruled out by "zero chance of" and a gerund ("zero chance of the price going up",
`_promise_rises`), and deductions said not to come out of the customer's account, the
negation opening the subject ("no further deductions will come out of your account",
`_promise_kept_money`). A third pass read grants told in verbless notes
(`_promise_verbless`): a remedy arranged and set off as free ("Repair booked Thursday —
free of charge", "Reshipment tomorrow, no charge"), and a grant opening a headline's "to
follow" ("Full refund of the deposit to follow by cheque"). Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your sofa is arriving on Monday, without fail.", True),
        ("The new boiler is being fitted and it is coming on Tuesday, I promise you.", True),
        ("Your sofa is arriving on Monday.", False),
        ("Your sofa is arriving on Monday, hopefully without fail.", False),
        ("The washing machine is being delivered on the 3rd, for sure.", True),
        ("The washing machine is being delivered on the 3rd.", False),
        ("The spare keys reach you by Wednesday, this I promise.", True),
        ("The spare keys may reach you by Wednesday.", False),
        ("Your bike service is finished on Saturday for sure.", True),
        ("Your bike service is finished on Saturday, I think.", False),
    ],
)
def test_an_arrival_or_readiness_in_the_present_made_certain(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ticket 88 | Claim approved ✅ | Next: wait for the courier", True),
        ("[09:14] Agent Sam: Appeal granted.", True),
        ("Returns accepted within 30 days.", False),
        ("Claim approved within 10 working days of receipt.", False),
        ("Claim approved? Not yet, it is still with the assessor.", False),
    ],
)
def test_a_claim_or_return_approved_as_a_headline(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Good news: the call-out charge is off your next bill now.", True),
        ("The £25 admin fee is now off your invoice.", True),
        ("Is the call-out charge off my bill yet?", False),
        ("The call-out charge isn't off your bill yet.", False),
    ],
)
def test_a_charge_said_to_be_off_the_bill(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The change fee on your Leeds–York ticket has been written off.", True),
        ("Your Leeds–York ticket has been reissued.", False),
    ],
)
def test_a_route_joined_by_an_en_dash_is_one_word(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Your upgrade to Fibre 900 is done, and your monthly price goes up to $65 from $45.",
            False,
        ),
        ("Your upgrade to Fibre 900 is done; the plan price rises to £40 a month.", False),
        ("Your upgrade to Fibre 900 is done, and the price goes up to $65 from $80.", True),
        ("Your upgrade to Fibre 900 is done and your price won't go up to $65.", True),
    ],
)
def test_a_price_going_up_is_paid_by_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There's zero chance of your premium rising at renewal, Tom.", True),
        ("Zero chance of the rent going up while the lease runs.", True),
        ("There's no chance of the price going down, I'm afraid.", False),
        ("There's zero chance of the fee being waived this time.", False),
        ("No further payments will come out of your account after today.", True),
        ("Not a single cent will leave your account for the duplicate order.", True),
        ("No further letters will come out of your account team.", False),
        ("Will no further payments come out of your account?", False),
    ],
)
def test_a_loss_ruled_out_by_its_subject(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ticket 5521 | Repair booked Thursday — free of charge | Engineer: Sam", True),
        ("Reshipment tomorrow 9-1, no charge, and a note in the box.", True),
        ("Upgrade confirmed, at no extra cost.", True),
        ("Repair parts — free of charge on orders over £80", False),
        ("Repair, no charge", False),
        ("Repair booked Thursday — £45", False),
        ("Reshipment tomorrow, no charge?", False),
        ("Full refund of the deposit to follow by cheque next week.", True),
        ("A credit of $15 to follow on your statement.", True),
        ("Refunds to follow within 10 days of a return.", False),
        ("Instructions for the refund to follow.", False),
        ("A refund to follow is not something we do.", False),
    ],
)
def test_a_grant_told_in_a_verbless_note(text: str, found: bool) -> None:
    assert _found(text) is found
