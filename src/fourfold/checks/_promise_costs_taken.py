"""A cost of the customer's said to rest with us: "the courier fee sits with us" (round 239).

Round 239 of the corpus took a cost on without a verb of paying said by anyone: the cost
is the subject, and where it rests is the business.

- **resting with us** (`_with_us`): a cost "sits", "rests", "lies", "stays" or "remains"
  "with us" or "with ourselves" ("the courier fee for this collection sits with us", "the
  redelivery fee ... it sits with us"; not "with our billing team", a case handed over);
- **borne by us** (`_borne_by_us`): a cost "borne", "absorbed", "carried" or "shouldered" "by
  us", "by ourselves" or "by our" company ("the demurrage costs of USD 1,240 are borne by our
  company");
- **on our account** (`_on_our_account`): a cost that "is" or "are" "on our account", "on our
  tab", "on our books" or "on our dime" ("the return label is on our account").

The subject is read back from the verb to the opening of its clause, at most eight words:
it names a cost (`_lexicon.COST_NOUNS`: a fee, the postage, the return, the courier) and is
made this customer's by an article, "your", "this" or a sum (not "return costs sit with us",
a plural of everyone's). "It" or "that" alone may stand for a cost named earlier in its
sentence ("the fee doesn't apply to you; it sits with us"). A bare cost opening its clause
is this customer's when "this time" or "this once" follows the verb ("postage is on us this
time"; `_on_us_this_time`: the favour is for now, not a tariff's "postage is on us").

Not "the decision sits with us" (no cost), "the cost sits with you" (the customer's), nor
what is negated, hedged, asked or conditional (the detector's scopes). Each rule reads a
dozen tokens around its anchor: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape, committed
from ._lexicon import COST_NOUNS, is_amount
from ._promise_verbless import VerblessReader

__all__ = ["COSTS_TAKEN", "CostsTakenReader", "may_take_cost"]

_RESTING = frozenset(
    {"sits", "sit", "rests", "rest", "lies", "lie", "stays", "stay", "remains", "remain"}
)
"""The verbs of a cost resting somewhere ("with us")."""

_BORNE = frozenset({"borne", "absorbed", "carried", "shouldered"})
"""The participles of a cost taken on ("by us")."""

_OUR_PLACES = frozenset({"account", "tab", "books", "dime"})
"""After "on our": where a cost is put that the business pays."""

COSTS_TAKEN = _RESTING | _BORNE | {"on"}
"""The words the rules of this module anchor at."""

_OPENERS = frozenset({"the", "your", "this", "that", "these", "those"})
"""What makes the cost this customer's: an article, "your", a demonstrative (or a sum)."""

_STANDING_IN = frozenset({"it", "that"})
"""A pronoun subject that may stand for a cost named earlier in the sentence."""

_REACH = 8
"""How many words back from the verb the subject is looked for."""


def _subject_start(words: list[str], i: int) -> int:
    """Where the clause's words before `i` start, at most `_REACH` words back."""
    k = i
    while k > 0 and i - k < _REACH and (words[k - 1][:1].isalnum() or is_amount(words[k - 1])):
        k -= 1
    return k


def _ours(words: list[str], k: int) -> bool:
    """Whether the business stands at `k`: "us", "ourselves", "our" and a noun."""
    w = words[k] if k < len(words) else ""
    return w in {"us", "ourselves"} or (w == "our" and words[k + 1 : k + 2] != [])


def _this_time(words: list[str], i: int) -> bool:
    """Whether "this time" or "this once" follows `i` within five words."""
    after = words[i + 1 : i + 6]
    return any(
        x == "this" and after[t + 1 : t + 2] in (["time"], ["once"]) for t, x in enumerate(after)
    )


def _cost_subject(words: list[str], i: int, verb: int) -> int:
    """Where the cost that is the subject of the verb at `verb` starts, or -1.

    `i` is the anchor; "this time" is read after it for a bare cost opening its clause.
    """
    start = _subject_start(words, verb)
    said = words[start:verb]
    if not said:
        return -1
    if said in (["it"], ["that"]):
        named = any(x in COST_NOUNS for x in words[:start])
        return start if named else -1
    if not any(x in COST_NOUNS for x in said) or said[0] in {"all", "any", "every"}:
        return -1
    if any(x in _OPENERS or is_amount(x) for x in said):
        return start
    bare = len(said) <= 2 and said[-1] in COST_NOUNS  # "postage", "return postage"
    return start if bare and _this_time(words, i) else -1


def _verb_before(words: list[str], i: int) -> int:
    """The "is"/"are" before `i`, allowing one adverb ("is also borne"); else -1."""
    for k in (i - 1, i - 2):
        if k >= 0 and words[k] in {"is", "are"}:
            return k
    return -1


def may_take_cost(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    nxt = words[i + 1 : i + 2]
    if w in _RESTING:
        us = words[i + 2 : i + 3] in (["us"], ["ourselves"])  # (not "with our billing team")
        return nxt == ["with"] and us and _cost_subject(words, i, i) >= 0
    if w in _BORNE:
        v = _verb_before(words, i)
        return nxt == ["by"] and _ours(words, i + 2) and v >= 0 and _cost_subject(words, i, v) >= 0
    if w == "on" and i > 0 and words[i - 1] in {"is", "are"}:
        placed = nxt == ["our"] and words[i + 2 : i + 3] != [] and words[i + 2] in _OUR_PLACES
        on_us = nxt == ["us"] and _this_time(words, i)
        return (placed or on_us) and _cost_subject(words, i, i - 1) >= 0
    return False


class CostsTakenReader(VerblessReader):
    """The rules that read a cost of the customer's said to rest with the business."""

    def _cost_taken(self, i: int, w: str) -> Shape | None:
        """A cost said with us, borne by us or on our account, at its anchor: to come."""
        if w not in COSTS_TAKEN or not may_take_cost(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        if w in _RESTING:
            verb = i
        elif w in _BORNE:
            verb = _verb_before(self.w, i)
        else:
            verb = i - 1
        start = _cost_subject(self.w, i, verb)
        end = i + 3 if self.word(i + 2) in {"us", "ourselves"} else i + 4
        if w == "on":
            end = i + 2 if self.word(i + 1) == "us" else i + 3
        return committed(start, i, min(end, self.n))
