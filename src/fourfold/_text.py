"""Untrusted text made safe to show: the one definition every surface uses.

Agents, judges, tools and suites write text that fourfold shows in a terminal, in JUnit
XML, in the one-file HTML report and in the viewer. Some characters in it act on the
display rather than show: a right-to-left override (U+202E) makes the rest of a line read
backwards ("fdp.exe" shows as "exe.pdf", "42" as "24"), zero-width characters make two
different ids look the same, and in a terminal an escape sequence restyles or rewrites
the screen. Every surface shows such a character as its code point instead of obeying it:

- `MARKED` is the set: the bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E,
  U+2066-U+2069) and the invisible characters (U+200B-U+200D, U+2060-U+2064, U+FEFF).
- `plain` is for plain-text surfaces (the terminal, XML, HTML attributes, ``<option>``
  and ``<title>`` text, SVG labels): each marked character, and each control character
  but tab and newline, becomes ``<U+202E>``. `markup` is `plain` for a string rich reads
  as console markup (its ``[tags]`` escaped too).
- `html_text` is for HTML element content: the text escaped, each marked character kept
  (copying the text still gives what the agent wrote) inside
  ``<span class="ctl" data-cp="U+202E">``, which the stylesheet isolates (the override
  acts on nothing but itself) and labels with its code point. A token of `LONG_RUN` or
  more characters without a space (a base64 blob, a URL) gets a ``<wbr>`` every
  `BREAK_EVERY` characters: a browser breaking one 30,000-character word "anywhere"
  spends seconds per box on it, and with break opportunities a few milliseconds.
- `html_value` is `html_text` as a Jinja environment's ``finalize``, so every
  ``{{ value }}`` of a template gets it without asking.
- `JS_PATTERN` is the same set as a JavaScript character class, for the report's script.
"""

from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup, escape
from rich.markup import escape as escape_markup

__all__ = [
    "BIDI_CONTROLS",
    "BREAK_EVERY",
    "LONG_RUN",
    "INVISIBLE",
    "JS_PATTERN",
    "MARKED",
    "codepoint",
    "has_marked",
    "html_text",
    "html_value",
    "markup",
    "plain",
]

_BIDI_RANGES = ((0x061C, 0x061C), (0x200E, 0x200F), (0x202A, 0x202E), (0x2066, 0x2069))
_INVISIBLE_RANGES = ((0x200B, 0x200D), (0x2060, 0x2064), (0xFEFF, 0xFEFF))


def _chars(ranges: tuple[tuple[int, int], ...]) -> frozenset[str]:
    return frozenset(chr(c) for low, high in ranges for c in range(low, high + 1))


BIDI_CONTROLS = _chars(_BIDI_RANGES)
"""Characters that change the direction of the text around them."""

INVISIBLE = _chars(_INVISIBLE_RANGES)
"""Characters that take no room: they make different texts look the same."""

MARKED = BIDI_CONTROLS | INVISIBLE
"""What every surface shows as its code point."""


def _class(ranges: tuple[tuple[int, int], ...], escape_code: str) -> str:
    parts = []
    for low, high in sorted(ranges):
        parts.append(
            escape_code % low if low == high else f"{escape_code % low}-{escape_code % high}"
        )
    return "[" + "".join(parts) + "]"


_ALL_RANGES = _BIDI_RANGES + _INVISIBLE_RANGES

JS_PATTERN = _class(_ALL_RANGES, "\\u%04X")
"""`MARKED` as a JavaScript regular expression's character class (``[\\u061C...]``)."""

_MARKED_RE = re.compile(_class(_ALL_RANGES, "\\u%04x"))

# Plain text also loses what a terminal or an XML parser would act on or refuse: the C0
# controls but tab and newline (ESC starts an ANSI sequence, CR rewrites the line), DEL,
# the C1 controls, lone surrogates (not encodable) and the two non-characters XML forbids.
_PLAIN_RE = re.compile(
    _class(_ALL_RANGES, "\\u%04x")[:-1]
    + "\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\ud800-\\udfff\\ufffe\\uffff]"
)


LONG_RUN = 48
"""Characters without a space from which a run of text is a token to give breaks to."""

BREAK_EVERY = 16
"""Characters between two break opportunities in such a token (a line is filled to within
this many characters of the box's width)."""

_LONG_RE = re.compile(rf"\S{{{LONG_RUN},}}")


def codepoint(char: str) -> str:
    r"""The character's code point as people write it.

    Examples:
        >>> codepoint("\u202e")
        'U+202E'
    """
    return f"U+{ord(char):04X}"


def has_marked(text: str) -> bool:
    """Whether `text` holds a character of `MARKED`."""
    return _MARKED_RE.search(text) is not None


def plain(text: str) -> str:
    r"""`text` for a plain-text surface: each marked or control character as ``<U+XXXX>``.

    Tabs and newlines stay; so does everything else that shows as itself.

    Examples:
        >>> plain("fdp\u202eexe.pdf\x1b[31m")
        'fdp<U+202E>exe.pdf<U+001B>[31m'
    """
    if text.isascii() and text.isprintable():
        return text
    return _PLAIN_RE.sub(lambda m: f"<{codepoint(m.group())}>", text)


def markup(text: str) -> str:
    r"""`text` for a string rich renders as console markup: `plain`, and ``[`` escaped.

    Rich passes an escape sequence through to the terminal as it is, and reads
    ``[bold red]`` in a string as a style: agent text printed in a table cell or an
    f-string with markup goes through this.

    Examples:
        >>> markup("[bold]x\x1b[2J")
        '\\[bold]x<U+001B>[2J'
    """
    return escape_markup(plain(text))


def html_text(text: str) -> Markup:
    r"""`text` as HTML element content: escaped, each marked character in a labelled span.

    The span keeps the character (selecting and copying the text gives it back) and
    carries its code point in ``data-cp``; the stylesheets (``.ctl`` in the report's
    stylesheet) isolate it, so an override reorders nothing outside it, and show the code
    point after it, left to right.

    Examples:
        >>> str(html_text("<b>42\u202e"))
        '&lt;b&gt;42<span class="ctl" data-cp="U+202E" title="U+202E">\u202e</span>'
        >>> str(html_text("x" * 50))
        'xxxxxxxxxxxxxxxx<wbr>xxxxxxxxxxxxxxxx<wbr>xxxxxxxxxxxxxxxx<wbr>xx'
    """
    if not _needs_html(text):
        return escape(text)
    out: list[str] = []
    last = 0
    for match in _MARKED_RE.finditer(text):
        out.append(_breakable(text[last : match.start()]))
        code = codepoint(match.group())
        out.append(f'<span class="ctl" data-cp="{code}" title="{code}">{match.group()}</span>')
        last = match.end()
    out.append(_breakable(text[last:]))
    return Markup("".join(out))


def _needs_html(text: str) -> bool:
    return has_marked(text) or _LONG_RE.search(text) is not None


def _breakable(text: str) -> str:
    """`text` escaped, with a ``<wbr>`` every `BREAK_EVERY` characters of a long token."""
    out: list[str] = []
    last = 0
    for match in _LONG_RE.finditer(text):
        out.append(str(escape(text[last : match.start()])))
        run = match.group()
        pieces = []
        start = 0
        while start < len(run):
            end = min(start + BREAK_EVERY, len(run))
            while end < len(run) and _joins(run, end):
                end += 1
            pieces.append(str(escape(run[start:end])))
            start = end
        out.append("<wbr>".join(pieces))
        last = match.end()
    out.append(str(escape(text[last:])))
    return "".join(out)


def _joins(text: str, at: int) -> bool:
    """Whether the character at `at` belongs with the one before it (no break between)."""
    code = ord(text[at])
    return (
        unicodedata.category(text[at]) in ("Mn", "Mc", "Me")  # combining marks
        or 0xFE00 <= code <= 0xFE0F  # variation selectors
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or 0xE0020 <= code <= 0xE007F  # emoji tags
        or (0x1F1E6 <= code <= 0x1F1FF and 0x1F1E6 <= ord(text[at - 1]) <= 0x1F1FF)  # flags
    )


def html_value(value: object) -> object:
    """A value a template prints, as element content (a Jinja environment's ``finalize``).

    Text holding a marked character or a long token becomes `html_text`; markup (already
    safe), numbers and other text are returned as they are, for autoescape to escape. A
    template that prints a value into an attribute, an ``<option>`` or the ``<title>``
    filters it first (`plain`, or plain escaping), so what reaches here is markup and is
    left alone.
    """
    if value is None or isinstance(value, Markup | int | float):
        return value
    text = value if isinstance(value, str) else str(value)
    return html_text(text) if _needs_html(text) else value
