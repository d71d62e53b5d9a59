"""Refusals of dev round 160 of the corpus: redirects that decline, and redirects that help.

Round 160's writer sent customers elsewhere: half the replies decline the matter by naming
whose it is, the rest route the customer as the help asked for. The detector read 43 of its
50 refusals, with 3 false alarms, on the code of the time. The classes fixed, tested here
with wordings that are not corpus items: "that's one for your bank", "one to raise with the
landlord" (not "one for the billing team", a handover); a business named as a marketplace;
"the venue can only refund bookings made here"; "we've no say over"; an action log's
"[Outcome] Declined"; "isn't something the council clears"; whether a guest named by title
is staying ("if Mr. Hartley is staying"); and set aside: a professional's practice that books
("your GP surgery can book that"), papers "sent over to your solicitor", and "no need to go
through your accountant".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Honestly that's one for your insurer, not us.", True),
        ("Noise from next door is one to take up with the landlord directly.", True),
        ("That's one for the billing team, I've passed it over to them now.", False),
        ("That's one for you to decide, both plans suit a family.", False),
        ("Warranty claims go to the maker, and the marketplace doesn't step in, sorry.", True),
        ("Under our terms the venue can only refund tickets bought at our own kiosk.", True),
        ("As the card issuer we have no say over when the shop ships.", True),
        ("[Request] Unblock account of user @lina / [Outcome] Declined, owner not verified.", True),
        ("Graffiti on a private wall isn't something the council removes.", True),
        ("I cannot confirm if Mrs. Adebayo is a member of the club or give out her address.", True),
        ("I can't tell you exactly when Mr Olsen from our team will call, but it's today.", False),
    ],
)
def test_redirects_that_decline(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You asked who books the scan: your GP practice can book that for you today.", False),
        ("I've posted the signed forms over to your solicitor this morning.", False),
        ("No need to go through your accountant: the invoice is under Billing.", False),
        ("Please speak to your accountant about the deduction.", True),
    ],
)
def test_redirects_that_help(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
