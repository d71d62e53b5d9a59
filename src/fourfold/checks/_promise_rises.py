"""A price of the customer's said to rise, read after "zero chance of" (dev round 219).

Round 219 ruled a rise out with its noun and a gerund rather than a clause: "zero chance of
the price going up on your renewal", "no chance of your premium rising this year". What the
customer fears is a price of theirs going up; with "zero chance of" before it, the rise is
ruled out as surely as "your price won't go up" (`_promise_no_chance` reads the
rest). A price going down, or changing, is left alone: "no chance of the price
going down" is a refusal's words, not a promise.
"""

from __future__ import annotations

from ._lexicon import AUX, BE

__all__ = ["price_rising"]

_RISING = frozenset({"rising", "increasing", "climbing", "jumping"})
"""After the price: a gerund of its rise ("going" counts only with "up")."""

_OPENERS = frozenset({"the", "your", "a"})
"""What opens the price's noun phrase after "of"."""


def price_rising(words: list[str], j: int) -> int:
    """From `j`, a noun phrase and its rise: "the price going up"; the rise's last index or -1.

    "the", "your" or "a" at `j`, at most two more words, then a gerund of rising; a verb or
    a mark before it ends the search. Reads at most five words.
    """
    if words[j : j + 1] == [] or words[j] not in _OPENERS:
        return -1
    for k in range(j + 2, min(len(words), j + 5)):
        x = words[k]
        if x == "going" and words[k + 1 : k + 2] == ["up"]:
            return k + 1
        if x in _RISING:
            return k
        if not x.isalpha() or x in AUX or x in BE:
            return -1
    return -1
