"""Finding the numbers, dates and identifiers in a text, and telling whether passages hold them.

These are the rules `values_grounded` documents; they live here so that they are written
once and tested through the check.

* **Dates** are found first. Recognised forms: ``2024-03-05`` (also with ``/`` or ``.``,
  optionally followed by an ISO time), ``05/03/2024`` and ``05.03.24`` (day and month in
  either order, two-digit years are 20xx), ``5-3-2024``, ``March 5, 2024``, ``Mar. 5th 2024``,
  ``5 March 2024``, ``5th of March``, ``March 5`` and ``March 2024``. Month names must be
  capitalised (``March``, ``MAR``), so the verb "may" is never a month. An all-numeric date
  whose first two parts could each be the day or the month (``05/03/2024``) stands for both
  readings, 5 March and 3 May, and is grounded by a passage date matching either; when one
  part is over 12 the order is fixed. Every part the answer states (year, month, day) must
  be stated equally in the passage: ``March 5`` is grounded by ``2024-03-05``, but
  ``March 5, 2024`` is not grounded by a passage that only says ``March 5``.
* **Identifiers** come next: tokens that mix letters and digits (``ORD-88123``, ``A1B2``,
  ``GPT-4o``), and dotted digit groups of three or more parts (``4.2.1``, ``10.0.0.1``). They
  are compared case-insensitively, and a separator (``-`` ``_`` ``/`` ``#`` ``.`` or a space)
  may be added or dropped where letters meet digits, so ``ORD-88123`` is grounded by
  ``ord 88123`` and ``ORD88123``. A number with a unit or ordinal suffix (``5GB``, ``24h``,
  ``3rd``, ``30-day``) is a number, not an identifier.
* **Numbers** are the rest: ``1200``, ``$1,200.00``, ``4.5%``, ``30`` in ``30 days``. Their
  values are compared, so ``$1,200.00`` is grounded by ``1200``; signs are ignored (``10-20`` is
  a range, not -20). A ``k``, ``M``, ``mn``, ``bn``, ``thousand``, ``million`` or ``billion``
  suffix also allows the scaled value (``$1.2M`` matches ``1,200,000`` and ``1.2``). A comma is
  a thousands separator only before exactly three digits. Small integers count like any
  other number.
* Not values: Markdown list markers (``1.`` at the start of a line), bracketed citation markers
  (``[2]``) and section references (``§4.2``), and anything inside an ``ignore`` string.

In passages the search is generous: every number anywhere in a passage counts (including
those inside its dates and identifiers), so an answer's ``2024`` is grounded by a passage's
``2024-03-05``.

How it is done, for speed (the rules above are what counts, and the tests hold the two
together): the date and number patterns are tried only where such a value can start, places
the regular expression engine finds quickly; identifiers are looked for only in runs of
characters holding a digit; what a passage holds is worked out once per passage text and kept,
since the same passages are retrieved again and again; and an identifier is looked up as a
normalised key in a normalised copy of the passage, not with a pattern built for it.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Literal, TypeVar

from ._text import matches_from, to_decimal

__all__ = ["PassageIndex", "Value", "ValueKind", "find_values"]

ValueKind = Literal["number", "date", "identifier"]
_T = TypeVar("_T")

DateParts = tuple[int | None, int, int | None]
"""A date as (year, month, day); year or day is None when the text does not state it."""

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_MONTH_FORMS = [form for name in _MONTHS for form in (name.capitalize(), name.upper())]


def _month_names() -> str:
    """The month forms as one alternation, grouped by initial: ``J(?:anuary|ANUARY|...)|...``.

    The engine then tries one group where a capital letter stands, not all 46 forms.
    """
    groups: dict[str, set[str]] = {}
    for form in _MONTH_FORMS:
        groups.setdefault(form[0], set()).add(form[1:])
    return "|".join(
        initial + "(?:" + "|".join(sorted(rests, key=lambda rest: (-len(rest), rest))) + ")"
        for initial, rests in sorted(groups.items())
    )


_MONTH_NAMES = _month_names()
_ORD = r"(?:st|nd|rd|th)?"
_YEAR_AFTER = r"(?:,?\s+(?P<{0}>\d{{4}})(?!\d))?"


def _month(group: str) -> str:
    return rf"(?<![A-Za-z])(?P<{group}>{_MONTH_NAMES})(?![A-Za-z])\.?"


_DATE_RE = re.compile(
    "|".join(
        [
            # 2024-03-05, 2024/3/5, 2024-03-05T10:00:00Z
            r"(?<![\w./-])(?P<iy>\d{4})(?P<isep>[-/.])(?P<im>\d{1,2})(?P=isep)(?P<id>\d{1,2})"
            r"(?!\d)(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?",
            # 05/03/2024, 5.3.24
            r"(?<![\w./-])(?P<na>\d{1,2})(?P<nsep>[/.])(?P<nb>\d{1,2})(?P=nsep)"
            r"(?P<ny>\d{4}|\d{2})(?![\w/]|\.\d)",
            # 05-03-2024
            r"(?<![\w./-])(?P<ha>\d{1,2})-(?P<hb>\d{1,2})-(?P<hy>\d{4})(?![\w-])",
            # March 5, 2024 / March 5
            _month("mdm") + rf"\s+(?P<mdd>\d{{1,2}}){_ORD}(?!\d)" + _YEAR_AFTER.format("mdy"),
            # 5 March 2024 / 5th of March
            rf"(?<![\w.])(?P<dmd>\d{{1,2}}){_ORD}\s+(?:of\s+)?"
            + _month("dmm")
            + _YEAR_AFTER.format("dmy"),
            # March 2024
            _month("mym") + r",?\s+(?P<myy>\d{4})(?!\d)",
        ]
    )
)


def _date_start() -> str:
    """The pattern of `_DATE_START_RE`.

    It opens with the set of its first characters, which the engine scans for fast; what
    follows a capital is tested after it (``(?<=J)(?=an|AN|...)``), so a capital that
    starts a sentence ("Note", "Drop") is not tried as a date.
    """
    nexts: dict[str, set[str]] = {}
    for form in _MONTH_FORMS:
        nexts.setdefault(form[0], set()).add(form[1:3])
    months = "|".join(
        f"(?<={initial})(?={'|'.join(sorted(rests))})" for initial, rests in sorted(nexts.items())
    )
    initials = "".join(sorted(nexts))
    return rf"[\d{initials}](?<![\w.]\d)(?<![A-Za-z][{initials}])(?:(?<=\d)|{months})"


_DATE_START_RE = re.compile(_date_start())
"""Where `_DATE_RE` may match: a digit not after a word character or ``.``, or the capital
that starts a month name, not after a letter, before the next two letters of one."""

_IDENT_RE = re.compile(r"(?<!\w)[A-Za-z0-9]+(?:[-_/#.][A-Za-z0-9]+)*(?!\w)")
"""A token that may be an identifier; `_is_identifier` decides."""
_DIGIT_RUN_RE = re.compile(r"(?<![A-Za-z0-9_/#.-])[A-Za-z_/#.-]*+[0-9][A-Za-z0-9_/#.-]*+")
"""A run of the characters tokens are made of, holding a digit: where identifiers can be.

It starts only where a run starts and never backtracks, so it reads the text once; the
tokens of a run without a digit are never identifiers.
"""
_NUMBER_WITH_UNIT_RE = re.compile(
    r"\d+(?:\.\d+)?"
    r"(?:st|nd|rd|th|k|m|mn|bn|ms|s|secs?|mins?|h|hrs?|d|wks?|mos?|yrs?|y|am|pm|"
    r"kb|mb|gb|tb|kg|g|mg|lbs?|oz|km|cm|mm|mi|ft|in|l|ml|x|px|pt)?"
    r"(?:-[a-z]{2,})*",
    re.IGNORECASE,
)
_DOTTED_DIGITS_RE = re.compile(r"\d+(?:\.\d+){2,}")
_NUMBER_RE = re.compile(
    r"(?<![\w.])(?:[$€£¥₹]\s?)?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:(?P<mult>k|K|M|mn|bn)(?![A-Za-z])|\s(?P<word>thousand|million|billion)\b)?"
    r"(?:\s?%)?"
)
_NUMBER_START_RE = re.compile(r"[$€£¥₹.\d](?<![\w.].)")
"""Where `_NUMBER_RE` may match: its first character, not after a word character or ``.``."""
_MULTIPLIERS = {
    "k": 1000, "K": 1000, "thousand": 1000, "M": 10**6, "mn": 10**6, "million": 10**6,
    "bn": 10**9, "billion": 10**9,
}  # fmt: skip
_NOT_VALUES = (
    re.compile(r"(?m)^[ \t]*(?:[-*+][ \t]+)?\d{1,3}[.)](?=\s)"),  # a Markdown list marker
    re.compile(r"\[\d+(?:\s*[,-]\s*\d+)*\]"),  # a citation marker such as [2] or [1, 3]
    re.compile(r"§\s?\d+(?:\.\d+)*"),  # a section reference
)
"""What is not a value, as the alternatives of one pattern; each starts with characters the
others cannot start with (see `_not_values`)."""
_SEPARATORS = "[-_/#.\\s]"

# Looking identifiers up. An identifier ``ORD-88123`` is grounded by a passage holding it
# case-insensitively, where a separator may be added or dropped where letters meet digits
# (see `_identifier_pattern`, the rule written as a regular expression). Rather than build
# and run that pattern for each identifier, both sides are normalised into keys:
#
# * letters are lower-cased; the four non-ASCII letters that Python's case-insensitive
#   matching takes for ASCII ones (İ ı ſ and the Kelvin sign) become them;
# * between a letter and a digit a separator is dropped (it is optional there);
# * between two digits the separator is kept (it must be the same);
# * between two letters a separator becomes ``|`` in a passage; an identifier whose words
#   meet letter to letter (``my-order-7``) gives two keys, with and without the ``|``.
#
# A passage is split into chains: words of letters and digits, each joined to the next by
# one separator (two separators in a row, or any other character, end a chain; so does a
# space between two digits). The identifier is grounded when one of its keys is a slice of
# a chain's key that starts where a word starts and ends where a word ends.
_ALNUM = "A-Za-z0-9\u0130\u0131\u017f\u212a"
"""What ``[A-Za-z0-9]`` matches case-insensitively."""
_ALNUM_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\u0130\u0131\u017f\u212a"
)
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_CHAIN_RE = re.compile(rf"[{_ALNUM}]++(?:[-_/#.\s][{_ALNUM}]++)*+")
_CHAIN_PARTS_RE = re.compile(r"([-_/#.\s])")
_TOKEN_PARTS_RE = re.compile(r"([-_/#.])")
_DIGITS_RE = re.compile(r"[0-9]+")
_LETTER_RE = re.compile(r"[A-Za-z]")
_MAX_KEYS = 16
"""An identifier with more keys than this (each letter-to-letter separator doubles them) is
looked for with `_identifier_pattern` instead."""
_CACHED_TEXTS = 512
"""How many passage texts the indexes are kept for..."""
_CACHED_LENGTH = 20_000
"""...if they are no longer than this (so the memory kept stays small)."""


@dataclass(frozen=True, slots=True)
class Value:
    """A number, date or identifier found in the answer."""

    kind: ValueKind
    text: str
    start: int
    end: int
    numbers: frozenset[Decimal] = frozenset()
    """For a number: the values it may stand for (more than one with a ``k``/``M`` suffix)."""
    dates: frozenset[DateParts] = frozenset()
    """For a date: its readings (two for ``05/03/2024``)."""


@dataclass(frozen=True, slots=True)
class _Chains:
    """The normalised chains of one passage text, for looking identifiers up."""

    key: str
    """Every chain holding a digit, normalised, joined by spaces."""
    starts: frozenset[int]
    """Where in `key` a word starts."""
    ends: frozenset[int]
    """Where in `key` a word ends (the offset after it)."""

    def holds(self, keys: Sequence[str]) -> bool:
        """Tell whether one of `keys` is in a chain, from a word's start to a word's end."""
        for key in keys:
            at = self.key.find(key)
            while at != -1:
                if at in self.starts and at + len(key) in self.ends:
                    return True
                at = self.key.find(key, at + 1)
        return False


@dataclass
class PassageIndex:
    """Every number, date and text of the retrieved passages, for looking values up."""

    texts: list[str]
    _numbers: list[frozenset[Decimal]] | None = None
    _dates: list[frozenset[DateParts]] | None = None

    @classmethod
    def build(cls, texts: Iterable[str]) -> PassageIndex:
        """Index the passages' texts.

        Each kind of value is indexed when it is first looked up, and each text's index is
        kept for the next call with the same text.
        """
        return cls(list(texts))

    def grounds(self, value: Value) -> bool:
        """Tell whether some passage holds `value` (see the module's rules)."""
        if value.kind == "number":
            if self._numbers is None:
                self._numbers = [_text_numbers(text) for text in self.texts]
            return any(not value.numbers.isdisjoint(numbers) for numbers in self._numbers)
        if value.kind == "date":
            if self._dates is None:
                self._dates = [_text_dates(text) for text in self.texts]
            return any(
                _date_matches(r, p) for dates in self._dates for p in dates for r in value.dates
            )
        return any(_holds_identifier(text, value.text) for text in self.texts)


def find_values(text: str, *, ignore: Sequence[str] = ()) -> list[Value]:
    """Find the dates, identifiers and numbers in `text`, in order; a span is one value."""
    size = len(text)
    taken = bytearray(size)  # 1 where a value (or something that is not one) already is
    for start, end in _not_values(text):
        taken[start:end] = b"\x01" * (end - start)
    lowered = text.casefold() if ignore else ""
    for phrase in ignore:
        needle = phrase.casefold()
        if not needle:
            continue
        start = lowered.find(needle)
        while start != -1:
            end = min(start + len(needle), size)  # the case-folded text may be longer
            if start < end:
                taken[start:end] = b"\x01" * (end - start)
            start = lowered.find(needle, start + 1)

    values: list[Value] = []
    for m in matches_from(_DATE_RE, _DATE_START_RE, text):
        start, end = m.span()
        readings = _date_readings(m)
        if readings and taken.find(1, start, end) == -1:
            values.append(Value("date", m[0], start, end, dates=frozenset(readings)))
            taken[start:end] = b"\x01" * (end - start)
    for run in _DIGIT_RUN_RE.finditer(text):
        if run[0].count(".") < 2 and not _LETTER_RE.search(run[0]):
            continue  # its tokens hold no letter and are not dotted digits
        # The tokens of this run, exactly as a search of the whole text finds them: the
        # character after the run is in reach of the pattern's look-ahead.
        for m in _IDENT_RE.finditer(text, run.start(), run.end() + 1):
            start, end = m.span()
            if _is_identifier(m[0]) and taken.find(1, start, end) == -1:
                values.append(Value("identifier", m[0], start, end))
                taken[start:end] = b"\x01" * (end - start)
    for m in matches_from(_NUMBER_RE, _NUMBER_START_RE, text):
        start, end = m.span()
        if taken.find(1, start, end) == -1:
            numbers = frozenset(_number_values(m))
            values.append(Value("number", m[0], start, end, numbers=numbers))
            taken[start:end] = b"\x01" * (end - start)
    values.sort(key=lambda v: v.start)
    return values


def _not_values(text: str) -> list[tuple[int, int]]:
    """The spans of `_NOT_VALUES` in `text`, as a search for any of the three finds them.

    A search for the three as one alternation finds, from where the last match ended, the
    leftmost place where one matches. No two can match at the same place, so running each
    pattern on its own and taking the leftmost match each time gives the same spans; the
    list markers, citations and section references are each found fast on their own.
    """
    spans: list[tuple[int, int]] = []
    pending = [(p, p.search(text)) for p in _NOT_VALUES]
    at = 0
    while True:
        best: re.Match[str] | None = None
        for i, (pattern, match) in enumerate(pending):
            if match is not None and match.start() < at:  # overlapped by the last match
                match = pattern.search(text, at)
                pending[i] = (pattern, match)
            if match is not None and (best is None or match.start() < best.start()):
                best = match
        if best is None:
            return spans
        spans.append(best.span())
        at = best.end()


def _is_identifier(token: str) -> bool:
    if _DOTTED_DIGITS_RE.fullmatch(token):
        return True
    # the token is ASCII: a letter is [A-Za-z], a digit [0-9]
    has_letter = _LETTER_RE.search(token) is not None
    has_digit = _DIGITS_RE.search(token) is not None
    return has_letter and has_digit and not _NUMBER_WITH_UNIT_RE.fullmatch(token)


def _holds_identifier(text: str, token: str) -> bool:
    """Tell whether `text` holds the identifier `token` (`_identifier_pattern` finds it)."""
    if not all(digits in text for digits in _DIGITS_RE.findall(token)):
        return False  # its digits are always there as they are
    at = text.find(token)
    while at != -1:  # most often it is there as it is
        end = at + len(token)
        if (at == 0 or text[at - 1] not in _ALNUM_CHARS) and (
            end == len(text) or text[end] not in _ALNUM_CHARS
        ):
            return True
        at = text.find(token, at + 1)
    keys = _identifier_keys(token)
    if keys is None:
        return _identifier_pattern(token).search(text) is not None
    return _chains(text).holds(keys)


def _identifier_pattern(token: str) -> re.Pattern[str]:
    """Build a pattern finding `token` case-insensitively: the identifier rule.

    Separators are optional where letters meet digits (``ORD-88123`` ~ ``ord 88123`` ~
    ``ORD88123``) but kept between digit groups. `_identifier_keys` and `_chains` give the
    same answers without a pattern for each identifier; this is used for identifiers with
    too many keys.
    """
    pieces = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z0-9]+", token)
    out: list[str] = []
    for i, piece in enumerate(pieces):
        if piece[0].isalnum():
            if i and pieces[i - 1][0].isalnum():  # letters meet digits with no separator
                out.append(_SEPARATORS + "?")
            out.append(re.escape(piece))
            continue
        between_digits = 0 < i < len(pieces) - 1 and (
            pieces[i - 1][-1].isdigit() and pieces[i + 1][0].isdigit()
        )
        out.append(re.escape(piece) if between_digits else _SEPARATORS + "?")
    return re.compile(r"(?<![A-Za-z0-9])" + "".join(out) + r"(?![A-Za-z0-9])", re.IGNORECASE)


def _identifier_keys(token: str) -> list[str] | None:
    """The normalised keys of an identifier token; None when there would be too many."""
    parts = _TOKEN_PARTS_RE.split(token.lower())  # word, separator, word, ...
    keys = [parts[0]]
    for i in range(1, len(parts), 2):
        separator, word = parts[i], parts[i + 1]
        left, right = parts[i - 1][-1].isdigit(), word[0].isdigit()
        if left and right:
            keys = [key + separator + word for key in keys]
        elif left or right:
            keys = [key + word for key in keys]
        else:
            keys = [key + glue + word for key in keys for glue in ("|", "")]
            if len(keys) > _MAX_KEYS:
                return None
    return keys


def _per_text(index: Callable[[str], _T]) -> Callable[[str], _T]:
    """`index`, its answers kept for the last `_CACHED_TEXTS` texts (not too long ones)."""
    kept = lru_cache(maxsize=_CACHED_TEXTS)(index)

    def indexed(text: str) -> _T:
        return kept(text) if len(text) <= _CACHED_LENGTH else index(text)

    return indexed


@_per_text
def _chains(text: str) -> _Chains:
    """Normalise the chains of `text` that hold a digit (see the comment above `_ALNUM`)."""
    out: list[str] = []
    starts: set[int] = set()
    ends: set[int] = set()
    at = 0
    for chain in _CHAIN_RE.findall(text):
        if not _DIGITS_RE.search(chain):
            continue  # an identifier holds a digit
        if not chain.isascii():
            chain = chain.translate(_FOLD)
        parts = _CHAIN_PARTS_RE.split(chain.lower())
        if out:
            out.append(" ")
            at += 1
        for i, word in enumerate(parts):
            if i % 2:
                continue
            if i:
                separator = parts[i - 1]
                left, right = parts[i - 2][-1].isdigit(), word[0].isdigit()
                if left and right:
                    # kept as it is; a space between digits never matches, like a break
                    out.append(" " if separator.isspace() else separator)
                    at += 1
                elif not (left or right):
                    out.append("|")
                    at += 1
            starts.add(at)
            out.append(word)
            at += len(word)
            ends.add(at)
    return _Chains("".join(out), frozenset(starts), frozenset(ends))


@_per_text
def _text_numbers(text: str) -> frozenset[Decimal]:
    """Every number anywhere in a passage text."""
    numbers: set[Decimal] = set()
    for match in matches_from(_NUMBER_RE, _NUMBER_START_RE, text):
        numbers |= _number_values(match)
    return frozenset(numbers)


@_per_text
def _text_dates(text: str) -> frozenset[DateParts]:
    """Every date anywhere in a passage text."""
    dates: set[DateParts] = set()
    for match in matches_from(_DATE_RE, _DATE_START_RE, text):
        dates |= _date_readings(match)
    return frozenset(dates)


def _number_values(match: re.Match[str]) -> set[Decimal]:
    value = _to_decimal(match["num"])
    if value is None:  # pragma: no cover - the pattern only matches valid digits
        return set()
    values = {value}
    scale = match["mult"] or match["word"]
    if scale:
        values.add(value * _MULTIPLIERS[scale])
    return values


@lru_cache(maxsize=4096)
def _to_decimal(digits: str) -> Decimal | None:
    return to_decimal(digits)  # the same few numbers come up again and again


def _date_readings(match: re.Match[str]) -> set[DateParts]:
    g = match.groupdict()
    candidates: list[DateParts] = []
    if g["iy"]:
        candidates.append((int(g["iy"]), int(g["im"]), int(g["id"])))
    elif g["na"] or g["ha"]:
        a, b = int(g["na"] or g["ha"]), int(g["nb"] or g["hb"])
        year = int(g["ny"] or g["hy"])
        if year < 100:
            year += 2000
        candidates += [(year, b, a), (year, a, b)]  # day first, month first
    elif g["mdm"]:
        candidates.append((_year(g["mdy"]), _MONTHS[g["mdm"].lower()], int(g["mdd"])))
    elif g["dmm"]:
        candidates.append((_year(g["dmy"]), _MONTHS[g["dmm"].lower()], int(g["dmd"])))
    elif g["mym"]:
        candidates.append((int(g["myy"]), _MONTHS[g["mym"].lower()], None))
    return {c for c in candidates if _valid(c)}


def _year(text: str | None) -> int | None:
    return int(text) if text else None


def _valid(date: DateParts) -> bool:
    year, month, day = date
    if not 1 <= month <= 12 or (year is not None and not 1000 <= year <= 2999):
        return False
    if day is None:
        return True
    last = calendar.monthrange(year if year is not None else 2000, month)[1]
    return 1 <= day <= last


def _date_matches(answer: DateParts, passage: DateParts) -> bool:
    (ay, am, ad), (py, pm, pd) = answer, passage
    return am == pm and (ay is None or ay == py) and (ad is None or ad == pd)
