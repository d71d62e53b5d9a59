"""Losses ruled out: an assured "will not be cancelled", and "is not happening again".

Round 195 of the corpus guaranteed that a loss will not come in two shapes the older rules
read as negations:

- a negated forecast of a loss to the customer's thing, made certain by an assuring phrase of
  its sentence (`GuaranteeReader.assuring`: "take it from me", "trust me", "rest assured"):
  "Take it from me, your flight won't be cancelled", "trust me, the line will not be cut
  off", "rest assured the merchant will not be able to take this payment from your account
  again" (a charge taken again, `TAKING`); round 259 added a debt handed to collectors ("I
  can tell you 100% that this balance will not be sent to collections", `lost_after_be`).
  The assurance makes the negation the promise, as in `_promise_certainties._assured_not`;
  without it ("your flight won't be cancelled") the sentence forecasts, and of the agent
  ("I won't be cancelled") it tells nothing;
- a charge or trouble said not to recur in the present progressive, as "this won't happen
  again" is (`GuaranteeReader._no_charge`): "the charge is not happening again", "this isn't
  happening again"; not of the agent ("I'm not happening again" is no sentence of ours), nor
  asked ("is it not happening again?").

Both rules read a few words either side of their anchor ("not", "happening").
"""

from __future__ import annotations

from ._authority import BE, FIRST
from ._guarantees import Shape
from ._promise_match import TAKING, lost_after_be
from ._promise_present_grants import PresentGrantReader

__all__ = ["LOSS_DENIED", "AssuredLossReader", "may_deny_loss"]

LOSS_DENIED = frozenset({"not", "never", "happening"})
"""The words the rules of this module anchor at."""


def may_deny_loss(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] == "happening":
        return words[i - 1 : i] == ["not"] and words[i + 1 : i + 2] == ["again"]
    return words[i - 1 : i] == ["will"]


class AssuredLossReader(PresentGrantReader):
    """The rules that read a loss ruled out (module docstring)."""

    def _assured_no_loss(self, i: int, w: str) -> Shape | None:
        """A negated forecast of a loss made certain by an assurance, at "not"/"never"."""
        if w not in {"not", "never"} or self.word(i - 1) != "will" or not self.assuring:
            return None
        subject = self._subject(i - 1)
        if subject.kind not in {"np", "pronoun", "you"} or subject.generic:
            return None
        if not self.assured(subject.start, i + 1) or self.s.hedge[i] >= 0:
            return None
        j = i + 1
        if self.w[j : j + 3] == ["be", "able", "to"]:
            j += 3  # "will not be able to take this payment ... again"
            if self.word(j) in TAKING and "again" in self.w[j + 1 : j + 9]:
                end = self.w.index("again", j + 1, j + 9) + 1
                if all(self.is_word(k) for k in range(j, end)):
                    return Shape("certain outcome", "no-charge", subject.start, i, end)
            return None
        lost = lost_after_be(self.w, j + 1) if self.word(j) == "be" else 0
        if lost:  # "... won't be cancelled", "... will not be sent to collections"
            return Shape("certain outcome", "no-charge", subject.start, i, lost)
        return None

    def _not_happening_again(self, i: int, w: str) -> Shape | None:
        """A charge or trouble not to recur, in the present progressive, at "happening"."""
        if w != "happening" or self.word(i - 1) != "not" or self.word(i + 1) != "again":
            return None
        if self.word(i - 2) not in BE or self.s.is_question_clause(i):
            return None
        subject = self._subject(i - 2)
        if subject.kind not in {"np", "pronoun"} or subject.generic:
            return None
        if self.word(subject.start) in FIRST or self.s.hedge[i] >= 0:
            return None
        return Shape("no-charge commitment", "no-charge", subject.start, i, i + 2)
