"""Data said to be confidential or kept private: another person's, kept from the customer.

"That information is confidential", "those details are private" (`confidential`, rule "not
possible"): the data named by a short subject is kept back. Kept as confidential by the
house, or under its rule, it declines too when the subject names someone else: "details of
the person who messaged you are kept confidential under our privacy policy", "the room number
of our guests is something the front desk keeps private for everybody"; and who someone is,
kept anonymous: "reviewer identities are kept anonymous on our platform". Not the customer's
own ("your details are kept confidential", "your identity is kept anonymous": a
reassurance), and not negated. Someone else's, said to stay or remain private: "their phone
number and email are going to remain private on our side" (`_theirs_kept`). Each reads a few words
around the anchor, or the clause before it once, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import CONFIDENTIAL, CONFIDENTIAL_SUBJECTS

__all__ = ["SECRECY", "confidential"]

SECRECY = CONFIDENTIAL | {"anonymous"}
"""The words `confidential` anchors at: "that information is confidential", "kept anonymous"."""

_WHO = frozenset({"identity", "identities", "names", "name"})
"""Who someone is, kept back: "reviewer identities are kept anonymous"."""

_KEPT = frozenset({"kept", "keep", "keeps", "held", "treated"})

_SOMEONE_ELSE = frozenset(
    {"person", "persons", "people", "member", "members", "guest", "guests", "his", "her",
     "their", "customer", "customers", "other", "another", "resident", "residents",
     "tenant", "tenants", "user", "users", "patient", "patients", "staff", "employee",
     "sender", "senders", "payer", "payers", "caller", "callers", "complainant",
     "complainants"}
)  # fmt: skip
"""In the subject: whose data is kept back ("details of the person who messaged you")."""


def confidential(r: Reasons, i: int) -> Found | None:
    """At "confidential", "private"...: data named as kept from the customer; or None."""
    if r.s.negation[i] >= 0 and r.s.negation[i] >= i - 3:
        return None
    before = r.word(i - 1)
    if before in {"kept", "held"} and r.word(i - 2) in {"is", "are", "be"}:
        start = r.subject_start(i - 2)
        subject = r.w[start : i - 2]
        if not _WHO.isdisjoint(subject) and "your" not in subject and "you" not in subject:
            return ("not possible", start, i + 1, None)  # "reviewer identities are kept"
    if r.w[i] == "anonymous":
        return None  # only who someone is, kept anonymous
    if before in {"remain", "remains", "stays", "stay"} and (found := _theirs_kept(r, i)):
        return found  # "their phone number and email are going to remain private"
    if before in {"is", "are", "remain", "remains", "stays", "stay"}:
        if r.word(i - 2) not in CONFIDENTIAL_SUBJECTS:
            return None
        return ("not possible", i - 2, i + 1, None)  # "that information is confidential"
    if before not in _KEPT and (found := _kept_active(r, i)):
        return found  # "the council keeps the identity of complainants confidential"
    if before not in _KEPT or r.s.question or r.hypothetical(i):
        return None
    subject = r.w[max(0, i - 24) : i - 1]
    owned = any(r.s.tokens[k].possessive and r.w[k] != "you" for k in range(max(0, i - 24), i))
    if _SOMEONE_ELSE.isdisjoint(subject) and not owned:
        return None  # "your details are kept confidential": the customer's own, reassured
    if "your" in subject and _SOMEONE_ELSE.isdisjoint(subject):
        return None
    return ("not possible", r.subject_start(i), i + 1, None)


_THEIR = frozenset({"his", "her", "their"})


def _kept_active(r: Reasons, i: int) -> Found | None:
    """At "confidential": who someone is, kept so by the house in the active voice.

    "The council keeps the identity of complainants confidential", "we keep the names of
    reviewers private" (the eleventh pass): "keep", "keeps" or "kept" at most eight words
    before, who someone is (`_WHO`) between, and no "you" or "your" ("we keep your name
    confidential" reassures); not negated, a question or a condition.
    """
    k = next((k for k in range(i - 2, max(-1, i - 9), -1) if r.w[k] in _KEPT), -1)
    if k < 0 or r.w[k] in {"held", "treated"} or r.s.question or r.hypothetical(i):
        return None
    between = r.w[k + 1 : i]
    if _WHO.isdisjoint(between) or "your" in between or "you" in between:
        return None
    if r.s.negation[i] >= 0 and r.s.negation[i] >= k - 3:
        return None
    return ("not possible", r.subject_start(k), i + 1, None)


def _theirs_kept(r: Reasons, i: int) -> Found | None:
    """At "private" after "remain" or "stay": someone else's data kept back, from its subject.

    "their phone number and email are going to remain private on our side", "his address
    stays confidential": the subject opens with "his", "her" or "their" (or a possessive
    person, "the payer's") and names data; not the customer's own ("your details remain
    private": a reassurance), not negated, a question or a condition.
    """
    start = r.subject_start(i)
    if r.word(start) == "and":  # "their phone number and email": a clause split at "and"
        start = next(
            (k for k in range(start - 1, max(-1, start - 5), -1) if r.w[k] in _THEIR), start
        )
    start += r.word(start) in {"but", "and", "so", "though"}
    subject = r.w[start : i - 1]
    owned = r.word(start) in _THEIR or any(
        r.s.tokens[k].possessive and r.w[k] not in {"you", "our"} for k in range(start, i)
    )
    if not owned or "your" in subject or "you" in subject or r.s.question:
        return None
    if _DATA.isdisjoint(subject) or r.hypothetical(i):
        return None
    if r.s.negation[i] >= start:
        return None
    return ("not possible", start, i + 1, None)


_DATA = frozenset(
    {"number", "numbers", "email", "emails", "address", "addresses", "details", "name",
     "names", "identity", "phone", "contact", "information", "info", "data"}
)  # fmt: skip
"""What is kept back, named in the subject: "their phone number and email"."""
