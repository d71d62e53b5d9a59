"""A house's own decision passed on: "our store manager said he will not print it".

The agent reports what the business's own people decided, and gives the rule behind it:
"Our technical service has decided they will not repair the CX-200 anymore, since the
parts are no longer made", "our coordinators have said they will not be taking a
five-year-old this time, even with a sibling attending". The business declines, so
the reply refuses; a third party's refusal ("the insurance company said they cannot cover
it") is not the house's, and "they" without a house that said or decided stays unread.

`house_said` finds the pronoun that stands for such a house (its reported speech is the
house's own word, not a quotation); `for_a_reason` reads "will not" and a verb followed by
a comma and a reason ("since", "because", "as") or a case conceded ("even with"), which
declines whatever the verb, unless the verb spares the customer ("we won't charge you, as
it was our mistake") or the sentence goes on to another way ("...; it goes to your card").

Each reads at most a dozen words, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._grammar import Sentence
from ._refusal_house import speaker_start
from ._refusal_reasons import Reasons, base_form

__all__ = ["for_a_reason", "house_said"]

_PRONOUNS = frozenset({"they", "he", "she"})

_DECIDED = frozenset({"said", "decided", "confirmed", "told", "agreed", "advised"})
"""What a house did before the pronoun that stands for it: "the team said they..."."""

_REASONS = frozenset({"since", "because", "as"})

_CONCEDED = frozenset({"with", "if", "though", "for", "when"})
"""After a comma and "even": the case conceded, and still declined."""

_SPARING = frozenset(
    {"charge", "bill", "need", "cancel", "close", "suspend", "deduct", "penalise", "penalize",
     "fine", "debit", "stop", "disconnect", "remove", "delete", "lose", "affect", "report",
     "chase", "pursue", "increase", "raise", "ask", "require", "contact", "expire", "be",
     "have", "happen", "leave", "forget", "mind", "worry", "hold", "keep", "change", "go"}
)  # fmt: skip
"""Verbs whose "will not" spares the customer: "we won't charge you, as it was our error"."""


def house_said(s: Sentence, j: int) -> bool:
    """The pronoun at `j` stands for a house that said or decided it, just before.

    "our store manager said he", "the coordinators have said they", "Our technical service
    has decided they": a verb of `_DECIDED` at most three words back, and a house of our
    own (`speaker_start`, opening with "our") ending at most three words before that verb;
    not "the insurance company said they", whose refusal is reported, not ours.
    """
    words = s.words
    if not 0 < j < len(words) or words[j] not in _PRONOUNS:
        return False
    for k in range(j - 1, max(-1, j - 4), -1):
        if words[k] in _DECIDED:
            houses = (speaker_start(s, h) for h in range(k - 1, max(-1, k - 4), -1))
            return any(h is not None and words[h] == "our" for h in houses)
    return False


def for_a_reason(r: Reasons, v: int) -> bool:
    """After "will not" and the verb at `v`, a comma and a reason: the house declines.

    "They will not be restoring the points, since expired points are never reinstated",
    "Pricing will not be going beyond 10%, as that is the ceiling". The reason opens at most
    twelve words after the verb, in the same sentence; not for a verb of `_SPARING`.
    """
    if base_form(r.word(v)) in _SPARING or r.word(v) in _SPARING:
        return False
    for k in range(v + 1, min(r.n - 1, v + 13)):
        if r.w[k] in {".", ";", "!", "?"}:
            return False
        if r.w[k] == "," and r.word(k + 1) in _REASONS and r.word(k + 2).isalpha():
            return not _another_way(r, k + 2)
        if r.w[k] == "," and r.word(k + 1) == "even" and r.word(k + 2) in _CONCEDED:
            return not _another_way(r, k + 2)  # "..., even with a sibling attending"
    return False


def _another_way(r: Reasons, k: int) -> bool:
    """From `k` to the sentence's end (at most 24 words), another way: "; it goes to...".

    "We won't pay the refund into that account, as it's closed; it goes to your new card":
    a semicolon, "but" or "instead" after the reason gives what is done in its place.
    """
    for t in range(k, min(r.n, k + 24)):
        if r.w[t] in {".", "!", "?"}:
            return False
        if r.w[t] in {";", "but", "instead"}:
            return True
    return False
