"""An act needing authority named by its noun after "did" or "done": "I already did the refund".

Chat and short replies tell a completed grant with a light verb and the act's noun rather
than the act's own verb: "I already did the refund for order 0411", "I've done your refund",
"we did your $40 refund this morning". The noun (`DONE_ACTS`) comes after a determiner of
this customer's act ("the", "your", "this"...), not a plural of everyone's ("refunds"), and is
the act itself, not a thing about it (`_NOT_THE_ACT`: "the refund request form"). The rules
that read the light verb (`_promise_shapes`, and the anchors of `_promises`) ask here.
"""

from __future__ import annotations

from collections.abc import Callable

from ._phrase_parts import NounPhrase

__all__ = ["DONE_ACTS", "act_named"]

DONE_ACTS = frozenset({"refund", "refunds", "reimbursement", "credit", "waiver", "reversal"})
"""Acts needing authority named by their noun after "did" or "done": "I already did the refund"."""

_NOT_THE_ACT = frozenset({"request", "requests", "form", "forms", "policy", "application", "page"})
"""After a noun of `DONE_ACTS`, what makes it a thing about the act: "the refund request form"."""

_OPENING = frozenset({"the", "your", "a", "an", "this", "that", "ur"})
"""What opens the act's noun phrase: this customer's one act."""


def act_named(words: list[str], j: int, read_object: Callable[[int], NounPhrase]) -> int:
    """Where an act needing authority named by its noun (`DONE_ACTS`) ends, from `j`, or 0.

    After "did" or "done", after a determiner: "the refund", "your $40 refund this morning";
    not "I didn't refund the order", "the refund request form", everyone's ("refunds").
    `read_object` reads the object noun phrase from an index.
    """
    if j >= len(words) or words[j] not in _OPENING:
        return 0
    obj = read_object(j)
    k = next((x for x in range(j, obj.end) if words[x] in DONE_ACTS), -1)
    after = words[k + 1] if 0 <= k < len(words) - 1 else ""
    if obj.generic or k < 0 or after in _NOT_THE_ACT:
        return 0
    return k + 1
