"""Refusal classes found by dev round 286, and a promise class found by dev round 287.

Round 286's misses, read as classes: a service the business is said not to have ("that is
not a service we have", `_refusal_something`), and a feature or service said not to be
switched on, in the passive ("roaming cannot be enabled on it", "can't be activated", "can't
be turned on": `_refusal_passive`). Its false alarms: a machine said to give an error before
"and" or "so" ("the label generator is giving me an error and I can't create it",
`_refusal_faults._error_given`), and an inability whose fault is said, right after it, to be
temporary ("So I can't switch it on, it's a temporary issue on our side",
`_refusal_faults.temporary_fault_after`).

Round 287's false alarm: a grant of before given as the reason the same grant is declined
now ("I'm not able to waive the fee this time, as it was already waived once this year",
`_promise_not_granted.granted_before`).

Left: a rule that does not allow a service named by a noun that is no kind of request ("our
terms do not allow roaming on a suspended line"): the same shape tells what a rule keeps
out ("the rules don't allow pets in the cabin"), so it stays unread unless the request is
named; round 286's item is found by its passive clause instead. Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _refuses(text: str) -> bool:
    return bool(find_refusals(text).findings)


def _promises(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, a Sunday collection isn't a service we have.", True),
        ("We can't hold parcels for a month, that's not an option we have here.", True),
        ("Gift wrapping is not a facility we have at this branch.", True),
        ("That's not something we have in stock at the moment.", False),
        ("That's not information we have on file.", False),
        ("It's not a service we have had any complaints about.", False),
    ],
)
def test_a_service_we_do_not_have(text: str, found: bool) -> None:
    assert _refuses(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("With the bill unpaid, international calling can't be activated on your plan.", True),
        ("Premium SMS cannot be unblocked on a child's SIM.", True),
        ("Wi-Fi calling cannot be turned on for business lines.", True),
        ("Your new card will be activated once you confirm receipt.", False),
        ("The eSIM cannot be activated until the courier delivers the QR code.", False),
        ("Hotspot can't be enabled right now, I'll try again in a few minutes.", False),
    ],
)
def test_a_feature_not_switched_on(text: str, found: bool) -> None:
    assert _refuses(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking tool keeps throwing errors, so I can't move your slot.", False),
        ("Our payment page returned a server error and I can't take the deposit.", False),
        ("The scanner is showing me the same error, so I'm unable to read the voucher.", False),
        ("There is an error in your postcode and I can't ship to it.", True),
        ("The parcel was returned to us, so I can't refund it a second time.", True),
    ],
)
def test_an_error_given_by_a_machine(text: str, found: bool) -> None:
    assert _refuses(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't issue the boarding pass at this moment, it's a temporary system glitch.", False),
        ("I can't book the table now. This is just a temporary technical issue, sorry!", False),
        ("I can't waive the charge. It's not a temporary issue, it is our policy.", True),
        ("I can't share her address. If it's a temporary glitch, log in again.", True),
        ("I can't offer compensation, since it was a temporary outage.", True),
        ("I can't refund the order; the delay was a temporary issue at the depot.", True),
    ],
)
def test_a_temporary_fault_told_after(text: str, found: bool) -> None:
    assert _refuses(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We can't credit the bill again because it was credited previously.", False),
        ("Sorry, the fee can't be refunded since it was already refunded in May.", False),
        ("I'm unable to waive the charge, as it was waived once before this year.", False),
        ("I can't refund the postage, as the order was refunded in full.", True),
        ("I can't waive the fee, but the late charge was already refunded.", True),
        ("I've waived the fee, as it was already waived once before.", True),
    ],
)
def test_a_grant_of_before_as_the_reason(text: str, found: bool) -> None:
    assert _promises(text) is found
