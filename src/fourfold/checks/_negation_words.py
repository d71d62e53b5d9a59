"""Which words negate what follows them, and the idioms in which they negate nothing.

`_grammar`'s scopes mark a word after a negation as negated ("we will not refund"); "No
problem, I'll refund it", "at no extra cost" and "without a doubt" hold a negation word and
negate nothing, so they are set aside first.
"""

from __future__ import annotations

__all__ = ["NEGATORS", "NOT_NEGATING"]

NEGATORS = frozenset(
    {"not", "never", "no", "nobody", "nothing", "none", "neither", "nor", "unable", "without",
     "cannot", "hardly", "barely", "nowhere", "refuse", "decline"}
)  # fmt: skip
"""Words that negate what follows them in their clause."""

NOT_NEGATING: tuple[tuple[str, ...], ...] = (
    ("no", "problem"), ("no", "problems"), ("no", "worries"), ("no", "worry"),
    ("not", "a", "problem"), ("no", "doubt"), ("without", "a", "doubt"), ("no", "need"),
    ("not", "only"), ("no", "matter"), ("no", "later"), ("not", "later"),
    ("no", "questions"), ("no", "charge"), ("no", "cost"), ("no", "extra"),
    ("no", "additional"), ("no", "fee"), ("without", "fail"), ("without", "charge"),
    ("without", "any", "charge"), ("do", "not", "worry"), ("not", "to", "worry"),
    ("never", "mind"), ("do", "not", "hesitate"), ("no", "hassle"), ("no", "longer"),
    ("without", "delay"), ("no", "trouble"), ("without", "question"), ("without", "doubt"),
    ("without", "any", "doubt"), ("without", "extra"), ("without", "any", "extra"),
    ("without", "additional"), ("without", "any", "additional"), ("without", "cost"),
)  # fmt: skip
"""Negation words in idioms that negate nothing ("No problem, ...", "at no extra cost")."""
