"""Promise classes found by the sixth pass over the whole dev backlog.

Read whole, the promise misses left after five passes held two classes that a general rule
reads without a false alarm on the labelled splits:

- a price of the customer's told lower by its figures, in shapes the rules of
  `_promise_lowered` did not yet read: "from" the old sum "to" a smaller one ("the amount
  due drops from ... to ..."), a state "is down to" a sum, "is now" one sum "instead of" a
  higher one, "you're paying" the lower sum, and a charge named with "the" that is still
  this customer's (an amount or balance owed, or "your" later in its clause);
- a grant of this occasion told in the present simple, as a translation tells the future:
  "we" or "I", a present verb with "you", "your" or "it", a phrase of no cost later in the
  clause, and a time of now or a reason tying it to this customer ("Tonight we upgrade you
  to ..., free"; `_promise_present_grants._free_now`). Not a practice: a rule's reach
  ("every", "any", "orders") before the phrase of no cost, or no occasion at all.

Left, as counted: promises in status tables whose cells name no grant (~30), commitments
timed by the customer's act (~20, labelled both ways), a third party's commitment with no
grant word ("the agency will hand back every cent"), certainty said by a one-off idiom ("set
in stone", "I'd stake my name on"), a non-native present simple with no phrase of no cost
("I make the refund now": the same words state a policy), a lower figure after ", not"
(once: "$8 not $16"; a correction of a quote reads the same). Each class is tested with
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
        ("Good news: the balance owing drops from £310.00 to £190.00 with this correction.", True),
        ("Your total due is down to €42.10 now that the late fee is off.", True),
        ("I've rechecked it, so the amount payable is now $88.00 instead of $131.00.", True),
        ("From March you're paying £21 instead of £29 for the landline.", True),
        ("From your renewal, the broadband rental drops to $39 a month for your plan.", True),
        ("The price drops to $55 in the January sale.", False),
        ("The amount due rises from £190.00 to £310.00 after the review.", False),
        ("Your balance goes from $40 to $90 once the new charges post.", False),
        ("With annual billing you pay $100 instead of $120.", False),
        ("The amount due drops from £310.00 to £190.00 if you pay by direct debit.", False),
    ],
)
def test_a_price_told_lower_by_its_figures(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry for the cold room. Tonight we upgrade you to the garden suite, free.", True),
        ("Today I give you the parking for all three nights for free.", True),
        ("We extend your warranty one more year without extra cost, because of the delay.", True),
        ("For the trouble we send you a second charger at no cost.", True),
        ("We repair it now without charge, the part is in stock.", True),
        ("We send you a free tote bag with every order over £40.", False),
        ("We give you free delivery on orders above €50.", False),
        ("We repair it free because the warranty covers it.", False),
        ("Today we give you free delivery if you order before noon.", False),
        ("I send you the invoice today.", False),
        ("We don't send you a new one for free today, sorry.", False),
    ],
)
def test_a_present_grant_of_this_occasion(text: str, found: bool) -> None:
    assert _found(text) is found
