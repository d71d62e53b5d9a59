"""Promise and refusal classes fixed by the eleventh pass over the dev backlog (both detectors).

The dev misses of both detectors were read whole again and grouped by shape. Fixed, for
promises: a charge said to come off a bill in the perfect ("the $60 no-show fee has come off
your balance", "that's the cancellation charge gone off your account now") or by a pronoun
standing for it, to come ("it'll come off your invoice", "those come off in full on your
next bill"), 5 misses of rounds 8, 171, 239 and 279 (`_promise_moving.MovingReader._come_off`;
not off a card, nor a payment's); and a charge's subject that runs on in a clause of the
customer's money lost or spent ("the £140 you lost by taking a day off work is coming back")
or in a participle of charging after its sum ("the €87.12 charged on the estimated reading
has been written off"), 2 misses of rounds 49 and 232 (`_lexicon.charge_before_clause`).
For refusals: someone else's data named "of" a person anywhere in the subject, past a
relative clause or an aside ("the name of the person who reported your post is never
shared"), kept back by "doesn't get given out" or "don't leave our system", or kept
confidential in the active voice ("the council keeps the identity of complainants
confidential"), 5 misses of rounds 105, 118, 127 and 150 (`_refusal_disclosure`,
`_refusal_confidential`); and what the customer asked for named as the subject of a refusal
("the extra £50 you asked for has been turned down", "the restore point you asked us to keep
cannot be stored", where "asked" reports no words), 2 misses of rounds 131 and 211
(`_refusal_passive._asked_for`, `_refusals._Reader._asked_thing`).

Left: for promises, time clauses of neutral events (split by the labels against "once we
receive the item"), a third party's commitment, forecasts made certain by "I've made sure of
it" or "I checked it myself" (each forecast of its own shape), an upgrade at the old rate,
the non-native perfect with a base verb, status tables; for refusals, practices told as plain
facts, a limit stated as a number whose consequence is told in words of its own ("the fund
tops out at $2,500, so the $6,000 is more than we can award"; the same cap in a grant's reply
is no refusal), the true record without "must". Each class is tested with wordings that are
not corpus items, and with close negatives.
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
        ("Good news, the £25 admin fee has come off your statement.", True),
        ("The two late charges have come off your bill this morning.", True),
        ("Right, that's the reconnection fee gone off your account.", True),
        ("We aren't billing you for the callout, it'll come off your final invoice.", True),
        ("The overage charges were wrong. They will come off your bill in March.", True),
        ("Those come off your next statement in full, Mr Obi.", True),
        ("The £12 fee comes off your next bill.", True),
        # a payment taken, a card debited, a rule: no grant
        ("Your monthly payment has come off your account.", False),
        ("The annual fee has come off your card today.", False),
        ("Your plan costs £20; it'll come off your card on the 1st.", False),
        ("Your direct debit is set up, and it'll come off your account each month.", False),
        ("The loyalty discount is automatic: it comes off your bill every month.", False),
        ("The fee has not come off your statement yet, sorry.", False),
    ],
)
def test_a_charge_come_off_a_bill(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £60 you lost on the cancelled tour is coming back to you this week.", True),
        ("The €30 you spent on the taxi is coming back to you with the refund.", True),
        ("The £14.50 charged on the wrong tariff has been written off.", True),
        ("The $9.99 billed after you cancelled has been refunded to your card.", True),
        # no grant of it
        ("The £60 you lost on the cancelled tour is not something we can cover.", False),
        ("The €30 you spent on the taxi was your own choice.", False),
        ("The £14.50 charged on the wrong tariff is being looked into.", False),
    ],
)
def test_a_charge_named_by_a_clause_of_its_own(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The address of the person who sent the parcel is never shared, sorry.", True),
        (
            "Land records for that plot, including the name of the owner, are not released"
            " to other residents.",
            True,
        ),
        ("The phone number of your 'mystery' caller doesn't get given out here.", True),
        ("Another member's contact details don't leave our system, I'm afraid.", True),
        ("The practice keeps the names of its patients confidential.", True),
        # the customer's own data, reassured; no one else's
        ("Your details don't leave our system.", False),
        ("We keep your name confidential.", False),
        ("The name of your account is not shared.", False),
        ("Your card details are not shared with the seller.", False),
        ("Your refund doesn't get given out in cash.", False),
    ],
)
def test_someone_elses_data_kept_back(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Credits are capped at £30, so the extra £40 you asked for has been turned down.", True),
        ("The second voucher you applied for has been declined under the one-per-year rule.", True),
        ("Sorry, the 3 extra GB you asked us to add cannot be added on a prepaid plan.", True),
        # a bank's answer, a neighbour's, a grant: no refusal of the business's
        ("The card you asked for was declined by your bank.", False),
        ("The parcel you asked for was refused at the door by your neighbour.", False),
        ("The discount you asked for has been approved.", False),
    ],
)
def test_what_the_customer_asked_for_refused(text: str, found: bool) -> None:
    assert _refused(text) is found
