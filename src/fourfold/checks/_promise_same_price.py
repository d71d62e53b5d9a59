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

Dev round 247 moved the customer in the speaker's own words, at the rate they booked: "we're
moving you to a junior suite on the eighth floor at your original rate" (`_moved_you`): a
first-person verb of moving "you to" (or "into") another thing, then "at the same rate" or
"at your original (existing, current) rate". Not "we can move you ... at your original rate"
(offered), nor "we're moving you to another room" with no price (a room swapped, no grant).
"""

from __future__ import annotations

from ._guarantees import Shape, committed, completed
from ._promise_certainties import CertaintyReader

__all__ = ["SAME", "SamePriceReader", "may_be_same_price"]

_KEPT = frozenset({"original", "existing", "current"})
"""After "at your": a price the customer already pays ("at your original rate")."""

SAME = frozenset({"same"}) | _KEPT
"""The words the rule of this module anchors at."""

_MOVING = frozenset(
    {"moving", "move", "moved", "switching", "switch", "switched", "transferring",
     "relocating", "relocate", "relocated"}
)  # fmt: skip
"""Before "you to": the customer moved to another thing (`_moved_you`)."""

_FIRST = frozenset({"we", "i", "we're", "'re", "'ll", "'ve", "'m", "are", "am", "will", "have"})
"""Before a verb of moving: the speaker's own act ("we're moving", "I've moved")."""

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
    if not _priced_at(words, i):
        return False
    before = words[max(0, i - 24) : i]
    if words[i] in _KEPT:
        return _moved_you(words, i) >= 0
    return "instead" in before or "now" in before or words[i + 2 : i + 6].count("paid") == 1


def _priced_at(words: list[str], i: int) -> bool:
    """At `i`, "at (for) the same price", or "at your original rate"."""
    if i + 1 >= len(words) or words[i + 1] not in _PRICES:
        return False
    if words[i] in _KEPT:
        return words[max(0, i - 2) : i] == ["at", "your"]
    return words[i] == "same" and words[max(0, i - 2) : i] in (["at", "the"], ["for", "the"])


def _moved_you(words: list[str], i: int) -> int:
    """Before `i`, in its sentence, where a first-person "moving you to" starts, or -1.

    "We're moving you to a junior suite ... at your original rate": the verb of moving
    (`_MOVING`), "you", "to" or "into", the verb after "I" or "we" and its auxiliary.
    """
    for k in range(i - 3, max(-1, i - 25), -1):
        x = words[k]
        if x in {".", "!", "?", ";"}:
            return -1
        if x in _MOVING and words[k + 1 : k + 2] == ["you"] and words[k + 2] in {"to", "into"}:
            lead = words[max(0, k - 2) : k]
            return k - len(lead) if not _FIRST.isdisjoint(lead) else -1
    return -1


class SamePriceReader(CertaintyReader):
    """The rule that reads an upgrade given at the price the customer paid."""

    def _same_price(self, i: int, w: str) -> Shape | None:
        """Something other than what was booked at the same price, at "same"."""
        if w not in SAME or not _priced_at(self.w, i):
            return None
        lo = max(0, i - 24)
        said = self.w[lo:i]
        if not _OFFERED.isdisjoint(said) or "?" in said:
            return None
        moved = _moved_you(self.w, i)
        if moved >= 0:  # "we're moving you to a junior suite at your original rate"
            done = "moved" in self.w[moved:i] or "switched" in self.w[moved:i]
            return (completed if done else committed)(moved, i, i + 2)
        if w != "same":
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
