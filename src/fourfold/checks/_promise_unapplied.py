"""A charge said not to have been made: "no restocking fee was applied".

Round 128 of the corpus told a waiver as done by the charge that never came: "Return
approved, and no restocking fee was applied". A fee or charge of this transaction, its
subject opened by "no", said in the past not to have been applied, charged or added is a fee
waived, as "the restocking fee has been waived" is; its "no" is the grant, not a negation of
it. Not a fee to come ("no fee will be charged", read by `GuaranteeReader._no_charge`), not
everyone's ("no fee was charged to members"), and not without a fee or charge in the subject
("no payment was taken", "no reply was added"). The rule reads back at most five tokens from
the participle to "no", which opens its clause.

Round 153 told the same waiver in the present progressive, the charge's own "not" being
the grant: "the change fee is not being applied to your new booking", "the early
termination fee isn't being charged". A fee of this booking (its subject opened by "the",
"your", "this" or "that", a fee's noun in it) said not being applied now is a fee waived,
as "the change fee won't be applied" is (`GuaranteeReader._no_charge`). Not everyone's ("the
fee is not being charged to members"), and not a fee still to decide ("... until the team
has reviewed it" is a condition, set aside by the detector's scopes).
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import GENERIC_NOUNS, OWNED_ANY
from ._promise_decisions import DecisionReader
from ._promise_referents import FEE_NOUNS

__all__ = ["UNAPPLIED", "UnappliedReader", "fee_subject", "may_be_unapplied"]

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


_NOT_BEING = (["is", "not", "being"], ["are", "not", "being"])
"""Before the participle: a charge not being made now ("the fee is not being applied")."""

"""What opens the subject of a fee not being applied: this customer's fee."""


def _not_being(words: list[str], i: int) -> int:
    """Where the subject of a fee not being applied at `i` starts, or -1.

    The subject is at most five words before "is not being", opened by `OWNED_ANY`, and
    names a fee ("the early termination fee is not being applied").
    """
    if words[max(0, i - 3) : i] not in _NOT_BEING:
        return -1
    return fee_subject(words, i - 3)


def fee_subject(words: list[str], a: int) -> int:
    """Where a fee's subject ending before its verb at `a` starts, or -1.

    At most five words before `a`, opened by "the", "your", "this" or "these" (`OWNED_ANY`),
    naming a fee (`FEE_NOUNS`): "the early termination fee", "your drop fee".
    """
    det = next((k for k in range(a - 1, max(-1, a - 6), -1) if words[k] in OWNED_ANY), -1)
    if det < 0 or FEE_NOUNS.isdisjoint(words[det + 1 : a]):
        return -1
    return det


def may_be_unapplied(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    a = _aux_before(words, i)
    return (a > 0 and "no" in words[max(0, a - 5) : a]) or _not_being(words, i) >= 0


class UnappliedReader(DecisionReader):
    """The rule that reads a charge said not to have been made."""

    def _not_applied(self, i: int, w: str) -> Shape | None:
        """A fee said not to have been made, at its participle: a completed waiver."""
        if w not in UNAPPLIED:
            return None
        det = _not_being(self.w, i)
        if det >= 0:
            return self._not_being_applied(det, i)
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

    def _not_being_applied(self, det: int, i: int) -> Shape | None:
        """A fee of this booking not being applied now, its subject at `det`: a waiver."""
        if not all(self.is_word(k) for k in range(det, i)):
            return None
        if det > 0 and self.w[det - 1] not in _OPENERS and self.is_word(det - 1):
            return None  # the fee is inside a longer subject or clause
        after = self.w[i + 1 : i + 5]
        if not GENERIC_NOUNS.isdisjoint(after) or not {"will", "if", "when"}.isdisjoint(after):
            return None  # "the fee is not being charged to members", not this customer's
        return Shape("completed authority action", "no-charge", det, i, i + 1)
