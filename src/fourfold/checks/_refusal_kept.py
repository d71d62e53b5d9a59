"""What was asked to change, kept as it is: "the booking stays as it is", "keep the pass as it is".

A reply declines a change without a modal when it says the thing stays, or is kept, "as it
is" (or "as it was issued") and gives its reason or the decision in the same sentence: "As
your Saver fare was booked under non-changeable conditions, the booking stays as it is",
"... would make the booking false, therefore the folio stays as it was issued", "the studio
owner decided to keep the pass as it is" (`kept_as_it_is`, rule "declines"). Not without a
reason or a decision ("your booking stays as it is and the seat is added": what was not
asked to change), not the rest of what was changed ("everything else stays as it is"), not
negated ("it won't stay as it is"), and not a question or a condition. A matter asked to
be reopened "stays closed" under a rule ("under our complaints procedure it stays closed").
Reads a fixed window of words before the anchor and a few after it, so the cost stays
linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import RULE_NOUNS, Found
from ._refusal_reasons import Reasons

__all__ = ["KEEPING", "kept_as_it_is"]

KEEPING = frozenset({"keep", "keeps", "kept"})
"""Verbs of keeping something as it is: "decided to keep the pass as it is"."""

_STAYING = frozenset({"stay", "stays", "remain", "remains"})

_AS_IT = frozenset({"it", "they", "this", "that"})

_BE = frozenset({"is", "was", "are", "were", "stands", "stood"})

_WHY = frozenset(
    {"because", "therefore", "so", "since", "under", "per", "according", "decided", "decide",
     "decides", "decision", "thus", "hence", "conditions", "policy", "rules", "terms"}
)  # fmt: skip
"""Before the anchor: the reason the thing is kept ("therefore", "under the fare rules") or
the decision to keep it ("she decided to keep the pass as it is")."""

_ASKED = frozenset({"requested", "asked", "agreed", "discussed", "promised", "arranged"})

_THE_REST = frozenset({"rest", "everything", "else", "other", "otherwise", "all", "still"})
"""In the subject: what was not asked to change ("everything else stays as it is")."""


def kept_as_it_is(r: Reasons, i: int) -> Found | None:
    """At "stays", "remains" or "keep": the thing asked to change kept as it is; or None."""
    w = r.w[i]
    if w in _STAYING and r.word(i + 1) == "closed":
        return _stays_closed(r, i)
    if w in _STAYING:
        k = i + 1  # "stays as it is"
    elif w in KEEPING:
        k = next((j for j in range(i + 2, min(r.n, i + 7)) if r.w[j] == "as"), -1)
        if k < 0:
            return None  # "keep the pass as it is"; not "keep me posted"
    else:
        return None
    if r.word(k) != "as" or r.word(k + 1) not in _AS_IT or r.word(k + 2) not in _BE:
        return None
    if r.s.question or r.hypothetical(i):
        return None
    c = r.s.clause[i]
    neg = r.s.negation[i]
    if neg >= 0 and neg >= r.s.clause_start[c]:
        return None  # "the booking won't stay as it is"
    start = r.subject_start(i) if w in _STAYING else i
    if not _THE_REST.isdisjoint(r.w[r.s.clause_start[c] : i]):
        return None  # "everything else stays as it is"
    window = range(max(0, i - 24), i)
    opens_with_as = any(
        r.w[j] == "as" and (j == 0 or not r.is_word(j - 1)) and r.word(j + 1) not in _ASKED
        for j in window
    )  # "As your fare was booked under non-changeable conditions, ..."; not "As requested"
    if not (opens_with_as or not _WHY.isdisjoint(r.w[j] for j in window)):
        return None  # "your booking stays as it is": nothing declined
    return ("declines", start, k + 3, None)


_MATTERS = frozenset({"it", "complaint", "case", "claim", "ticket", "appeal", "matter", "file"})
"""What a customer asks to reopen: "the complaint ... stays closed"."""


def _stays_closed(r: Reasons, i: int) -> Found | None:
    """At "stays" of "stays closed": a closed matter kept closed under a rule; or None.

    "Under our complaints procedure it stays closed" declines to reopen it; not "the shop
    stays closed on Mondays" (no rule named), nor "it won't stay closed".
    """
    c = r.s.clause[i]
    if r.s.question or r.hypothetical(i) or r.s.negation[i] >= r.s.clause_start[c]:
        return None
    before = r.w[max(0, i - 12) : i]
    if RULE_NOUNS.isdisjoint(before) or _MATTERS.isdisjoint(r.w[r.s.clause_start[c] : i]):
        return None
    return ("declines", r.subject_start(i), i + 2, None)
