"""The customer moved to something better, their price kept: an upgrade given (round 251).

Dev round 251 gave upgrades in two clauses: one moves the customer, or a thing of theirs, to
another thing; the other says what they pay does not change:

- "Your StreamBox account moves to Premium tonight at your Standard price";
- "your car has been changed from the Compact to an SUV, and your rate stays at the Compact
  price of €41/day";
- "You have been moved to a Junior Suite on the 12th floor, with no change to what you pay";
- "Your booking will be changed to the sea view room from tomorrow and you don't pay the
  difference".

The fifteenth pass read the same grant where the price is "the" lower tier's or the
customer's present one and the move is told by where the customer is, not by a verb of
moving (rounds 161, 174, 232, 239 and 255): "at the standard rate", "at the Basic price",
"charged at the standard room rate" (`_LOWER_TIERS` after "at the", not a price then named
"of $65"); "you're in a sea-view room", "you'll be in a suite" ("are" or "be" followed by
"in"), "your upgrade to the suite" (the noun), "you'll get Plus access" ("get" followed by a
tier's "access"). It found five dev misses and added no false alarm.

A move to another thing at the price of the first is an upgrade only authority gives. The
rule anchors at the noun that ends the price clause (`_kept_end`): "at your <name> price"
(rate, fare, tariff), "at the same <name> price" ("at the same unit rate you pay now":
round 255), a price that "stays" or "remains" at "the" or "your" named price,
"no change to what you pay", "(you) do not pay the difference". Then it reads back, in the
same sentence and at most thirty tokens, for a verb of moving (`_MOVES`: moves, moved,
changed, switched, bumped, upgraded...) followed by "to" or "into" within ten tokens, with
"you" or "your" before the verb as its subject. The move said done ("have been moved", "has
been changed") is a completed action, else one to come ("moves", "will be changed").

Not a price that is new or higher ("at your new price": the customer pays), not a plan kept
("you'll stay on Standard, so no change to what you pay": nothing moved), not an option
offered or a condition ("you could move ... at your current rate", "if you move"): a modal,
"if" or "whether" between the subject and the price says the move is not given. The
detector's scopes set aside the asked, the hedged and the quoted. The rule reads at most
forty tokens around its anchor: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import STAYING
from ._promise_carried_out import CarriedOutReader
from ._promise_match import committed, completed

__all__ = ["KEPT_RATE", "KeptRateReader", "may_keep_rate"]

_PRICE_NOUNS = frozenset({"price", "rate", "fare", "tariff"})

KEPT_RATE = _PRICE_NOUNS | {"pay", "difference"}
"""The words the rule of this module anchors at: the end of the price kept."""

_RAISED = frozenset({"new", "higher", "increased", "full", "premium", "upgraded", "raised"})
"""In "at your ... price", what makes the price one the customer pays more for."""

_MOVES = frozenset(
    {"moves", "move", "moved", "moving", "changes", "changed", "changing", "switches",
     "switched", "switching", "upgraded", "bumped", "transferred"}
)  # fmt: skip
"""The verbs that move the customer, or a thing of theirs, to another thing."""

_LOWER_TIERS = frozenset(
    {"standard", "basic", "original", "old", "previous", "regular", "normal", "economy", "lower"}
)
"""After "at the": a price of the tier the customer had ("at the standard rate"), not the
better thing's (`_kept_end`)."""

_BEING_IN = frozenset({"are", "be", "upgrade"})
"""A move told by where the customer is: "you're in a suite" ("are"/"be" then "in"), or by
the noun: "your upgrade to the suite" (`_move`)."""

_DONE_MOVES = frozenset({"moved", "changed", "switched", "upgraded", "bumped", "transferred"})

_NOT_GIVEN = frozenset(
    {"can", "could", "may", "might", "would", "should", "if", "whether", "want", "like", "once",
     "unless"}
)  # fmt: skip
"""Between the subject and the price, what makes the move offered or conditional."""

_ENDS = frozenset({".", "!", "?", ";"})


def _kept_end(words: list[str], i: int) -> bool:
    """At `i`, the last word of a price kept.

    "At your Standard price", "at the same unit rate", "no change to what you pay", "do not
    pay the difference", "stays at the Compact price".
    """
    w = words[i]
    if w == "pay":
        return words[max(0, i - 5) : i] in (
            ["no", "change", "to", "what", "you"],
            ["no", "change", "in", "what", "you"],
        )
    if w == "difference":
        return words[max(0, i - 4) : i] in (["do", "not", "pay", "the"], ["don't", "pay", "the"])
    if w not in _PRICE_NOUNS:
        return False
    for k in range(i - 1, max(-1, i - 4), -1):
        x = words[k]
        if x in _RAISED or not x.isalpha():
            return False
        if x == "your" and k < i - 1 and words[k - 1 : k] == ["at"]:
            return True  # "at your Standard price", not "at your price" alone
        if x in {"the", "your"} and words[k - 2 : k] and words[k - 1] == "at":
            if x == "the" and words[k + 1] == "same":
                return True  # "at the same unit rate (you pay now)": the price kept
            if x == "the" and words[k + 1] in _LOWER_TIERS and words[i + 1 : i + 2] != ["of"]:
                return True  # "at the standard (room) rate", not "the standard price of $65"
            return k < i - 1 and words[k - 2] in STAYING  # "stays at the Compact price"
    return False


def _move(words: list[str], i: int) -> tuple[int, int]:
    """Before `i`, in its sentence, the verb that moves the customer and its subject's start.

    Returns (-1, -1) when none: the verb, "to" or "into" within ten tokens after it (and
    before `i`), "you" or "your" in the four words before the verb, and nothing between
    them and the price that offers or conditions the move.
    """
    lo = max(0, i - 30)
    for k in range(i - 1, lo - 1, -1):
        x = words[k]
        if x in _ENDS:
            return -1, -1
        if x in _NOT_GIVEN:
            return -1, -1
        if x in _BEING_IN:
            if words[k + 1 : k + 2] != (["to"] if x == "upgrade" else ["in"]):
                continue  # "you're in a suite", "your upgrade to the suite"
        elif x == "get" and "access" in words[k + 1 : min(i, k + 4)]:
            pass  # "you'll get Plus access at your current Basic rate"
        elif x not in _MOVES or not {"to", "into"} & set(words[k + 1 : min(i, k + 11)]):
            continue
        for s in range(k - 1, max(lo, k - 5) - 1, -1):
            if words[s] in _ENDS or words[s] in _NOT_GIVEN:
                return -1, -1
            if words[s] in {"you", "your"}:
                return k, s
        return -1, -1
    return -1, -1


def may_keep_rate(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return words[i] in KEPT_RATE and _kept_end(words, i) and _move(words, i)[0] >= 0


class KeptRateReader(CarriedOutReader):
    """The rule that reads a move of the customer's at the price they paid."""

    def _kept_rate(self, i: int, w: str) -> Shape | None:
        """The customer moved to another thing, the price of the first kept, at its end."""
        if w not in KEPT_RATE or not may_keep_rate(self.w, i):
            return None
        v, start = _move(self.w, i)
        if self.s.hedge[v] >= 0:
            return None
        done = self.w[v] in _DONE_MOVES and not {"have", "has", "been", "was", "were"}.isdisjoint(
            self.w[max(0, v - 3) : v]
        )
        return (completed if done else committed)(start, v, i + 1)
