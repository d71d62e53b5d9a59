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
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from ._text import to_decimal

__all__ = ["PassageIndex", "Value", "ValueKind", "find_values"]

ValueKind = Literal["number", "date", "identifier"]

DateParts = tuple[int | None, int, int | None]
"""A date as (year, month, day); year or day is None when the text does not state it."""

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_MONTH_NAMES = "|".join(
    form
    for name in sorted(_MONTHS, key=len, reverse=True)
    for form in (name.capitalize(), name.upper())
)
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

_IDENT_RE = re.compile(r"(?<!\w)[A-Za-z0-9]+(?:[-_/#.][A-Za-z0-9]+)*(?!\w)")
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
_MULTIPLIERS = {
    "k": 1000, "K": 1000, "thousand": 1000, "M": 10**6, "mn": 10**6, "million": 10**6,
    "bn": 10**9, "billion": 10**9,
}  # fmt: skip
_NOT_VALUES = re.compile(
    r"(?m)^[ \t]*(?:[-*+][ \t]+)?\d{1,3}[.)](?=\s)"  # a Markdown list marker
    r"|\[\d+(?:\s*[,-]\s*\d+)*\]"  # a citation marker such as [2] or [1, 3]
    r"|§\s?\d+(?:\.\d+)*"  # a section reference
)
_SEPARATORS = "[-_/#.\\s]"


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


@dataclass
class PassageIndex:
    """Every number, date and text of the retrieved passages, for looking values up."""

    texts: list[str]
    numbers: set[Decimal] = field(default_factory=set)
    dates: set[DateParts] = field(default_factory=set)

    @classmethod
    def build(cls, texts: Iterable[str]) -> PassageIndex:
        """Index the passages' texts."""
        index = cls(list(texts))
        for text in index.texts:
            for match in _NUMBER_RE.finditer(text):
                index.numbers |= _number_values(match)
            for match in _DATE_RE.finditer(text):
                index.dates |= _date_readings(match)
        return index

    def grounds(self, value: Value) -> bool:
        """Tell whether some passage holds `value` (see the module's rules)."""
        if value.kind == "number":
            return not value.numbers.isdisjoint(self.numbers)
        if value.kind == "date":
            return any(_date_matches(r, p) for r in value.dates for p in self.dates)
        pattern = _identifier_pattern(value.text)
        return any(pattern.search(text) for text in self.texts)


def find_values(text: str, *, ignore: Sequence[str] = ()) -> list[Value]:
    """Find the dates, identifiers and numbers in `text`, in order; a span is one value."""
    taken: list[tuple[int, int]] = [m.span() for m in _NOT_VALUES.finditer(text)]
    lowered = text.casefold()
    for phrase in ignore:
        needle = phrase.casefold()
        if not needle:
            continue
        start = lowered.find(needle)
        while start != -1:
            taken.append((start, start + len(needle)))
            start = lowered.find(needle, start + 1)

    values: list[Value] = []

    def claim(value: Value) -> None:
        values.append(value)
        taken.append((value.start, value.end))

    for m in _DATE_RE.finditer(text):
        readings = _date_readings(m)
        if readings and not _overlaps(m.span(), taken):
            claim(Value("date", m.group(), m.start(), m.end(), dates=frozenset(readings)))
    for m in _IDENT_RE.finditer(text):
        if _is_identifier(m.group()) and not _overlaps(m.span(), taken):
            claim(Value("identifier", m.group(), m.start(), m.end()))
    for m in _NUMBER_RE.finditer(text):
        if not _overlaps(m.span(), taken):
            numbers = frozenset(_number_values(m))
            claim(Value("number", m.group(), m.start(), m.end(), numbers=numbers))
    return sorted(values, key=lambda v: v.start)


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in taken)


def _is_identifier(token: str) -> bool:
    if _DOTTED_DIGITS_RE.fullmatch(token):
        return True
    has_letter = any(c.isalpha() for c in token)
    has_digit = any(c.isdigit() for c in token)
    return has_letter and has_digit and not _NUMBER_WITH_UNIT_RE.fullmatch(token)


def _identifier_pattern(token: str) -> re.Pattern[str]:
    """Build a pattern finding `token` case-insensitively.

    Separators are optional where letters meet digits (``ORD-88123`` ~ ``ord 88123`` ~
    ``ORD88123``) but kept between digit groups.
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


def _number_values(match: re.Match[str]) -> set[Decimal]:
    value = to_decimal(match["num"])
    if value is None:  # pragma: no cover - the pattern only matches valid digits
        return set()
    values = {value}
    scale = match["mult"] or match["word"]
    if scale:
        values.add(value * _MULTIPLIERS[scale])
    return values


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
