"""A "not possible" that hedges: a time or an exact figure not known yet, not a request declined.

"It's not possible for me to say when the fix will ship" (`says_when`: saying, telling,
confirming or predicting when, how long, whether, or exactly); "a precise figure for the
repair isn't possible until the engineer has opened it", "the exact date can't be given yet"
(`exact_figure`: the subject names an exact date or figure). Each reads a few words around its
anchor, or the subject once, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons

__all__ = ["EXACT", "FIGURES", "exact_figure", "says_when"]

EXACT = frozenset({"exact", "precise", "firm", "definite", "specific"})
FIGURES = frozenset(
    {"date", "time", "figure", "amount", "timescale", "timeframe", "estimate", "cost", "day"}
)
"""An exact date or figure that "can't be given" yet: a hedge, not a request declined."""


def exact_figure(words: set[str]) -> bool:
    """The subject names an exact date or figure ("a precise figure for the repair")."""
    return bool(EXACT & words and FIGURES & words)


def says_when(r: Reasons, i: int) -> bool:
    """At "possible": "it's not possible for me to say when the fix will ship", a hedge.

    Saying, telling, confirming or predicting when, how long, whether, exactly, or not yet
    ("the exact day is not possible to say yet"): a time not known yet, not a request
    declined.
    """
    to = i + 1 if r.word(i + 1) == "to" else i + 3  # "not possible to say how much"
    if to == i + 3 and (r.word(i + 1) != "for" or r.word(i + 2) not in {"me", "us"}):
        return False
    if r.word(to) != "to":
        return False
    verb = r.word(to + 1)
    return verb in {"say", "tell", "confirm", "predict", "know", "give"} and bool(
        {"when", "whether", "exactly", "how", "if", "yet"} & set(r.w[to + 2 : to + 5])
    )
