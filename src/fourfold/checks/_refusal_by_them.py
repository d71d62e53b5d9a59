"""An act asked for, said to be someone else's to do: the business will not do it for them.

Staff decline a change on another person's account, or a request only its owner may make,
by saying who must do it: "changing the phone number there must be done by him personally",
"the SIM swap is to be done by the registered owner only", "any redirection has to come
from her side" (`done_by_them`, rule "declines"). "must", "has to", "needs to" or "is to",
"be" and a participle of doing ("done", "made", "requested"), then "by" and another person
("him", "her", "them", "the registered owner", "the account holder", a case note's bare
"account holder"); or "come from" them
("from her side", "from him", "the holder's address"), or "comes only from" them with no
modal ("change of it comes only from her side"); or, in the present with no modal, by them
in person, a reflexive after the person: "the number on Mrs Patel's policy is updated by Mrs
Patel herself", "changes on it are made by your mother herself", when the reply names
someone else ("Mrs Patel's policy"; not "the cakes are made by Maria herself"). What is
theirs is released to them alone: "your husband's test results are released to him alone"
(`_released_to_them`). Not the customer ("must be done by you"), not a trade or a time
("has to be done by an engineer", "by Friday"), not negated, a question or a condition.
The anchor is the participle or "come"; the rule reads a fixed window around it, so the cost
stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_routed import names_someone_else
from ._refusal_words import PEOPLE

__all__ = ["BY_THEM_ANCHORS", "done_by_them"]

_DONE = frozenset(
    {"done", "made", "requested", "submitted", "authorised", "authorized", "arranged",
     "completed", "signed", "initiated", "started", "updated", "changed"}
)  # fmt: skip

_RELEASED = frozenset({"released", "given", "shown", "disclosed"})

BY_THEM_ANCHORS = _DONE | _RELEASED | frozenset({"come", "comes"})
"""The words `done_by_them` anchors at."""

_MUST = frozenset({"must", "has", "have", "needs", "need", "is", "are"})
"""Before "to be done" or "be done": "must be done", "has to be done", "is to be done"."""

_THEM = frozenset({"him", "her", "them", "himself", "herself", "themselves"})

_OWNERS = frozenset({"owner", "holder", "policyholder", "subscriber", "recipient"})
_OWNING = frozenset({"registered", "account", "named", "legal", "current"})
"""Before an owner: "the registered owner", "the account holder"; not "the owner" alone."""

_REFLEXIVE = frozenset({"himself", "herself", "themselves"})
"""After the person, in the present with no modal: "is updated by Mrs Patel herself"."""

_PLACES = frozenset({"side", "end", "address", "email", "login", "account"})
"""Theirs, whence the act must come: "from her side", "from the holder's address"."""


def done_by_them(r: Reasons, i: int) -> Found | None:
    """At "done", "made"... or "come": the act is someone else's to do, so not done here."""
    w = r.w[i]
    if w in _RELEASED:
        return _released_to_them(r, i)
    if w == "comes" or (w == "come" and r.word(i - 1) != "to"):
        if r.word(i + 1) != "only" or r.word(i + 2) != "from":
            return None  # "change of it comes only from her side"
        modal, whom = i, i + 3
    elif w == "come":
        if r.word(i - 2) not in _MUST or r.word(i + 1) != "from":
            return None  # "has to come from her side"
        modal, whom = i - 2, i + 2
    else:
        if r.word(i + 1) != "by":
            return None
        if r.word(i - 1) in {"is", "are"}:
            end = _in_person(r, i + 2)  # "is updated by Mrs Patel herself"
            if end >= 0 and not names_someone_else(r.text):
                return None  # "the cakes are made by Maria herself": a boast
            modal = i - 1
        else:
            end = -1
            modal = i - 2 - (r.word(i - 2) == "to")
            if r.word(i - 1) != "be" or r.word(modal) not in _MUST:
                return None
            if r.word(modal) in {"is", "are"} and modal == i - 2:
                return None  # "must be done by", "is to be done by"; not "is done by"
        whom = i + 2
    end = _them(r, whom) if modal != i - 1 else end
    if end < 0 or r.s.question or r.hypothetical(i):
        return None
    start = r.subject_start(i)
    if r.s.negation[i] >= start:
        return None
    return ("declines", start, end, None)


def _them(r: Reasons, k: int) -> int:
    """From `k`, another person who must act ("him", "her side", "the account holder"); or -1."""
    x = r.word(k)
    if x in {"his", "her", "their"} and r.word(k + 1) in {"side", "end"}:
        return k + 2
    if x == "the" and r.word(k + 1) in _OWNERS and r.s.tokens[min(k + 1, r.n - 1)].possessive:
        if r.word(k + 2) in _PLACES:
            return k + 3  # "has to come from the holder's address"
    if x in _THEM:
        return k + 1 + (r.word(k + 1) in {"personally", "only", "alone", "directly"})
    if x == "the" and r.word(k + 1) in _OWNING and r.word(k + 2) in _OWNERS:
        return k + 3 + (r.word(k + 3) in {"only", "personally", "directly"})
    if x == "account" and r.word(k + 1) == "holder":
        return k + 2  # a case note's "must be completed by account holder"
    return -1


def _in_person(r: Reasons, k: int) -> int:
    """From `k`, a person and a reflexive ("Mrs Patel herself", "your mother herself"); or -1.

    At most three words before the reflexive: a name ("Mrs Patel", "Daniel") or "your" and a
    relation ("your mother"); not a trade ("by the engineer himself"), nor the customer.
    """
    for m in range(k + 1, min(r.n, k + 4)):
        if r.w[m] in _REFLEXIVE:
            named = all(r.s.tokens[x].cap and r.is_word(x) for x in range(k, m))
            if named or (r.w[k] == "your" and r.w[m - 1] in PEOPLE):
                return m + 1
            return -1
    return -1


def _released_to_them(r: Reasons, i: int) -> Found | None:
    """At "released": "his results are released to him alone", kept from anyone else.

    "is" or "are", the participle, "to" another person ("him", "the student") and "alone" or
    "only"; not the customer's own ("your marks are released to the student alone"); not "only
    after" or "only once" (a time, read by `only_limit`), nor "to you".
    """
    if r.word(i - 1) not in {"is", "are"} or r.word(i + 1) != "to":
        return None
    k = i + 2 + (r.word(i + 2) in {"the", "that"} and r.word(i + 3) in PEOPLE)  # "the student"
    if (r.word(k) not in _THEM and k == i + 2) or r.word(k + 1) not in {"alone", "only"}:
        return None
    if r.word(k + 2) in {"after", "once", "when", "if", "until"} or r.s.question:
        return None
    start = r.subject_start(i)
    if r.s.negation[i] >= start or r.hypothetical(i):
        return None
    if r.word(start) in {"your", "you"} and not r.s.tokens[min(start + 1, i)].possessive:
        return None  # the customer's own; not "your husband's results"
    return ("declines", start, k + 2, None)
