"""An item's line in a status table or list, its verdict "not accepted" or "not collected".

A reply that reports on several things at once (a return, a bulky-waste booking) gives each
its own line and states what the house would not take as that line's value: "| Wireless
earbuds | Not accepted – opened hygiene item |", "| Mattress | Not collected – limit is three
items per booking |", "| Car tyres (x4) | ❌ No – not collected by the council |", "Extra items
added after booking: not accepted." (dev rounds 96, 105, 177, 188). The line names a thing,
not a request, so `_refusal_verdicts.request_verdict` (which wants "refund", "waive" or a
noun of a request before the verdict) leaves it; this reads the verdict itself
(`item_not_taken`, rule "declines"):

- "not" and a verb of the house taking a thing in (`_TAKEN`: "accepted", "collected",
  "taken");
- right after a cell's "|" or a label's ":", past marks ("❌") and a bare "no" with its dash;
- then the line's end, a dash and its reason, or "by" and the house ("by the council").

Not a state still to change ("Parcel: not collected yet", "not collected until Friday"), nor
another's ("not accepted by your bank"), nor the customer's own thing told by "your"
("Your parcel | Not collected"), a status of a delivery, not a verdict. Reads a fixed few
tokens either side of "not", so the cost stays constant per word.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["item_not_taken"]

_TAKEN = frozenset({"accepted", "collected", "taken"})
"""After "not", the house's not taking a thing in: "Not accepted", "not collected"."""

_AFTER = frozenset({"—", "–", "-", ".", ";", "|", "", "by"})
"""What may follow the verdict: the line's end, a dash and its reason, or "by" the house."""

_STILL_TO_COME = frozenset({"yet", "until", "till", "so", "still", "today", "before"})

_OTHERS = frozenset({"your", "bank", "card", "issuer", "courier", "carrier", "customs"})
"""After "by", a taker who is not the house: "not accepted by your bank"."""

_DASHES = frozenset({"—", "–", "-"})


def item_not_taken(r: Reasons, i: int) -> Found | None:
    """At "not": a line's value "not accepted" or "not collected", the house's verdict."""
    if r.word(i + 1) not in _TAKEN or r.word(i + 2) not in _AFTER:
        return None
    if r.word(i + 2) == "by" and r.word(i + 3) in _OTHERS | {"the"} and r.word(i + 4) in _OTHERS:
        return None  # "not accepted by the bank": someone else's verdict
    if r.word(i + 2) == "by" and r.word(i + 3) == "your":
        return None
    if r.word(i + 3) in _STILL_TO_COME or r.s.question or r.hypothetical(i):
        return None
    k = i - 1
    while k >= 0 and not r.is_word(k) and r.w[k] not in {"|", ":"} | _DASHES:
        k -= 1  # marks before the verdict: "| ❌ not collected"
    if k >= 1 and r.w[k] in _DASHES and r.word(k - 1) == "no":
        k -= 2  # "❌ No – not collected by the council"
        while k >= 0 and not r.is_word(k) and r.w[k] not in {"|", ":"}:
            k -= 1
    if k < 1 or r.w[k] not in {"|", ":"}:
        return None
    start = k - 1
    while start > 0 and start > k - 12 and r.w[start - 1] not in {"|", ":", "\n"}:
        start -= 1
    line = r.w[start:k]
    if not any(x.isalpha() for x in line) or "your" in line or "you" in line:
        return None
    return ("declines", start, i + 2, None)
