"""Promise and refusal classes fixed by the tenth pass over the dev backlog (both detectors).

The dev misses of both detectors were read whole again and grouped by shape. Fixed, for
promises: the present simple of this customer's grant by "we" or "I" ("we pay for your
hotel tonight", "I make the refund now", "I put R150 in your wallet"), 5 misses of rounds
49, 122 and one unnumbered (`_promise_present_grants._own_present`); a certainty tag
opening the clause it makes certain with no comma after it ("100% ur sub renews at the old
price", "its guaranteed u get ...", "guarantee no extra charge"), 3 misses of rounds 54,
189 and 275 (`_promise_chat._opening_tag`, `_guarantees._guaranteed`); money landing "on"
the customer's card, "returning" to it or going "straight back" (`_promise_folios.landed`,
`_promise_moving`), 2 misses of rounds 219 and 225; and a bare sum after the particle of
"write off" or "knock off" ("I've written off £180 of the balance", `_authority._verb`), 1
miss of round 28. For refusals: a kind's practice in the plural passive limited by "only"
("Advance fares are issued as e-tickets only", "transfers are granted only to the business
that created the page"), 5 misses of rounds 230 and 254 (`_refusal_barred.practice_only`;
not where a refund goes, "only to the original card"); and the house's things that "come"
one way only, its people who "work" one way only, and a second verb joined by "and" ("our
vans run Mon-Sat and deliver to street addresses only"), 4 misses of rounds 238 and 254
(`_refusal_barred.house_does_only`).

Left: for promises, status tables whose cells name no grant, a third party's commitment
with a verb the lexicon lacks ("will hand back every cent"), time clauses of neutral events
("once the stock arrives", split by the labels against "once we receive the item"), an
upgrade at the old rate told with no verb of moving, a present passive of a charge ("the
change fee is waived", which states a policy as often); for refusals, practices told as
plain facts with no limit word, limits by "only" before a noun of no kind, the true record
without "must", "won't" from a lower-case "the bank". Each class is tested with wordings
that are not corpus items, and with close negatives.
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
        ("So sorry about the noise, we pay for your taxi to the other hotel tonight.", True),
        ("Don't worry, we cover your parking for the whole weekend.", True),
        ("Apologies for the wait, I do the refund today.", True),
        ("Hello Mrs Brandt, I put €25 in your wallet for the broken glasses.", True),
        ("Refund is done and I add also a £10 voucher to your account.", True),
        ("We pay for the return label on every order.", False),
        ("We make the refund to the original card.", False),
        ("I put a note in your file for the engineer.", False),
        ("If the flight is cancelled we pay for your hotel.", False),
        ("We don't pay for your hotel, I'm afraid.", False),
    ],
)
def test_a_present_grant_of_this_customers_matter(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("100% ur booking keeps the early-bird price, nothing to top up", True),
        ("its guaranteed u get the voucher back before the weekend", True),
        ("ok done, new slot is friday. guarantee no extra fee for the change", True),
        ("100 percent your parcel reaches you by Saturday", True),
        ("100% your choice which colour you pick.", False),
        ("100% you can swap the size in store.", False),
        ("100% you should ask your bank about that charge.", False),
        ("its guaranteed quality, all our frames are steel", False),
    ],
)
def test_a_certainty_tag_opening_its_clause(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The €45 lands on your card on Thursday.", True),
        ("The deposit of 200 PLN is returning to your account this week.", True),
        ("The £12.50 goes straight back to your card.", True),
        ("I've knocked off £15 for the late delivery.", True),
        ("We have written off £240 of the arrears.", True),
        ("The £30 fee lands on your card on the 1st.", False),
        ("Your parcel is returning to our depot.", False),
        ("Your payment of £40 lands on your card tomorrow.", False),
    ],
)
def test_money_landing_returning_or_written_off(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Season passes on this line are issued as smartcards only, not on paper.", True),
        ("Under the lease rules, parking permits are handed out at the office only.", True),
        ("Admin rights are granted only to the person who created the workspace.", True),
        ("Tax opinions are given only by our chartered accountants.", True),
        ("Your receipts are sent to your email only.", False),
        ("Refunds are sent back to the original card only.", False),
        ("Vouchers are sent by email only, so yours is in your inbox.", False),
        ("The payment is made for March only.", False),
        ("Are refunds issued in cash only?", False),
    ],
)
def test_a_kinds_practice_limited_by_only(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("About the Welsh menu: our menus come in English and French only.", True),
        ("Re the home visit - all classes are at the studio, instructors work on site only.", True),
        ("Re the Sunday slot - our drivers start Mon-Fri and deliver to shops only.", True),
        ("Our gift cards come in plastic only, so yours is on its way.", False),
        ("The sale runs this week only.", False),
    ],
)
def test_the_house_doing_one_way_only(text: str, found: bool) -> None:
    assert _refused(text) is found
