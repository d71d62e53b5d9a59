"""Text helpers the built-in checks share: normalisation, numbers and user patterns."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ..errors import ConfigError

__all__ = [
    "NumberMatch",
    "compile_pattern",
    "first_number",
    "matches_from",
    "normalize_text",
    "to_decimal",
]

_NUMBER_RE = re.compile(
    r"(?<![\w.])"  # a number starts a token: not inside a word or after a decimal point
    r"(?P<sign>[-\u2212])?"
    r"(?:[$€£¥₹]\s?)?"
    r"(?P<sign2>[-\u2212])?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
)
"""A number as people write it: ``42``, ``-3.5``, ``$1,200.50``, ``45%`` (the ``%`` is left out)."""

_TOKEN_RE = re.compile(r"\d+(?:\.\d+)+|[^\W_]+")
"""What `normalize_text` keeps: runs of letters/digits, and decimals such as ``4.5``."""


@dataclass(frozen=True, slots=True)
class NumberMatch:
    """A number found in a text, with where it is."""

    value: Decimal
    start: int
    end: int


def to_decimal(digits: str) -> Decimal | None:
    """``"1,200.50"`` -> ``Decimal("1200.50")``; None when it is not a number."""
    try:
        return Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return None


def first_number(text: str) -> NumberMatch | None:
    """Find the first number in `text`; None when there is none.

    Thousands separators (``1,200``) and a currency sign before the digits (``$``, ``€``,
    ``£``, ``¥``, ``₹``) are allowed; a trailing ``%`` is ignored, so ``45%`` is 45. A ``-``
    (or ``−``) directly before the number or the currency sign makes it negative, unless it
    joins two tokens (``10-20`` is 10, then 20). Digits of any script count.

    Examples:
        >>> first_number("Total: $1,200.50 (3 items)").value
        Decimal('1200.50')
        >>> first_number("-$5").value, first_number("no digits") is None
        (Decimal('-5'), True)
    """
    for match in _NUMBER_RE.finditer(text):
        value = to_decimal(match["num"])
        if value is None:  # pragma: no cover - the pattern only matches valid digits
            continue
        if match["sign"] or match["sign2"]:
            value = -value
        return NumberMatch(value, match.start(), match.end())
    return None


def normalize_text(text: str) -> str:
    """Text reduced for a forgiving comparison.

    Unicode NFKC, case-folded; thousands separators and apostrophes inside words dropped
    (``1,200`` -> ``1200``, ``don't`` -> ``dont``); every other run of punctuation, symbols
    and whitespace becomes one space, except a decimal point between digits.

    Examples:
        >>> normalize_text("  The ANSWER: “1,200.5” — don't ")
        'the answer 1200.5 dont'
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)
    text = re.sub(r"(?<=\w)['\u2019](?=\w)", "", text)
    return " ".join(_TOKEN_RE.findall(text))


def compile_pattern(pattern: str, check: str, arg: str = "pattern") -> re.Pattern[str]:
    """Compile a regular expression given to a check.

    Raises:
        ConfigError: the pattern does not compile; `path` names the argument.
    """
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise ConfigError(
            f"check {check!r}: {arg} {pattern!r} is not a valid regular expression "
            f"({exc.msg} at position {exc.pos})",
            hint="write a Python regular expression; escape literal characters such as "
            "( [ ? + * with a backslash",
            path=("args", arg),
        ) from exc


def matches_from(
    pattern: re.Pattern[str], starts: re.Pattern[str], text: str
) -> Iterator[re.Match[str]]:
    """The matches of `pattern` in `text`, as its ``finditer`` gives them, only faster.

    `pattern` is tried only where `starts` matches, which must be everywhere a match of
    `pattern` can start (and `pattern` must not match the empty string). The regular
    expression engine finds those places quickly when `starts` begins with a set of
    characters; a pattern that begins with a look-behind is tried at every character.
    """
    at = 0
    for place in starts.finditer(text):
        start = place.start()
        if start >= at:
            match = pattern.match(text, start)
            if match is not None:
                yield match
                at = match.end()
