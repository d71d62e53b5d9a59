"""Pattern packs for personal data in an agent's output: phone numbers, emails, card numbers.

Support answers are full of numbers that are not personal data: order numbers, prices,
dates, times, version strings, policy section ids (``§4.2``, ``4.2.1``). The phone patterns
therefore only accept the shapes phone numbers are written in:

- international, with ``+`` (``+44 20 7946 0958``, ``+1 (415) 555-0134``, ``+14155550134``,
  ``(+44) 20 7946 0958``) or ``00``, with or without a space after it, and separators
  (``0049 30 123456``, ``00 44 20 7946 0958``, ``0044 (0)20 7946 0958``), 9 to 15 digits;
- North American, ``415-555-0134``, ``(415) 555 0134``, ``1-800-555-0199``;
- national with a trunk ``0`` and separators (``020 7946 0958``, ``07700 900123``,
  ``01 23 45 67 89``, ``(030) 123456``, ``030/123456``, ``069 / 1234 5678``,
  ``030 12345678``), 9 to 12 digits;
- Brazilian, an area code in brackets without a trunk prefix (``(11) 91234-5678``,
  ``(11) 3456-7890``);
- French, written with dots: five pairs after a trunk ``0`` (``01.42.68.53.00``); three or
  four dotted pairs stay versions and dates;
- local-rate and free numbers without a trunk prefix: ``1300 975 707``, ``1800-123-456``,
  ``1800 180 1234``, ``1-800-88-1234``;
- ``011``, the North American exit code, as ``00`` (``011 44 20 7946 0958``); a one-digit
  area code after a trunk prefix (``06 1 234 5678``); a trunk 8 before an area code in
  brackets (``8 (495) 123-45-67``); French service numbers with the trunk 0 a space apart
  (``0 800 123 456``);
- any other number in groups, 6 to 12 digits, that a phone word introduces (`_pii_words`,
  in several languages): a label (``Tel: 912 345 678``, ``Móvil: 612 345 678``, ``our
  helpline is 13 19 40``) or a verb of calling with at most its object, or up to six words
  and a preposition (``call 13 19 40``, ``call us on 6123 4567``, ``ring our Copenhagen
  office on 33 12 34 56``, ``llame al 55 1234 5678``, ``Ring til os på 33 12 34 56``).
  Without such a word, ``6123 4567`` reads as an account or a waybill number as often.
  After such a word the trunk 0 may stand a space apart (``call 0 7700 900 833``);
- such a number listed right after a phone number, joined by ``, or``, ``and``, a comma
  or a slash (``+65 6555 0123, or 6555 0124 from inside Singapore``), in other languages
  too (``o al``, ``ou au``, ``oder unter``), perhaps past a remark in brackets on the first
  (``800 555 0172 (sin costo) o al 55 5555 0109``);
- a number read out digit by digit, as a call transcript writes it, 9 to 13 digits with
  one separator inside the groups and a comma between them (``0-1-6-1, 4-9-6, 0-5-8-2``,
  ``0 1 1 3, 4 9 6, 0 7 7 1``): with a trunk 0 first, or after a phone word; and one said in
  words (``oh-one-six-one, four nine six, oh double-seven two``, `_pii_spoken`);
- a number of a list or a table, one a line, after a phone number on the line before,
  behind a short label without digits (``| 🇪🇸 Spain | 91 555 01 23 |``,
  ``🇸🇬 Singapore: 6555 0199``);
- the number of a WhatsApp link (``https://wa.me/447700900315``).

Groups of digits that run on past 15 digits are a longer number's (a supply number, a
parcel's), not a phone number at their head (`_runs_on`). Chinese, Japanese, Korean and
Thai write the next word without a space: a number may be followed by it.

A three-digit emergency or service number (``call 999``, ``dial 112``) is public, not
personal data, and is not reported.

An extension is not part of the number (``415-555-0134 ext. 22`` gives ``415-555-0134``).

A bare run of digits without ``+`` (``4155550134``) is taken for a phone number only after
a phone word and from 8 digits (``tel:08009876543``): alone it reads as an order or
account number just as often. So is a number in the US social security number's shape
(``078-05-1120``). Anything that overlaps a date (``03-12-2024``,
``2024-03-12``, and in groups ``2024 03 12``) is dropped, a number right after ``#``,
``$``, a letter or a dash (``#415-555-0134``, ``ORD-2024-001234``) is an identifier, not a
phone, and so is one right after an identifier's label (``Order number: 0161 496 0000``,
``Booking ref 020 7946 0958``, ``Serial 0412 345 678``, ``your reference is 020 ...``,
``NHS number (943 476 5919)``, ``your NHS number, 943 476 5919``) or after two groups
of a longer code (an IBAN's ``DE89 3704 0044 0532 0130 00``).

Card numbers are 13 to 19 digits, contiguous or in groups (``4111 1111 1111 1111``,
``3782-822463-10005``), that pass the Luhn check. Only ASCII digits are read. A card
number is never reported as a phone number, even when only phones are looked for
(``4000 0566 5566 5556`` holds the phone-shaped ``0566 5566 5556``).

An e-mail address may hold apostrophes in its local part (``j.o'brien@example.com``), and
is reported whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from ._pii_spoken import spoken_numbers
from ._pii_words import identifier_before, phone_word
from ._text import matches_from

__all__ = ["PII_KINDS", "RULES", "PiiKind", "PiiMatch", "digits", "find_pii"]

PiiKind = Literal["phone", "email", "card"]
"""The kinds of personal data `no_pii` looks for."""

PII_KINDS: tuple[PiiKind, ...] = ("phone", "email", "card")

# Where kinds overlap, the more specific wins: the digits of "john.4155550134@x.com" are
# an email, and a card number is not also reported as a phone number.
_PRIORITY: tuple[PiiKind, ...] = ("email", "card", "phone")

_SEP = "[ \u00a0\u202f.\\-\u2010\u2011\u2013]"
"""Between groups of a phone number: space (also no-break), dot, hyphen or en dash."""
_SPACE_DASH = "[ \u00a0\u202f\\-\u2010\u2011\u2013]"
"""Dots are left out of national numbers, where ``03.12.20`` is more likely a date."""
_GLUE = "(?:[^\\W_]|[+#$\u20ac\u00a3\u00a5.,/\\-\u2010\u2011\u2013])"
_NOT_AFTER = f"(?<!{_GLUE})"
"""A number glued to a letter, ``#``, a currency sign or a dash is an identifier or a price;
not to an underscore, which marks emphasis in Markdown (``__030 2345 6789__``)."""
_END = (
    "(?![^\\W_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]|\\+"
    "|[.,/:\\-\u2010\u2011\u2013]?[0-9]|[\\-\u2010\u2011\u2013][^\\W_])"
)
"""A phone number does not run on into more digits (``.5``, ``-12``, ``:30``), nor on into a
letter, or a dash and a letter (``800-555-0199-BK``, a product code); but Chinese, Japanese,
Korean and Thai write the next word without a space (``010-1234-5678입니다``)."""

# Each style: its name, its pattern, a string every match contains (a cheap test that
# skips the pattern), and where a match can start (`_starts`): the pattern is tried only
# there, since a pattern that opens with a look-behind is tried at every character.
#
# The groups of digits are atomic (``(?>...)``, ``{m,n}+``): once a group has taken its
# digits, the engine never takes some back to split the run another way. A split can only
# end the match inside a run of digits, which `_END` forbids, or reach the same end with
# more groups, so it finds no match that the greedy split misses. But with the optional
# separator of the ``+`` style the engine would try every split before giving up: a ``+``,
# 30 digits and a letter took 50 ms. Now every pattern costs a bounded time at each place
# it is tried, so finding phones takes time linear in the text.


def _starts(first: str, glue: str = _GLUE) -> re.Pattern[str]:
    """Where a match can start: one of the characters `first`, not after one of `glue`."""
    return re.compile(f"[{first}](?<!{glue}.)")


_PHONE_PATTERNS: tuple[tuple[str, re.Pattern[str], str, re.Pattern[str]], ...] = (
    (
        "plus",
        re.compile(
            rf"(?<![\w+])(?:\(\+[1-9][0-9]{{0,2}}+\)|\+[1-9][0-9]{{0,2}}+)"
            rf"(?:{_SEP}?(?>\([0-9]{{1,4}}\)|[0-9]{{1,6}})){{1,7}}{_END}"
        ),
        "+",
        _starts("(+", "[\\w+]"),
    ),
    (
        "double_zero",
        re.compile(
            rf"{_NOT_AFTER}0(?:0|11){_SEP}?[1-9][0-9]{{0,2}}+"
            rf"(?:{_SEP}(?>\([0-9]{{1,4}}\){_SEP}?[0-9]{{1,8}}|\([0-9]{{1,4}}\)|[0-9]{{1,8}})){{2,6}}"
            rf"{_END}"
        ),
        "0",
        _starts("0"),
    ),
    (
        "north_american",
        re.compile(
            rf"{_NOT_AFTER}(?:1{_SEP})?(?:\([0-9]{{3}}\){_SEP}?|[0-9]{{3}}{_SEP})"
            rf"[0-9]{{3}}{_SEP}[0-9]{{4}}{_END}"
        ),
        "",
        _starts("0-9("),
    ),
    (
        "trunk",
        re.compile(
            rf"{_NOT_AFTER}(?:\(0[1-9][0-9]{{0,3}}+\){_SPACE_DASH}?|0[1-9][0-9]{{0,4}}+"
            rf"(?:{_SPACE_DASH}|[ \u00a0]?/[ \u00a0]?))"
            rf"(?:[0-9]{{2,8}}+|[0-9](?={_SPACE_DASH}[0-9]{{3}}))(?:{_SPACE_DASH}[0-9]{{2,6}}+){{0,4}}{_END}"
        ),
        "0",
        _starts("0("),
    ),
    (
        # Russian and Kazakh, a trunk 8 before an area code in brackets: 8 (495) 123-45-67
        "trunk_8",
        re.compile(
            rf"{_NOT_AFTER}8[ \u00a0]?\([0-9]{{3,5}}\)[ \u00a0]?[0-9]{{1,3}}+"
            rf"(?:{_SPACE_DASH}[0-9]{{2,4}}+){{1,3}}{_END}"
        ),
        "8",
        _starts("8"),
    ),
    (
        # French service numbers, the trunk 0 a space apart: 0 800 123 456
        "split_trunk",
        re.compile(rf"{_NOT_AFTER}0[ \u00a0][1-9][0-9]{{2}}(?:[ \u00a0][0-9]{{3}}){{2}}{_END}"),
        "0",
        _starts("0"),
    ),
    (
        # French numbers written with dots: 01.42.68.53.00 (five pairs, a trunk 0 first);
        # three or four dotted pairs stay versions and dates
        "dotted",
        re.compile(rf"{_NOT_AFTER}0[1-9](?:\.[0-9]{{2}}){{4}}{_END}"),
        ".",
        _starts("0"),
    ),
    (
        # Brazilian, an area code in brackets without a trunk prefix: (11) 91234-5678 (a
        # mobile), (11) 3456-7890; not a bracketed number before a range of years
        "area_code",
        re.compile(
            rf"{_NOT_AFTER}\([1-9][0-9]\)[ \u00a0]?(?!(?:19|20)[0-9]{{2}}-(?:19|20)[0-9]{{2}})"
            rf"(?:9[0-9]{{4}}|[2-5][0-9]{{3}})[\-\u2010\u2011][0-9]{{4}}{_END}"
        ),
        "(",
        _starts("("),
    ),
    (
        # local-rate and free numbers without a trunk prefix: Australian 1300 975 707,
        # 1800 123 456 and 1800 55 88 44, Indian 1800 180 1234, Malaysian 1-800-88-1234
        "local_rate",
        re.compile(
            rf"{_NOT_AFTER}(?:1[38]00[ \-](?:[0-9]{{3}}[ \-][0-9]{{3,4}}"
            rf"|[0-9]{{2}}[ \-][0-9]{{2}}[ \-][0-9]{{2}}(?![ \-][0-9]))"
            rf"|1-[38]00-[0-9]{{2}}-[0-9]{{4}}){_END}"
        ),
        "00",
        _starts("1"),
    ),
    (
        # a WhatsApp link's number: https://wa.me/447700900315 (its digits, as tel:'s are)
        "whatsapp_link",
        re.compile(r"(?<=wa\.me/)[0-9]{8,15}(?![0-9])"),
        "wa.me/",
        re.compile("(?<=wa\\.me/)[0-9]"),
    ),
    (
        # read out digit by digit, as a call transcript writes it: 0-1-6-1, 4-9-6, 0-5-8-2
        # or 0 1 1 3, 4 9 6, 0 7 7 1 (one separator inside the groups, a comma between)
        "spelled",
        re.compile(
            rf"{_NOT_AFTER}[0-9](?P<sep>[ \-])[0-9](?:(?P=sep)[0-9]){{1,4}}"
            rf"(?:(?:,[ \u00a0]?|[ \u00a0])[0-9](?:(?P=sep)[0-9]){{1,4}}){{1,3}}{_END}"
        ),
        "",
        _starts("0-9"),
    ),
    (
        # any number in groups that a phone word introduces (`_PHONE_LEAD`, checked in
        # `_phones`): Spanish 912 345 678, Australian 13 19 40, Singapore 6123 4567; a
        # trunk 0 or a "+" is left to the styles above
        "led",
        re.compile(
            rf"{_NOT_AFTER}(?:0[ \u00a0](?=[1-9]))?"
            rf"[0-9]{{2,12}}+(?:[ \u00a0.\-\u2010\u2011/][0-9]{{2,8}}+){{0,5}}{_END}"
        ),
        "",
        _starts("0-9"),
    ),
)

_DIGITS_RANGE: dict[str, tuple[int, int]] = {
    "plus": (9, 15),
    "double_zero": (9, 15),  # not counting the 00
    "north_american": (10, 11),
    "trunk": (9, 12),
    "dotted": (10, 10),
    "area_code": (10, 11),
    "local_rate": (10, 11),
    "led": (6, 12),
    "trunk_8": (11, 11),
    "split_trunk": (10, 10),
    "spelled": (9, 13),
    "whatsapp_link": (8, 15),
}

RULES: dict[str, str] = {
    "plus": "an international number with +",
    "double_zero": "an international number with 00 or 011",
    "north_american": "a North American number",
    "trunk": "a national number with a trunk 0",
    "trunk_8": "a number with a trunk 8 before an area code in brackets",
    "split_trunk": "a French service number, the trunk 0 a space apart",
    "dotted": "a French number written with dots",
    "area_code": "a Brazilian number, its area code in brackets",
    "local_rate": "a local-rate or free number",
    "led": "a number in groups that a phone word introduces",
    "spelled": "a number read out digit by digit, a trunk 0 first or a phone word before it",
    "whatsapp_link": "the number of a WhatsApp link (wa.me/...)",
    "spoken": "a number said in words, as a call transcript writes it",
    "listed": "a number in groups listed right after a phone number",
    "email": "an e-mail address",
    "card": "a card number (13 to 19 digits that pass the Luhn check)",
}
"""What each rule of `find_pii` reads: a phone style, ``email`` or ``card`` (`PiiMatch.rule`)."""

_DATE = re.compile(
    r"(?<![0-9])(?:"
    r"(?:19|20)[0-9]{2}([-/.])[0-9]{1,2}\1[0-9]{1,2}"
    r"|[0-9]{1,2}([-/.])[0-9]{1,2}\2(?:19|20)[0-9]{2}"
    r"|[0-9]{1,2}/[0-9]{1,2}/[0-9]{2}"
    r")(?![0-9])"
)
_SPACES = re.compile("[ \u00a0\u202f]+")
_DATE_IN_GROUPS = re.compile(
    r"[0-9]{1,2}[ \u00a0\-][0-9]{1,2}[ \u00a0\-](?:19|20)[0-9]{2}$"
    r"|(?:19|20)[0-9]{2}[ \u00a0\-][0-9]{1,2}[ \u00a0\-][0-9]{1,2}$"
)
"""Day, month and year in groups ("12 03 2026", "2026 03 12"): a date, whatever introduces
it."""

_EMAIL = re.compile(
    r"(?<![\w.%+-])(?<!\w['\u2019])[\w.%+-]+(?:['\u2019][\w.%+-]+)*"
    r"@(?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_]{2,}(?![^\W_]|-|\.[^\W_])"
)
"""An address; its local part may hold apostrophes between its characters
(``j.o'brien@example.com`` is reported whole, ``'bob@example.com'`` without the quotes)."""

_CARD = re.compile(
    r"(?<![\w+.,\-])(?:"
    r"[0-9]{13,19}"
    r"|[0-9]{4}(?:[ \-][0-9]{4}){2}[ \-][0-9]{1,4}(?:[ \-][0-9]{1,3})?"
    r"|[0-9]{4}[ \-][0-9]{6}[ \-][0-9]{4,5}"
    r")(?![\w]|[.,\-]?[0-9])"
)
_CARD_STARTS = _starts("0-9", "[\\w+.,\\-]")
"""Where `_CARD` can match: a digit not glued to what comes before."""


@dataclass(frozen=True, slots=True)
class PiiMatch:
    """One piece of personal data: `text` is `output[start:end]`.

    `rule` names the shape that found it (a key of `RULES`); `lead` is the phone word that
    made a number in groups a phone number (rule ``led``: ``"call us on"``, ``"Tel:"``).
    """

    kind: PiiKind
    text: str
    start: int
    end: int
    rule: str
    lead: str | None = None

    def why(self) -> str:
        """The rule that fired, in words, with the phone word if one led the number."""
        described = RULES[self.rule]
        return described if self.lead is None else f"{described} ({self.lead!r})"


def find_pii(text: str, kinds: Iterable[PiiKind] = PII_KINDS) -> list[PiiMatch]:
    """Find every phone number, email address and card number in `text`, in order.

    Examples:
        >>> [(m.kind, m.text) for m in find_pii("Call +44 20 7946 0958 about order 4815162342.")]
        [('phone', '+44 20 7946 0958')]
    """
    wanted = set(kinds)
    found: list[PiiMatch] = []
    taken = _Claimed(text)
    finders: dict[PiiKind, Callable[[str], list[_Found]]] = {
        "email": _emails,
        "card": _cards,
        "phone": _phones,
    }
    for kind in _PRIORITY:
        # card numbers are looked for even when not wanted: what passes the Luhn check is
        # never reported as a phone number, whatever `kinds` lists
        if kind not in wanted and not (kind == "card" and "phone" in wanted):
            continue
        for start, end, rule, lead in finders[kind](text):
            if not taken.overlaps(start, end):
                taken.add(start, end)
                if kind in wanted:
                    found.append(PiiMatch(kind, text[start:end], start, end, rule, lead))
    return sorted(found, key=lambda m: m.start)


def digits(text: str) -> str:
    """Return the ASCII digits of `text`, in order."""
    return "".join(ch for ch in text if "0" <= ch <= "9")


_Found = tuple[int, int, str, str | None]
"""What a finder found: start, end, the rule that found it and the phone word that led it."""


def _emails(text: str) -> list[_Found]:
    if "@" not in text:
        return []
    spans: list[_Found] = []
    for m in _EMAIL.finditer(text):
        start, end = m.span()
        if text.startswith("_", end):  # Markdown emphasis: _service@laden.de_
            if text[start] != "_":
                continue  # an address runs on into an underscore: not one
            start += 1
        spans.append((start, end, "email", None))
    return spans


def _cards(text: str) -> list[_Found]:
    spans: list[_Found] = []
    for m in matches_from(_CARD, _CARD_STARTS, text):
        number = digits(m.group())
        # no card number starts with 0 (and all zeros would pass Luhn)
        if 13 <= len(number) <= 19 and number[0] != "0" and _luhn(number):
            spans.append((m.start(), m.end(), "card", None))
    return spans


def _phones(text: str) -> list[_Found]:
    candidates: list[_Found] = []
    listed: list[tuple[int, int]] = []
    for style, pattern, needle, starts in _PHONE_PATTERNS:
        if needle not in text:
            continue
        for m in matches_from(pattern, starts, text):
            span = _longest_valid(style, text, m.start(), m.end())
            if span is None:
                continue
            needs_word = style == "led" or (
                # read out digit by digit without a trunk 0, or in the US social security
                # number's shape (078-05-1120): a phone number only after a phone word
                (style == "spelled" and text[span[0]] != "0")
                or _SSN.fullmatch(text, *span) is not None
            )
            if not needs_word:
                candidates.append((*span, style, None))
            elif (lead := _lead(text, *span)) is not None:
                candidates.append((*span, style, lead))
            elif style == "led":
                listed.append(span)
    candidates += [(a, b, "spoken", None) for a, b in spoken_numbers(text)]
    if not candidates:
        return []
    dates = _Claimed(text)
    for m in _DATE.finditer(text):
        dates.add(*m.span())
    # the styles overlap ("+1 (415) 555-0134" is also a North American number): keep the
    # longest reading of each stretch of text
    taken = _Claimed(text)
    chosen: list[_Found] = []
    for found in sorted(candidates, key=lambda f: (f[0] - f[1], f[0])):
        start, end = found[0], found[1]
        if dates.overlaps(start, end) or taken.overlaps(start, end):
            continue
        taken.add(start, end)
        if identifier_before(text, start) or _runs_on(text, start, found[2]):
            continue
        chosen.append(found)
    chosen.sort(key=lambda f: f[0])
    # a number in groups listed right after a phone number is the next phone number
    # ("+65 6555 0123, or 6555 0124 if you're calling locally")
    # (one pass over both lists in order: the phone number before a candidate is the last
    # one found ending at or before it, so the time stays linear in the text)
    phones, k, last_end = list(chosen), 0, -1
    for start, end in sorted(listed):
        while k < len(phones) and phones[k][1] <= start:
            last_end = max(last_end, phones[k][1])
            k += 1
        if (
            last_end >= 0
            and (
                _LISTED.fullmatch(text, last_end, start)
                or _LISTED_LINE.fullmatch(text, last_end, start)
            )
            and not dates.overlaps(start, end)
            and not taken.overlaps(start, end)
            and not identifier_before(text, start)
            and _DATE_IN_GROUPS.fullmatch(text, start, end) is None
        ):
            taken.add(start, end)
            chosen.append((start, end, "listed", None))
            last_end = end  # the next number may continue the list
    return sorted(chosen, key=lambda f: f[0])


_RUN = re.compile("[0-9]+(?:[ \u00a0.\\-][0-9]+)*")
"""Digits in groups one space, dot or hyphen apart, as far as they go."""


def _runs_on(text: str, start: int, rule: str) -> bool:
    """The groups of digits from `start` run on past 15 digits: a longer number's head.

    A supply number (MPAN, ``00 801 100 12 3456 7890 123``) or a parcel's (``0123 4567
    8901 2345``) opens with a phone-shaped number; no phone number has more than 15 digits.
    """
    if rule in {"spoken", "whatsapp_link", "spelled"}:
        return False
    # 16 digits in groups take at most 31 characters: reading 40 keeps this constant time
    run = _RUN.match(text, start, min(len(text), start + 40))
    return run is not None and len(digits(run.group())) > 15


_LISTED = re.compile(
    "(?i)(?:[ \u00a0]*\\([^()\n]{1,30}\\))?[ \u00a0]*(?:,|/|;)?[ \u00a0]*"
    "(?:or|and|o|ou|oppure|y|e|et|oder|und|of|en|,|/)?"
    "(?:[ \u00a0]+(?:al|au|on|at|to|unter|op|para|pelo|a|en)(?:[ \u00a0]+(?:o|a|el|le|la))?)?"
    "[ \u00a0]+"
)
"""What joins two phone numbers of a list: ", or ", " and ", ", ", " / ", in other
languages too (" o al ", " ou au ", " oder unter "), perhaps after a remark in brackets
on the first ("800 555 0172 (sin costo) o al 55 5555 0109")."""

_LISTED_LINE = re.compile(
    "[ \u00a0*)]*(?:\\|[^\n]{0,40})?\n[ \u00a0]*(?:[-*\u2022|][ \u00a0]*)?"
    "[^\\d\n]{0,40}?[:|\u2013\u2014-]?[ \u00a0|*]*"
)
"""What joins two phone numbers of a list or a table, one a line: nothing more on the line
but a table's next cells ("| 9h–18h |"), then a bullet or a table's bar, and a short label
without digits ("| 🇪🇸 Spain | ", "🇸🇬 Singapore: ")."""

_SSN = re.compile("[0-9]{3}-[0-9]{2}-[0-9]{4}")
"""The US social security number's shape: a phone number in it only after a phone word."""


def _lead(text: str, start: int, end: int) -> str | None:
    """The phone word that introduces the number at `text[start:end]`, unless it is a date."""
    if _DATE_IN_GROUPS.fullmatch(text, start, end) is not None:
        return None
    return phone_word(text, start, end)


def _longest_valid(style: str, text: str, start: int, end: int) -> tuple[int, int] | None:
    """Find the match, or else its longest prefix ending before a space, if valid.

    A pattern also swallows a number that follows the phone number ("call 020 7946 0958 24
    hours a day"); cutting at spaces recovers the phone number.
    """
    cuts = [end] + [m.start() for m in reversed(list(_SPACES.finditer(text, start, end)))]
    for cut in cuts:
        if _valid(style, text[start:cut]):
            return start, cut
    return None


def _valid(style: str, candidate: str) -> bool:
    number = digits(candidate)
    if style == "double_zero":
        number = number[3:] if number.startswith("011") else number[2:]
    low, high = _DIGITS_RANGE[style]
    if style == "led" and number == candidate:
        low = 8  # a bare run of digits, after "tel:" or "اتصل على": not a short code
    return low <= len(number) <= high and candidate[-1] in "0123456789)"


class _Claimed:
    """The characters of a text that spans added so far cover.

    Testing a span against every span taken before it would make an output with thousands of
    matches cost quadratic time. Here a test reads only the span's own characters, and the
    spans tested are at most a few readings of each stretch of the text, so the tests of one
    text cost time linear in it.
    """

    __slots__ = ("_marks",)

    def __init__(self, text: str) -> None:
        self._marks = bytearray(len(text))

    def overlaps(self, start: int, end: int) -> bool:
        return self._marks.find(1, start, end) != -1

    def add(self, start: int, end: int) -> None:
        self._marks[start:end] = b"\x01" * (end - start)


def _luhn(number: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0
