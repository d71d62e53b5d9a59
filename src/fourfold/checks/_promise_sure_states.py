"""A state of the customer's made certain in the present, or a forecast sealed as sure (round 251).

Dev round 251 made certainty short, in the present tense:

- **a thing held for the customer, for certain** (`_surely_held`): "cabin 7142 on Deck 9 is
  definitely yours", "that flight credit is 100% still valid for your October trip": "is" or
  "are", a word of certainty (`_SURELY`: definitely, 100%, absolutely, certainly, surely),
  "still" perhaps, then a state of holding (`_HELD`: yours, valid, secured, safe, locked).
  The subject is one thing, named (not "all", "any", a plural of everyone's: the detector's
  policy scope). Not without the certainty ("the cabin isn't yours yet", "your credit is
  valid until June": a fact told, not a guarantee), nor hedged ("is probably still free");
- **a forecast sealed by a closing "this is sure"** (`_sealed_sure`): "the price is fixed
  for you for the whole year, it will not go up, this is sure": the sentence's last clause
  "this (that, it) is sure" or "certain", after a comma, with "will" in the clauses before
  it (at most twenty tokens back, in the same sentence). The forecast is this customer's
  ("you" or "your" in the sentence). The negated forecast stays a promise: what it rules
  out ("will not go up") is the outcome made certain.

The asked, the quoted and the conditional are set aside by the detector's scopes. Each rule
reads at most twenty tokens before its anchor: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._promise_kept_rate import KeptRateReader

__all__ = ["SURE_STATES", "SureStateReader", "may_be_sure_state"]

_HELD = frozenset({"yours", "valid", "secured", "safe", "locked"})
"""A state of holding that certainty makes a guarantee: "is definitely yours"."""

_SURELY = frozenset({"definitely", "100%", "absolutely", "certainly", "surely"})

_SEALS = frozenset({"sure", "certain"})

SURE_STATES = _HELD | _SEALS
"""The words the rules of this module anchor at."""

_ENDS = frozenset({".", "!", "?", ";"})

_IF = frozenset({"if", "unless", "once", "provided", "assuming"})
"""In the sealed forecast's sentence, what makes it conditional."""

_EVERYONE = frozenset({"all", "any", "every", "each", "most", "some"})


def _held_be(words: list[str], i: int) -> int:
    """Before the state at `i`: "is" or "are", a certainty, "still" perhaps; where "is" is."""
    k = i - 1 - (words[i - 1 : i] == ["still"])
    if k < 1 or words[k] not in _SURELY:
        return -1
    return k - 1 if words[k - 1] in {"is", "are"} else -1


def _sealed(words: list[str], i: int) -> int:
    """At `i`, a closing ", this is sure": where the "will" before it is, or -1."""
    if words[max(0, i - 3) : i] not in (
        [",", "this", "is"],
        [",", "that", "is"],
        [",", "it", "is"],
    ):
        return -1
    if words[i + 1 : i + 2] != [] and words[i + 1] not in _ENDS:
        return -1
    said: set[str] = set()
    for k in range(i - 4, max(-1, i - 24), -1):
        if words[k] in _ENDS:
            break
        said.add(words[k])
        if words[k] == "will":
            start = k
            while start > 0 and words[start - 1] not in _ENDS and i - start < 30:
                start -= 1
            said.update(words[start:k])
            return start if {"you", "your"} & said else -1
    return -1


def may_be_sure_state(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] in _HELD:
        return _held_be(words, i) > 0
    return words[i] in _SEALS and _sealed(words, i) >= 0


class SureStateReader(KeptRateReader):
    """The rules that read a state held for certain, and a forecast sealed as sure."""

    def _surely_held(self, i: int, w: str) -> Shape | None:
        """A thing the customer holds, made certain, at the state ("definitely yours")."""
        if w not in _HELD or not may_be_sure_state(self.w, i):
            return None
        be = _held_be(self.w, i)
        subject = self._subject(be)
        if subject.generic or subject.kind not in {"np", "pronoun"}:
            return None
        if not _EVERYONE.isdisjoint(self.w[subject.start : be]):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        return Shape("certain outcome", "forward", subject.start, i, i + 1)

    def _sealed_sure(self, i: int, w: str) -> Shape | None:
        """A forecast of the customer's sealed by ", this is sure", at "sure"."""
        if w not in _SEALS or not may_be_sure_state(self.w, i):
            return None
        start = _sealed(self.w, i)
        if any(self.s.hedge[k] >= 0 for k in range(start, i + 1)):
            return None  # "it will probably arrive Monday, that is sure"
        if not _IF.isdisjoint(self.w[start:i]):
            return None  # "if you pay today, it will arrive Monday, this is sure"
        return Shape("explicit guarantee", "guarantee", start, i, i + 1)
