"""A limit told, then said not to touch this customer: no refusal ("reassurance").

A reply that tells the customer what was done for them may name a rule on the way and say at
once that it does not bear on them: "Your seat is now 14A; exit-row seats can't be given to
passengers with infants, but that doesn't affect you" (dev round 268's false alarm), "pets
can't travel in the cabin on this route, which doesn't apply to your booking". The
inability is real but someone else's case; nothing the customer asked is declined.

`spares_you` reads the rest of the refusal's sentence, at most sixteen words past it, for a
pronoun that points back ("that", "this", "it", "which"), a negation ("doesn't", "won't",
"isn't going to") and a verb of bearing on (`_BEARING`: affect, apply, concern), then "you"
or "your" (after "to" for "apply"). Not when something else is spared ("but that doesn't
affect the refund"), nor without the negation ("..., and that applies to you").
The cost stays linear: a fixed window after each refusal.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons

__all__ = ["spares_you"]

_BEARING = frozenset(
    {"affect", "affects", "apply", "applies", "concern", "concerns", "impact", "impacts"}
)
"""Verbs of a rule bearing on someone: "that doesn't affect you", "it won't apply to you"."""

_POINTING = frozenset({"that", "this", "it", "which"})
"""What points back to the limit just told: "but that doesn't affect you"."""

_NEGATED = frozenset(
    {"not", "never", "does", "do", "will", "would", "is", "going", "to", "really", "actually"}
)
"""What may stand between the pronoun and the verb: "does not", "won't", "isn't going to"."""


def spares_you(r: Reasons, start: int, end: int) -> bool:
    """After the refusal from `start` to `end`: the limit is said not to touch this customer."""
    for v in range(end, min(r.n, end + 16)):
        if r.w[v] not in _BEARING:
            continue
        k = v - 1
        while k > end and r.w[k] in _NEGATED:
            k -= 1
        if r.w[k] not in _POINTING or not {"not", "never"} & set(r.w[k + 1 : v]):
            continue
        target = v + 1 + (r.word(v + 1) == "to")
        if r.word(target) in {"you", "your"}:
            return True
    return False
