"""Phone numbers said in words, as a call transcript writes them.

An agent reading a number out on a call says it in words, and a transcript keeps them:
"oh-one-six-one, four nine six, oh double-seven two", "020 7946 double-oh 48", "one eight
hundred, five five five, zero one six six", "plus four four, 7700 900 nine eight seven".
`spoken_numbers` finds such runs: digit words (``zero``, ``oh``, ``one`` ... ``nine``),
``double``/``triple`` before a digit, ``hundred`` after one, and groups of digits, one
space, hyphen or comma apart, that spell 9 to 13 digits (10 to 15 after ``plus``).

Words alone spell other things too ("steps one, two, three, four..."), so a run is a
phone number only with something only a phone number has: ``plus`` or a trunk ``oh``,
``zero`` or ``0`` first, a ``double``, ``triple`` or ``hundred`` inside, or a group of
digits beside the words. At least two words are needed ("double-oh" is two): a run of
digit groups alone is the other rules' (`_pii`). The run's text is matched by one regular
expression whose groups are possessive, so finding them takes time linear in the text.
"""

from __future__ import annotations

import re

__all__ = ["spoken_numbers"]

_DIGITS = {
    "zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9",
}  # fmt: skip
_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple|hundred|[0-9]{1,5})"
_SEP = r"(?:[ \u00a0\-]|,[ \u00a0]?)"
_RUN = re.compile(rf"(?i)(?<![\w\-])(?:plus{_SEP})?{_WORD}(?:{_SEP}{_WORD}){{3,24}}+(?![\w\-])")
_NEEDLE = re.compile(r"(?i)\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b")
_TOKENS = re.compile(r"[^\s,\-]+")


def spoken_numbers(text: str) -> list[tuple[int, int]]:
    """The spans of the phone numbers said in words in `text`, in order.

    Examples:
        >>> t = "It's oh-one-six-one, four nine six, oh double-seven two."
        >>> [t[a:b] for a, b in spoken_numbers(t)]
        ['oh-one-six-one, four nine six, oh double-seven two']
        >>> spoken_numbers("Steps one, two, three, four, five, six, seven, eight, nine.")
        []
    """
    if _NEEDLE.search(text) is None:
        return []
    found = []
    for m in _RUN.finditer(text):
        start, end = m.span()
        # a trailing comma or hyphen belongs to the sentence
        while end > start and text[end - 1] in ", -":
            end -= 1
        if _is_phone(text[start:end]):
            found.append((start, end))
    return found


def _is_phone(run: str) -> bool:
    """Whether the words of `run` spell a phone number (see the module's docstring)."""
    tokens = [t.lower() for t in _TOKENS.findall(run)]
    plus = tokens[0] == "plus"
    if plus:
        tokens = tokens[1:]
    digits = _spell(tokens)
    if digits is None:
        return False
    words = sum(not t.isdigit() for t in tokens)
    marked = (
        plus
        or tokens[0] in {"oh", "zero", "0"}
        or tokens[0].startswith("0")
        or not {"double", "triple", "hundred"}.isdisjoint(tokens)
        or any(t.isdigit() for t in tokens)
    )
    low, high = (10, 15) if plus else (9, 13)
    return words >= 2 and marked and low <= len(digits) <= high


def _spell(tokens: list[str]) -> str | None:
    """The digits `tokens` spell, or None when they spell no number ("double" at the end)."""
    out: list[str] = []
    times = 1
    for i, t in enumerate(tokens):
        if t in {"double", "triple"}:
            if times != 1:
                return None
            times = 2 if t == "double" else 3
            continue
        if t == "hundred":
            if i == 0 or tokens[i - 1] not in _DIGITS or times != 1:
                return None
            out.append("00")
            continue
        digit = _DIGITS.get(t, t)
        if times != 1 and len(digit) != 1:
            return None  # "double 45" is no digit repeated
        out.append(digit * times)
        times = 1
    return None if times != 1 else "".join(out)
