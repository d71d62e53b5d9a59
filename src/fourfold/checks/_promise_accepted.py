"""A gesture handed over with "please accept" (round 161 of the corpus: service recovery).

After something went wrong, a reply often gives its goodwill gesture by asking the customer
to take it: "please accept a £15 voucher for the trouble", "kindly accept this credit as an
apology", "please accept our apologies and a voucher for 10% off". Asking the customer to
accept a thing gives it, as "we're giving you a £15 voucher" does: the imperative of
accepting is the form of the grant. Apologies accepted give nothing ("please accept our
apologies for the delay"), nor does a request to accept terms, a delivery's arrival or a
fact ("please accept that we can't offer a refund": the thing accepted is a clause).

The rule anchors at "accept" after "please" or "kindly", and reads its object up to the
next punctuation or clause word (at most `_REACH` words): something that needs authority
there (`_auth_noun`: a voucher, a credit, a refund, a discount...) is the gesture. Not
negated or hedged; a condition around it is set aside by the scopes as any commitment's is.
"""

from __future__ import annotations

from ._guarantees import Shape, committed
from ._lexicon import AUTH_NOUNS
from ._promise_removed import RemovedReader

__all__ = ["ACCEPTED", "AcceptedReader", "may_be_accepted"]

ACCEPTED = frozenset({"accept"})
"""The word the rule of this module anchors at."""

_ASKING = frozenset({"please", "kindly"})
"""Before "accept": the imperative that hands something over."""

_REACH = 8
"""How many words after "accept" its object may take."""

_OBJECT_ENDS = frozenset(
    {".", "!", "?", ";", ":", ",", "\n", "that", "if", "when", "once", "unless", "but", "or",
     "which", "so", "because"}
)  # fmt: skip
"""What ends the thing accepted: punctuation, or a clause ("please accept that ...")."""


def _object_end(words: list[str], i: int) -> int:
    """Where the object of "accept" at `i` ends (exclusive)."""
    end = i + 1
    while end < len(words) and end <= i + _REACH and words[end] not in _OBJECT_ENDS:
        end += 1
    return end


def may_be_accepted(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] not in ACCEPTED or i == 0 or words[i - 1] not in _ASKING:
        return False
    return not AUTH_NOUNS.isdisjoint(words[i + 1 : _object_end(words, i)])


class AcceptedReader(RemovedReader):
    """The rule that reads a gesture handed over with "please accept"."""

    def _accepted(self, i: int, w: str) -> Shape | None:
        """A gesture the customer is asked to accept, at "accept": a commitment to it."""
        if not may_be_accepted(self.w, i):
            return None
        end = _object_end(self.w, i)
        noun = next((k for k in range(i + 1, end) if self._auth_noun(k)), -1)
        if noun < 0 or not all(self.is_word(k) for k in range(i - 1, noun + 1)):
            return None
        if self.s.negation[noun] >= 0 or self.s.hedge[i] >= 0 or self.s.hedge[noun] >= 0:
            return None
        return committed(i - 1, i, end)
