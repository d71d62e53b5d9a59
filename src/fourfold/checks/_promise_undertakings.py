"""Undertakings a support agent writes after a tool call: "we'll honour €12 per seat".

Round 139 of the corpus (deployed agents' replies, in markdown) committed to what needs
authority with words the older rules read otherwise:

- "I" or "we" and "will" with a verb whose object makes it a grant: a price honoured at a
  sum ("we'll honour €12 per seat"; not "we'll honour your booking"), the customer's claim
  settled ("we'll settle your claim at the full replacement value"; not "please settle your
  bill", "you'll settle the balance"), what the customer needs, paid for by us, named as a
  bare noun ("we'll pay for toiletries and a change of clothes"; not "you'll pay for
  toiletries") (`_undertaking`);
- a grant announced by a fronted frame, whatever names its act: "As compensation, six days
  of rental will be adjusted in your upcoming bill", "As a goodwill gesture, your next
  month's fee will be reduced" (the frame, at the opening and followed by a comma, says the
  act is given; not "As compensation is decided by our claims team, ...", nor "As
  compensation, customers receive ..." said of everyone) (`_as_compensation`).

Each rule reads a few tokens around its anchor.
"""

from __future__ import annotations

from ._authority import FIRST, VERBS
from ._guarantees import Shape, committed, completed
from ._lexicon import EXPENSES, GENERIC_NOUNS, is_amount
from ._promise_staff import StaffReader

__all__ = ["UNDERTAKING", "UndertakingReader", "may_undertake"]

_HONOURING = frozenset({"honour", "honor"})

_ESSENTIALS = EXPENSES | {
    "toiletries", "clothes", "clothing", "essentials", "medication", "medicine", "nappies",
    "diapers", "groceries", "taxis", "cabs", "meals", "replacements", "repairs", "towing",
}  # fmt: skip
"""What the customer needs, paid for by us, as a bare noun: "we'll pay for toiletries"."""

_CLAIMS = frozenset({"claim", "claims"})

_FRAMES = frozenset({"compensation", "gesture", "apology"})
"""The last word of a fronted granting frame: "As compensation,", "As a goodwill gesture,"."""

_IN_FRAME = frozenset({"a", "an", "our", "some", "small", "partial", "goodwill", "of", "way"})
"""Between "as" (or "by") and the frame's last word: "as a goodwill gesture", "by way of"."""

_ADVERBS = frozenset({"also", "then", "happily", "gladly", "fully", "still", "now"})

_NOT_GIVING = frozenset({"pass", "start", "set", "sort", "book", "sign", "make", "get"})
"""Verbs of the lexicon that give nothing by themselves after a frame ("will be passed")."""

UNDERTAKING = _HONOURING | {"settle", "pay"} | _FRAMES
"""The words the rules of this module anchor at."""


def may_undertake(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    if w in _FRAMES:
        return "," in words[i + 1 : i + 8] and "as" in words[max(0, i - 5) : i]
    after = words[i + 1 : i + 3]
    if w in _HONOURING:
        return bool(after) and is_amount(after[0])
    if w == "settle":
        return not _CLAIMS.isdisjoint(after)
    return after[:1] == ["for"]


class UndertakingReader(StaffReader):
    """The rules that read an undertaking with a verb read otherwise, or a fronted frame."""

    def _undertaking(self, i: int, w: str) -> Shape | None:
        """Any rule of this module that matches at `i`."""
        if w in _FRAMES:
            return self._as_compensation(i)
        if w not in UNDERTAKING:
            return None
        start = self._we_will(i)
        if start < 0:
            return None
        if w in _HONOURING and is_amount(self.word(i + 1)):
            per = self.word(i + 2) in {"per", "a", "an"} and self.is_word(i + 3)
            return committed(start, i, i + 2 + 2 * per)  # "we'll honour €12 per seat"
        if w == "settle":
            k = i + 1 + (self.word(i + 1) in {"your", "the", "this"})
            if self.word(k) in _CLAIMS:
                return committed(start, i, k + 1)  # "we'll settle your claim"
            return None
        if w == "pay" and self.word(i + 1) == "for" and self.word(i + 2) in _ESSENTIALS:
            return committed(start, i, i + 3)  # "we'll pay for toiletries"
        return None

    def _we_will(self, v: int) -> int:
        """Where "I" or "we" and "will" (or "shall", "am going to") start before `v`, or -1."""
        k = v - 1
        k -= self.word(k) in _ADVERBS
        if self.word(k) in {"will", "shall"}:
            k -= 1
        elif self.w[max(0, k - 2) : k + 1] == ["are", "going", "to"]:
            k -= 3  # "we are going to pay for ..."
        elif self.w[max(0, k - 2) : k + 1] == ["am", "going", "to"]:
            k -= 3
        else:
            return -1
        return k if self.word(k) in FIRST else -1

    def _as_compensation(self, i: int) -> Shape | None:
        """A fronted granting frame, at its last word, and the act it announces.

        "As compensation, six days of rental will be adjusted in your upcoming bill": "as"
        (or "by way of") at the sentence's opening, the frame, a comma within a few words
        ("as compensation for the outage,"), then a clause whose verb, with "will" or "has
        been", is one the lexicon reads as an act on the customer's account.
        """
        a = i - 1
        while a >= 0 and self.w[a] in _IN_FRAME:
            a -= 1
        if self.word(a) not in {"as", "by"} or any(self.is_word(k) for k in range(a)):
            return None
        comma = next((k for k in range(i + 1, min(self.n, i + 8)) if self.w[k] == ","), -1)
        if comma < 0 or any(self.w[k] in {".", "is", "are", "was"} for k in range(i, comma)):
            return None
        for k in range(comma + 1, min(self.n, comma + 16)):
            x = self.w[k]
            if x in {".", ";", ":", "?", "!"}:
                return None
            if x == "will" or (x in {"has", "have"} and self.word(k + 1) == "been"):
                v = k + 1 + (self.word(k + 1) in {"be", "been"})
                v += self.word(v) in {"fully", "automatically", "also"}
                base, form = VERBS.get(self.word(v), ("", ""))
                if not base or base in _NOT_GIVING or (form != "past" and v != k + 1):
                    return None
                said = self.w[comma + 1 : k]
                generic = not GENERIC_NOUNS.isdisjoint(said)
                if x == "will":
                    return committed(a, i, v + 1, generic=generic)
                return completed(a, i, v + 1, generic=generic)  # "... has been credited"
        return None
