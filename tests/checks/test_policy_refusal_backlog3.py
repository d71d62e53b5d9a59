"""Refusal classes found across the whole dev split's backlog, third pass.

The misses left after two passes, read together across rounds. Fixed here:

- another person's data or access declined by saying where it goes: "goes (only) to",
  "is sent to", "is visible to" another person or their address, with data or a way in as
  the subject and someone else named in the reply ("the reset link goes to the email
  address he registered", "your husband's results are sent to him"; `_refusal_routed`);
  said as theirs to do: "comes only from her side", "has to come from the holder's
  address", "is updated by Mrs Patel herself" (`_refusal_by_them`); and their contact
  details said to stay private, or kept private about a sender or payer
  (`_refusal_confidential`);
- a decision that stands after a reason: "so your grade stays as marked", "so the renewal
  stays as charged", and a matter kept closed after its period lapsed ("as that period
  ended, case CR-1 remains closed") (`_refusal_kept`, `_refusal_stands`).

Left: "can't" with a rule or product as the subject ("the unused data can't roll over":
"the battery can't overheat" and "the code can't be reused by anyone else" read the same);
data said to be released by another body ("released by the DVLA", "comes through the
Child Maintenance Service": a referral as often as a refusal); "won't" from the house with
no reason; a limit by "only" at a sentence end; and a practice told as a plain fact ("every
order goes out in our plain box"). Each class fixed is tested with wordings that are not
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
        (
            "Your brother owns the profile, so the recovery link goes to the email he used.",
            True,
        ),
        ("Because the card is in your wife's name, the statements go only to her address.", True),
        ("Your son's exam results are sent to him through the student portal.", True),
        ("The store was set up by the previous owner, and the login details go to them.", True),
        ("Your grandmother's balance is visible to her and to her attorney.", True),
        ("Your late uncle's pension statements are sent only to the executor.", True),
        ("I've reset it for you; the reset link goes to the email on the account.", False),
        ("Your statements are sent to you by post each month.", False),
        ("Your partner's refund goes to his card within five days.", False),
        ("The gift voucher for your niece goes to her on her birthday.", False),
    ],
)
def test_their_data_goes_to_them(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking is your colleague's, so any change comes only from his side.", True),
        ("A request to unlink the card has to come from the holder's email.", True),
        ("The address on Mr Okafor's policy is changed by Mr Okafor himself.", True),
        ("Edits to your father's profile are made by your father himself.", True),
        ("The bread is made by Giulia herself every morning.", False),
        ("The report is signed by the engineer himself on site.", False),
        ("Help comes only from the team in Leeds.", False),
    ],
)
def test_theirs_to_do(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I know you'd like to thank them, but their name and address will remain private.", True),
        ("The details of the payer are kept private by the bank.", True),
        ("His phone number stays private, sorry.", True),
        ("Their showrooms remain private property.", False),
    ],
)
def test_their_details_stay_private(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The appeal deadline passed on 3 May, so your score stays as marked.", True),
        ("Cancellations close 48 hours before the class, so the fee stays as charged.", True),
        ("As the review period ended last week, complaint C-2291 remains closed.", True),
        ("Your booking stays as booked and the extra bag is added.", False),
        ("Your order stays as ordered, and I've added the gift note.", False),
        ("The shop stays closed on Mondays, so come by on Tuesday.", False),
    ],
)
def test_a_decision_that_stands(text: str, found: bool) -> None:
    assert _found(text) is found
