"""A grant told by "we" in the present simple, as a translation tells the future.

Round 169 of the corpus (support teams writing English with the feel of a translation) told
what the team will do in the present simple, as many languages tell the near future, and
often put what is granted first: "the difference we pay", "the repair we do for free", "the
transport costs we take on us", "for you we make an exception". Two classes:

- the object first, then "we" and a present verb of paying or covering (`_PAYING`: "the
  difference we pay", "the extra costs we cover"), or of doing or taking a thing with a
  phrase of giving after it ("the repair we do for free", "the taxi we take on us",
  "... we take on ourselves"). The object opens its clause with "the", "your" or "this"
  and names a thing, no verb of its own before "we" (`_fronted`): the customer's matter,
  not a rule's general plural ("refunds we pay within five days" opens with no article);
- "we make an exception" in the present simple, said of this customer: a decision to depart
  from a rule, which needs authority. Not "we make exceptions" (a policy's plural), nor
  "we never make an exception" (negated, set aside by the scopes).

Neither is a promise when negated, hedged, asked, or inside a condition ("if it is
faulty, the repair we do for free"): `_promises` judges the shape with its scopes. Each rule
reads a few tokens around "we".
"""

from __future__ import annotations

from ._guarantees import Shape, committed
from ._promise_favour_rates import FavourRateReader

__all__ = ["PRESENT_GRANTS", "PresentGrantReader", "may_grant_now"]

PRESENT_GRANTS = frozenset({"we"})
"""Where `PresentGrantReader._present_grant` anchors."""

_PAYING = frozenset({"pay", "cover", "refund", "reimburse", "compensate", "replace"})
"""Present verbs that grant their object alone: "the difference we pay"."""

_DOING = frozenset({"do", "make", "take", "give", "send", "offer", "provide", "repair", "fix"})
"""Present verbs that grant their object with a phrase of giving after them."""

_GIVING: tuple[tuple[str, ...], ...] = (
    ("for", "free"), ("free", "of", "charge"), ("free",), ("on", "us"), ("on", "ourselves"),
    ("upon", "us"), ("upon", "ourselves"), ("without", "payment"), ("without", "charge"),
    ("without", "cost"), ("at", "our", "cost"), ("at", "our", "expense"),
)  # fmt: skip
"""After a verb of doing or taking: what makes it given ("we take on us", "we do for free")."""

_OPENERS = frozenset({"the", "your", "this", "these"})
"""What opens a fronted object: the customer's matter, named."""

_CLAUSE_START = frozenset({",", ";", ":", "and", "but", "so", "-", "–"})
"""Before a fronted object that does not open the sentence."""

_NOT_IN_OBJECT = frozenset(
    {"is", "are", "was", "were", "be", "will", "can", "has", "have", "had", "if", "when",
     "that", "which", "who", "we", "you", "i", "they", "it", "not", "no"}
)  # fmt: skip
"""Words that end a noun phrase: a verb, a clause, a pronoun."""

_OBJECT_WORDS = 7
"""How many words a fronted object may take ("the costs of transport to the airport")."""

_EXCEPTION = frozenset({"an", "one", "a"})


def _fronted(words: list[str], we: int) -> int:
    """Where a noun phrase put before "we" at `we` starts, or -1."""
    for k in range(we - 1, max(-1, we - 1 - _OBJECT_WORDS), -1):
        w = words[k]
        if w in _NOT_IN_OBJECT or w in _CLAUSE_START:
            return -1
        if w in _OPENERS and (k == 0 or words[k - 1] in _CLAUSE_START):
            return k if k < we - 1 else -1
    return -1


def _giving_after(words: list[str], v: int) -> int:
    """Where a phrase of giving right after the verb at `v` ends, or -1 (`_GIVING`)."""
    for phrase in _GIVING:
        if tuple(words[v + 1 : v + 1 + len(phrase)]) == phrase:
            return v + 1 + len(phrase)
    return -1


def _grant_end(words: list[str], we: int) -> int:
    """Where the grant told by "we" at `we` ends, or -1."""
    v = we + 1
    if v >= len(words):
        return -1
    w = words[v]
    if w == "make" and words[v + 1 : v + 2] and words[v + 1] in _EXCEPTION:
        return v + 3 if words[v + 2 : v + 3] == ["exception"] else -1
    if _fronted(words, we) < 0:
        return -1
    if w in _PAYING:
        return v + 1
    if w in _DOING:
        return _giving_after(words, v)
    return -1


def may_grant_now(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return words[i] == "we" and _grant_end(words, i) >= 0


class PresentGrantReader(FavourRateReader):
    """The rule that reads a grant told by "we" in the present simple."""

    def _present_grant(self, i: int, w: str) -> Shape | None:
        """A present-simple grant by "we", at "we": an authority commitment."""
        if w != "we":
            return None
        end = _grant_end(self.w, i)
        if end < 0:
            return None
        start = _fronted(self.w, i)
        start = i if start < 0 else start
        if not all(self.is_word(k) for k in range(start, end)):
            return None
        if self.s.negation[i + 1] >= 0 or self.s.hedge[i + 1] >= 0:
            return None
        return committed(start, i, end)
