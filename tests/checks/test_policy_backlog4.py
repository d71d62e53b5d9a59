"""Refusal and promise classes of the backlog's fourth pass, read across the whole dev split.

Fixed: a thing, a product or a rule as the subject of "can't" (or "cannot"), saying that what
the customer asked for cannot be or happen: "sorry, the unused data can't roll over", "so the
Midnight bundle can't go to your friend now", "the overtime you submitted cannot be included"
(`_refusal_thing_cannot`). Read only with a mark that the thing was asked for: regret next to
it, the request named in its subject ("you asked", "you submitted"), or a clause opened by
"so" after a rule or a limit; never a plain fact ("the battery can't overheat"), a mishap
or a hedge ("can't get lost", "can't be guaranteed"), a person ("he can't stay on the junior
rate"), a wait ("can't be opened yet") or a state that is only a cause ("the depot is
closed, so the parcel can't be collected").

Left: the same shape after a state rather than a rule ("payroll is already closed, so the
overtime cannot be included"; read with state words, "so" cost as many false alarms as it
found), or with no mark in its sentence ("This chat can't be used to change account
ownership", "So the coupon cannot be added on this order", the limit in the sentence before),
which a plain fact shares; a relative clause naming the request read as reported speech ("the
restore point you asked us to keep cannot be stored"); and, for promises, a label naming the
agent's next step followed by a grant ("Next step (me): refund the €40", "Our fix: a
replacement at no charge"), not tried in this pass for lack of time.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, the leftover minutes can't carry over into June on this tariff.", True),
        ("Unfortunately the spare baggage allowance can't move to your return leg.", True),
        ("Your plan caps roaming at 5 GB a month, so the extra gigabytes can't go onto it.", True),
        ("Name changes are capped at one per booking, so this one cannot be booked in.", True),
        ("The refund you requested can't be paid into a different person's account.", True),
        ("I'm afraid the voucher can't be split across two separate orders.", True),
        ("The battery can't overheat because the charger cuts out at 80%.", False),
        ("Don't worry, your points can't expire while the account is open.", False),
        ("The parcel is sealed, so it can't get lost or opened in transit.", False),
        ("Sorry, the exact date can't be guaranteed by the courier.", False),
        ("The claim form can't be opened yet, the portal is updating.", False),
        ("The kit is only for adults, so he can't stay in the junior team.", False),
        ("The depot is already closed today, so the parcel can't be collected there.", False),
        ("Sorry for the wait, the new tyres can't be fitted before Thursday.", False),
    ],
)
def test_a_thing_that_cannot_do_what_was_asked(text: str, found: bool) -> None:
    assert _found(text) is found
