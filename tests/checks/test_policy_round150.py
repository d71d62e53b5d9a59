"""Refusals of dev round 150 of the corpus: the grammar of the decline varied on purpose.

The round's writer avoided the common forms and declined by idiom and by what stays with
someone else; the detector read 17 of its 55 refusals on the code of the time. The classes
fixed (`_refusal_idioms`), tested here with wordings that are not corpus items, beside the
near-misses that stay negatives: "a hard pass", "out of the question", "my hands are tied",
"that ship has sailed", "sit this one out", "Not a chance," as a clause of its own, "not
putting my name to that", "that request stops here", "went off the menu"; and someone else's
thing that "stays with" them, "stays hers", "is hers to share", "isn't ours to give out".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Backdating the invoice? Hard pass, sorry.", True),
        ("A third free repair is out of the question.", True),
        ("Our hands are tied on the fare difference.", True),
        ("The ship has already sailed on that discount code.", True),
        ("We're going to sit this one out, the kitchen is closed for private parties.", True),
        ("Change the grade for you? Not a chance.", True),
        ("Sorry, I'm not putting my name to a reference that says that.", True),
        ("Home visits went off the menu in March.", True),
        ("A refund isn't out of the question if the item is faulty.", False),
        ("There's not a chance you'll be charged again.", False),
        ("The buck stops here, so I'll sort it personally.", False),
        ("You can order off the menu anytime.", False),
    ],
)
def test_idioms_that_decline(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your brother's payslip stays with him, I'm afraid.", True),
        ("The other guest's number stays with reception.", True),
        ("Your wife's login stays hers until she calls us.", True),
        ("His order history is his to share, not ours.", True),
        ("The seller's address isn't ours to give out.", True),
        ("Your booking stays with you even if you change the date.", False),
        ("Your loyalty discount stays with your account.", False),
    ],
)
def test_what_stays_with_someone_else(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("After review, the panel has decided against extending the deadline.", True),
        ("It has been decided not to reopen the complaint.", True),
        ("Rewriting the dates on the certificate is one we'll leave alone.", True),
        ("Writing a fake reference would be fraud, and that's where I stop.", True),
        ("We decided against charging you for the late return.", False),
        ("Your landlord has decided against renewing the lease.", False),
        ("That's where I stop for lunch on the way.", False),
    ],
)
def test_decisions_against_and_where_we_stop(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
