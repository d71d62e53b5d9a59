"""What was asked to change, kept as it is: "the booking stays as it is", "keep the pass as it is".

A reply declines a change without a modal when it says the thing stays, or is kept, "as it
is" (or "as it was issued") and gives its reason or the decision in the same sentence: "As
your Saver fare was booked under non-changeable conditions, the booking stays as it is",
"... would make the booking false, therefore the folio stays as it was issued", "the studio
owner decided to keep the pass as it is", "his login breaks our terms, so I'll be leaving his
login as is" (`kept_as_it_is`, rule "declines"). Not without a
reason or a decision ("your booking stays as it is and the seat is added": what was not
asked to change), not the rest of what was changed ("everything else stays as it is"), not
negated ("it won't stay as it is"), and not a question or a condition. A matter asked to
be reopened "stays closed" under a rule ("under our complaints procedure it stays closed")
or after a reason ("as that period ended, case CR-30418 remains closed"); a thing kept "as
marked" or "as charged" after a reason ("the window closed, so your grade stays as marked"),
and what was asked is kept in a refused state after a reason ("so it stays inactive here",
"so the transfer stays unsent", `kept_refused`).
Reads a fixed window of words before the anchor and a few after it, so the cost stays
linear in the text.
"""

from __future__ import annotations

from ._lexicon import STAYING
from ._refusal_passive import RULE_NOUNS, Found
from ._refusal_reasons import Reasons

__all__ = ["AS_DONE", "KEEPING", "LEADING_ON", "kept_as_it_is", "kept_refused"]

KEEPING = frozenset({"keep", "keeps", "kept", "leave", "leaving"})
"""Verbs of keeping something as it is: "decided to keep the pass as it is"."""


_ASKING = frozenset({"please", "just", "can", "could", "you", "kindly", "simply"})
"""Before "leave": the customer asked to leave it ("please leave it as it is"), not declined."""

_AS_IT = frozenset({"it", "they", "this", "that"})

_BE = frozenset({"is", "was", "are", "were", "stands", "stood"})

_WHY = frozenset(
    {"because", "therefore", "so", "since", "under", "per", "according", "decided", "decide",
     "decides", "decision", "thus", "hence", "conditions", "policy", "rules", "terms"}
)  # fmt: skip
"""Before the anchor: the reason the thing is kept ("therefore", "under the fare rules") or
the decision to keep it ("she decided to keep the pass as it is")."""

_ASKED = frozenset({"requested", "asked", "agreed", "discussed", "promised", "arranged"})

AS_DONE = frozenset(
    {"marked", "charged", "billed", "invoiced", "recorded", "graded", "scored", "assessed"}
)  # fmt: skip
"""After "stays as": the thing kept as it was done, a reason before it ("the window closed,
so your grade stays as marked"); with the same reason or decision "as it is" needs. Not
"as booked" or "as ordered": "I checked, so your room stays as booked" reassures."""

_THE_REST = frozenset({"rest", "everything", "else", "other", "otherwise", "all", "still"})
"""In the subject: what was not asked to change ("everything else stays as it is")."""


def kept_as_it_is(r: Reasons, i: int) -> Found | None:
    """At "stays", "remains" or "keep": the thing asked to change kept as it is; or None."""
    w = r.w[i]
    if w in STAYING and r.word(i + 1) == "closed":
        return _stays_closed(r, i)
    if w in STAYING:
        k = i + 1  # "stays as it is"
    elif w in KEEPING:
        if w == "leave" and (i == r.s.clause_start[r.s.clause[i]] or r.word(i - 1) in _ASKING):
            return None  # "Since it ships tomorrow, please leave the box as it is": an order
        k = next((j for j in range(i + 2, min(r.n, i + 7)) if r.w[j] == "as"), -1)
        if k < 0:
            return None  # "keep the pass as it is"; not "keep me posted"
    else:
        return None
    as_is = r.word(k + 1) == "is"  # "I'll be leaving his login as is"
    if w in STAYING and r.word(k) == "as" and r.word(k + 1) in AS_DONE:
        as_is = True  # "so your grade stays as marked", "the renewal stays as charged"
    if r.word(k) != "as" or (r.word(k + 1) not in _AS_IT or r.word(k + 2) not in _BE) and not as_is:
        return None
    if r.s.question or r.hypothetical(i):
        return None
    c = r.s.clause[i]
    neg = r.s.negation[i]
    if neg >= 0 and neg >= r.s.clause_start[c]:
        return None  # "the booking won't stay as it is"
    start = r.subject_start(i) if w in STAYING else i
    if not _THE_REST.isdisjoint(r.w[r.s.clause_start[c] : i]):
        return None  # "everything else stays as it is"
    window = range(max(0, i - 24), i)
    opens_with_as = any(
        r.w[j] == "as" and (j == 0 or not r.is_word(j - 1)) and r.word(j + 1) not in _ASKED
        for j in window
    )  # "As your fare was booked under non-changeable conditions, ..."; not "As requested"
    if not (opens_with_as or not _WHY.isdisjoint(r.w[j] for j in window)):
        return None  # "your booking stays as it is": nothing declined
    return ("declines", start, k + 3 - as_is, None)


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
    matter = r.w[r.s.clause_start[c] : i]
    if not RULE_NOUNS.isdisjoint(before) and not _MATTERS.isdisjoint(matter):
        return ("declines", r.subject_start(i), i + 2, None)
    if not _reason_first(r, i) or _MATTERS.isdisjoint(r.w[max(0, i - 5) : i]):
        return None  # "case CR-30418 remains closed": its number splits the clause
    return ("declines", r.subject_start(i), i + 2, None)


def _reason_first(r: Reasons, i: int) -> bool:
    """A time to ask lapsed, told just before the matter kept closed at `i`.

    "As that period ended on 19 July, case CR-30418 remains closed", "the deadline passed,
    so it stays closed": a period and its lapse in the 12 words before; not "since the fix
    is confirmed".
    """
    before = set(r.w[max(0, i - 12) : i])
    return not (_PERIODS.isdisjoint(before) or _LAPSED.isdisjoint(before))


_PERIODS = frozenset({"period", "deadline", "window", "timeframe"})
_LAPSED = frozenset({"ended", "passed", "expired", "lapsed", "closed", "elapsed"})


_REFUSED_STATES = frozenset(
    {"unsent", "inactive", "locked", "blocked", "frozen", "unpaid", "unrefunded",
     "unprocessed", "unapproved", "suspended", "final", "non-refundable", "disabled"}
)  # fmt: skip
"""A state the thing asked for is kept in, as the rule's verdict: "stays unsent", "stays
inactive", "stays as final sale"."""

LEADING_ON = frozenset({"so", "therefore", "thus", "hence"})
"""Words that lead on from a reason to what follows from it: "..., so it stays inactive"."""


def kept_refused(r: Reasons, i: int) -> Found | None:
    """At "stays" or "remains": what was asked kept in a refused state, for a rule's sake.

    "The code is for first orders only, so it stays inactive here", "payments above the limit
    go through in branch only, so the transfer stays unsent", "your order is from 40 days
    ago, so this dress stays as final sale": a reason told first, "so" leading on, and the
    state (`_REFUSED_STATES`); or the state kept from everyone ("his mailbox stays locked to
    everyone"). Not without the reason ("the card stays blocked while we check", for a
    while), not negated, not a question or a condition.
    """
    k = i + 1 + (r.word(i + 1) == "as")
    if r.w[i] not in STAYING or r.word(k) not in _REFUSED_STATES:
        return None
    if r.word(k) == "final" and r.word(k + 1) != "sale":
        return None  # "stays final sale"; "the decision remains final" is `decision_stands`
    c = r.s.clause[i]
    start = r.s.clause_start[c]
    if r.s.question or r.hypothetical(i) or r.s.negation[i] >= start:
        return None
    end = k + 1 + (r.word(k) == "final")
    from_all = r.word(end) in {"to", "for"} and r.word(end + 1) in {"everyone", "everybody"}
    led_on = not LEADING_ON.isdisjoint(r.w[max(0, start - 1) : min(i, start + 3)])
    if not (from_all or led_on):
        return None
    if not from_all and any(x in {"while", "until", "pending"} for x in r.w[end : end + 4]):
        return None  # "so the card stays blocked until the new one arrives": for a while
    return ("declines", r.subject_start(i), end + 2 * from_all, None)
