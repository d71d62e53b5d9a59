"""Another person's data or access, declined by saying where it goes: to them, not here.

Staff asked for someone else's login, statements or results often answer by naming where
those go, and so that they do not go to the customer: "the password reset link goes to the
email address he registered", "access to your late aunt's online banking goes only to the
executor", "your husband's results are sent to him through his own portal", "the login
details for it go to them", "that figure is visible to her and to HR" (`routed_to_them`,
rule "declines").

Three things must hold, or a routine answer about the customer's own would read the same
("the reset link goes to the email on the account" when the customer reset their own):

- the subject names data or a way in (`_DATA`: "link", "code", "details", "results",
  "statements", "access", "recovery"...), not the customer's own ("your statements"; but
  "your husband's results" is someone else's);
- where it goes is another person: "him", "her", "them", "his address", "the executor",
  "the account holder", "the previous owner", "the email on that account", "that email",
  "the email she gave" (`_elsewhere`); not "you", "your inbox", nor a thing ("the card");
- the reply names that other person somewhere (`names_someone_else`): "your father",
  "your sister's booking", "another player", "the previous owner", "Marcus's grades".

"go" or "goes" (after "only", "can only ever", "will only"), "is" or "are" "sent",
"emailed", "posted", "issued" or "released", or "is visible", then "to" and the other
person. Not negated, not a question or a condition, and not after "I" or "we" in the
sentence ("I've updated your mother's address, and the confirmation is sent to her"). The
anchor is the verb; the rule reads a fixed window around it, and the reply's names once
(cached), so the cost stays linear.
"""

from __future__ import annotations

from functools import lru_cache

from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import PEOPLE
from ._tokens import tokenize

__all__ = ["ROUTED_ANCHORS", "names_someone_else", "routed_to_them"]

_GOING = frozenset({"go", "goes"})
_SENT = frozenset({"sent", "emailed", "posted", "issued", "released", "mailed"})

ROUTED_ANCHORS = _GOING | _SENT | frozenset({"visible"})
"""The words `routed_to_them` anchors at."""

_DATA = frozenset(
    {"access", "link", "links", "code", "codes", "details", "login", "logins", "password",
     "passwords", "recovery", "confirmation", "confirmations", "results", "result",
     "statement", "statements", "balance", "balances", "information", "info", "times",
     "numbers", "number", "records", "record", "documents", "copies", "correspondence",
     "data", "updates", "notifications", "alerts", "credentials", "pin", "passcode",
     "transcript", "transcripts", "figure", "figures", "payslip", "payslips", "report",
     "reports", "address", "reset", "invitation", "invite", "letters"}
)  # fmt: skip
"""What is routed: data or a way in ("the reset link", "balances and statements")."""

_BETWEEN = frozenset({"only", "ever", "straight", "directly", "always", "solely"})
"""Between the verb and "to": "goes only to", "only ever goes to", "is sent directly to"."""

_BEFORE_GO = frozenset({"only", "ever", "can", "will", "always", "just", "solely"})
"""Before "go": "can only ever go to", "will only go to"."""

_THEM = frozenset({"him", "her", "them", "himself", "herself", "themselves"})

_FIRST = frozenset({"i", "we", "i've", "we've", "i'll", "we'll"})
"""Before the subject in the sentence: an act of ours told first, so what goes to them
follows a change done for them, not a refusal."""

_THEIR_PLACES = frozenset(
    {"address", "email", "e-mail", "inbox", "phone", "portal", "login", "account", "app",
     "number", "side", "end"}
)  # fmt: skip
"""After "his", "her", "their": where the other person receives it ("her address")."""

_HOLDERS = frozenset({"executor", "executors", "holder", "owner", "administrator", "trustee"})
"""Whom an account's data goes to: "the executor", "the account holder", "the owner"."""

_EMAILS = frozenset({"email", "e-mail", "address", "phone", "number", "inbox"})

_THIRD = frozenset({"he", "she", "they"})

_MARKING = frozenset(
    {"previous", "former", "current", "registered", "named", "listed", "sole", "other",
     "another", "different", "late", "ex", "legal"}
)  # fmt: skip
"""Before a person who is not the customer: "the previous owner", "a different customer"."""


def routed_to_them(r: Reasons, i: int) -> Found | None:
    """At "goes", "sent" or "visible": another's data or access goes to them; or None."""
    w = r.w[i]
    if w in _GOING:
        k = i - 1
        while k > i - 4 and r.word(k) in _BEFORE_GO:
            k -= 1  # "can only ever go", "only ever goes"
    else:
        k = i - 1 - (r.word(i - 1) in _BETWEEN)
        if r.word(k) not in {"is", "are", "get", "gets"}:
            return None  # "are sent to her", "is visible to her"
    j = i + 1
    while j < i + 3 and r.word(j) in _BETWEEN:
        j += 1
    if r.word(j) != "to":
        return None
    end = _elsewhere(r, j + 1)
    if end < 0 or r.s.question or r.hypothetical(i):
        return None
    start = r.subject_start(k if k < i else i)
    if r.s.negation[i] >= start:
        return None  # "it doesn't go to her"
    subject = r.w[start : k + 1]
    if _DATA.isdisjoint(subject):
        return None
    theirs = any(
        r.s.tokens[x].possessive and r.w[x] != "you" for x in range(start, k + 1)
    )  # "your husband's results"
    if ("your" in subject or "you" in subject) and not theirs:
        return None  # the customer's own: "your statements are sent to her" reads as consent
    if not _FIRST.isdisjoint(r.w[r.s.clause_start[r.s.clause[0]] : start]):
        return None  # "I've updated your mother's address, and the confirmation is sent to her"
    if not names_someone_else(r.text):
        return None
    return ("declines", start, end, None)


def _elsewhere(r: Reasons, k: int) -> int:
    """From `k`, another person or their address ("her", "the executor"); its end, or -1."""
    x = r.word(k)
    if x in {"his", "her", "their"} and r.word(k + 1) in _THEIR_PLACES:
        return k + 2
    if x in _THEM:
        return k + 1
    if x in {"that", "this"} and r.word(k + 1) in _EMAILS:
        return k + 2  # "only ever goes to that email"
    if x != "the":
        return -1
    m = k + 1 + (r.word(k + 1) in _MARKING or r.word(k + 1) == "account")
    if r.word(m) in _HOLDERS:
        return m + 1  # "the executor", "the account holder", "the previous owner"
    if r.word(k + 1) in _EMAILS:
        m = k + 2 + (r.word(k + 2) == "address")
        if r.word(m) in _THIRD:
            return m + 2  # "the email address he registered", "the email she gave"
        if r.word(m) == "on" and r.word(m + 1) in {"that", "the", "his", "her", "their"}:
            if r.word(m + 2) in {"account", "profile", "booking", "policy"}:
                return m + 3  # "the email on that account"
    return -1


@lru_cache(maxsize=8)
def names_someone_else(text: str) -> bool:
    """The reply names a person other than the customer: "your father", "Marcus's grades".

    A person of `PEOPLE` after "your" (past "late", "former"...: "your late aunt"), or
    marked as not the customer ("the previous owner", "another player", "a different
    customer"); a possessive person ("your sister's", "Marcus's"); or "someone else".
    """
    tokens = tokenize(text)
    words = [t.word for t in tokens]
    for k, t in enumerate(tokens):
        x = t.word
        if t.possessive and x != "you" and (x in PEOPLE or t.cap):
            return True
        if x == "your" or x in _MARKING:
            m = k + 1
            while m < min(len(words), k + 3) and words[m] in _MARKING:
                m += 1  # "your late", "your former business"
            nxt = words[m] if m < len(words) else ""
            if nxt not in PEOPLE and m + 1 < len(words) and words[m + 1] in PEOPLE:
                nxt = words[m + 1]  # "your business partner", "your elderly mother"
            if nxt in PEOPLE or nxt in {"player", "executor"}:
                if x != "your" or nxt not in {"customer", "user", "member", "client", "else"}:
                    return True
        if x == "someone" and k + 1 < len(words) and words[k + 1] == "else":
            return True
    return False
