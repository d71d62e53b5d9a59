"""A decision that stands: the business keeps to what it decided, and so declines again.

After a complaint or an appeal the answer is often not "we can't" but that nothing moves:
"our position remains unchanged", "the original decision stands", "their decision not to
grant the extension is final", "the August charges will stand", "the fee will remain on your
account", and a matter kept closed ("the case therefore stays closed"). `decision_stands`
reads these at their last word ("unchanged", "stands", "final", "stand", "remain"): a
decision of the house's, a charge the customer asked to have taken off, or a case, claim or
complaint (`_kept_closed`). Not someone else's decision ("your landlord's decision is
final"), not a decision that grants ("the decision to refund you is final"), and not a
charge or a case kept for a while ("the hold will remain until the refund clears"). What was
asked to change, kept as it is, is read by `_refusal_kept`. Reads the clause before the
anchor once, so the cost stays linear in the text.

A charge or a contract kept, passed on from a unit of ours that said or decided it, is the
house's decision too (`_relayed_kept`): "finance have said the late payment charge stands",
"our membership team has decided the 12-month contract will remain in place". Not from
someone else ("your bank said the charge stands"), nor kept for a while.
"""

from __future__ import annotations

from ._refusal_kept import AS_DONE, kept_as_it_is, kept_refused
from ._refusal_kept import KEEPING as _KEEPING
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_relayed import relayed_at

__all__ = ["STANDS_ANCHORS", "decision_stands"]

STANDS_ANCHORS = frozenset(
    {"unchanged", "final", "stands", "stand", "remain", "remains", "stay", "stays", "keep",
     "keeps", "kept", "leave", "leaving"}
)  # fmt: skip
"""The words `decision_stands` anchors at."""

_DECISIONS = frozenset(
    {"decision", "decisions", "position", "outcome", "ruling", "verdict", "answer",
     "determination", "assessment"}
)  # fmt: skip

_CHARGES = frozenset(
    {"fee", "fees", "charge", "charges", "fine", "fines", "penalty", "penalties",
     "surcharge", "surcharges", "invoice", "bill", "debt", "balance", "arrears"}
)  # fmt: skip
"""What the customer asked to have waived or taken off."""

_KEPT = frozenset({"on", "payable", "due", "outstanding", "in", "applied", "owing"})
"""After "will remain" or "remains": where a charge stays ("on your account", "payable",
"in place")."""

_SINCE_MADE = frozenset({"original", "earlier", "made", "we", "reached", "now"})
"""Between a decision and "stands": "the original decision we reached now stands"."""

_FOR_A_WHILE = frozenset({"until", "till", "while", "pending", "during", "for", "unless"})

_NOT_OURS = frozenset({"your", "my", "his", "her", "landlord's", "bank's", "employer's"})

_LINKS = frozenset({"is", "was", "remains", "will", "be", "still", "has", "been", "stay"})


def decision_stands(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At an anchor of `STANDS_ANCHORS`, the business's decision or a charge kept; or None."""
    w = r.w[i]
    c = r.s.clause[i]
    start = r.s.clause_start[c]
    if r.s.question or r.hypothetical(i):
        return None
    before = r.w[start:i]
    head = _head(before, _DECISIONS)
    if head >= 0 and (
        w in {"unchanged", "final", "stands", "stand"}
        or (w in {"remain", "remains", "stay", "stays"} and r.word(i + 1) == "unchanged")
    ):
        if set(before[:head]) & _NOT_OURS:
            return None  # "your landlord's decision is final"
        after_head = before[head + 1 :]
        if after_head[:1] == ["to"] or after_head[:2] == ["not", "to"]:
            if after_head[:1] == ["to"]:
                return None  # "the decision to refund you is final": it grants
        elif not set(after_head) <= _LINKS | _SINCE_MADE:
            return None  # "the decision on the other claim is final": read no further
        end = i + 1 + (r.word(i + 1) == "unchanged")
        return ("declines", start + head - (head > 0), end, None)
    if w in {"remain", "remains", "stay", "stays"} and r.word(i + 1) == "closed":
        found = _kept_closed(r, i, before, start)
        if found is not None:
            return found
    if (
        w in _KEEPING
        or r.w[i + 1 : i + 3] in (["as", "it"], ["as", "they"])
        or (r.word(i + 1) == "as" and r.word(i + 2) in AS_DONE)  # "stays as marked"
    ):
        return kept_as_it_is(r, i)  # "the booking stays as it is"
    if r.word(i + 1) == "closed" and (found := kept_as_it_is(r, i)):
        return found  # "under our complaints procedure it stays closed"
    if found := kept_refused(r, i):
        return found  # "the code is for first orders only, so it stays inactive here"
    if found := _relayed_kept(r, i, before, start):
        return found
    if w in {"stand", "remain", "remains", "stay", "stays"}:
        head = _head(before, _CHARGES)
        if head < 0 or set(before[:head]) & {"your"} and w == "stand":
            return None
        between = before[head + 1 :]
        if between[:1] == ["of"] and 1 < len(between) <= 3 and _amount(between[1:]):
            between = []  # "the charge of 30 EUR remains on your card": the charge and its sum
        if between not in (["will"], ["must"], ["will", "still"], []):
            return None
        if w in {"remain", "remains", "stay", "stays"} and r.word(i + 1) not in _KEPT:
            return None  # "the fee remains £5 a month": a price, not a charge kept
        if _FOR_A_WHILE & set(r.w[i + 1 : r.s.clause_end(c)]):
            return None  # "the hold will remain until the refund clears"
        return ("declines", start + max(head - 2, 0), i + 1, None)
    return None


def _amount(words: list[str]) -> bool:
    """The words name a sum: a figure, perhaps with its currency ("30 EUR", "£15")."""
    return any(ch.isdigit() for ch in words[0]) and len(words) <= 2


def _head(words: list[str], nouns: frozenset[str]) -> int:
    """Where the last noun of `nouns` stands in `words` (at most eight back), or -1."""
    for k in range(len(words) - 1, max(-1, len(words) - 9), -1):
        if words[k] in nouns:
            return k
    return -1


_MATTERS = frozenset(
    {"case", "complaint", "claim", "appeal", "dispute", "matter", "file", "ticket", "enquiry"}
)
"""What the customer asks to have reopened, kept closed: "the complaint remains closed"."""

_THEREFORE = frozenset({"therefore", "thus", "so", "still", "will", "must", "now", "hence"})


def _kept_closed(r: Reasons, i: int, before: list[str], start: int) -> Found | None:
    """At "stays" of "the case therefore stays closed": a matter not reopened, declined.

    Not for a while ("the ticket stays closed until the part arrives"), not negated, and not
    the customer's own closing ("your complaint will stay closed once you confirm" is read by
    the condition).
    """
    head = _head(before, _MATTERS)
    if head < 0 or not set(before[head + 1 :]) <= _THEREFORE or r.s.negation[i] >= start:
        return None
    if _FOR_A_WHILE & set(r.w[i + 2 : r.s.clause_end(r.s.clause[i])]):
        return None
    return ("declines", start + max(head - 2, 0), i + 2, None)


_TERMS = frozenset({"contract", "agreement", "membership", "term", "tie-in"})
"""What the customer asked to leave early, kept: "the 12-month contract will remain in place"."""


def _relayed_kept(r: Reasons, i: int, before: list[str], start: int) -> Found | None:
    """At "stands" or "remain": a charge or a contract kept, passed on from a unit of ours.

        "finance have said the late payment charge stands", "our membership team has decided
        the 12-month contract will remain in place": the thing kept opens with "the" at most
        four words before its noun, right after the unit's verb of saying (`relayed_at`; for a
    contract, "decided": "confirmed the contract will remain in place" may be news); only
        "will" or "still" between it and the anchor; "remain" or "stay" goes on "in place", "on"
        the account or "payable"; not for a while ("until the review is done").
    """
    w = r.w[i]
    if w not in {"stand", "stands", "remain", "remains", "stay", "stays"}:
        return None
    if w not in {"stand", "stands"} and (
        r.word(i + 1) not in _KEPT or r.word(i + 1) == "in" and r.word(i + 2) != "place"
    ):
        return None
    head = _head(before, _CHARGES | _TERMS)
    if head < 0 or not set(before[head + 1 :]) <= {"will", "still"}:
        return None
    the = next((k for k in range(head - 1, max(-1, head - 5), -1) if before[k] == "the"), -1)
    if the < 0 or not relayed_at(r, start + the):
        return None
    if _FOR_A_WHILE & set(r.w[i + 1 : r.s.clause_end(r.s.clause[i])]):
        return None
    if before[head] in _TERMS and "decided" not in r.w[max(0, start + the - 4) : start + the]:
        return None  # "our sales team confirmed the contract will remain in place": news
    return ("declines", start + the, i + 1 + (r.word(i + 1) == "in") * 2, None)
