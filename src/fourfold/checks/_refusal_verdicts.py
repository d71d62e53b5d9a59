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

A case note gives its verdict with the reason instead of the request when the reason is an
authority missing ("Not acct holder, no authority on file — declined", "Refused: requester
not owner/admin": `no_authority`), and opens a line on the verdict with what was asked
after it ("Declined admin access to partner's account — not the holder", "[10:45] Declined
the refund; advised..."), a noun of a request, an access or a grant (not "Declined payment
on 3 May", a bank's, nor a header's count, "Declined requests: 4", nor a verdict after a
name set beside its noun, which is its subject: "The seller, HomeNest, refused your return",
`_after_apposition`, round 294).
Reads the line up to its verdict once, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._lexicon import AUTH_NOUNS
from ._refusal_reasons import Reasons
from ._refusal_words import DECIDED, DECIDED_REQUESTS, REQUEST_NOUNS, REQUEST_VERBS

__all__ = ["bare_verdict", "no_authority", "request_verdict"]

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
     "compensation", "reimbursement", "permit", "permits", "pay", "requested", "requesting"}
) | REQUEST_NOUNS | DECIDED_REQUESTS  # fmt: skip
"""What a line names as asked for: its first word a verb of a request, or a noun of one in it;
or the asking itself, as a case note tells it ("guest requested early check-in at 08:00 —
declined": dev round 268, whatever was asked)."""

_PAYMENTS = frozenset({"card", "payment", "transaction", "debit", "cheque", "check", "direct"})
"""A line about a payment: its "declined" is the bank's, not the business's."""

_BANKS = _PAYMENTS | frozenset({"funds", "insufficient", "issuer", "bank", "cvv", "3-d", "3ds"})
"""What shows a note's "Declined ..." to be a bank's: "Declined transfer — insufficient funds"."""

_HOLDERS = frozenset(
    {"holder", "holders", "owner", "owners", "admin", "admins", "administrator",
     "administrators", "signatory", "authorised", "authorized", "guardian", "account-holder",
     "accountholder", "member"}
)  # fmt: skip
"""Who may ask, named as what the asker is not: "not the holder", "requester not owner/admin"."""

_LEAVE = frozenset(
    {"authority", "authorisation", "authorization", "consent", "permission", "mandate", "poa"}
)  # fmt: skip
"""What one asking for another's account lacks: "no authority on file", "without consent"."""


def no_authority(words: list[str]) -> bool:
    """The words give an authority missing as a reason: "not the holder", "no consent".

    "not" and a word of `_HOLDERS` within three words ("Not acct holder", "requester not
    owner/admin", "not the account holder"); "no" or "without" and a word of `_LEAVE`
    within two ("no authority on file", "without written consent").
    """
    for k, x in enumerate(words):
        if x == "not" and not _HOLDERS.isdisjoint(words[k + 1 : k + 4]):
            return True
        if x in {"no", "without"} and not _LEAVE.isdisjoint(words[k + 1 : k + 3]):
            return True
    return False


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
    # what is not shared needs no request named ("Their history: not shared"), nor a verdict
    # after an authority missing ("Not acct holder, no authority on file — declined")
    if first not in _ASKED and _ASKED.isdisjoint(line) and not disclosed:
        if not (w in DECIDED and no_authority(line)):
            return None
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
    limit is 2 replacements per 30 days", "Refused: requester not owner/admin" (an authority
    missing, `no_authority`), "Declined admin access to partner's account" (what was asked,
    `_asked_after`). Not a payment's ("Declined – card issuer").
    """
    if r.w[i] not in DECIDED:
        return None
    opens = i == 0 or (not r.is_word(i - 1) and not _after_apposition(r, i - 1))
    if r.word(i + 1) not in _ENDS:
        return _asked_after(r, i) if opens else None
    asked = REQUEST_NOUNS | DECIDED_REQUESTS
    if r.word(i - 1) in asked and (i == 1 or not r.is_word(i - 2)):
        return ("declines", i - 1, i + 1, None)  # "Extension refused."
    if opens and r.word(i + 1) in {"—", "–", "-", ":"}:
        rest = r.w[i + 2 : i + 10]
        if (not _LIMITS.isdisjoint(rest) or no_authority(rest)) and _PAYMENTS.isdisjoint(rest):
            return ("declines", i, i + 1, None)  # "[14:03] Declined – limit is 2 per month"
    return None


_NAMING = frozenset({"the", "your", "their", "his", "her", "this", "that"})
"""What opens the noun phrase a name is set beside: "the seller, HomeNest, refused it"."""


def _after_apposition(r: Reasons, c: int) -> bool:
    """The comma at `c` closes a name set beside a noun: "The seller, HomeNest, refused...".

    A verdict after it has that noun for its subject (someone else's, told about), and opens
    no note's line. The name is one to three capitalised words between two commas (not a
    note's step, "Called the store, spoke to Jo, declined"), and the noun before
    the first comma opens with a determiner of `_NAMING` at most three words before it; a
    fixed window, so the cost stays constant.
    """
    if r.w[c] != ",":
        return False
    first = next((k for k in range(c - 2, max(-1, c - 5), -1) if r.w[k] == ","), -1)
    if first < 1 or not all(r.is_word(k) and r.s.tokens[k].cap for k in range(first + 1, c)):
        return False
    noun = range(first - 1, max(-1, first - 4), -1)
    return r.is_word(first - 1) and any(r.w[k] in _NAMING for k in noun if r.is_word(k))


_OPENING_VERDICTS = frozenset({"declined", "refused", "denied", "rejected"})

_ASKED_AFTER = REQUEST_NOUNS | DECIDED_REQUESTS | AUTH_NOUNS
"""What a note's opening verdict names after it: "Declined admin access", "Refused refund"."""


def _asked_after(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At a verdict opening a note's line, what was asked named in the three words after it.

    "Declined admin access to partner's account — not the holder", "[10:45] Declined the
    refund; advised...": a noun of `_ASKED_AFTER` within three words; not a bank's ("Declined
    payment on 3 May", "Declined transfer — insufficient funds": `_BANKS` in the line's first
    dozen words), nor a header ("Declined requests: 4"), nor someone else's ("... by").
    """
    if r.w[i] not in _OPENING_VERDICTS or r.s.question or r.word(i + 1) in {"to", "by"}:
        return None
    for k in range(i + 1, min(r.n, i + 4)):
        if not r.is_word(k):
            return None
        if r.w[k] in _ASKED_AFTER:
            if r.word(k + 1) == ":" or not _BANKS.isdisjoint(r.w[i : i + 12]):
                return None
            return ("declines", i, k + 1, None)
    return None
