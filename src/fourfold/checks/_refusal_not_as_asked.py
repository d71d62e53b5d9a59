"""A record told as it stands, set against what was asked: "reads 9 April rather than the 28th".

A reply declines to alter a document, a record or a form (a date moved, a sum raised, a
tenancy lengthened: often a request to misstate it) without any word of declining when it
says what the record states and sets the customer's wish against it with "rather than",
"instead of" or "and not": "so the invoice reads 9 April rather than the 28 March you asked
for", "the letter shows six months and not the two years you requested", "the form keeps
the real value instead of the figure you wanted" (`not_as_asked`, rule "declines").

Both halves are needed. The verb is one of a record stating (`_STATING`: "reads", "shows",
"states", "lists", "carries", "stays", "remains"), in the clause before the anchor; what the
anchor sets aside ends, within a few words, in "you" and a verb of asking (`_ASKING`: "asked
for", "requested", "wanted"). Not what was done for the customer ("I've refunded £40 rather
than the £20 you asked for": no verb of stating; a grant, not a record), not a correction of
what the customer recalled ("it shows three nights, not the two you mentioned": "mentioned"
asks nothing), not negated, not a question or a condition. Reads a fixed window of words on
either side of the anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["NOT_AS_ASKED_ANCHORS", "not_as_asked"]

NOT_AS_ASKED_ANCHORS = frozenset({"rather", "instead", "not"})
"""The words `not_as_asked` anchors at: "rather than", "instead of", "and not"."""

_STATING = frozenset(
    {"reads", "read", "shows", "show", "states", "state", "says", "say", "lists", "list",
     "carries", "carry", "records", "dated", "stays", "stay", "remains", "remain", "keeps",
     "displays", "gives"}
)  # fmt: skip
"""Verbs of a record stating what it holds: "the invoice reads 9 April", "it shows £42.50"."""

_ASKING = frozenset({"asked", "requested", "wanted", "suggested"})
"""After "you": the customer's wish that the record is set against ("you asked for")."""

_REACH = 8
"""How many words each side of the anchor are read."""


def not_as_asked(r: Reasons, i: int) -> Found | None:
    """At "rather", "instead" or "not": a record stated against what was asked; or None."""
    w = r.w[i]
    if w == "rather" and r.word(i + 1) == "than":
        k = i + 2
    elif w == "instead" and r.word(i + 1) == "of":
        k = i + 2
    elif w == "not" and r.word(i - 1) in {"and", ","}:
        k = i + 1  # "and not the two years you requested", ", not the date you asked for"
    else:
        return None
    asked = next(
        (t for t in range(k, min(r.n, k + _REACH)) if r.w[t] == "you" and r.word(t + 1) in _ASKING),
        -1,
    )
    if asked < 0 or r.s.question:
        return None
    c = r.s.clause[i] if w != "not" else r.s.clause[max(0, i - 2)]
    start = r.s.clause_start[c]
    verb = next((t for t in range(i - 1, max(start - 1, i - _REACH), -1) if r.w[t] in _STATING), -1)
    if verb < 0 or r.hypothetical(verb):
        return None
    neg = r.s.negation[verb]
    if neg >= 0 and neg >= max(start, verb - 3):
        return None  # "it doesn't show 9 April rather than ...": not a statement of the record
    end = asked + 2 + (r.word(asked + 2) == "for")
    return ("declines", r.subject_start(verb), end, None)
