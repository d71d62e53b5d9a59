"""A part of the customer's charge or sum as a subject: "half of the $89 day rate goes back".

A partial grant names its share first, then what it is a share of: "half of the $89 day rate
goes back on your card this week", "half the booking fee is coming off", "a third of the
delivery charge has been refunded", "50% of the deposit goes back to you" (round 197). Read
from the verb back, the subject's head is the share ("half"), which is neither a charge nor a
sum nor made this customer's by a determiner; what the share is of is.

So a subject opened by a share (`_SHARES`: "half", "part", "a portion", "a third", "a
quarter", a percentage), then "of" (or, after "half", at once: "half the fee"), then a
determiner of one customer's thing or an amount, is read as the noun phrase after the share,
from the share's first word: the sum it is a share of says what the rules ask of it (a
charge, a grant, this customer's or everyone's). The look is at the first few words of one
subject.

A charge cut to a share is a grant too: "we'll only charge half the £20 freeze fee this
time", "I'll just bill you 50% of the cancellation fee". "Only" or "just" before the verb
that charges, I or we its subject, and a share of a charge of this customer's as its object
(`_charged_in_part`: not "we'll only charge you £10 for delivery", a price, nor "members
are charged half the daily rate", everyone's).
"""

from __future__ import annotations

from dataclasses import replace

from ._authority import SPECIFIC, Subject
from ._lexicon import is_amount
from ._promise_referents import ReferentReader

__all__ = ["PortionReader"]

_SHARES = frozenset({"half", "part", "portion", "third", "quarter", "fraction"})
"""The words that name a share of something ("half of", "a third of", "part of")."""

_CHARGING = frozenset({"charge", "bill", "invoice", "charging", "billing", "charged", "billed"})
"""The verbs that charge the customer (not in `VERBS`: charging needs no authority)."""

_LIMITING = frozenset({"only", "just"})
"""Before a verb that charges: what makes the charge less than it would have been."""

_SHARE_ARTICLES = frozenset({"a", "one", "the"})
"""Before a share's noun: "a third of", "one quarter of", "the better part of"."""


class PortionReader(ReferentReader):
    """`_classify` read through a share to what it is a share of."""

    def _classify(self, start: int, end: int) -> Subject:
        """`PhraseReader._classify`, or, for a share of a sum, that sum's from the share on."""
        found = super()._classify(start, end)
        if found.kind != "np":
            return found
        after = self._share_end(found.start, end)
        if after < 0:
            return found
        whole = super()._classify(after, end)
        return replace(whole, start=found.start) if whole.kind == "np" else found

    def _verb(self, v: int, subject: Subject, *, done: bool) -> tuple[int, bool] | None:
        """`ReferentReader._verb`, and a charge of I or we cut to a share (`_charged_in_part`)."""
        found = super()._verb(v, subject, done=done)
        if found is not None or subject.kind != "first":
            return found
        return self._charged_in_part(v)

    def _charged_in_part(self, v: int) -> tuple[int, bool] | None:
        """Only a share of a charge charged, the verb (or "only") at `v` (see the module).

        "we'll only charge half the £20 freeze fee", "I'll just bill you 50% of the
        cancellation fee".
        """
        limited = self.word(v) in _LIMITING
        k = v + limited
        if not (limited or self.word(v - 1) in _LIMITING) or self.word(k) not in _CHARGING:
            return None
        k += 1 + (self.word(k + 1) in {"you", "u"})
        after = self._share_end(k, self.n)
        if after < 0:
            return None
        obj = self._object(after)
        if not obj.charge or obj.generic or obj.negated:
            return None
        return obj.end, False

    def _share_end(self, k: int, end: int) -> int:
        """Where what the share that opens at `k` is a share of starts, or -1.

        "half of | the fee", "half | the fee", "a third of | the charge", "50% of | your
        deposit", "part of | the $89": the share, then "of" (not needed after "half"), then
        a determiner of one customer's thing or an amount, before `end`.
        """
        w = self.word(k)
        j = k + 1
        if w in _SHARE_ARTICLES and self.word(k + 1) in _SHARES:
            j += 1
        elif not (w in _SHARES or (w[-1:] == "%" and w[:1].isdigit())):
            return -1
        if self.word(j) == "of":
            j += 1
        elif w != "half":
            return -1
        first = self.word(j)
        return j if j < end and (first in SPECIFIC or is_amount(first)) else -1
