"""Which words negate what follows them, and the idioms in which they negate nothing.

`_grammar`'s scopes mark a word after a negation as negated ("we will not refund"); "No
problem, I'll refund it", "at no extra cost" and "without a doubt" hold a negation word and
negate nothing, so they are set aside first.
"""

from __future__ import annotations

__all__ = ["NEGATORS", "NOT_NEGATING", "contact_relative", "qualifies_noun"]

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
    ("without", "reservation"), ("without", "any", "reservation"), ("without", "a", "shadow"),
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
    noun is the subject of (`_in_relative`): "the £20 that never arrived has been refunded",
    or one with a pronoun subject of its own: "the add-on you didn't order has been removed".
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
    if _in_contact_relative(words, k):
        return True
    at = k - 1 - (words[k - 1] in _DID)
    if at < 1 or words[at] not in _RELATIVES:
        return False
    verb = words[k + 1]
    return (
        _noun(words[at - 1])
        and verb.isalpha()
        and (verb.endswith("ed") or verb in _PARTICIPLES or verb in _BARE_PAST)
        and words[k + 2] in _MAIN_AUX
    )


def _noun(word: str) -> bool:
    """`word`, before a relative clause, can be the noun the clause is about."""
    return (
        word not in _NOT_A_NOUN
        and word not in {"so", "now", "such", "sure", "glad", "sorry", "said", "know"}
        and not word.endswith("ly")
        and (word[:1].isalnum() or word[:1] in "$£€¥")
    )


_SUBJECTS = frozenset({"you", "we", "i", "they", "he", "she"})
_THEIR_AUX = frozenset({"did", "do", "does", "has", "have", "had", "was", "were", "are", "is"})
_STRANDED = frozenset({"to", "for", "about", "with", "on", "in", "up", "out", "of", "from"})
"""A preposition a relative clause leaves at its end: "the add-on you didn't sign up for"."""


def contact_relative(words: list[str], k: int) -> int:
    """Where a relative clause with a pronoun subject opens before the negation at `k`, or -1.

    "the add-on | you didn't", "the order | that you haven't", "the parcel | you never": a
    noun, ("that"/"which"), a pronoun and its auxiliary (none before "never") right before
    the negation. What follows the negation is not looked at.
    """
    if not 1 < k < len(words) or words[k] not in {"not", "never"}:
        return -1
    if words[k] == "never" and words[k - 1] in _SUBJECTS:
        pronoun = k - 1  # "the order you never received"
    elif words[k - 1] in _THEIR_AUX and words[k - 2] in _SUBJECTS:
        pronoun = k - 2
    else:
        return -1
    at = pronoun - (words[pronoun - 1] in {"that", "which"})
    noun = words[at - 1] if at > 0 else ""
    return at if _noun(noun) and noun not in _SUBJECTS | _RELATIVES else -1


def _in_contact_relative(words: list[str], k: int) -> bool:
    """The negation at `k` is in a relative clause with a subject of its own, before the verb.

    Dev round 261: "the charge for the add-on you didn't subscribe to has been reversed",
    "the fee you weren't told about has been waived", "the order that you never received has
    been refunded": a noun, ("that"/"which"), a pronoun subject and its auxiliary, the
    negation, one verb and up to two prepositions it leaves at the end, then the main
    clause's auxiliary. The clause's subject and auxiliary say it is no main clause of its
    own; not "I'm sorry you didn't ..." (no noun), nor "... you didn't order it, so ..."
    (no auxiliary after).
    """
    if contact_relative(words, k) < 0:
        return False
    j = k + 2
    while j < min(len(words), k + 4) and words[j] in _STRANDED:
        j += 1
    return words[k + 1].isalpha() and j < len(words) and words[j] in _MAIN_AUX
