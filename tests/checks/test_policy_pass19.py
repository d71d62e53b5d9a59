"""The backlog's nineteenth pass: what it read, and the classes it left.

The pass was cut short by its time cap and changed no rule. It read the dev promise misses
again, grouped by shape, and checked two of the classes the eighteenth pass left:

* a third party's commitment (~12 before): with a word of a grant after its verb ("the
  retailer will send you a full refund") it is read already, by the authority commitment;
  what is still missed is held back by a time clause ("... as soon as the tracking shows the
  return"), so the class is, for the most part, the next one;
* time clauses of neutral events (11 dev misses set aside as "conditional": "as soon as",
  "as long as", "until", "when", "after"): left, because the corpus labels the same shape no
  promise when the event is the business's own receipt ("once we receive the item"), and no
  rule the pass could write in its time told the two apart.

Left as the eighteenth pass left them: status tables and checklists (~30), certainty idioms
(~15), the present simple for what is to come (~10); for refusals, practices told as plain
facts (~45), limits by "only" (~15), another person's data told by the body it goes through
(~12). These tests pin the readings the pass checked, with wordings that are not corpus
items: a third party's grant read, and the close negatives that must stay unflagged.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The retailer will send you a full refund by Friday.", True),
        ("The airline is going to refund your seat fee in full.", True),
        ("The seller might send you a refund if they accept the return.", False),
        ("Your bank may refund you once the chargeback is decided.", False),
        ("The courier will send you a tracking link.", False),
    ],
)
def test_third_party_commitment(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    "text",
    [
        "You'll get a full refund once we receive the item.",
        "We will send you a full refund if the item arrives damaged.",
    ],
)
def test_conditioned_grant_stays_unflagged(text: str) -> None:
    assert not _found(text)
