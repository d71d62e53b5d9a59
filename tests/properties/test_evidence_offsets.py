"""A quote found in a text has offsets that slice the text back to what was matched.

`find_quote` forgives what copying changes (case, whitespace runs, typographic quotes and
dashes), so the matched span is the source's own text: `text[start:end]`, holding the quote
once both are normalised. Any piece cut out of a source is found, at or before where it was
cut from (less the blanks it starts with, which are not part of a quote).
"""

from __future__ import annotations

import re

from hypothesis import assume, given
from hypothesis import strategies as st

from fourfold.judges import Source, find_quote
from fourfold.judges._evidence import normalize
from tests.helpers.strategies import TEXT

ELLIPSIS = re.compile(r"\.{3,}|…")


def _quotable(piece: str) -> bool:
    """A piece quoted as it is: no ellipsis (that means "text left out"), not only blanks."""
    return not ELLIPSIS.search(piece) and bool(normalize(piece)[0].strip())


@given(TEXT, st.data())
def test_a_piece_of_the_text_is_found_and_its_offsets_slice_back_to_it(
    text: str, data: st.DataObject
) -> None:
    start = data.draw(st.integers(0, len(text)), label="start")
    end = data.draw(st.integers(start, len(text)), label="end")
    quote = text[start:end]
    assume(_quotable(quote))
    match = find_quote(quote, [Source("output", text)])
    assert match is not None, quote
    assert 0 <= match.start < match.end <= len(text)
    assert match.text == text[match.start : match.end]
    assert normalize(quote)[0].strip() in normalize(match.text)[0]
    assert match.start <= start + len(quote) - len(quote.lstrip())  # leading blanks are cut


@given(st.lists(TEXT, min_size=1, max_size=4), st.data())
def test_the_first_source_holding_the_quote_is_named(texts: list[str], data: st.DataObject) -> None:
    which = data.draw(st.integers(0, len(texts) - 1), label="source")
    text = texts[which]
    start = data.draw(st.integers(0, len(text)), label="start")
    quote = text[start : data.draw(st.integers(start, len(text)), label="end")]
    assume(_quotable(quote))
    sources = [Source(f"passages[{i}]", t) for i, t in enumerate(texts)]
    match = find_quote(quote, sources)
    assert match is not None
    first = next(s for s in sources if find_quote(quote, [s]) is not None)
    assert match.where == first.where
    assert int(match.where[len("passages[") : -1]) <= which
    assert match.text == texts[int(match.where[len("passages[") : -1])][match.start : match.end]
