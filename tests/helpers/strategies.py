"""Hypothesis strategies shared by the property tests: JSON values, text with the characters
that break naive code (line separators, quotes and dashes a copy changes, case folds that
change length), and cases."""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from fourfold.cases import Case

KEYS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)
"""Object keys: any text JSON can hold (no lone surrogates)."""

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
)

JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value, nested a few levels."""

JSON_OBJECTS: st.SearchStrategy[dict[str, Any]] = st.dictionaries(KEYS, JSON_VALUES, max_size=5)

TRICKY = "aAßİΣσς \t\n\r\u00a0\u2028\u2029\u0085'\"‘’“”«»–—-…,.;:#/\\`0123456789éü🤔"
"""Characters normalising or splitting code tends to get wrong."""

TEXT = st.text(st.sampled_from(TRICKY) | st.characters(codec="utf-8", exclude_categories=("Cs",)))

STRATA = st.dictionaries(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=6),
    st.text(max_size=6),
    max_size=4,
)


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """A case with every hashed field drawn (id and metadata too, which the hash leaves out)."""
    return Case(
        id=draw(st.text(min_size=1, max_size=8)),
        input=draw(TEXT),
        context=draw(JSON_OBJECTS),
        expected=draw(st.none() | TEXT),
        focus=draw(st.none() | TEXT),
        ground_truth=draw(JSON_VALUES),
        strata=draw(STRATA),
        tags=draw(st.lists(st.text(max_size=6), max_size=3)),
        metadata=draw(JSON_OBJECTS),
    )


def draws(full: int) -> int:
    """How many random inputs a hand-written loop draws: `full` under the default profile
    (60 examples a property) and in proportion under the others, as hypothesis's own
    properties are (``quick``, what ``make test-fast`` uses: a sixth)."""
    return max(1, full * settings().max_examples // 60)
