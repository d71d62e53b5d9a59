"""A unit of the house gives its verdict in other words than "declined".

The seventh pass read the whole dev split's misses and found a business unit's decision told
with verbs the other readers do not take as a verdict (rule "declines"):

- a case, claim or file **closed without** the money asked for: "Our disputes team has closed
  your case without a refund", "the file has therefore been closed without payment" (dev
  rounds 207 and 238; `closed_without`). Closing alone is no refusal ("we've closed the
  ticket as resolved"); "without" and a payment of `_PAID_OUT` make it one;
- a unit of ours that **decided not to** act: "the practice manager has decided not to open a
  Saturday slot" (round 207; `unit_decided_not`); `_refusal_house.decided_not` reads "we" or a
  house named, this a unit of `_refusal_decisions` ("our claims team", "the practice
  manager"). Not what it spares the customer ("decided not to charge you");
- a verdict on a line's request **by a unit of ours**: "Payment in four instalments: refused
  by the finance office this week" (round 207; `refused_by_unit`); a verdict followed by "by"
  is otherwise left as someone else's ("turned down by the landlord").

The unit is read by `unit_before` (`_refusal_decisions`): "our", "the" or "my" and a noun of
its `_UNITS` ("team", "office", "manager", "branch"), not another's ("your bank", "the other
company"). Each reading looks a fixed few words around its anchor, so the cost stays linear.
"""

from __future__ import annotations

from ._refusal_decisions import UNITS, unit_before
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import DECIDED, DECIDED_REQUESTS, REQUEST_NOUNS

__all__ = ["UNIT_VERDICT_ANCHORS", "closed_without", "refused_by_unit", "unit_decided_not"]

UNIT_VERDICT_ANCHORS = frozenset({"closed"})
"""The words `closed_without` anchors at (the others anchor at "not" and at a verdict)."""

_CASES = frozenset(
    {"case", "claim", "file", "request", "complaint", "dispute", "application", "appeal",
     "ticket"}
) | DECIDED_REQUESTS | REQUEST_NOUNS  # fmt: skip
"""What a house closes: "closed your case", "the file has been closed"."""

_PAID_OUT = frozenset(
    {"refund", "payment", "payout", "reimbursement", "compensation", "settlement", "credit",
     "refunding", "paying"}
)  # fmt: skip
"""After "closed ... without": the money asked for, withheld."""

_DECIDED = frozenset({"decided", "chosen", "opted", "elected"})

_SPARING = frozenset(
    {"charge", "bill", "pursue", "penalise", "penalize", "fine", "cancel", "close", "suspend",
     "chase", "report", "apply", "increase", "raise", "take", "pass"}
)  # fmt: skip
"""What a unit deciding not to act spares the customer: "decided not to charge you"."""

_LINE_MARKS = frozenset({":", "—", "–", "-", "|"})


def closed_without(r: Reasons, i: int) -> Found | None:
    """At "closed": a case of the customer's closed without the payment asked for.

    The case is named in the three words after "closed" ("has closed your case") or before
    it in the passive ("the file has therefore been closed"); "without" and, at most two
    words on, a noun of `_PAID_OUT` follow within six words. Not a question.
    """
    if r.s.question:
        return None
    named = any(r.word(k) in _CASES for k in range(i + 1, i + 4))
    start = r.subject_start(i)
    start += r.word(start) == "and"  # "..., and the file has been closed"
    if not named:
        named = r.word(i - 1) in {"been", "was", "were", "is", "are"} and any(
            r.w[k] in _CASES for k in range(start, i)
        )
    if not named:
        return None
    for k in range(i + 1, min(r.n, i + 7)):
        if r.w[k] == "without":
            paid = r.w[k + 1 : k + 4]
            if not _PAID_OUT.isdisjoint(paid) and "charge" not in paid:
                return (
                    "declines",
                    start,
                    k + 1 + next(j + 1 for j, w in enumerate(paid) if w in _PAID_OUT),
                    None,
                )
            return None
    return None


def unit_decided_not(r: Reasons, i: int) -> Found | None:
    """At "not": a unit of ours "has decided not to" act; not what it spares the customer."""
    if r.word(i + 1) != "to" or r.word(i - 1) not in _DECIDED or r.s.question:
        return None
    j = i - 2 - (r.word(i - 2) in {"has", "have", "had"})
    if r.word(j) not in UNITS:
        return None
    start = unit_before(r, j)
    if start is None or r.word(i + 2) in _SPARING or r.word(i + 3) in {"you", "your"}:
        return None
    return ("declines", start, i + 3, None)


def refused_by_unit(r: Reasons, i: int) -> Found | None:
    """At a verdict after a line's mark, "by" and a unit of ours: the line's request refused.

    "- Payment in four instalments: refused by the finance office this week"; the unit ends
    at most four words after "by" ("the finance office"), and a word of request or act stands
    before the mark on the line (not "Status: declined by your bank").
    """
    if r.w[i] not in DECIDED or r.word(i + 1) != "by" or r.word(i - 1) not in _LINE_MARKS:
        return None
    if r.word(i + 2) not in {"the", "our"}:
        return None
    for k in range(i + 3, min(r.n, i + 7)):
        if r.w[k] in UNITS:
            return ("declines", i, k + 1, None)
        if not r.is_word(k) or r.w[k] in {"your", "their", "his", "her"}:
            return None
    return None
