"""Near-duplicate queries, told apart by their words without a model.

No embedding model is available offline, so similarity is lexical: a **normalised token
Jaccard**, the share of content words two queries have in common. Normalising is Unicode
NFKC, case-folding, punctuation to spaces, ``men's`` -> ``men``, a plural's ending dropped
(``dresses`` -> ``dress``), and filler words left out (``show me``, ``for``, ``my``,
``please``...), so *brown leather sandals for men* and *Men's brown leather sandals!* are
the same query (1.0). Two words of five letters or more also count as one when they
differ by a letter or so (character similarity at least 0.9: *colour* / *color*, *tshirt*
/ *t-shirt*, a typo in *waterproof*), which catches the spelling variants a word
comparison misses without what a character n-gram score over the whole query gets wrong:
*boots for men* and *boots for women* share nearly all their letters.

Two queries whose similarity reaches the threshold (0.9 by default: one content word out
of ten may differ) are near-duplicates, except that queries mentioning different numbers
never are (*boots under $200* / *boots under $150* ask for different things). A lower
threshold merges more: at 0.8, *how long does a refund take* and *how long does a refund
take on PayPal* are merged. What this cannot see: paraphrases in other words (*when will
my refund arrive* / *how long do refunds take*) stay apart. Negations are never filler
(*not*, *without*, *no* are content words), so *shoes with laces* and *shoes without
laces* differ.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..cases import Case

__all__ = [
    "DEFAULT_SIMILARITY",
    "DuplicateMerge",
    "QueryIndex",
    "dedupe_cases",
    "merged_entry",
    "normalize_query",
    "query_similarity",
    "query_tokens",
    "record_merge",
]

DEFAULT_SIMILARITY = 0.9
"""The similarity from which two queries are near-duplicates."""

_FILLER = frozenset(
    """a an the for my me i im i'm to of in on at with and or some any please show find
    looking look need want would like do does you your have has is are am be can could
    get give us we our it its this that there something one ones""".split()
)
_NON_WORD = re.compile(r"[^\w]+")
_SPELLING = 0.9
"""Two words this alike (difflib's ratio), both of five letters or more, are one word."""


def normalize_query(text: str) -> str:
    """Case-folded, NFKC, punctuation as single spaces (``Men's T-Shirt!`` -> ``men t shirt``)."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'") + " "
    return " ".join(_NON_WORD.sub(" ", folded.replace("'s ", " ")).split())


def _stem(word: str) -> str:
    """A plural's singular, roughly (``dresses`` -> ``dress``, ``bodies`` -> ``body``)."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1]


def query_tokens(text: str) -> frozenset[str]:
    """The content words of `text`, normalised, filler left out.

    Examples:
        >>> sorted(query_tokens("Show me men's leather sandals, please"))
        ['leather', 'men', 'sandal']
    """
    words = normalize_query(text).split()
    tokens = frozenset(_stem(w) for w in words if w not in _FILLER and len(w) > 1)
    # A query of filler alone ("show me some") is compared as its words.
    return tokens or frozenset(words)


def _numbers(tokens: frozenset[str]) -> frozenset[str]:
    return frozenset(t for t in tokens if t.isdigit())


def _variant_candidate(word: str) -> bool:
    return len(word) >= 5 and not word.isdigit()


def _similar_words(a: str, b: str) -> bool:
    if not (_variant_candidate(a) and _variant_candidate(b)):
        return False
    matcher = SequenceMatcher(None, a, b)
    # The quick ratios are upper bounds of the ratio: most pairs stop there.
    return (
        matcher.real_quick_ratio() >= _SPELLING
        and matcher.quick_ratio() >= _SPELLING
        and matcher.ratio() >= _SPELLING
    )


def _similarity(a: frozenset[str], b: frozenset[str], threshold: float = 0.0) -> float:
    """Token Jaccard of `a` and `b`, spelling variants matched.

    A pair that cannot reach `threshold` even if every unshared word had a variant is
    reported as 0 at once.
    """
    if _numbers(a) != _numbers(b):
        return 0.0
    if not a and not b:
        return 1.0
    shared = len(a & b)
    rest_a = sorted(w for w in a - b if _variant_candidate(w))
    rest_b = sorted(w for w in b - a if _variant_candidate(w))
    best = shared + min(len(rest_a), len(rest_b))
    if best / (len(a) + len(b) - best) < threshold:
        return 0.0
    free = list(rest_b)
    for word in rest_a:
        match = next((w for w in free if _similar_words(word, w)), None)
        if match is not None:
            free.remove(match)
            shared += 1
    return shared / (len(a) + len(b) - shared)


def query_similarity(a: str, b: str) -> float:
    """How alike two queries are, 0-1: their normalised token Jaccard.

    Examples:
        >>> query_similarity("brown leather sandals for men", "Men's brown leather sandals!")
        1.0
        >>> query_similarity("black t-shirt", "black tshirts")
        1.0
        >>> query_similarity("boots for men", "boots for women")
        0.3333333333333333
        >>> query_similarity("boots under $200", "boots under $150")
        0.0
    """
    return _similarity(query_tokens(a), query_tokens(b))


class DuplicateMerge(BaseModel):
    """One case left out because its query nearly repeats a case kept before it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kept: str
    """The id of the case kept (the first one)."""
    merged: str
    """The id of the case merged into it."""
    similarity: float
    """How alike the two queries are, 0-1 (`query_similarity`)."""
    query: str
    """The merged case's query."""
    source_id: str | None = None
    """The record the merged case came from."""


@dataclass
class _Entry:
    case_id: str
    tokens: frozenset[str]


class QueryIndex:
    """The queries kept so far, to find a near-duplicate of the next one.

    Candidates are the kept queries sharing a content word, or a long word's first or last
    three letters (for spelling variants), with the new one, and whose number of content
    words lets the Jaccard reach the threshold at all (``t·n ≤ m ≤ n/t``; at 0.9 a query of
    up to nine words can only match one of the same length), so few pairs are scored.

    Args:
        threshold: the similarity from which two queries are near-duplicates.

    Examples:
        >>> index = QueryIndex(0.8)
        >>> index.add("a", "waterproof hiking boots for men")
        >>> index.find("men's waterproof hiking boots")
        ('a', 1.0)
    """

    def __init__(self, threshold: float = DEFAULT_SIMILARITY) -> None:
        self.threshold = threshold
        self._entries: list[_Entry] = []
        self._postings: dict[tuple[int, str], list[int]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    @staticmethod
    def _keys(tokens: frozenset[str]) -> set[str]:
        long = [t for t in tokens if _variant_candidate(t)]
        return set(tokens) | {"^" + t[:3] for t in long} | {"$" + t[-3:] for t in long}

    def find(self, query: str) -> tuple[str, float] | None:
        """The kept case most like `query` at or above the threshold, and how alike."""
        tokens = query_tokens(query)
        n = len(tokens)
        sizes = range(
            math.ceil(self.threshold * n - 1e-9), math.floor(n / self.threshold + 1e-9) + 1
        )
        candidates: set[int] = set()
        for key in self._keys(tokens):
            for size in sizes:
                candidates.update(self._postings.get((size, key), ()))
        best: tuple[int, float] | None = None
        for i in sorted(candidates):
            similarity = _similarity(tokens, self._entries[i].tokens, self.threshold)
            if similarity >= self.threshold and (best is None or similarity > best[1]):
                best = (i, similarity)
        if best is None:
            return None
        return self._entries[best[0]].case_id, round(best[1], 4)

    def add(self, case_id: str, query: str) -> None:
        """Keep `query` (of case `case_id`) for the next lookups."""
        entry = _Entry(case_id, query_tokens(query))
        position = len(self._entries)
        self._entries.append(entry)
        size = len(entry.tokens)
        for key in self._keys(entry.tokens):
            self._postings.setdefault((size, key), []).append(position)


def dedupe_cases(
    cases: Iterable[Case], *, threshold: float = DEFAULT_SIMILARITY
) -> tuple[list[Case], list[DuplicateMerge]]:
    """Merge cases whose queries are near-duplicates, keeping the first of each group.

    The kept case records each case it absorbed in ``metadata["merged"]``: its id, query,
    similarity and, when known, its source record's id and hash.

    Args:
        cases: the cases, in the order that decides which one is kept.
        threshold: the similarity (`query_similarity`) from which two queries are
            near-duplicates.

    Returns:
        The kept cases, and one `DuplicateMerge` per case left out.

    Examples:
        >>> from fourfold.cases import Case
        >>> kept, merges = dedupe_cases([
        ...     Case(id="a", input="red summer dress"),
        ...     Case(id="b", input="Red summer dresses!"),
        ...     Case(id="c", input="a warm winter coat"),
        ... ])
        >>> [c.id for c in kept], [m["id"] for m in kept[0].metadata["merged"]]
        (['a', 'c'], ['b'])
    """
    index = QueryIndex(threshold)
    kept: dict[str, Case] = {}
    merges: list[DuplicateMerge] = []
    for case in cases:
        found = index.find(case.user_text)
        if found is None:
            index.add(case.id, case.user_text)
            kept[case.id] = case
            continue
        kept_id, similarity = found
        merges.append(
            DuplicateMerge(
                kept=kept_id,
                merged=case.id,
                similarity=similarity,
                query=case.user_text,
                source_id=case.metadata.get("source_id"),
            )
        )
        kept[kept_id] = record_merge(kept[kept_id], case, similarity)
    return list(kept.values()), merges


def merged_entry(case: Case, similarity: float) -> dict[str, Any]:
    """What a kept case records of a case merged into it: id, query, similarity, source."""
    entry: dict[str, Any] = {"id": case.id, "input": case.user_text, "similarity": similarity}
    for key in ("source_id", "source_hash"):
        if key in case.metadata:
            entry[key] = case.metadata[key]
    return entry


def record_merge(kept: Case, merged: Case, similarity: float) -> Case:
    """`kept` with `merged` added to its ``metadata["merged"]``."""
    entries = [*kept.metadata.get("merged", []), merged_entry(merged, similarity)]
    return kept.model_copy(update={"metadata": {**kept.metadata, "merged": entries}})
