"""Promise classes read across the dev split's backlog: status notes and tables (third pass).

Two passes over the backlog fixed a better thing at the customer's price and money given back
in other words; what stayed were status notes and tables whose cells name the grant without
a sentence. Read together, three shapes held across rounds:

- a label or a table row's first cell naming a charge or a cost, and a value that gives it
  (`_promise_cells`): "covered by us", "absorbed by the garage", "waived for this order",
  "on us"; or nothing ("€0.00", "nothing", "none") when the label says the share is the
  customer's ("Cost to you", "Cost to customer", "Extra charge");
- a return or a claim told approved in a status note, with how it was given ("return approved
  as an exception to the window"), or in a two-cell row ("| Return of the boots | Approved |")
  (`_promise_approved`);
- a label's value done "free of charge" or "at no cost" (`_promise_fragments._value_ends`:
  "Replacement: dispatched free of charge").

Left: a status row whose grant is only implied by a "Before"/"After" column (a sum brought
to zero beside a transaction, a price arrow "A$65 → A$45"), which reads like any price
change; a label naming the speaker's own act ("Next step (me): refund ...", "Our fix: ..."),
whose value is a different sentence shape each time; an agent's blockquote of its own
decision (reads as the customer's quoted words); and the present-tense forecasts made
certain ("100% ur sub renews at the old price"), each worded differently enough that a
rule general enough to read them fires on plain forecasts. Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("**Cleaning fee:** waived for this stay, I'll update the folio tonight", True),
        ("- Courier charge: covered by us as a thank-you", True),
        ("| Callout fee | — | £65, **covered by us** |", True),
        ("| Diagnostic labour (£40) | Absorbed by the workshop |", True),
        ("Rebooking fee: on us", True),
        ("**Charge to you:** £0.00", True),
        ("Cost to the customer: nothing", True),
        ("| | Before | After |\n|---|---|---|\n| Additional charge | — | **None** |", True),
        # an order's prices, anyone's, and values under a condition or a policy
        ("Delivery: free", False),
        ("| Postage | £0.00 |", False),
        ("Booking fee: waived for Platinum members", False),
        ("Postage: free on orders over €40", False),
        ("Cost to you: £0.00 if the warranty covers the fault", False),
        ("| Additional charge | £12 |", False),
        ("Cancellation fee: waived if you cancel before Friday", False),
        ("Cost to you: £35", False),
    ],
)
def test_a_charge_cell_and_the_value_that_gives_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Outcome: return approved as a one-off, even though it's day 41", True),
        ("Resolution: claim approved as a goodwill gesture", True),
        ("| Return of the hiking boots | Approved |", True),
        ("| Claim for the cracked lens | Approved ✅ |", True),
        # a rule, a condition, a plural's, or approved as something that is no grant
        ("| Returns | Accepted within 30 days |", False),
        ("| Return | Approved if unworn |", False),
        ("Return approved as an option", False),
        ("| Return label | Emailed |", False),
    ],
)
def test_an_approval_in_a_status_note(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("• Replacement: shipped free of charge ✔", True),
        ("Replacement: sent at no cost today", True),
        # a value that is not done, or not given
        ("Replacement: not shipped yet", False),
        ("Replacement: shipped at your cost", False),
    ],
)
def test_a_value_done_free(text: str, found: bool) -> None:
    assert _found(text) is found
