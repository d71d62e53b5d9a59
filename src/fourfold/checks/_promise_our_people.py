"""One of our people, named by a role, or "he"/"she" for them, as the subject of a grant.

Replies tell a grant done by someone in the business by their role rather than by "we":
"The front desk manager has moved you to a sea-view suite at no extra charge", "my team
leader cancelled the penalty charge", "the duty manager waived it". A role (`ROLES`) after
"the", "our" or "my" (the speaker's own colleague), with at most two words of its kind
between ("the front desk manager", "my team leader"), speaks for the business as "we" does;
not "your manager", nor a role named after a verb ("ask the manager").

A person's pronoun, "he" or "she", right after such a role was named as the subject of the
clause or sentence before ("My team leader checked your case and he cancelled the charge")
is that role: the grant is the business's. A "he" with no role of ours before it (the
customer's husband, a courier) is left to the other rules.
"""

from __future__ import annotations

from ._refusal_words import house_start

__all__ = ["ROLES", "our_person", "unit_start"]

ROLES = frozenset({"manager", "supervisor", "leader", "colleague", "director"})
"""Who in the business may grant, named by the role: "the duty manager", "my team leader"."""

_OPENING = frozenset({"the", "our", "my"})
"""What opens a role of ours: the business's, or the speaker's colleague."""

_BEFORE_SUBJECT = frozenset({".", ",", ":", ";", "!", "?", "and", "so", "but", "then", "\n"})
"""What may stand right before a subject: the start of a sentence or a clause."""

_PERSON = frozenset({"he", "she"})

_BACK = 16
"""The most words between a role named as a subject and the "he"/"she" that stands for it."""


def _role_start(words: list[str], j: int) -> int | None:
    """Where the role of ours ended by the word at `j` starts (`ROLES`), or None.

    "the manager", "the front desk manager", "my team leader": an opening of `_OPENING` and
    at most two plain words before the role.
    """
    if not 0 <= j < len(words) or words[j] not in ROLES:
        return None
    for k in range(j - 1, max(-1, j - 4), -1):
        if words[k] in _OPENING:
            return k
        if not words[k].isalpha():
            return None
    return None


def _opens_clause(words: list[str], k: int) -> bool:
    """The word at `k` opens a sentence or a clause: the subject's place."""
    return k == 0 or words[k - 1] in _BEFORE_SUBJECT


def unit_start(words: list[str], j: int) -> int | None:
    """Where the business, or one of our people, named by the word at `j` starts, or None.

    The business as `house_start` reads it ("the shop", "our front desk"), or a role of ours
    opening its clause ("The front desk manager has moved you ...").
    """
    house = house_start(words, j)
    if house is not None:
        return house
    role = _role_start(words, j)
    return role if role is not None and _opens_clause(words, role) else None


def our_person(words: list[str], k: int) -> int | None:
    """Where the subject at `k` (the word right before the verb) starts, if one of ours.

    A role of ours opening its clause ("my team leader cancelled"), or "he"/"she" after a
    role of ours named as a subject within `_BACK` words, with no other person between ("My
    team leader checked your case and he cancelled").
    """
    if not 0 <= k < len(words):
        return None
    role = _role_start(words, k)
    if role is not None:
        return role if _opens_clause(words, role) else None
    if words[k] not in _PERSON or not _opens_clause(words, k):
        return None
    for j in range(k - 1, max(-1, k - _BACK), -1):
        if words[j] in _PERSON or words[j] in {"i", "you", "they", "we"}:
            return None
        role = _role_start(words, j)
        if role is not None:
            return k if _opens_clause(words, role) else None
    return None
