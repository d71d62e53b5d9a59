"""A request named in a list or table line, and the verdict on it after a dash or colon.

Agents report what they did as lines, one per request, the verdict after the request:
"Waive late-payment fee ($15) — declined, a fee was already waived this year", "Request 2 —
bypass 2FA on admin@: declined", "| Extend warranty to 3 years | Not eligible – ... |",
"Login history for j.meyer@: not shared — that's another user's data", "Your colleague's room
number: not shared", "Refund on the annual plan: no — ...". The line opens with the request
(a verb of one, "waive", "extend", "bypass", or a noun of one, "refund", "request",
"extension"); the verdict is a word of declining, "not" and a word of granting, or a bare
"no". Not a bank's decline of a payment ("Card payment: declined"), nor the customer's own
data kept private ("Your data: not shared"); but the customer's own request, declined, is
("Outcome of your request for early release of the deposit: refused"), and so is another
person's data, named after "your" ("Your colleague's room number: not shared").
Reads the line up to its verdict once, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons
from ._refusal_words import DECIDED, DECIDED_REQUESTS, REQUEST_NOUNS, REQUEST_VERBS

__all__ = ["bare_verdict", "request_verdict"]

_NOT_GIVEN = frozenset(
    {"eligible", "approved", "possible", "permitted", "allowed", "shared", "granted",
     "accepted", "available", "supported", "authorised", "authorized", "disclosed",
     "released", "payable"}
)  # fmt: skip
"""After "not", a verdict's value: "not eligible", "not shared", "not permitted"."""

_SEPARATORS = frozenset({":", "—", "–", "-", "|"})

_ASKED = REQUEST_VERBS | frozenset(
    {"waive", "extend", "bypass", "reset", "unlock", "reverse", "refund", "reinstate",
     "backdate", "override", "share", "release", "disclose", "transfer", "raise", "increase",
     "lift", "reopen", "reconsider", "expedite", "match", "reimburse", "compensate", "waiver",
     "extension", "chargeback", "exception", "refunds", "credit", "voucher", "discount",
     "compensation", "reimbursement", "permit", "permits", "pay"}
) | REQUEST_NOUNS | DECIDED_REQUESTS  # fmt: skip
"""What a line names as asked for: its first word a verb of a request, or a noun of one in it."""

_PAYMENTS = frozenset({"card", "payment", "transaction", "debit", "cheque", "check", "direct"})
"""A line about a payment: its "declined" is the bank's, not the business's."""


def request_verdict(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At the verdict of a request's line ("— declined", ": not shared", "| Not eligible").

    Returns the finding from the line's first word to the verdict, or None.
    """
    w = r.w[i]
    if w in DECIDED:
        end = i + 1
    elif w == "not" and r.word(i + 1) in _NOT_GIVEN:
        end = i + 2
    elif w == "no" and (r.word(i + 1) in _SEPARATORS or r.word(i + 1) in {",", ".", ""}):
        end = i + 1  # "Refund on the 2023 plan: no — ..."
    else:
        return None
    if r.word(end) == "by":
        return None  # "| Refund | ❌ Declined by your bank |": someone else's verdict
    k = i - 1
    while k >= 0 and not r.is_word(k) and r.w[k] not in _SEPARATORS:
        k -= 1  # marks between the separator and the verdict: ": ❌ declined"
    if k < 1 or r.w[k] not in _SEPARATORS:
        return None
    start = _line_start(r, k)
    named = 0 < start and r.w[start - 1] != "|" and k <= _LONG_LINE
    if named and r.word(0) in _NAMED_REQUESTS:
        start = 0  # a long line opened by the request: "Request to log in to ... : refused"
    line = r.w[start:k]
    if not line or not _PAYMENTS.isdisjoint(line[:4] if named and start == 0 else line):
        return None  # a long line's payment is the request's name only ("to check the bills")
    disclosed = w == "not" and r.word(i + 1) in {"shared", "disclosed", "released"}
    theirs = disclosed and r.third_party(start, k)  # "Your colleague's room number: not shared"
    if ("your" in line or "you" in line) and w not in DECIDED and not theirs:
        return None  # but "Outcome of your request for early release: refused"
    first = next((x for x in line if x.isalpha()), "")
    if first not in _ASKED and _ASKED.isdisjoint(line) and not disclosed:
        return None  # but what is not shared needs no request named: "Their history: not shared"
    return ("declines", start, end, None)


_LONG_LINE = 30
"""How many words a line opened by the request it names may run before its verdict."""

_NAMED_REQUESTS = frozenset({"request", "requests", "application", "claim", "appeal"})
"""What a line opens with that names its request: "Request to log in to ...: refused"."""


def _line_start(r: Reasons, k: int) -> int:
    """The first word of the item that the separator at `k` ends: past a row's "|"."""
    start = k - 1
    while start > 0 and start > k - 14 and r.w[start - 1] != "|":
        start -= 1
    while start < k and not r.is_word(start):
        start += 1
    return start


_ENDS = frozenset({".", ":", ";", "—", "–", "-", ""})

_LIMITS = frozenset(
    {"limit", "limits", "policy", "max", "maximum", "minimum", "rule", "rules", "allowance",
     "cap", "terms"}
)  # fmt: skip


def bare_verdict(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At a verdict that ends a line's request or opens a log line with a limit after it.

    "Parkwise: Extension refused.", "- Cancellation refused: minimum term", "[14:03] Declined –
    limit is 2 replacements per 30 days". Not a payment's ("Declined – card issuer").
    """
    if r.w[i] not in DECIDED or r.word(i + 1) not in _ENDS:
        return None
    asked = REQUEST_NOUNS | DECIDED_REQUESTS
    if r.word(i - 1) in asked and (i == 1 or not r.is_word(i - 2)):
        return ("declines", i - 1, i + 1, None)  # "Extension refused."
    if (i == 0 or not r.is_word(i - 1)) and r.word(i + 1) in {"—", "–", "-", ":"}:
        rest = r.w[i + 2 : i + 10]
        if not _LIMITS.isdisjoint(rest) and _PAYMENTS.isdisjoint(rest):
            return ("declines", i, i + 1, None)  # "[14:03] Declined – limit is 2 per month"
    return None
