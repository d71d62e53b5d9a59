"""A grant relayed from a unit of ours: "our service manager says we'll cover the cost".

Dev round 241 passed on grants that the business's own people decided, in reported speech:
"Our service manager says we'll cover the cost of the spoiled stock", "the shop manager's
just told me they'll knock 20% off the jacket", "I've just come off the phone with our
billing department, and they've assured me you won't be charged for the old line again".
A reporting verb marks what follows it in its clause as someone else's words
(`Sentence.reported`), and a promise in someone else's words is set aside ("the driver told
you a refund would be arranged"). A unit of the business is not someone else: its word,
passed on by the agent, commits the business as "we'll cover it" does.

`relayed` reads the reporting verb last before the promise in its clause. Its speaker is a
unit or a role of ours: a noun of `_UNITS` ("manager", "team", "billing") opened by "our",
"my" or "the" at most three words before it ("our service manager", "the shop manager"); or
"they", "he" or "she" standing for such a unit named with "our" or "my" in the few words
before the pronoun ("with our billing department, and they've assured me"). What it said
was said to the agent ("told me", "assured us") or to no one named ("says"), never to the
customer: "the manager told you we'd refund it" is the customer's account of what they
heard, a quotation. Not a third party ("the driver", "your bank"), whose word stays theirs.

Each look is bounded (twelve words back from the promise, four before the verb, eight
before a pronoun), so the cost stays linear in the text.
"""

from __future__ import annotations

from ._grammar import Sentence

__all__ = ["relayed"]

_RELAYING = frozenset(
    {"said", "says", "told", "tells", "tell", "assured", "informed", "advised", "confirmed",
     "mentioned", "stated", "wrote", "noted", "indicated", "promised"}
)  # fmt: skip
"""Verbs by which a unit's word is passed on: "says", "told me", "assured me"."""

_UNITS = frozenset(
    {"manager", "managers", "supervisor", "team", "department", "billing", "finance",
     "accounts", "lead", "leader", "head", "desk", "office", "specialist", "colleague",
     "underwriters", "underwriting", "services", "service"}
)  # fmt: skip
"""The last word of a unit or a role of the business: "our claims team", "my supervisor"."""

_OURS = frozenset({"our", "my", "the"})
"""What opens a unit of ours before its noun ("the" too: "the shop manager")."""

_MINE = frozenset({"our", "my"})
"""What a pronoun's unit must be opened by: "our billing department, and they"."""

_PRONOUNS = frozenset({"they", "he", "she"})

_BETWEEN = frozenset({"has", "have", "had", "is", "just", "already", "also", "now", "since"})
"""Words between a speaker and its verb: "the shop manager's just told me"."""


def relayed(s: Sentence, start: int) -> bool:
    """The words reported before `start` in its clause are a unit of ours, to the agent."""
    words = s.words
    first = max(s.clause_start[s.clause[start]], start - 12)
    for v in range(start - 1, first - 1, -1):
        if words[v] in _RELAYING:
            return _to_the_agent(words, v) and _ours(words, v)
    return False


def _to_the_agent(words: list[str], v: int) -> bool:
    """Who heard the verb at `v` is not the customer ("told you", "said to you")."""
    return words[v + 1 : v + 2] != ["you"] and words[v + 1 : v + 3] != ["to", "you"]


def _ours(words: list[str], v: int) -> bool:
    """The speaker of the verb at `v` is a unit of ours, or a pronoun that stands for one."""
    k = v - 1
    while k >= 0 and v - k <= 4 and words[k] in _BETWEEN:
        k -= 1
    if k < 0:
        return False
    if words[k] in _PRONOUNS:
        return any(_unit_at(words, j, _MINE) for j in range(k - 1, max(-1, k - 9), -1))
    return _unit_at(words, k, _OURS)


def _unit_at(words: list[str], j: int, openers: frozenset[str]) -> bool:
    """The word at `j` ends a unit of ours, opened by a word of `openers` within three."""
    if words[j] not in _UNITS:
        return False
    return any(words[o] in openers for o in range(max(0, j - 3), j))
