"""Something better than what the customer booked, at the same price: an upgrade given.

Round 117 of the corpus gave upgrades by saying what the customer will have and what it costs
them: "you'll be in one of our lake-view suites instead of the classic double you booked, at
the same price", "your booking now shows a Junior Suite for all 3 nights at the same rate you
originally paid". A thing other than the one booked ("instead of", or what the booking now
shows), at the price paid for the first, is an upgrade only authority gives.

The rule anchors at "same" of "at (for) the same price" (rate, cost, fare) and reads back over
the sentence's last 24 tokens for the change: "instead of", "now shows" said of the
customer's booking, or "now on" a better class ("your account is now on the premium tier for
the same price", round 132); or it reads on to "you paid for" another thing, named
("confirmed for you at the same price you paid for the standard room", round 126). The
change is this customer's ("you'll be in", "your booking"), said as done or to come, not
offered ("you can switch ... at the same price") nor asked.
"""

from __future__ import annotations

from ._guarantees import Shape, committed, completed
from ._promise_certainties import CertaintyReader

__all__ = ["SAME", "SamePriceReader", "may_be_same_price"]

SAME = frozenset({"same"})
"""The word the rule of this module anchors at."""

_PRICES = frozenset({"price", "rate", "cost", "fare", "tariff", "prices", "rates"})

_OFFERED = frozenset({"can", "could", "may", "might", "would", "if", "whether", "want", "like"})
"""Before the price, what makes the change an option offered, not given."""

_SHOWS = frozenset({"shows", "show", "lists", "has"})

_BETTER = frozenset(
    {"premium", "business", "first", "gold", "platinum", "upgraded", "higher", "better",
     "superior", "deluxe", "executive", "vip"}
)  # fmt: skip
"""A class above the customer's, which "now on" it at the same price says was given."""

_GIVEN = frozenset({"confirmed", "upgraded", "moved", "reserved", "booked", "guaranteed"})
"""Before "at the same price you paid for the ...": the thing given, said as done."""


def may_be_same_price(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[max(0, i - 2) : i] not in (["at", "the"], ["for", "the"]) or i + 1 >= len(words):
        return False
    before = words[max(0, i - 24) : i]
    if words[i + 1] not in _PRICES:
        return False
    return "instead" in before or "now" in before or words[i + 2 : i + 6].count("paid") == 1


class SamePriceReader(CertaintyReader):
    """The rule that reads an upgrade given at the price the customer paid."""

    def _same_price(self, i: int, w: str) -> Shape | None:
        """Something other than what was booked at the same price, at "same"."""
        if w != "same" or self.word(i - 1) != "the" or self.word(i + 1) not in _PRICES:
            return None
        if self.word(i - 2) not in {"at", "for"}:
            return None
        lo = max(0, i - 24)
        said = self.w[lo:i]
        if not _OFFERED.isdisjoint(said) or "?" in said:
            return None
        change = -1
        for k in range(i - 3, lo - 1, -1):
            if self.w[k] == "instead" and self.word(k + 1) == "of":
                change = k
                break
            if self.w[k] == "now" and self.word(k + 1) in _SHOWS:
                change = k
                break
            if self.w[k] == "now" and self._on_better(k + 1, i):
                change = k  # "your account is now on the premium tier for the same price"
                break
        if change < 0 and self._paid_for_other(i + 2):
            change = i  # "... is confirmed for you at the same price you paid for the standard"
        if change < 0:
            return None
        for k in range(change - 1, lo - 1, -1):
            x = self.w[k]
            if x in {"you", "your"}:
                done = self.w[change] == "now" or (
                    change == i and not _GIVEN.isdisjoint(self.w[max(lo, k - 3) : i])
                )
                if not done and "will" not in self.w[k:change]:
                    return None  # "you're in one of our suites instead of ..." says no time
                return (completed if done else committed)(k, i, i + 2)
            if x in {".", "!", ";"}:
                return None
        return None

    def _on_better(self, k: int, same: int) -> bool:
        """From `k`, after "now": "on" or "in" a better class than the customer's, to `same`.

        "now on the premium tier", "now in business class": a tier above, named by one of
        `_BETTER` (not "now on the standard plan", which may be a plan kept).
        """
        if self.word(k) not in {"on", "in"}:
            return False
        return not _BETTER.isdisjoint(self.w[k + 1 : min(same, k + 5)])

    def _paid_for_other(self, k: int) -> bool:
        """From `k`, after "at the same price": "(that) you paid for the standard room".

        The price was paid for another thing than the one given at it, named with "the" or
        "your" (not "you paid last year", the same thing's price kept).
        """
        k += self.word(k) == "that"
        return self.w[k : k + 3] == ["you", "paid", "for"] and self.word(k + 3) in {"the", "your"}
