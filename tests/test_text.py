"""`fourfold._text`: the one definition of the characters every surface shows as code points."""

from __future__ import annotations

import doctest
import re
import unicodedata

import pytest
from markupsafe import Markup

import fourfold._text as text_module
from fourfold._text import (
    BIDI_CONTROLS,
    BREAK_EVERY,
    INVISIBLE,
    JS_PATTERN,
    LONG_RUN,
    MARKED,
    html_text,
    html_value,
    plain,
)

ISSUE_LIST = (
    [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\u200e", "\u200f", "\u061c"]
)


def test_the_doctests() -> None:
    failures, tried = doctest.testmod(text_module)
    assert tried and not failures


def test_every_bidi_control_is_marked() -> None:
    assert set(ISSUE_LIST) == BIDI_CONTROLS
    assert BIDI_CONTROLS | INVISIBLE == MARKED
    assert all(unicodedata.category(ch) == "Cf" for ch in MARKED)


def test_the_script_gets_the_same_set() -> None:
    # JavaScript's \uXXXX escapes read as Python's do in a character class
    pattern = re.compile(JS_PATTERN)
    matched = {chr(c) for c in range(0x10000) if pattern.fullmatch(chr(c))}
    assert matched == MARKED


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("invoice\u202efdp.exe", "invoice<U+202E>fdp.exe"),
        ("score \u202e42", "score <U+202E>42"),
        ("a\u2066b\u2069c\u200bd\ufeff", "a<U+2066>b<U+2069>c<U+200B>d<U+FEFF>"),
        ("\x1b[31mred\x1b[0m", "<U+001B>[31mred<U+001B>[0m"),
        (
            "bell\x07 cr\r nul\x00 del\x7f c1\x9b",
            "bell<U+0007> cr<U+000D> nul<U+0000> del<U+007F> c1<U+009B>",
        ),
        ("tab\tnew\nline", "tab\tnew\nline"),
        ("emoji 😀 é 中文 \u2028", "emoji 😀 é 中文 \u2028"),
        ("lone \ud800 and \ufffe", "lone <U+D800> and <U+FFFE>"),
        ("[bold]not markup[/]", "[bold]not markup[/]"),
    ],
)
def test_plain(given: str, shown: str) -> None:
    assert plain(given) == shown


def test_html_text_keeps_the_character_inside_a_labelled_span() -> None:
    out = html_text('<a href="x">\u202e42</a>')
    assert isinstance(out, Markup)
    assert out == (
        '&lt;a href=&#34;x&#34;&gt;<span class="ctl" data-cp="U+202E" title="U+202E">'
        "\u202e</span>42&lt;/a&gt;"
    )
    assert html_text("plain <b>") == "plain &lt;b&gt;"


def test_html_value_leaves_markup_and_numbers_alone() -> None:
    safe = Markup("<svg>\u202e</svg>")
    assert html_value(safe) is safe
    assert html_value(42) == 42 and html_value(None) is None
    assert html_value("no control") == "no control"
    assert "data-cp" in str(html_value("x\u202ey"))


def test_a_long_token_gets_break_opportunities_between_whole_characters() -> None:
    token = "ab" * 30 + "e\u0301" * 20 + "🇫🇷" * 10 + "👍🏽" * 10
    out = str(html_text(f"short words stay whole {token} <end>"))
    pieces = out.removeprefix("short words stay whole ").removesuffix(" &lt;end&gt;")
    chunks = pieces.split("<wbr>")
    assert "".join(chunks) == token
    assert all(len(c) >= BREAK_EVERY for c in chunks[:-1])
    for chunk in chunks[1:]:  # no chunk starts with what belongs to the character before
        assert not unicodedata.category(chunk[0]).startswith("M")
        assert chunk[0] not in "\U0001f3fd\U0001f1f7"
    assert "<wbr>" not in str(html_text("x" * (LONG_RUN - 1) + " " + "y" * (LONG_RUN - 1)))
    assert "data-cp" in str(html_value("x" * 60 + "\u202e" + "y" * 60))
    assert "<wbr>" in str(html_value("x" * 60))
