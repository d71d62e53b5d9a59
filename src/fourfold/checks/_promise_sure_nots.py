"""A charge or a rise of the customer's ruled out with a word of certainty: "definitely won't".

The sixteenth pass read, across dev rounds 95, 116, 165 and 175, a certainty word set right
before a negation whose verb keeps a charge or a rise away from the customer:

- "the late fee is 100% not coming back on your next statement";
- "next month's statement will definitely not include the $35 returned-payment fee";
- "moving to the Business plan definitely won't increase your bill";
- "Price on renewal: €17.99 – guaranteed not to change for the next 12 months".

The shape (`_surely_not`): a word of `_SURELY` ("definitely", "certainly", "surely", "100%",
"100 percent", "guaranteed"), perhaps "it" and "will" or "is" after it, then "not" or
"never" (read at the certainty's index plus at most three); after the negation, within
`_REACH` tokens, a verb that brings a charge or a rise (`_BRINGS`: "increase", "go up",
"include", "coming back", "change", "charged"...), and in the sentence, from six tokens
before the certainty to the verb's reach, a charge, a price or a bill (`CHARGE_NOUNS`,
`_PRICES`, a sum). The certainty makes the negated
forecast the guarantee, as "rest assured" does (`_promise_certainties`), so the shape takes
the no-charge scopes; an older commitment rule that met "will definitely not include" leaves
it here rather than setting it aside as negated (`_promise_shapes`).

Not a hedged certainty ("the fee should definitely not apply": a modal of likelihood before
the certainty, `_HEDGING`), nor a certainty with no charge ("that's definitely not the quality
we aim for"), nor one said of everyone (the detector's policy scope). Left: a certainty
before a time clause ("100% guaranteed it won't go up when the new prices kick in" reads as a
condition, round 275). Reads at most six tokens before its anchor and `_REACH` after the
negation: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import CHARGE_NOUNS
from ._promise_taken_back import TakenBackReader

__all__ = ["SURE_NOTS", "SureNotReader", "may_be_sure_not"]

_SURELY = frozenset({"definitely", "certainly", "surely", "100%", "percent", "guaranteed"})

SURE_NOTS = _SURELY
"""The words the rule of this module anchors at ("percent" of "100 percent")."""

_REACH = 8
"""How far after the negation the verb and its charge may stand."""

_BRINGS = frozenset(
    {"increase", "increased", "rise", "go", "going", "include", "included", "coming", "come",
     "change", "changed", "charged", "billed", "appear", "reappear", "hit", "apply", "applied",
     "added", "taken", "debited"}
)  # fmt: skip
"""After the negation: a verb that would bring a charge or a rise ("won't increase")."""

_PRICES = frozenset(
    {"price", "prices", "bill", "bills", "rate", "premium", "statement", "invoice", "plan",
     "subscription", "renewal", "tariff", "rent", "cost"}
)  # fmt: skip
"""A price or a bill of the customer's, which a rise or a charge would reach."""

_HEDGING = frozenset({"should", "may", "might", "could", "would", "probably", "likely"})
"""Before the certainty: a modal of likelihood that leaves it a forecast."""

_NEGATIONS = frozenset({"not", "never"})

_ENDS = frozenset({".", "!", "?", ";"})


def _negation(words: list[str], i: int) -> int:
    """After the certainty at `i`: "it", "will" or "is" perhaps, then "not": its index."""
    k = i + 1
    if words[k : k + 1] == ["it"]:
        k += 1
    if words[k : k + 1] and words[k] in {"will", "is", "are", "does", "do", "can"}:
        k += 1
    if words[k : k + 1] and words[k] in _NEGATIONS:
        return k
    return -1


def _certainty(words: list[str], i: int) -> bool:
    """The word at `i` is a certainty ("100 percent" at its "percent"), no amount's share."""
    if words[i] == "percent":
        return words[i - 1 : i] == ["100"]
    return words[i] in _SURELY


def may_be_sure_not(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promise_implicit`)."""
    return _certainty(words, i) and _negation(words, i) > 0


class SureNotReader(TakenBackReader):
    """The rule that reads a charge or a rise ruled out with a word of certainty."""

    def _surely_not(self, i: int, w: str) -> Shape | None:
        """A charge or a rise of the customer's ruled out for certain, at the certainty."""
        if w not in SURE_NOTS or not may_be_sure_not(self.w, i):
            return None
        first = i - 1 if w == "percent" else i
        if any(self.word(k) in _HEDGING for k in range(max(0, first - 3), first)):
            return None  # "the fee should definitely not apply"
        neg = _negation(self.w, i)
        verb, priced = -1, False
        for k in range(first - 6, neg + _REACH + 1):
            word = self.word(k)
            if k > neg and word in _ENDS:
                break
            if k < first and word in _ENDS:
                priced = False
                continue
            if word in CHARGE_NOUNS or word in _PRICES or word[:1] in "$£€":
                priced = True
            if k > neg and verb < 0 and word in _BRINGS:
                verb = k
        if verb < 0 or not priced:
            return None
        end = verb + 1 + (self.word(verb + 1) in {"up", "back", "through"})
        start = max(0, first - 1) if self.word(first - 1) == "100" else first
        return Shape("explicit guarantee", "no-charge", start, i, end)
