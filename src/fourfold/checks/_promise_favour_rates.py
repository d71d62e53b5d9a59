"""A rate given as a favour, and the customer moved onto a grant.

Round 165 of the corpus (prices and billing) lowered the customer's price by naming the rate
it moved them to rather than the discount: "I'm applying the loyalty rate", "I'm putting you
on the loyalty rate", "I dropped it to the returning-customer rate". Two classes:

- a rate, price or tariff named for the favour it does the customer (loyalty, retention,
  goodwill, courtesy, a returning customer's) is a discount by another name, and needs the
  authority a discount needs; granted, promised or said done, it is read as "a discount"
  is (`FavourRateReader._auth_noun`). Not a rate named for what it prices or who pays it
  ("the standard rate", "the off-peak tariff", "the student price": a price list's rows,
  open to anyone who fits them), nor the rate as the head of another noun ("the loyalty
  rate terms", `BLOCKING_HEADS`);
- the speaker moving the customer, or their plan or price, onto such a grant ("I've put you
  on a goodwill discount", "we're moving your plan to the retention price", "I dropped it to
  the loyalty rate"): "I" or "we" with the verb done or under way, what is moved (the
  customer, "it", or a thing of theirs), then "on", "onto" or "to" and a grant within a few
  words (`FavourRateReader._moved_onto`). Not a plan the customer chose ("I've moved you to
  the Premium plan": no grant named), nor someone else moving it ("billing will move you").

Each rule reads a few tokens after its anchor.
"""

from __future__ import annotations

from ._authority import FIRST
from ._guarantees import Shape, committed, completed
from ._lexicon import BLOCKING_HEADS
from ._promise_accepted import AcceptedReader

__all__ = ["FAVOURS", "FavourRateReader", "MOVED_ONTO", "may_be_moved_onto"]

FAVOURS = frozenset(
    {"loyalty", "retention", "goodwill", "courtesy", "returning-customer", "win-back"}
)
"""Before a rate: the favour it does the customer ("the loyalty rate")."""

_RATES = frozenset({"rate", "price", "tariff", "pricing", "premium", "fare"})
"""What a favour names as a discount: "the loyalty rate", "a retention price"."""

_DONE = frozenset({"put", "moved", "switched", "dropped", "transferred"})
_UNDER_WAY = frozenset({"putting", "moving", "switching", "dropping", "transferring"})
MOVED_ONTO = _DONE | _UNDER_WAY
"""Where `FavourRateReader._moved_onto` anchors: the verb that moves the customer."""

_MOVED = frozenset({"you", "it"})
"""What is moved, alone: the customer, or their plan or price named before."""

_ONTO = frozenset({"on", "onto", "to"})

_AUX_BEFORE = frozenset({"have", "am", "are", "will", "just", "now", "also", "'ve", "'m"})
"""Between "I" or "we" and the verb: "I've put", "I'm putting", "we'll move", "I just put"."""

_GRANT_WORDS = 4
"""How many words after "on" or "to" may hold the grant ("the returning-customer rate")."""


def may_be_moved_onto(words: list[str], i: int) -> bool:
    """Whether the rule of `_moved_onto` can match at `i` (`_promises.may_match`)."""
    if words[i] not in MOVED_ONTO:
        return False
    k = i - 1
    while k > 0 and words[k] in _AUX_BEFORE:
        k -= 1
    return k >= 0 and words[k] in FIRST and not _ONTO.isdisjoint(words[i + 1 : i + 5])


class FavourRateReader(AcceptedReader):
    """`_auth_noun` that also reads a rate named for a favour; the customer moved onto one."""

    def _auth_noun(self, k: int) -> bool:
        """What needs authority as before, and a rate named for the favour it does."""
        if super()._auth_noun(k):
            return True
        w = self.word(k)
        if w not in _RATES or self.word(k + 1) in BLOCKING_HEADS:
            return False
        prev = self.word(k - 1)
        # "the returning customer rate": the favour in two words
        two = prev == "customer" and self.word(k - 2) in {"returning", "loyal"}
        return prev in FAVOURS or two

    def _moved_onto(self, i: int, w: str) -> Shape | None:
        """The speaker moves the customer onto a grant, at the verb: done or committed."""
        if not may_be_moved_onto(self.w, i):
            return None
        start = i - 1
        while start > 0 and self.w[start] in _AUX_BEFORE:
            start -= 1
        j = i + 1
        if self.word(j) == "your" and self.is_word(j + 1):
            j += 2  # "your plan", "your renewal"
        elif self.word(j) in _MOVED:
            j += 1
        else:
            return None
        if self.word(j) not in _ONTO:
            return None
        last = min(len(self.w), j + 1 + _GRANT_WORDS)
        noun = next((k for k in range(j + 1, last) if self._auth_noun(k)), -1)
        if noun < 0 or not all(self.is_word(k) for k in range(start, noun + 1)):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        shape = completed if w in _DONE and self.word(i - 1) != "will" else committed
        return shape(start, i, noun + 1)
