"""A request sent elsewhere: to an outside party whose job it is, or to the person whose it is.

Staff decline by naming who else must do what was asked, and why it is not theirs:

- an outside party's job, with the house's narrower scope said after it: "assembling
  furniture bought elsewhere is a job for a local handyman, as our fitters only build pieces
  from our own range", "visa paperwork is handled by the embassy, as we look after flights
  and hotels only" (`outside_job`, rule "not something we do"). The redirection is a copula
  or "handled", then "for", "by" or "to" and an indefinite or "your own" party; the scope is
  "we" or "our" and "only" in a later clause. Not a unit of ours ("one for our billing
  team"), not the customer ("for you"), not a time ("for a limited time");
- the other person alone may act: "only the account holder can cancel it" (or one who stands
  in for them: "only she or a registered attorney can request it"), "the address is
  their personal information and only they can give it to you", "the call log can only be
  requested by her as the account holder" (`only_they_can`, rule "declines"). A pronoun
  counts only when the thing is said to be theirs earlier in the sentence ("their", "his",
  "her"), so "only they can refund it" about a team of ours does not;
- a perk kept for a group the customer is not in: "late check-out is only possible for our
  Gold members", "the promo price is for new customers only" (`for_a_group_only`, rule "not
  possible").

Each reads a bounded window around "only", so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["elsewhere_only"]

_BREAKS = frozenset({",", "as", "because", "since", "—", "-", ";", "so"})
"""What opens the house's scope after the redirection: ", our fitters only build"."""

_COPULAS = frozenset({"is", "are", "was", "belongs", "belong", "handled", "done", "sorted"})

_TO_THEM = frozenset({"for", "by", "to"})

_PARTIES = frozenset({"a", "an", "the", "your"})
"""Before an outside party: "a local handyman", "the embassy", "your own electrician"."""

_OURS = frozenset(
    {"our", "us", "we", "me", "you", "team", "colleague", "colleagues", "department",
     "manager", "supervisor", "time", "while", "period", "moment", "day", "week", "month",
     "year", "few", "fee", "charge", "price", "discount", "refund", "reason"}
)  # fmt: skip
"""In the party named: a unit of ours, the customer, a time or a sum; not an outside party."""

_OWNERS = frozenset({"owner", "holder", "policyholder", "subscriber", "keeper"})
_OWNING = frozenset({"the", "that", "its", "their", "his", "her", "account", "registered",
                     "named", "legal"})  # fmt: skip

_PRONOUNS = {"they": "their", "he": "his", "she": "her"}
_OBJECTS = frozenset({"him", "her", "them"})

_CAN = frozenset({"can", "may", "could"})

_GROUPS = frozenset(
    {"members", "customers", "guests", "subscribers", "residents", "students", "holders",
     "clients", "cardholders", "patients"}
)  # fmt: skip
"""Who a perk is kept for: "for our Gold members", "for new customers only"."""


def elsewhere_only(r: Reasons, i: int) -> Found | None:
    """At "only": an outside party's job, the other person's act, or a group's perk."""
    if r.s.question or r.hypothetical(i):
        return None
    return outside_job(r, i) or only_they_can(r, i) or for_a_group_only(r, i)


def _scope_start(r: Reasons, i: int) -> int:
    """Before "only" at `i`: where "we" or "our" starts the house's scope clause, or -1."""
    for k in range(i - 1, max(-1, i - 7), -1):
        x = r.w[k]
        if x in {"we", "our"}:
            return k
        if not r.is_word(k) or x in {"you", "your", "if"}:
            return -1
    return -1


def _outside_party(r: Reasons, k: int, stop: int) -> bool:
    """From the preposition at `k`: an indefinite or "your own" party up to `stop`, not ours."""
    if r.word(k + 1) not in _PARTIES:
        return False
    if r.word(k + 1) == "your" and r.word(k + 2) != "own":
        return False
    party = []
    for j in range(k + 2, min(stop, k + 7)):
        if not r.is_word(j) or r.w[j] in _BREAKS:
            break
        party.append(r.w[j])
    return bool(party) and _OURS.isdisjoint(party)


def outside_job(r: Reasons, i: int) -> Found | None:
    """At "only": "X is a job for a handyman, as our fitters only build our own range"."""
    scope = _scope_start(r, i)
    if scope < 2 or r.word(scope - 1) not in _BREAKS and r.word(scope - 2) not in _BREAKS:
        return None
    if r.s.negation[i] >= scope:
        return None
    for k in range(scope - 2, max(0, scope - 16), -1):
        if r.w[k] in _TO_THEM and _COPULAS & set(r.w[max(0, k - 4) : k]):
            if _outside_party(r, k, scope):
                return ("not something we do", r.subject_start(k), i + 1, None)
    return None


def only_they_can(r: Reasons, i: int) -> Found | None:
    """At "only": "only the account holder can cancel it", "can only be asked for by her"."""
    if r.word(i - 1) in _CAN and r.word(i + 1) == "be" and r.word(i + 3) == "by":
        if r.word(i + 4) in _OBJECTS or r.word(i + 5) in _OWNERS:
            # "can only be requested by her", "can only be made by the registered keeper"
            end = i + 5 + (r.word(i + 5) in _OWNERS)
            return ("declines", r.subject_start(i), end, None)
        return None
    k = i + 1
    x = r.word(k)
    if x in _PRONOUNS:
        if _PRONOUNS[x] not in r.w[max(0, i - 12) : i]:
            return None  # "only they can refund it": whose, unsaid
        k += 1
    else:
        while r.word(k) in _OWNING and k < i + 4:
            k += 1
        if r.word(k) not in _OWNERS:
            return None
        k += 1
    k = _or_their_stand_in(r, k)
    if r.word(k) in _CAN:
        end = k + 2
    elif r.word(k) in {"is", "are"} and r.word(k + 1) == "able":
        end = k + 4
    else:
        return None
    if r.s.negation[i] >= r.subject_start(i):
        return None
    return ("declines", i, min(r.n, end), None)


_STAND_INS = _OWNERS | frozenset(
    {"attorney", "guardian", "executor", "representative", "deputy", "trustee"}
)  # fmt: skip
"""Who may act for the other person beside them: "only she or a registered attorney can"."""


def _or_their_stand_in(r: Reasons, k: int) -> int:
    """At `k`, after who alone may act: past "or" and one who stands in for them, else `k`.

    "only she or a registered attorney can request it", "only the holder or their executor
    can close it": "or", at most three words, and a noun of `_STAND_INS`.
    """
    if r.word(k) != "or":
        return k
    for t in range(k + 1, min(r.n, k + 5)):
        if r.word(t) in _STAND_INS:
            return t + 1
        if not r.word(t).isalpha():
            return k
    return k


def for_a_group_only(r: Reasons, i: int) -> Found | None:
    """At "only": "is only possible for our Gold members", "is for new customers only"."""
    if r.word(i + 1) in {"possible", "available"} and r.word(i + 2) == "for":
        group = next((k for k in range(i + 3, min(r.n, i + 7)) if r.w[k] in _GROUPS), -1)
        if r.word(i - 1) in {"is", "are"} and group > 0:
            return ("not possible", r.subject_start(i), group + 1, None)
        return None
    if r.word(i - 1) not in _GROUPS:
        return None
    at = next((k for k in range(i - 2, max(-1, i - 5), -1) if r.w[k] == "for"), -1)
    if at < 1 or r.word(at - 1) not in {"is", "are"}:
        return None
    return ("not possible", r.subject_start(at), i + 1, None)
