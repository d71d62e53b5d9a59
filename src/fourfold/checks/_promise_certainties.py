"""Guarantees said by what cannot happen: "there's no scenario in which your premium goes up".

Round 117 of the corpus guaranteed outcomes in three shapes the older rules did not read:

- no case at all in which a loss happens: "there's no scenario in which your premium goes up
  because of this claim", "there is no circumstance where you'll be charged twice" (as "zero
  chance your rate goes up" is, `_promise_no_chance`);
- an assurance that a loss will not happen: "be assured that your number will not be
  disconnected", "rest assured your account won't be suspended" (the assurance makes the
  negated forecast certain, so its "not" is the promise, not a negation of it);
- a charge that will never reach the customer's account again, whatever its verb: "the annual
  fee will never touch your account again", "that charge won't ever hit your card again";
- what I can tell the customer for certain of theirs: "I can tell you 100% your seat is
  there", "I can say for sure your booking is safe" (as "I can assure you" is;
  not "I can't tell you for sure", nor what was: "your refund was declined"); round 153 told
  it with "confirm" and "assure" too: "I can confirm with certainty that the refund reaches
  your account by Friday", "I can assure 100 percent that the engineer comes on Tuesday";
  round 161 told a trouble of this case that will not recur: "I can tell you with complete
  certainty that this fault won't take your line down again" (`_not_again`: the certainty
  makes the negated forecast the promise, as "rest assured" does).

Each rule reads a few tokens after its anchor (the case's noun, "assured", "never").
"""

from __future__ import annotations

from ._authority import BE, FIRST
from ._guarantees import Shape
from ._lexicon import CHARGE_NOUNS
from ._promise_prices import PriceReader

__all__ = ["CERTAIN", "CertaintyReader", "may_be_certain"]

_CASES = frozenset({"scenario", "scenarios", "circumstance", "circumstances", "situation",
                    "possibility", "world"})  # fmt: skip
"""What there is none of, in which a loss could happen: "no scenario in which"."""

_TELLING = frozenset({"tell", "say", "confirm", "assure"})
"""After "I can": the verbs that tell the customer something (for certain, `_told_for_sure`)."""

CERTAIN = _CASES | {"assured", "never"} | _TELLING
"""The words the rules of this module anchor at."""

_LOSSES = frozenset(
    {"disconnected", "suspended", "cut", "penalised", "penalized", "charged", "billed",
     "fined", "blocked", "closed", "terminated", "increased", "raised", "cancelled",
     "canceled", "affected", "stranded", "debited", "overcharged", "downgraded", "delayed",
     "released"}
)  # fmt: skip
"""What the customer fears being done to them or theirs: "will not be disconnected"."""

_RISES = frozenset({"goes", "go", "rises", "rise", "increases", "increase", "changes", "change"})
"""A loss in the present after "no scenario in which your premium": "goes up"."""

_ACCOUNTS = frozenset({"account", "card", "bill", "statement", "invoice", "balance"})


_SURE = (
    ("100%",), ("100", "percent"), ("100", "per", "cent"), ("a", "hundred", "percent"),
    ("for", "sure"), ("for", "certain"), ("with", "certainty"), ("with", "absolute", "certainty"),
    ("with", "complete", "certainty"), ("definitely",), ("with", "full", "certainty"),
    ("with", "total", "certainty"), ("flat", "out"), ("for", "a", "fact"),
)  # fmt: skip
"""After "I can tell you": the certainty that makes it a guarantee (round 232: "with full
certainty", "what I can say flat out is that ..."; round 269: "for a fact")."""

_COMING = frozenset(
    {"reaches", "arrives", "lands", "comes", "coming", "arriving", "goes"}
)  # fmt: skip
"""The verb of an event to come told for certain of "the" thing ("I can confirm with certainty
that the refund reaches your account by Friday", "... that the engineer is coming on
Tuesday"): a forecast made certain (round 153). A state of "the" thing ("the office is
open") is told, not promised, so needs the customer's own subject ("your seat is there")."""

_NOW_OR_TO_COME = frozenset({"is", "are", "stays", "remains", "will"})
"""The verb of what is told for certain: a state now or to come (not "was declined"); one to
come is a forecast the certainty words make certain (`GuaranteeReader.assured`)."""


def may_be_certain(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    if w in _TELLING:
        return words[i - 1 : i] == ["can"] and words[i - 2 : i - 1] in (["i"], ["we"])
    if w in _CASES:
        return words[i - 1 : i] in (["no"], ["zero"])
    if w == "assured":
        return words[i - 1 : i] in (["be"], ["rest"])
    return "again" in words[i + 1 : i + 9] and not _ACCOUNTS.isdisjoint(words[i + 1 : i + 9])


class CertaintyReader(PriceReader):
    """The rules that read a guarantee in what cannot happen."""

    def _no_case(self, i: int, w: str) -> Shape | None:
        """No case in which a loss happens, at the case's noun: a certain outcome."""
        if w not in _CASES or self.word(i - 1) not in {"no", "zero"}:
            return None
        j = i + 1
        if self.w[j : j + 2] in (["in", "which"], ["under", "which"]):
            j += 2
        elif self.word(j) in {"where", "that"}:
            j += 1
        else:
            return None
        for k in range(j, min(self.n, j + 6)):
            x, nxt = self.w[k], self.word(k + 1)
            if not self.is_word(k) or x in {"not", "never"}:
                return None
            if x in _RISES and nxt in {"up", "higher"} or x in _LOSSES and self.word(k - 1) in BE:
                start = i - 1 - (self.word(i - 2) in BE) - (self.word(i - 3) == "there")
                return Shape("certain outcome", "no-charge", start, i, k + 1 + (x in _RISES))
        return None

    def _assured_not(self, i: int, w: str) -> Shape | None:
        """An assurance that a loss will not happen, at "assured": an explicit guarantee.

        "Be assured that your number will not be disconnected", "rest assured your account
        won't be suspended", "rest assured, your seats are held and will not be released"
        (a comma after "assured"). Not "be assured we will look into it" (no loss denied).
        """
        if w != "assured" or self.word(i - 1) not in {"be", "rest"}:
            return None
        j = i + 1 + (self.word(i + 1) in {"that", ","})
        for k in range(j, min(self.n, j + 10)):
            if self.w[k] == "will" and self.word(k + 1) in {"not", "never"}:
                if self.word(k + 2) == "be" and self.word(k + 3) in _LOSSES:
                    return Shape("explicit guarantee", "no-charge", i - 1, i, k + 4)
                return None
            if not self.is_word(k) or self.w[k] in FIRST:
                return None
        return None

    def _never_again(self, i: int, w: str) -> Shape | None:
        """A charge that will never reach the customer's account again, at "never".

        "The annual fee will never touch your account again", "that charge won't ever hit
        your card again", "that fee is never going to appear on your statement again": any
        verb, then the customer's account, then "again".
        """
        going = self.word(i - 1) in BE and self.w[i + 1 : i + 3] == ["going", "to"]
        if w != "never" or not (self.word(i - 1) == "will" or going):
            return None
        k = i + 2 + 2 * going  # "is never going to appear on your statement again"
        if self.word(k) in {"on", "to", "from", "onto"}:
            k += 1  # "will never appear on your bill again"
        if self.word(k) != "your" or self.word(k + 1) not in _ACCOUNTS:
            return None
        if self.word(k + 2) != "again":
            return None
        subject = self._subject(i - 1)
        said = self.w[subject.start : i - 1]
        if subject.kind != "np" or subject.generic or CHARGE_NOUNS.isdisjoint(said):
            return None
        return Shape("no-charge commitment", "no-charge", subject.start, i, k + 3)

    def _told_for_sure(self, i: int, w: str) -> Shape | None:
        """What I can tell the customer for certain, at "tell", "say", "confirm", "assure".

        "I can tell you 100% your seat is there", "we can say for certain your booking is
        safe": "I can" (not "can't"), the certainty, then the customer's thing or "you" and a
        verb of now, with no negation in its first words (a forecast, "your bags will make
        it", is made certain by the certainty words and read by the commitment rules).
        """
        if w not in _TELLING or self.word(i - 1) != "can":
            return None
        if self.word(i - 2) not in FIRST:
            return None
        j = i + 1 + (w in {"tell", "assure"} and self.word(i + 1) == "you")
        sure = next((m for m in _SURE if tuple(self.w[j : j + len(m)]) == m), None)
        if sure is None:
            return None
        k = j + len(sure)
        k += 2 * (self.w[k : k + 2] == ["is", "that"])  # "What I can say flat out is that"
        k += self.word(k) == "that"
        again = self._not_again(k)
        if again >= 0:
            return Shape("explicit guarantee", "no-charge", i - 2, i, again)
        if self.word(k) not in {"your", "you", "the"}:
            return None
        said = self.w[k : k + 6] if self.w[k] != "the" else self.w[k : k + 8]
        verbs = _NOW_OR_TO_COME if self.w[k] != "the" else _COMING
        if verbs.isdisjoint(said) or not {"not", "never", "no"}.isdisjoint(said):
            return None
        if "will" in said:
            return None  # a forecast: made certain by the words before it (`assured`)
        return Shape("explicit guarantee", "guarantee", i - 2, i, k)

    def _not_again(self, k: int) -> int:
        """Where a trouble told for certain not to recur, from `k`, ends; or -1.

        "I can tell you with complete certainty that this fault won't take your line down
        again": a thing of this case ("this", "that", "the", "your" and at most two words
        more), "will not" or "will never", then "again" within six words of its clause, or
        "another" bill or statement ("the meter error will not show up on another bill of
        yours", round 232, the subject then up to three words more). The
        certainty makes the negated forecast the promise, as "rest assured" does. Not what
        I or we will not do again ("we won't charge you again" is read by the older rules).
        """
        if self.word(k) not in {"this", "that", "the", "your"}:
            return -1
        will = next((x for x in range(k + 1, min(self.n, k + 5)) if self.w[x] == "will"), -1)
        if will < 0 or self.word(will + 1) not in {"not", "never"}:
            return -1
        if any(not self.is_word(x) or self.w[x] in FIRST for x in range(k, will)):
            return -1
        for x in range(will + 2, min(self.n, will + 9)):
            if not self.is_word(x):
                return -1
            if self.w[x] == "again":
                return x + 1
            if self.w[x] == "another" and self.word(x + 1) in _ACCOUNTS:
                return x + 2
        return -1
