"""Refusals of dev rounds 183, 184 and 188: decisions reported, limits named, parts declined.

Round 183 was written two thirds as a translation's English reads (one false alarm, every
refusal read); round 184 declined one part of a request among help (status lines, tables,
long e-mails: 46 of 50, three false alarms); round 188 told declines as decisions already
made and limits named with no modal (33 of 50). The classes fixed, tested here with wordings
that are not corpus items (`_refusal_decisions` holds the new shapes):

- the house's decision reported: "the panel did not uphold your appeal", "the committee has
  not agreed to extend", "our underwriters will not cover ...", also across "and" after our
  own body ("our board met on Friday and did not approve it"); not someone else's ("the
  planning committee at the council met and did not approve the application");
- limits named: "Returns on swimwear: exchange only", "is excluded under the scheme rules",
  "excluded from the warranty", "our price match doesn't extend to ...", "our rules only
  allow ...", "is not offered", "cannot be considered" said of a request;
- "your renewal was declined"; "no longer collects"; "reopen complaint CMP-4410" (a matter
  named by its reference); "won't be matching the £54.99 listing"; "we can only split ...";
  a declined request's line that names the customer's own ("Parking permit for your second
  car — declined"); a request whose clause "and" splits ("your request for July and August
  has been turned down");
- false alarms: "not possible for us to say" a figure not known yet, a system that "has an
  error" before "so I cannot", "in the unlikely case we can't finish", "unable to email it
  right now as our system is down".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The review panel did not uphold your complaint about the repair.", True),
        ("The lettings committee has not agreed to reduce the rent.", True),
        ("Our underwriters will not cover drivers under 21.", True),
        ("Our board met on Friday and did not approve the waiver.", True),
        ("Your bank did not approve the payment, so please try another card.", False),
        ("The planning committee at the county council met and did not approve the plans.", False),
        ("We did not approve of the tone of that call, and we've spoken to the agent.", False),
    ],
)
def test_decisions_reported(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Returns on swimwear: exchange only, as the liner can't be resold.", True),
        ("Delivery: weekdays only.", False),
        ("Early release of the bond is excluded under the scheme rules.", True),
        ("Wear and tear is excluded from the two-year guarantee, so this one is chargeable.", True),
        ("VAT is excluded from the prices shown.", False),
        ("Our price promise doesn't extend to auction sites.", True),
        ("The offer doesn't extend beyond Sunday.", False),
        ("Our terms only allow one name change per booking.", True),
        ("Payment by instalments is not offered for annual plans under £200.", True),
        ("Your personal details are not offered to third parties.", False),
        ("The request for a third parking permit cannot be considered.", True),
        ("It cannot be considered a fault of the courier.", False),
    ],
)
def test_limits_named(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your renewal of the season pass was declined, as the waiting list comes first.", True),
        ("The library no longer delivers books to care homes.", True),
        ("The team isn't going to reopen complaint REF-2231.", True),
        ("We won't reopen complaints within 3 days of closing them.", False),
        ("We won't be matching the £19.99 price on that site.", True),
        ("We can only split payments over £500 into instalments.", True),
        ("• Parking permit for your camper — declined; one permit per flat.", True),
        ("• Your card payment — declined; please try another card.", False),
        ("Your request to pause it for June and July has been turned down, per the rules.", True),
    ],
)
def test_declines_in_other_words(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The exact time of arrival is not possible for us to say today.", False),
        ("Our booking system has an error since noon, so I cannot move the seat now.", False),
        ("In the unlikely case we can't deliver on Friday, we'll call you.", False),
        ("In that case, we can't refund the ticket.", True),
        ("I'm unable to send the invoice right now as our billing system is down.", False),
    ],
)
def test_false_alarms(text: str, found: bool) -> None:
    assert _found(text) is found
