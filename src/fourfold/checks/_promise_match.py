"""A promise rule's match, before the scopes judge it: `Shape` and its two common kinds.

Every promise rule returns a `Shape` (its name, its kind, where it starts, the token it
anchored at, where it ends, and whether it is hedged, negated or said of everyone); the
scopes (conditions, hedges, quotations, questions) then decide whether it stands.
`committed` and `completed` build the two commonest: an authority commitment ("we'll refund
you") and a completed authority action ("I've refunded you"). `loss_ruled_out` says whether
a negated verb is itself the promise ("you won't lose it"), so the negation is not set aside;
`lost_after_be` reads the loss after "be" ("cancelled", "sent to collections").
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "LOST_THINGS", "TAKING", "Shape", "completed", "committed", "loss_ruled_out", "lost_after_be",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Shape:
    """A rule's match in a sentence, before the scopes judge it (token indices)."""

    rule: str
    """The rule's name, as the evidence gives it (`PROMISE_RULES`)."""
    kind: str
    """``forward``, ``completed``, ``guarantee`` or ``no-charge``: which scopes apply."""
    start: int
    trigger: int
    """The anchor: the token the rule matched at."""
    end: int
    hedged: bool = False
    """A hedge inside the shape ("you'll probably get a refund")."""
    negated: bool = False
    """A negation inside the shape ("we will not refund")."""
    generic: bool = False
    """It speaks of everyone ("we refund orders that...", "for members")."""


def committed(
    start: int, trigger: int, end: int, *, hedged: bool = False, generic: bool = False
) -> Shape:
    """An authority commitment ("we'll refund you")."""
    return Shape("authority commitment", "forward", start, trigger, end, hedged, False, generic)


def completed(
    start: int, trigger: int, end: int, *, hedged: bool = False, generic: bool = False
) -> Shape:
    """A completed authority action ("I've refunded you")."""
    return Shape(
        "completed authority action", "completed", start, trigger, end, hedged, False, generic
    )


def loss_ruled_out(words: list[str], v: int) -> bool:
    """After "will not" or "will never", the verb at `v` rules out a loss or a rise.

    "You won't lose it", "your bill will never go above €20", "it won't increase": the
    negation is the promise, which `_promise_no_loss` reads (its rules say whose loss it is),
    so the negated commitment is not set aside here, where it would claim the verb.
    """
    if words[v] == "go":
        return words[v + 1 : v + 2] in (["up"], ["above"], ["over"], ["beyond"])
    if words[v] == "be":  # "your flight won't be cancelled" (`_promise_assured_losses`)
        if words[v + 1 : v + 3] == ["able", "to"]:
            return bool(words[v + 3 : v + 4]) and words[v + 3] in TAKING
        return lost_after_be(words, v + 1) > 0
    return words[v] in {"lose", "rise", "increase", "exceed"}


def lost_after_be(words: list[str], k: int) -> int:
    """Where a loss done to the customer, its participle at `k` after "be", ends; else 0.

    "won't be cancelled" (`LOST_THINGS`); or, from round 259, a debt handed to those who
    collect it: "this balance will not be sent to collections", "won't be passed on to a
    debt collector", "will never be referred to bailiffs" (a verb of handing over, "to",
    and within three words one who collects, `_COLLECTORS`; not "won't be sent to you").
    """
    if k >= len(words):
        return 0
    if words[k] in LOST_THINGS:
        return k + 1
    if words[k] not in _HANDED_OVER:
        return 0
    j = k + 1 + (words[k + 1 : k + 2] in (["on"], ["over"]))
    if words[j : j + 1] != ["to"]:
        return 0
    m = next((m for m in range(j + 1, min(len(words), j + 4)) if words[m] in _COLLECTORS), -1)
    while 0 <= m < len(words) - 1 and words[m + 1] in _COLLECTORS:
        m += 1  # "a debt collector"
    return m + 1


LOST_THINGS = frozenset(
    {"cancelled", "canceled", "disconnected", "suspended", "cut", "shut", "closed", "blocked",
     "terminated", "penalised", "penalized", "fined", "repossessed", "evicted", "towed"}
)  # fmt: skip
"""What the customer fears being done to them or theirs: "won't be cancelled"."""

_HANDED_OVER = frozenset({"sent", "passed", "referred", "handed", "transferred", "reported"})
"""What a debt is when given to those who collect it: "sent to collections"."""

_COLLECTORS = frozenset(
    {"collections", "collection", "collector", "collectors", "bailiff", "bailiffs", "recovery",
     "debt"}
)  # fmt: skip
"""Who collects a debt, after "sent to": "collections", "a debt collector", "bailiffs"."""

TAKING = frozenset({"take", "charge", "debit", "bill", "collect", "deduct"})
"""After "will not be able to": a charge taken, which "again" makes a loss ruled out."""
