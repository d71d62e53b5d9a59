"""A fee the agent did not charge, told as a favour: a waiver said in the negative.

"As an exception I didn't charge the €40 change fee", "I did not bill you the call-out fee
this time": a fee named with its article, left uncharged, and marked as a favour done to
this customer, either by a granting frame earlier in the sentence ("as an exception", "as a
one-off", "as a courtesy", "as a goodwill gesture") or by "this time" ("this once") just
after the fee. The fee was due and the agent chose not to take it: a waiver, so a completed
act of authority. Without the mark the same words deny a charge ("we didn't charge the
change fee, your bank did"); "the" or "your" before it keeps out "any fee", "a fee", which
deny that anything was charged at all.

`GuaranteeReader._not_charged` (`_guarantees`) reads it at "did" or "have" before "not";
the test here looks at the few words after the verb, and at the words before "did" for the
frame, so it costs time linear in the sentence.
"""

from __future__ import annotations

__all__ = ["favoured_fee_end"]

_FEE_HEADS = frozenset({"fee", "fees", "charge", "charges", "penalty", "surcharge", "fine"})
"""What ends the fee left uncharged: "the €40 change fee"."""

_OPENERS = frozenset({"the", "your", "that", "this"})
"""What opens the fee: one fee of this customer's, not "any fee", "a fee"."""

_FAVOURS = frozenset({"exception", "one-off", "one-time", "courtesy", "gesture", "goodwill"})
"""A granting frame's word before the act: "as an exception", "as a courtesy"."""

_THIS_TIME = (("this", "time"), ("this", "once"), ("on", "this", "occasion"))
"""After the fee: a favour of one occasion ("this time")."""

_FEE_REACH = 5
"""How many words the fee may take after its article: "the €40 same-day change fee"."""


def favoured_fee_end(words: list[str], k: int, did: int) -> int:
    """Where the favoured uncharged fee that starts at `k` ends (after its mark); else -1.

    `k` is the first word after "charge (you)"; `did` is where "did"/"have" stands, the
    words before it are looked at for a granting frame ("As an exception I didn't ...").
    """
    if k >= len(words) or words[k] not in _OPENERS:
        return -1
    head = next(
        (j for j in range(k + 1, min(len(words), k + 1 + _FEE_REACH)) if words[j] in _FEE_HEADS),
        -1,
    )
    if head < 0 or any(not w[:1].isalnum() and w[:1] not in "$£€¥₦₹" for w in words[k:head]):
        return -1
    after = tuple(words[head + 1 : head + 4])
    for mark in _THIS_TIME:
        if after[: len(mark)] == mark:
            return head + 1 + len(mark)
    framed = any(
        w in _FAVOURS and "as" in words[max(0, j - 3) : j] for j, w in enumerate(words[:did])
    )
    return head + 1 if framed else -1
