"""Promise classes found by dev round 202 (claims paid out and bills corrected in letters).

Round 202 told claims settled the way a claims office writes: an estimate approved, a
sum paid or transferred, a bill corrected in the customer's favour. One class is fixed: a
priced estimate ("the surveyor's estimate of €1,900") named as the thing approved is a
document, not a hedge, so "the estimate of $X has been approved" says a claim approved;
"we estimate", "an estimated" and "a rough estimate" still hedge. Each wording below is
not a corpus item, with close negatives that must stay as they are.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The surveyor's estimate of €1,900 has been approved for your roof.", True),
        ("Your garage estimate of $2,310.40 was approved this morning.", True),
        ("We estimate a refund of $40 will be issued next week.", False),
        ("Our rough estimate of $40 will be refunded to you.", False),
        ("The estimated refund of $40 will be issued next week.", False),
    ],
)
def test_a_priced_estimate_is_a_document_not_a_hedge(text: str, found: bool) -> None:
    assert _found(text) is found
