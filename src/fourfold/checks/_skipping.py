"""Moving past the adverbs that stand before a verb: "just", "go ahead and", "definitely".

The promise rules read a verb after its subject or its committing word ("I've just gone
ahead and refunded", "we will definitely waive"); `skip` finds it, and says whether an
intensifier or a hedge was passed on the way. A word in -ly is an adverb unless it is a verb
the rules know ("apply": "I'll apply a discount" is a grant). Trying again is doing it again
("let me try again to refund you"), not a hedge.
"""

from __future__ import annotations

from ._grammar import HEDGE_WORDS
from ._lexicon import (
    FIRST,
    HAVE,
    INTENSIFIERS,
    SKIPPABLE,
    SKIPPABLE_BEFORE_VERB,
    VERBS,
    is_amount,
)
from ._promise_business import SPEAKING_FOR_US

__all__ = [
    "HAVE_BASE",
    "already_base",
    "base_after_be",
    "base_after_have",
    "before_past",
    "for_us",
    "skip",
]

HAVE_BASE = frozenset(
    {"make", "give", "send", "remove", "waive", "cancel", "reverse", "put", "return", "transfer",
     "exchange", "replace", "issue", "apply", "add"}
)  # fmt: skip
"""Base forms that "I have" takes for a participle in non-native English: "I have make the
refund", "I have remove the late fee", "we have return the 150 EUR", "we have exchange your
speaker" (not "refund" or "credit", also nouns: "we have credit available")."""


def skip(words: list[str], j: int, limit: int = 5) -> tuple[int, bool, bool]:
    """Move past adverbs ("just", "go ahead and", "definitely") from `words[j]`.

    Returns:
        The index of the next word, whether an intensifier was passed, whether a hedge
        ("probably", "usually") was.
    """
    n = len(words)

    def word(k: int) -> str:
        return words[k] if 0 <= k < n else ""

    intense = hedged = False
    for _ in range(limit):
        w = word(j)
        if w == "try" and _retries(words, j):
            # "let me try again to refund you": trying again is doing it again, no hedge
            j += 1
            while word(j) in {"again", "once", "more", "to", "and"} and j < n:
                j += 1
            continue
        if w in INTENSIFIERS:
            intense = True
        elif w in HEDGE_WORDS and w not in {"if", "whether", "would", "able"}:
            hedged = True
        elif w == "for" and word(j + 1) in {"sure", "certain"}:
            intense = True
            j += 1
        elif w in {"go", "went", "gone"} and word(j + 1) == "ahead":
            j += 2 if word(j + 2) != "and" else 3
            continue
        elif w in SKIPPABLE_BEFORE_VERB or (
            w.endswith("ly") and len(w) > 4 and w != "only" and w not in VERBS
        ):
            pass  # an adverb in -ly, not a verb in -ly ("we'll apply a discount")
        else:
            break
        j += 1
    return j, intense, hedged


def _retries(words: list[str], j: int) -> bool:
    """The "try" at `j` is a retry: "try again to", "try once more", "try refunding it again"."""
    nxt = words[j + 1] if j + 1 < len(words) else ""
    if nxt == "again" or (nxt == "once" and words[j + 2 : j + 3] == ["more"]):
        return True
    return VERBS.get(nxt, ("", ""))[1] == "ing" and "again" in words[j + 2 : j + 8]


def already_base(words: list[str], i: int) -> bool:
    """Whether the base verb at `i` is a past: "I already" or "we already" before it.

    In non-native English: "I already refund you 12.50 USD", "i already cancel the
    duplicate charge", and the business speaking of itself ("shop already refund 250.000đ",
    "the store already refund you": `SPEAKING_FOR_US`); or "already" or "yesterday" a few
    words after "I"/"we" and the verb, in its clause: "I cancel this fee already", "we
    refund it yesterday".
    """
    if VERBS[words[i]][1] != "base" or i < 1:
        return False
    if words[i - 1] == "already":
        return i >= 2 and (words[i - 2] in FIRST or words[i - 2] in SPEAKING_FOR_US)
    if words[i - 1] not in FIRST:
        return False
    for w in words[i + 1 : i + 6]:
        if w in {"already", "yesterday"}:
            return True
        if not w[:1].isalnum():
            return False
    return False


def before_past(words: list[str], i: int) -> int:
    """Where the word before the past verb at `i` stands, past adverbs and "went ahead and".

    "I (just) refunded", "we've just gone ahead and refunded": the word read for the
    subject of a completed action (`ShapeReader._simple_past`).
    """
    k = i - 1
    while k > i - 6 and (
        words[k] in SKIPPABLE
        or words[k] in INTENSIFIERS
        or (words[k].endswith("ly") and len(words[k]) > 4)
    ):
        k -= 1
    if (words[k] if 0 <= k < len(words) else "") == "and" and (
        words[k - 1] if 0 <= k - 1 < len(words) else ""
    ) == "ahead":
        # "I went ahead and waived", "we've just gone ahead and refunded"
        k -= 3
        while k > i - 9 and (words[k] in SKIPPABLE or words[k] in HAVE):
            k -= 1
    return k


def base_after_have(words: list[str], p: int) -> bool:
    """Whether the base verb at `p`, after "I have", stands for its participle.

    Non-native English: "I have make the refund", "we have return the 150 EUR"; "refund"
    and "credit", nouns too, only before the customer or an amount ("i have refund your
    money", "i have credit 200 baht"; not "we have credit available").
    """
    y = words[p] if p < len(words) else ""
    if y in HAVE_BASE:
        return True
    nxt = words[p + 1] if p + 1 < len(words) else ""
    if y == "refund" and nxt == "the":
        return True  # "we have refund the city tax" (a noun "refund" takes no "the" after it)
    # "i have credit 200 baht", "the team has credit 500 points": a sum, or a count of points
    counted = nxt.replace(",", "").isdigit() and p + 2 < len(words) and words[p + 2] in _UNITS
    return y in {"refund", "credit"} and (
        nxt in {"you", "your", "u", "ur"} or is_amount(nxt) or counted
    )


def base_after_be(words: list[str], p: int) -> bool:
    """Whether the base verb at `p`, after "I am", "we are" or "we will be", stands for its -ing.

    Non-native English puts the base verb where the progressive's -ing goes: "I am do the
    refund for you now", "We are refund you the full amount", "we will be refund you the
    full amount of 120 PLN" (the eighth pass over the promise backlog: rounds 79 and the
    unnumbered first). The verbs "I have" takes for a participle (`HAVE_BASE`), "do", and
    "refund" or "credit" (nouns too, as in `base_after_have`), each before the customer, a
    determiner or a sum; not "we are credit specialists", "I am refund team".
    """
    y = words[p] if p < len(words) else ""
    if y not in HAVE_BASE and y not in {"do", "refund", "credit", "reimburse", "compensate"}:
        return False
    nxt = words[p + 1] if p + 1 < len(words) else ""
    return nxt in _BE_BASE_OBJECTS or is_amount(nxt)


_BE_BASE_OBJECTS = frozenset({"you", "your", "u", "ur", "the", "it", "all"})
"""After a base verb read as its -ing (`base_after_be`): whom or what it gives."""


_UNITS = frozenset({"points", "miles", "credits", "dollars", "euros", "pounds", "baht", "rupees"})
"""What a count credited is of, after "have credit 500": "points", "miles", "dollars"."""


def for_us(kind: str, before_have: str) -> bool:
    """The subject of "have" acts for the business: "I", "we", or a role in it.

    "The team has credit 500 points" (`SPEAKING_FOR_US`): its base verb after "have" reads
    as done, as after "I have" (`base_after_have`).
    """
    return kind == "first" or before_have in SPEAKING_FOR_US
