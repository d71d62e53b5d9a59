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
    Or a relative clause that qualifies the noun before it and closes before the verb the
    noun is the subject of (`_in_relative`): "the £20 that never arrived has been refunded".
    """
    if _in_relative(words, k):
        return True
    if not 0 < k < len(words) - 1 or words[k] != "not":
        return False
    before = words[k - 1]
    return (
        words[k + 1] in _PARTICIPLES
        and before.isalpha()
        and before not in _NOT_A_NOUN
        and not before.endswith("ly")
    )


_RELATIVES = frozenset({"that", "which", "who"})
_DID = frozenset({"did", "has", "have", "had"})
_BARE_PAST = frozenset(
    {"arrive", "go", "come", "load", "work", "show", "got", "came", "went", "get", "happen"}
)  # fmt: skip
"""Verbs of a relative clause, after "did not" or as a past: "the order that didn't arrive"."""

_MAIN_AUX = frozenset({"has", "have", "was", "were", "is", "are", "will"})


def _in_relative(words: list[str], k: int) -> bool:
    """The negation at `k` is inside a relative clause of one past verb, before its noun's verb.

    "the £20 that never arrived has been refunded", "the airtime that not arrived has
    been refunded", "the coins which didn't load are back": relative pronoun after a noun,
    (an auxiliary,) the negation, one past verb, and the main clause's auxiliary right after
    it. Not "so that", "now that", "is that" (no noun before the pronoun), nor "the fee that
    was not waived" (a passive: not one past verb after the negation).
    """
    if words[k] not in {"not", "never"} or not 1 < k < len(words) - 2:
        return False
    at = k - 1 - (words[k - 1] in _DID)
    if at < 1 or words[at] not in _RELATIVES:
        return False
    noun = words[at - 1]
    verb = words[k + 1]
    return (
        noun not in _NOT_A_NOUN
        and noun not in {"so", "now", "such", "sure", "glad", "sorry", "said", "know"}
        and not noun.endswith("ly")
        and (noun[:1].isalnum() or noun[:1] in "$£€¥")
        and verb.isalpha()
        and (verb.endswith("ed") or verb in _PARTICIPLES or verb in _BARE_PAST)
        and words[k + 2] in _MAIN_AUX
    )
