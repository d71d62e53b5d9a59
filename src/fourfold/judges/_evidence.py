r"""Evidence verification: does the span a judge quoted really occur in what it was shown?

A judge that invents its quote has not read the answer it scored. The comparison forgives
what copying text honestly changes — runs of whitespace, letter case, typographic quotes
and apostrophes, dashes, punctuation at either end of a fragment — and lets ``...`` (or
``…``, ``[...]``) stand for text left out between fragments, each of which must then
occur, in order. It does not forgive a changed word: a paraphrase is not a quote.

What the prompt wrapped around the material is not part of it, and small models copy it
into their quotes: the delimiter lines (``<<<AGENT_OUTPUT 3f9a1c07>>>``), the labels
before the blocks (``Answer A:``, `SCAFFOLD_LABELS`) and line breaks written as ``\\n``.
A quote not found as it is is looked for again without them (`strip_scaffolding`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ._prompt import SCAFFOLD_LABELS, Source

__all__ = ["QuoteMatch", "find_quote", "normalize", "strip_scaffolding"]

_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",  # ‘
        "\u2019": "'",  # ’
        "\u201a": "'",  # ‚
        "\u201b": "'",  # ‛
        "\u2032": "'",  # ′
        "`": "'",
        "\u00b4": "'",  # ´
        "\u201c": '"',  # “
        "\u201d": '"',  # ”
        "\u201e": '"',  # „
        "\u201f": '"',  # ‟
        "\u2033": '"',  # ″
        "\u00ab": '"',  # «
        "\u00bb": '"',  # »
        "\u2010": "-",  # hyphen
        "\u2011": "-",  # non-breaking hyphen
        "\u2012": "-",  # figure dash
        "\u2013": "-",  # en dash
        "\u2014": "-",  # em dash
        "\u2212": "-",  # minus sign
    }
)

_ELLIPSIS = re.compile(r"\[\s*(?:\.{3,}|…)\s*\]|\(\s*(?:\.{3,}|…)\s*\)|\.{3,}|…")
# Whitespace that normalising changes: a run of two or more, or one that is not a plain
# space. (`\s` in a str pattern is exactly what `str.isspace` accepts.)
_SPACE_TO_FIX = re.compile(r"\s{2,}|[^\S ]")
_WRAPPING_QUOTES = ('"', "'")
_EDGE_PUNCTUATION = ".,;:!?"
# A delimiter line as the prompt writes it, or as a judge misremembers it (two or three
# angle brackets, with or without the nonce and attributes).
_DELIMITER = re.compile(r"<{2,3}[ \t]*(?:END[ \t]+)?[A-Z][A-Z_]*(?:[ \t][^<>\n]*)?>{2,3}")
_ESCAPED_BREAK = re.compile(r"\\[nrt]")
_LABEL = re.compile(
    r"^\s*(?:"
    + "|".join(re.escape(label.rstrip(":")) for label in SCAFFOLD_LABELS)
    + r"|(?:answer|output|response)[ \t]*\(?[ab12]\)?)[ \t]*[:\-\u2013\u2014][ \t]*",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class QuoteMatch:
    """Where a quote was found."""

    where: str
    """The source: ``output``, ``passages[4.2]``..."""
    start: int
    """Offset of the matched span in the source's text."""
    end: int
    """End offset (exclusive) of the span; with fragments, it runs to the last one's end."""
    text: str
    """The source's text between `start` and `end`, as it is there."""


def normalize(text: str) -> tuple[str, list[int]]:
    """`text` case-folded, with whitespace runs collapsed and quotes and dashes made plain.

    Returns:
        The normalised text and, for each of its characters, the offset in `text` of the
        character it came from.

    Examples:
        >>> normalize("It’s  OK")[0]
        "it's ok"
    """
    # Translating and case-folding work character by character, so when they keep the
    # length every character maps to one: fold the whole text at once and copy the runs
    # between the whitespace to fix, instead of looping over the characters in Python.
    if text.isascii():  # the common case: only the backtick translates, and folds are 1:1
        folded = text.lower().replace("`", "'")
    else:
        folded = text.translate(_TRANSLATE).casefold()
    if len(folded) != len(text):  # a character folds to several ("ß" -> "ss")
        return _normalize_by_char(text)
    if "  " not in text and text.isprintable():  # no whitespace but single plain spaces
        return folded, list(range(len(text)))
    parts: list[str] = []
    origin: list[int] = []
    position = 0
    for space in _SPACE_TO_FIX.finditer(text):
        start, end = space.span()
        parts.append(folded[position:start])
        origin.extend(range(position, start))
        parts.append(" ")
        origin.append(start)
        position = end
    parts.append(folded[position:])
    origin.extend(range(position, len(text)))
    return "".join(parts), origin


def _normalize_by_char(text: str) -> tuple[str, list[int]]:
    """`normalize`, one character at a time (for text with characters that fold to several)."""
    out: list[str] = []
    origin: list[int] = []
    in_space = False
    for i, char in enumerate(text):
        if char.isspace():
            if not in_space:
                out.append(" ")
                origin.append(i)
            in_space = True
            continue
        in_space = False
        for folded in char.translate(_TRANSLATE).casefold():
            out.append(folded)
            origin.append(i)
    return "".join(out), origin


def strip_scaffolding(quote: str) -> str:
    r"""`quote` without what the prompt put around the material.

    Delimiter lines, the labels before blocks at its start (``Answer A:``, ``The agent's
    answer:``, ``Output (b) -``) and ``\\n`` escapes written out as text.

    Examples:
        >>> strip_scaffolding("Answer A: <<<ANSWER_A 3f9a1c07>>>\\nRefunds take 30 days.")
        'Refunds take 30 days.'
    """
    text = _DELIMITER.sub("\n", quote)
    text = _ESCAPED_BREAK.sub(" ", text)
    while (stripped := _LABEL.sub("", text, count=1)) != text:
        text = _DELIMITER.sub("\n", stripped)
    return text.strip()


def _fragments(quote: str) -> list[tuple[str, str]]:
    """Each fragment of `quote`, normalised, and again without punctuation at its ends."""
    pieces = (normalize(p)[0].strip() for p in _ELLIPSIS.split(quote))
    out = [(p, p.strip(_EDGE_PUNCTUATION).strip()) for p in pieces]
    return [(p, bare) for p, bare in out if bare]


def find_quote(quote: str, sources: Sequence[Source]) -> QuoteMatch | None:
    """The first source in which `quote` occurs, and where.

    A quote wrapped in quotation marks that is not found as it is is looked for without
    them (judges often quote their quotes), and then without the prompt's scaffolding
    (`strip_scaffolding`).

    Returns:
        None when the quote occurs in no source, or is empty once normalised.

    Examples:
        >>> find_quote("refunds … 30 DAYS", [Source("output", "Refunds  take 30 days.")])
        QuoteMatch(where='output', start=0, end=21, text='Refunds  take 30 days')
    """
    # The quote as it is first (nearly every judge's): the other readings are made only
    # if it is not found. Tried in this order, without repeats: the quote, it unwrapped,
    # it without scaffolding unwrapped, it without scaffolding.
    tried: set[str] = set()
    for candidate in _candidates(quote):
        if candidate in tried:
            continue
        tried.add(candidate)
        fragments = _fragments(candidate)
        if not fragments:
            continue
        for source in sources:
            span = _find_fragments(fragments, source.text)
            if span is not None:
                start, end = span
                return QuoteMatch(source.where, start, end, source.text[start:end])
    return None


def _candidates(quote: str) -> Iterator[str]:
    """The readings of `quote` `find_quote` looks for, in turn (repeats included)."""
    yield quote
    for text in (quote, strip_scaffolding(quote)):
        plain = normalize(text.strip())[0]
        if len(plain) >= 2 and plain[0] == plain[-1] and plain[0] in _WRAPPING_QUOTES:
            yield text.strip()[1:-1]
        yield text


def _find_fragments(fragments: list[tuple[str, str]], text: str) -> tuple[int, int] | None:
    haystack, origin = normalize(text)
    # The earliest end for each fragment leaves the most room for the next, so taking the
    # first occurrence of each in turn finds an ordered match whenever one exists.
    position = 0
    first: int | None = None
    last_end = 0
    for whole, bare in fragments:
        fragment = whole
        found = haystack.find(fragment, position)
        if found < 0 and bare != whole:  # "30 days." quoting "30 days, ..."
            fragment = bare
            found = haystack.find(fragment, position)
        if found < 0:
            return None
        if first is None:
            first = found
        position = last_end = found + len(fragment)
    assert first is not None
    return origin[first], origin[last_end - 1] + 1
