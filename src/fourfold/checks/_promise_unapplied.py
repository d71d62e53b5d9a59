"""A charge said not to have been made: "no restocking fee was applied".

Round 128 of the corpus told a waiver as done by the charge that never came: "Return
approved, and no restocking fee was applied". A fee or charge of this transaction, its
subject opened by "no", said in the past not to have been applied, charged or added is a fee
waived, as "the restocking fee has been waived" is; its "no" is the grant, not a negation of
it. Not a fee to come ("no fee will be charged", read by `GuaranteeReader._no_charge`), not
everyone's ("no fee was charged to members"), and not without a fee or charge in the subject
("no payment was taken", "no reply was added"). The rule reads back at most five tokens from
the participle to "no", which opens its clause.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import GENERIC_NOUNS
from ._promise_decisions import DecisionReader
from ._promise_referents import FEE_NOUNS

__all__ = ["UNAPPLIED", "UnappliedReader", "may_be_unapplied"]

UNAPPLIED = frozenset({"applied", "charged", "added", "levied", "imposed", "billed"})
"""The participles the rule of this module anchors at."""

_PAST = frozenset({"was", "were"})

_OPENERS = frozenset({"and", "but", "so", ",", ";", ":", "—", "–", "-"})
"""What may stand before the subject's "no": its clause's start."""


def _aux_before(words: list[str], i: int) -> int:
    """Where the past auxiliary before the participle at `i` is ("was", "has been"), or -1."""
    if words[i - 1 : i] and words[i - 1] in _PAST:
        return i - 1
    if words[max(0, i - 2) : i] in (["has", "been"], ["have", "been"]):
        return i - 2
    return -1


def may_be_unapplied(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    a = _aux_before(words, i)
    return a > 0 and "no" in words[max(0, a - 5) : a]


class UnappliedReader(DecisionReader):
    """The rule that reads a charge said not to have been made."""

    def _not_applied(self, i: int, w: str) -> Shape | None:
        """A fee said not to have been made, at its participle: a completed waiver."""
        if w not in UNAPPLIED:
            return None
        a = _aux_before(self.w, i)
        if a <= 0:
            return None
        no = next((k for k in range(a - 1, max(-1, a - 6), -1) if self.w[k] == "no"), -1)
        if no < 0 or not (no == 0 or self.w[no - 1] in _OPENERS):
            return None
        said = self.w[no + 1 : a]
        if not all(self.is_word(k) for k in range(no + 1, a)) or FEE_NOUNS.isdisjoint(said):
            return None
        after = self.w[i + 1 : i + 5]
        if not GENERIC_NOUNS.isdisjoint(after) or not {"will", "if", "when"}.isdisjoint(after):
            return None  # "no fee was charged to members", not this customer's
        return Shape("completed authority action", "no-charge", no, i, i + 1)
