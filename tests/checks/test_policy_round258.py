"""Refusal classes found by dev round 258 (locks of the moment, faults' words, case notes).

Round 258's false alarm, read as a class: a lock that lifts by itself within minutes or
hours, told before "so" ("the app has locked your login for 15 minutes, so I can't unlock it
until then"), is a failure of the moment like a machine that is down, not a refusal
(`_refusal_faults._locked_a_while`); a lock of days, one pending a review, or one named with
its rule still refuses.

Its misses: a fault's word that names a charge or a product ("the account maintenance
fees", "the outage credit") read as a machine failing before "and won't approve it"
(`_refusal_faults._names_fault`); a case note's verdict given with its reason, an authority
missing, instead of the request ("Not acct holder, no authority on file — declined",
"Refused: requester not owner/admin": `_refusal_verdicts.no_authority`); and a note's line
opening on the verdict with what was asked after it ("Declined admin access to partner's
account — not the holder": `_refusal_verdicts._asked_after`, round 250's class left, now
read with a noun of a request, an access or a grant after the verdict, and a bank's words
keeping a payment's decline apart). None left. Each class is tested with wordings that
are not corpus items, and with close negatives.
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
            "The app has locked your login for 15 minutes after too many tries, so I can't "
            "unlock it until then.",
            False,
        ),
        (
            "Your card was frozen for an hour after three wrong PINs, so we can't reactivate "
            "it before 3pm.",
            False,
        ),
        (
            "The system put a temporary lock on your profile, so I'm unable to change the "
            "password right now.",
            False,
        ),
        ("The card is frozen for 30 days while fraud reviews it, so I can't unfreeze it.", True),
        ("Your account is locked pending the security review, so I can't reset it.", True),
        ("The account is locked for 48 hours under our fraud policy, so I can't unlock it.", True),
    ],
)
def test_a_lock_of_the_moment(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Our supervisor reviewed your request to drop the annual maintenance charge and "
            "won't approve it.",
            True,
        ),
        (
            "The store manager has gone through your claim for the outage credit and won't "
            "approve it.",
            True,
        ),
        ("Head office read your appeal about the downtime refund and won't grant it.", True),
        ("The booking system is under maintenance and I can't move your slot.", False),
        ("Our ticketing tool is down, so I can't reissue the pass.", False),
    ],
)
def test_a_faults_word_naming_a_charge(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Not the named holder, no consent on file — refused.", True),
        ("Declined: caller is not the account holder.", True),
        ("Refused — requester not a workspace admin.", True),
        ("Declined – card issuer did not authorise.", False),
        ("Card declined — not the card owner's bank.", False),
    ],
)
def test_a_notes_verdict_with_an_authority_missing(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("[09:12] Refused the refund on order 4471; outside the 30-day window.", True),
        ("Declined transfer of the domain to the ex-partner's registrar account.", True),
        ("Denied admin rights request for the shared drive, not the owner.", True),
        ("Declined payment on 12 June: the bank asked for 3-D Secure and it timed out.", False),
        ("Declined transfer — insufficient funds on the linked account.", False),
        ("Declined requests: 4. Approved: 11.", False),
        ("Declined by your bank: please try another card.", False),
    ],
)
def test_a_note_opening_on_its_verdict(text: str, found: bool) -> None:
    assert _found(text) is found
