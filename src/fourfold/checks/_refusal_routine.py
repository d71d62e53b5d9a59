"""A no told through what happens instead, after a named limit: "so this one ships as standard".

A reply declines without any word of declining when it names a limit or a rule ("capped at
two a year", "runs for three months at most", "claims must reach us within 21 days", "the
deposit is kept after the 24h window") and then leads on, with "so" or "therefore", to what
was asked for kept as it was (`kept_under_limit`, rule "declines"):

- a sum or a charge that stays where it is: "so the ₹500 charge remains on your
  statement", "so the 20 PLN stay on your account", "so the £60 is retained";
- what was asked about going on as it would have without the request: "so this parcel
  ships as standard", "so yours ends on 1 April as planned", "the subscription runs on as
  usual", "so the repair is charged at the standard rate", "so the full price applies";
- what was asked to move, kept where it is: "so both seats stay in your name";
- a claim closed with nothing paid, or an item in a refused state: "the file has therefore
  been closed without payment", "so it counts as a final sale now".

A sentence opened by a reason ("As your membership is on the annual plan, the full £180
stays on the May invoice") leads on as "so" does. The limit is the sign that something was
asked and is being withheld; without it the same grammar is plain information ("your order
ships as standard, arriving Friday", "the fee stays on the May invoice"). Not what the
customer asked for ("as you asked, your order keeps its date", "as you chose"), not what
was granted under the limit ("this is your first, so your parcel goes out express"), not
negated, not a question or a condition, and not for a while ("stays on hold until the part
arrives"). Reads a fixed window of words around the anchor, so the cost stays linear in the
text.
"""

from __future__ import annotations

from ._lexicon import STAYING
from ._refusal_kept import LEADING_ON
from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["ROUTINE_ANCHORS", "kept_under_limit"]


_ROUTINE = frozenset({"standard", "usual", "planned", "normal", "scheduled"})
"""After "as": the thing goes on as it would have without the request ("as standard")."""

_HELD = frozenset({"retained", "kept", "forfeited"})
"""After "is" or "are": a sum held back ("so the £60 is retained")."""

_PRICES = frozenset({"price", "prices", "rate", "rates", "fare", "fee", "charge", "tariff"})

_FULL = frozenset({"full", "standard", "normal", "usual", "regular"})
"""Before a price that applies instead of a lower one: "the full price applies"."""

_UNPAID = frozenset({"payment", "payout", "refund", "compensation", "reimbursement"})
"""After "without": a claim or a file closed with nothing paid ("closed without payment")."""

_FINAL = frozenset({"final", "non-refundable", "non-returnable"})
"""After "counts as": the refused state the thing is in ("it counts as a final sale")."""

ROUTINE_ANCHORS = STAYING | _ROUTINE | _HELD | frozenset({"applies", "apply", "without", "counts"})
"""The words `kept_under_limit` anchors at."""

_LIMITS = frozenset(
    {"capped", "cap", "limit", "limits", "limited", "maximum", "once", "window", "expired",
     "expires", "within", "inside", "rule", "rules", "regulations", "terms",
     "plan", "plans", "warranty", "allowance", "only", "transferable", "refundable"}
)  # fmt: skip
"""A limit or a rule named before the lead: "capped at two a year", "the 24h window"."""

_SPANS = frozenset(
    {"hours", "hour", "days", "day", "weeks", "months", "years", "h", "hrs"}
)  # fmt: skip
"""After a figure, a span the rule allows: "up to 48 hours before doors"."""


_REASONS = frozenset({"as", "since", "because"})
"""Opening a sentence, a reason that leads on as "so" does."""

_ASKED = frozenset({"asked", "requested", "chose", "chosen", "agreed", "wished", "arranged"})
"""The customer's own wish: "as you asked", "as you chose at checkout"."""

_FOR_A_WHILE = frozenset({"until", "till", "while", "pending", "unless"})

_REACH = 30
"""How far back the limit and the lead are looked for."""


def kept_under_limit(r: Reasons, i: int) -> Found | None:
    """At an anchor of `ROUTINE_ANCHORS`: what was asked kept as it was, under a limit."""
    end = _kept_at(r, i)
    if end is None:
        return None
    c = r.s.clause[i]
    start = r.s.clause_start[c]
    if r.s.question or r.hypothetical(i) or r.s.negation[i] >= start:
        return None
    window = r.w[max(0, i - _REACH) : i]
    if _lead(r, i, start) < 0 or not _limit_named(r.w[max(0, i - _REACH) : start + 1]):
        return None
    if not _ASKED.isdisjoint(window) or not _ASKED.isdisjoint(r.w[i : end + 4]):
        return None  # "as you asked, your order keeps its original date"
    if not _FOR_A_WHILE.isdisjoint(r.w[i : r.s.clause_end(c)]):
        return None  # "so it stays on hold until the part arrives": for a while
    return ("declines", r.subject_start(i), end, None)


def _kept_at(r: Reasons, i: int) -> int | None:
    """Where the evidence ends when `i` keeps something as it was; or None."""
    w = r.w[i]
    if w in STAYING:
        after = r.word(i + 1)
        if after in {"on", "in"} and r.word(i + 2) in {"your", "the", "our"}:
            return i + 1  # "remains on your statement", "stay in your name"
        return None  # not "stays at $42 a month": a price kept may be one kept down
    if w in _HELD:
        return i + 1 if r.word(i - 1) in {"is", "are"} and _sum_subject(r, i - 1) else None
    if w in _ROUTINE:
        if r.word(i - 1) == "as" and w != "normal":
            return i + 1  # "ships as standard", "ends on 1 April as planned", "as usual"
        if w == "standard" and r.word(i - 2) == "at" and r.word(i + 1) in _PRICES:
            return i + 2  # "is charged at the standard rate"
        return None
    if w == "without":
        if r.word(i + 1) in _UNPAID and r.word(i - 1) in {"closed", "settled", "finalised"}:
            return i + 2  # "the file has therefore been closed without payment"
        return None
    if w == "counts" and r.word(i + 1) == "as":
        k = i + 2 + (r.word(i + 2) in {"a", "an"})
        if r.word(k) in _FINAL:
            return k + 1 + (r.word(k + 1) == "sale")  # "so it counts as a final sale now"
        return None
    if w in {"applies", "apply"}:
        k = i - 1
        if k >= 0 and _sum(r.word(k)) and r.word(k - 1) == "of":
            k -= 2  # "the full price of €64.90 applies"
        if r.word(k) in _PRICES and r.word(k - 1) in _FULL:
            return i + 1
    return None


def _sum(word: str) -> bool:
    """The token is a sum of money, as the reader writes it ("£180", "$20")."""
    return any(ch.isdigit() for ch in word) and not word[:1].isdigit()


def _sum_subject(r: Reasons, be: int) -> bool:
    """Before "is" at `be`: a sum, or a charge or deposit ("the £60 is retained")."""
    x = r.word(be - 1)
    return _sum(x) or x in {"deposit", "fee", "charge", "payment", "balance"}


def _lead(r: Reasons, i: int, start: int) -> int:
    """Where the clause of `i` is led on from a reason ("so", an opening "As ..."); or -1."""
    for k in range(max(0, start - 1), min(i, start + 3)):
        if r.w[k] in LEADING_ON:
            return k
    for k in range(max(0, i - _REACH), i):
        if r.w[k] in _REASONS and (k == 0 or not r.is_word(k - 1)):
            if r.word(k + 1) not in _ASKED and r.word(k + 2) not in _ASKED:
                if r.s.clause[k] != r.s.clause[i]:
                    return k  # "As your plan is annual, the £180 stays on the invoice"
    return -1


def _limit_named(words: list[str]) -> bool:
    """The words name a limit or a rule, or a span of time one allows ("48 hours")."""
    for k, x in enumerate(words):
        if x in _LIMITS or (x == "most" and k > 0 and words[k - 1] == "at"):
            return True
        if x in _SPANS and k > 0 and words[k - 1][:1].isdigit():
            return True
        if x.endswith("h") and x[:-1].isdigit():
            return True  # "the 24h window"
    return False
