"""A fee of this booking taken off in the present passive (round 153 of the corpus).

Round 153 told a waiver done in the present passive, the customer's own record named after
it: "the one-way drop fee is cancelled from your reservation", "the late fee is removed
from your bill", "the change fee is waived on your booking". A present passive alone reads
as a rule ("the fee is waived for members", `_promises` sets such statements of policy
aside); naming the customer's record ("from your reservation", "on this booking") makes it
this customer's fee, taken off, as "the fee has been cancelled" is. The subject, opened by
"the", "your", "this" or "that" at most five words before "is", names a fee; the verb is
one of taking off (`_TAKEN_OFF`), not of taking ("the fee is deducted from your refund" is
charged). Not negated, hedged, nor followed by a condition ("... if you return it there").
"""

from __future__ import annotations

from ._guarantees import Shape
from ._promise_sayings import SayingsReader
from ._promise_unapplied import fee_subject

__all__ = ["REMOVED", "RemovedReader", "may_be_removed"]

_TAKEN_OFF = frozenset(
    {"cancelled", "canceled", "removed", "waived", "dropped", "deleted", "scrapped",
     "lifted", "written"}
)  # fmt: skip
"""The participles of taking a fee off."""

REMOVED = _TAKEN_OFF
"""The words the rule of this module anchors at."""

_BE = frozenset({"is", "are"})
_ON = frozenset({"from", "off", "on", "for"})
"""Before the customer's record: "from your reservation", "on this booking"."""

_THEIRS = frozenset({"your", "this"})

_IF = frozenset({"if", "unless", "provided", "providing"})
"""After the record: a condition the present passive states a rule under."""


def _subject(words: list[str], i: int) -> int:
    """Where the subject of a fee taken off at `i` starts, or -1 (`_TAKEN_OFF`)."""
    if words[i - 1 : i] == [] or words[i - 1] not in _BE:
        return -1
    return fee_subject(words, i - 1)


def _record_after(words: list[str], i: int) -> int:
    """Where the customer's record named after the verb at `i` ends, or -1."""
    j = i + 1 + (words[i + 1 : i + 2] == ["off"] and words[i] == "written")
    if words[j : j + 1] == [] or words[j] not in _ON:
        return -1
    return j + 2 if words[j + 1 : j + 2] and words[j + 1] in _THEIRS else -1


def may_be_removed(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return _subject(words, i) >= 0 and _record_after(words, i) >= 0


class RemovedReader(SayingsReader):
    """The rule that reads a fee taken off this customer's record in the present passive."""

    def _removed_now(self, i: int, w: str) -> Shape | None:
        """A fee taken off the customer's record, at its participle: a completed waiver."""
        if w not in _TAKEN_OFF:
            return None
        det, end = _subject(self.w, i), _record_after(self.w, i)
        if det < 0 or end < 0 or not all(self.is_word(k) for k in range(det, i)):
            return None
        if det > 0 and self.is_word(det - 1) and self.w[det - 1] not in {"and", "but", "so"}:
            return None  # the fee is inside a longer subject or clause
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        if not _IF.isdisjoint(self.w[end : self.n]):
            return None  # a rule's condition after it: "... if you return the car there"
        return Shape("completed authority action", "completed", det, i, end)
