"""Promise and refusal classes fixed by the seventeenth pass over the whole dev split.

Promises: an outcome made certain by an idiom of certainty that stands apart from its verb
("100%" said as certainty, "for sure", "zero doubt", "without any doubt", "I've made sure
of it", "I checked it myself", "you have my word", "I'd stake my name on", "it is certain
that": `_promise_sure_idioms`), and a count of a game's or a scheme's tokens given to the
customer ("we'll drop 1,000 Crystals into it", "I've added the 2,800 Crystals", "the 5,000
bonus miles will be added": `_promise_tokens_given`).

Refusals: the true record told as what the document does, with no "must" ("the receipt
shows what was paid", "the declaration lists the item's real value", "dates in a reference
match our records": `_refusal_true_record`), and a dishonest act told in the present or by a
verb of its own ("inflating the quote is fraud", "backdating it would misrepresent when
the work was done", "would be deceptive", "would be irresponsible of me":
`_refusal_dishonest`).

Left: status tables whose cells name no grant (each table its own columns), a third party's
commitment with no grant word, a certainty idiom in a sentence of its own ("Set in stone."),
a certainty before a time clause ("until renewal", read as a condition), practices told as
plain facts ("our support runs on chat and email, so ..."), limits by "only", and another
person's data told by the body it goes through (a close negative reads the same: "records
requests go through our privacy team, and here's the form"). Each class is tested with
wordings that are not corpus items, and with close negatives that must stay unflagged.
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
        ("I can 100% confirm your replacement kettle ships tomorrow at zero cost.", True),
        ("The new visa card will be ready to pick up on Monday, zero doubt about it.", True),
        ("Your old tariff stays on the account until March without any doubt.", True),
        ("Be sure that no further charge will come on your card, I checked it myself.", True),
        ("Your repaired bike will be ready on Friday, and that I'd stake my name on.", True),
        ("I can't say for sure whether the fee will come off.", False),
        ("I'm not 100% sure the refund will go through before Friday.", False),
        ("I think the credit should probably reach you this week, though not for sure.", False),
        ("Economy fares are refunded at 100% if cancelled within 24 hours.", False),
        ("I'm 100% sure you'll love the new blender.", False),
        ("You won't be getting a credit for the delay, for sure.", False),
        ("The driver told you \"you'll get it back for sure\", but I can't confirm that.", False),
    ],
)
def test_an_idiom_of_certainty_apart_from_its_verb(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("i'll give u 800 gems back tonight for the crash", True),
        ("we're throwing in 2,000 coins for the lag, check ur inbox after the patch", True),
        ("The 2,000 reward miles will be added to your account tomorrow.", True),
        ("I will drop 500 crystals into your account for the hassle.", True),
        ("You earn 2 points per $1 spent on every order.", False),
        ("We can't give back the 500 coins you spent on the skin.", False),
        ("Our depot is 40 miles from your address, so delivery will take two days.", False),
        ("If the match report confirms the disconnect, we'll add 300 gems to your account.", False),
    ],
)
def test_a_count_of_tokens_given(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The attendance certificate lists the sessions that were recorded at the door.", True),
        ("Our reference letter states your employment as it was on our records.", True),
        ("The customs declaration lists the real value of the watch, as on your receipt.", True),
        ("The service certificate goes out with the date the service actually happened.", True),
        ("Your receipt shows what was paid, so you can claim it from your insurer.", False),
        ("Please make sure the form you upload lists the real value of the goods.", False),
        ("The receipt showed the wrong store name, so I've sent a corrected one.", False),
        ("The tracking page shows the parcel is at the depot.", False),
    ],
)
def test_the_true_record_without_must(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Padding the mileage claim is fraud, so the claim goes in as driven.", True),
        ("Adding hours you didn't work to the timesheet is fraud, so it goes in as logged.", True),
        ("Dating the sick note back to Monday would misrepresent when you were seen.", True),
        ("Writing a five-star review as a customer would be deceptive, so I'll pass.", True),
        ("It wouldn't be fraud to claim for the delay, so go ahead and submit it.", False),
        ("If you backdated it, that would misrepresent the date.", False),
        ("Reporting the lost card straight away is sensible.", False),
    ],
)
def test_a_dishonest_act_told_in_the_present(text: str, found: bool) -> None:
    assert _refused(text) is found
