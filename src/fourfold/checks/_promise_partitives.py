"""A part of the charges named before, by a partitive: "I've put one of them back".

A reply that names a charge taken twice often gives one of the two back by a partitive in
place of the pronoun: "you got hit with the $3.50 cash-out fee twice, so I've put one of
them back in your balance", "the two late fees — I've taken one off", "both of those
charges, I've removed both" (dev round 299). The partitive stands for part of the charges
named in the clause before, as "it" or "them" stands for all of them (`_promise_referents`
reads the charge; this module reads only where the partitive ends).

The partitive is a part's word (`_PARTS`: "one", "both", "each", "half", "either") alone,
or with "of" and a pronoun ("one of them", "half of it", "both of those"). Not a part of
anything else: "one of the ..." names what it is a part of, and the rules read that noun
phrase themselves. `partitive_end` reads at most three words.
"""

from __future__ import annotations

__all__ = ["partitive_end"]

_PARTS = frozenset({"one", "both", "each", "half", "either"})
"""A part's word: "one of them", "half of it", "both"."""

_REFERRING = frozenset({"them", "those", "these", "it", "that", "this"})
"""After "of": the pronoun that stands for the charges named before."""


def partitive_end(words: list[str], j: int) -> int:
    """Where a partitive that opens at `j` ends ("one of them" -> after "them"), or -1."""
    if j >= len(words) or words[j] not in _PARTS:
        return -1
    if words[j + 1 : j + 2] == ["of"]:
        return j + 3 if words[j + 2 : j + 3] and words[j + 2] in _REFERRING else -1
    return j + 1
