"""Words of hedging that name a thing instead: the month May, a priced estimate.

"May" hedges ("it may arrive"), but not as the month ("on 4 May", "in May"); "estimate"
hedges ("we estimate", "a rough estimate"), but not as a priced document ("the adjuster's
estimate of $4,812.60 has been approved"). `_grammar` asks these before it opens a hedge's
scope. Each reads the word and its neighbours only.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["is_month", "priced_estimate"]


def is_month(words: Sequence[str], i: int, *, cap: bool) -> bool:
    """The "may" at `i` is the month: "on 4 May", "May 12", "in May" (capitalised, not first)."""
    if words[i] != "may":
        return False
    before = words[i - 1] if i > 0 else ""
    after = words[i + 1] if i + 1 < len(words) else ""
    return before[:1].isdigit() or after[:1].isdigit() or (i > 0 and cap)


def priced_estimate(words: Sequence[str], i: int) -> bool:
    """The "estimate" at `i` is a priced document: "the adjuster's estimate of $4,812.60".

    A noun after "the", "your" or a noun, with "of" and a sum after it, names a quote for
    work, not a guess; "we estimate", "an estimated", "to estimate" still hedge.
    """
    if words[i] != "estimate" or i == 0 or words[i + 1 : i + 2] != ["of"]:
        return False
    sum_ = words[i + 2] if i + 2 < len(words) else ""
    return words[i - 1] not in _NOT_BEFORE_ESTIMATE and sum_[:1] in "$£€¥" and sum_[1:2].isdigit()


_NOT_BEFORE_ESTIMATE = frozenset(
    {"i", "we", "you", "they", "to", "will", "would", "can", "could", "an", "rough", "best"}
)
"""Before an "estimate" that guesses: its subject ("we estimate"), "to", a modal, "a rough"."""
