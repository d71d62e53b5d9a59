"""Which words negate what follows them, and the idioms in which they negate nothing.

`_grammar`'s scopes mark a word after a negation as negated ("we will not refund"); "No
problem, I'll refund it", "at no extra cost" and "without a doubt" hold a negation word and
negate nothing, so they are set aside first.
"""

from __future__ import annotations

__all__ = ["NEGATORS", "NOT_NEGATING", "qualifies_noun"]

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


_PARTICIPLES = frozenset(
    {"used", "received", "delivered", "provided", "stayed", "taken", "given", "sent", "shown",
     "supplied", "collected", "travelled", "traveled", "flown", "worn", "opened", "redeemed",
     "claimed", "consumed", "rendered", "attended", "needed", "required", "covered"}
)  # fmt: skip
"""Participles that, after "not", qualify the noun before them: "the days not used"."""

_NOT_A_NOUN = frozenset(
    {"is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do",
     "does", "did", "will", "would", "shall", "should", "can", "could", "may", "might", "must",
     "i", "we", "you", "they", "he", "she", "it", "that", "which", "who", "and", "or", "but",
     "if", "so", "as", "still", "just", "also", "yet", "get", "got"}
)  # fmt: skip


def qualifies_noun(words: list[str], k: int) -> bool:
    """The negation at `k` qualifies the noun before it, and governs no verb after it.

    "The refund for the days not used", "a credit for items not received": "not", a
    participle of `_PARTICIPLES`, and before them a word that can only be a noun there (not
    an auxiliary, a pronoun, a conjunction or an adverb: "the fee was not waived" negates).
    """
    if not 0 < k < len(words) - 1 or words[k] != "not":
        return False
    before = words[k - 1]
    return (
        words[k + 1] in _PARTICIPLES
        and before.isalpha()
        and before not in _NOT_A_NOUN
        and not before.endswith("ly")
    )
