"""Finding phrases in an agent's output the way a reviewer reads them.

A phrase matches as whole words, whatever the spacing between its words (spaces, newlines,
non-breaking spaces) and whichever apostrophe the text uses (``can't`` and ``can’t``), so a
policy written once catches every rendering of the same words.

Each phrase is one regular expression, and a case-insensitive scan costs about 20 µs per
1,000 characters, so 20 phrases would cost 400 µs per answer. Most phrases occur in few
answers, though. So the matcher first writes the text plainly, once (lower case, one space
between words, ``'`` for every apostrophe), looks for each phrase written the same way
(``you'll be refunded``) with a plain substring search, and runs the patterns of only the
phrases it found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "PhraseMatch",
    "PhraseMatcher",
    "is_negated",
    "merge_spans",
]

_APOSTROPHES = "'\u2019\u2018\u02bc"
_APOSTROPHE_CLASS = "['\u2019\u2018\u02bc]"
_WORD = re.compile(r"\w")

_NOT_ASCII = re.compile(r"[^\x00-\x7f]+")
_PLAIN_APOSTROPHES = tuple((a, "'") for a in _APOSTROPHES[1:])
_PLAIN_LETTERS = (("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"))
"""The characters besides ASCII letters that `re.IGNORECASE` matches to an ASCII letter but
`str.lower` does not turn into that letter: ``İ`` and ``ı`` match ``i``, ``ſ`` matches ``s``.
(The Kelvin sign matches ``k`` and lower-cases to it.) tests/checks/test_policy.py checks this
list against the running Python."""
_PLAIN_ANY_CASE = _PLAIN_APOSTROPHES + _PLAIN_LETTERS

_NEGATIONS = frozenset(
    {"not", "no", "never", "cannot", "nothing", "nobody", "neither", "nor", "none"}
)
_CLAUSE_END = re.compile(r"[.,;:!?()\n]")
_WORDS = re.compile(r"[\w'\u2019\u2018\u02bc]+")


@dataclass(frozen=True, slots=True)
class PhraseMatch:
    """One occurrence of a phrase: `text[start:end]` of the searched text."""

    phrase: str
    start: int
    end: int


class PhraseMatcher:
    """Finds whole-word occurrences of phrases, tolerant of spacing and apostrophes."""

    def __init__(self, phrases: Iterable[str], *, case_sensitive: bool = False) -> None:
        self.phrases = list(dict.fromkeys(p.strip() for p in phrases if p.strip()))
        self._case_sensitive = case_sensitive
        flags = 0 if case_sensitive else re.IGNORECASE
        keywords = [_keyword(p, case_sensitive=case_sensitive) for p in self.phrases]
        # phrases can share a keyword ("Refund" and "refund", "don't" and "don’t")
        self._keywords = list(dict.fromkeys(keywords))
        self._patterns = [
            (p, re.compile(_pattern(p), flags), self._keywords.index(k))
            for p, k in zip(self.phrases, keywords, strict=True)
        ]

    def find(self, text: str) -> list[PhraseMatch]:
        """Find every occurrence, overlapping ones included, sorted by position."""
        plain = _plain(text, case_sensitive=self._case_sensitive)
        present = [k in plain for k in self._keywords]
        found: list[PhraseMatch] = []
        for phrase, pattern, keyword in self._patterns:
            if not present[keyword]:
                continue
            pos = 0
            # search from one past each match's start, not its end, so overlapping
            # occurrences of the same phrase ("ha ha" in "ha ha ha") are all found
            while (m := pattern.search(text, pos)) is not None:
                found.append(PhraseMatch(phrase, m.start(), m.end()))
                pos = m.start() + 1
        return sorted(found, key=lambda m: (m.start, -m.end, m.phrase))


def merge_spans(matches: Sequence[PhraseMatch]) -> list[tuple[int, int]]:
    """Merge overlapping match spans, in order (adjacent spans stay apart)."""
    spans: list[tuple[int, int]] = []
    for m in sorted(matches, key=lambda m: (m.start, m.end)):
        if spans and m.start < spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], m.end))
        else:
            spans.append((m.start, m.end))
    return spans


def is_negated(text: str, start: int, *, words: int = 3) -> bool:
    """Tell whether one of the `words` words before `start`, in its clause, negates it.

    ``"delivery is not guaranteed"`` and ``"that can't be guaranteed"`` are negated;
    ``"No problem, I guarantee it"`` is not (the comma ends the clause).
    """
    clause = _CLAUSE_END.split(text[max(0, start - 80) : start])[-1]
    for word in _WORDS.findall(clause)[-words:]:
        lowered = word.lower()
        for apostrophe in _APOSTROPHES:
            lowered = lowered.replace(apostrophe, "'")
        if lowered in _NEGATIONS or lowered.endswith("n't"):
            return True
    return False


def _keyword(phrase: str, *, case_sensitive: bool) -> str:
    """What `_plain` makes of any text the phrase's pattern matches, or a part of it.

    Ignoring case, only the longest ASCII part of the phrase is kept: only for ASCII letters
    does `_plain` fold case as `re.IGNORECASE` does (``β`` matches ``ϐ``, which `str.lower`
    leaves alone, and Unicode has many such pairs). It is empty when the phrase has no ASCII
    character, and then is in every text.
    """
    keyword = _plain(phrase, case_sensitive=case_sensitive)
    if case_sensitive:
        return keyword
    return max(_NOT_ASCII.split(keyword), key=len)


def _plain(text: str, *, case_sensitive: bool) -> str:
    """Write `text` plainly: one space for each run of whitespace, ``'`` for each apostrophe.

    Ignoring case, it is also lower-cased, after `_PLAIN_LETTERS` are replaced, so that what a
    phrase's pattern matches in `text` is, written plainly, the phrase's `_keyword`.
    """
    if not text.isascii():
        for odd, plain in _PLAIN_APOSTROPHES if case_sensitive else _PLAIN_ANY_CASE:
            text = text.replace(odd, plain)
    if not case_sensitive:
        text = text.lower()
    return " ".join(text.split())


def _pattern(phrase: str) -> str:
    tokens = phrase.split()
    body = r"\s+".join(
        "".join(_APOSTROPHE_CLASS if ch in _APOSTROPHES else re.escape(ch) for ch in token)
        for token in tokens
    )
    # word boundaries only where the phrase itself starts or ends with a word character,
    # so "100%" still needs a boundary before the 1 but none after the %
    if _WORD.match(phrase[0]):
        body = r"(?<!\w)" + body
    if _WORD.match(phrase[-1]):
        body += r"(?!\w)"
    return body
