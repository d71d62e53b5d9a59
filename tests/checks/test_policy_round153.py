"""Promise classes found by dev round 153 of the corpus (travel and telecoms).

Round 153 varied the grammar of the grant on purpose. Its misses, read as classes: a fee of
this booking said not being applied now ("the change fee is not being applied"); a fee taken
off the customer's record in the present passive ("the drop fee is cancelled from your
reservation"); a certainty told with "I can confirm" or "I can assure" ("I can confirm with
certainty that ...", "I can assure 100 percent that ..."); "consider the fee gone" joined to
what was done by "and"; a price drop whose time to come is fronted ("From next month your
plan goes down to ..."); a noun followed by a place ("the taxi there is on us"); the time not
chosen after "rather than" ("released today rather than after the usual wait"), which is no
condition; and a request filed with a team, which hands the decision over ("raised a case
with billing asking them to look at a credit"); and a price held by honouring a thing of the
customer's at a price ("the supplement has been honoured at the quoted rate"). Each class is
tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The roaming surcharge is not being applied to this month's bill.", True),
        ("Good news: the cancellation fee isn't being charged on your new ticket.", True),
        ("The late fee is not being charged to members this month.", False),
        ("If you switch today, the setup fee is not being applied.", False),
        ("The payment is not being applied to your account yet.", False),
        ("I think the change fee is not being applied.", False),
    ],
)
def test_a_fee_not_being_applied(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The baggage fee is removed from your booking, so the total is now £88.", True),
        ("Your early checkout penalty is waived on this reservation.", True),
        ("The baggage fee is waived for members.", False),
        ("The drop fee is waived on your booking if you return the car to the same branch.", False),
        ("The restocking fee is deducted from your refund.", False),
        ("The baggage fee is not removed from your booking.", False),
    ],
)
def test_a_fee_taken_off_in_the_present_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can confirm with certainty that the voucher arrives by Monday.", True),
        ("We can assure you 100 percent that the technician is coming on Thursday.", True),
        ("I can confirm with certainty that the office is open on Sunday.", False),
        ("I cannot confirm with certainty that the voucher arrives by Monday.", False),
        ("I can confirm that the technician is coming on Thursday.", False),
    ],
)
def test_a_certainty_confirmed_or_assured(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("spoke to reception about your stay and consider the parking charge gone!", True),
        ("Starting tomorrow, your line rental goes down to £12 a month.", True),
        ("Your transfer to the airport there is on us.", True),
        ("Your bond of $500 is going to be returned today rather than after the usual week.", True),
        ("We don't consider the parking charge gone.", False),
        ("Last month your line rental went down to £12.", False),
        ("There is a shuttle to the airport on the hour.", False),
        ("Your bond is going to be returned after the inspection.", False),
    ],
)
def test_grants_in_a_varied_grammar(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've logged a ticket with our refunds team asking them to review a credit.", False),
        ("I've opened a case with the billing department for a goodwill refund.", False),
        ("I've opened a case with billing and refunded the fee.", True),
    ],
)
def test_a_request_filed_with_a_team(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The balcony supplement has been honoured at the rate in your first quote.", True),
        ("Your cabin is honoured at £640, as booked in March.", True),
        ("Your booking has been honoured at check-in.", False),
        ("The balcony supplement hasn't been honoured at the old rate.", False),
        ("Vouchers are honoured at the price shown.", False),
    ],
)
def test_a_price_honoured(text: str, found: bool) -> None:
    assert _found(text) is found
