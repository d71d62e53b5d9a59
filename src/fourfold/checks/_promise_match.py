"""A promise rule's match, before the scopes judge it: `Shape` and its two common kinds.

Every promise rule returns a `Shape` (its name, its kind, where it starts, the token it
anchored at, where it ends, and whether it is hedged, negated or said of everyone); the
scopes (conditions, hedges, quotations, questions) then decide whether it stands.
`committed` and `completed` build the two commonest: an authority commitment ("we'll refund
you") and a completed authority action ("I've refunded you"). `loss_ruled_out` says whether
a negated verb is itself the promise ("you won't lose it"), so the negation is not set aside.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Shape", "completed", "committed", "loss_ruled_out"]


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
    return words[v] in {"lose", "rise", "increase", "exceed"}
