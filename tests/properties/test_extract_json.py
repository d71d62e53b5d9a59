"""`extract_json` recovers the JSON object a reply holds: bare, fenced, or amid prose.

Prose here holds no brace (a brace would start another candidate object) and no backtick
(a fence of its own); anything else goes, in any script, with any whitespace.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fourfold.judges import ParseFailure, extract_json
from tests.helpers.strategies import JSON_OBJECTS, JSON_VALUES, TEXT

PROSE = TEXT.map(lambda s: s.translate({ord(c): None for c in "{}`"}))
INDENT = st.sampled_from([None, 2])


def _dumps(value: Any, indent: int | None, ascii_only: bool) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=ascii_only)


@given(JSON_OBJECTS, INDENT, st.booleans(), st.sampled_from(["", " ", "\n", "\t \r\n"]))
def test_a_bare_object_is_returned(obj: dict[str, Any], indent, ascii_only, pad: str) -> None:
    assert extract_json(pad + _dumps(obj, indent, ascii_only) + pad) == obj


@given(JSON_OBJECTS, INDENT, st.booleans(), PROSE, PROSE, st.sampled_from(["json", "JSON", ""]))
def test_a_fenced_object_amid_prose_is_returned(
    obj: dict[str, Any], indent, ascii_only, before: str, after: str, tag: str
) -> None:
    reply = f"{before}\n```{tag}\n{_dumps(obj, indent, ascii_only)}\n```\n{after}"
    assert extract_json(reply) == obj


@given(JSON_OBJECTS, INDENT, st.booleans(), PROSE, PROSE)
def test_an_object_amid_prose_is_returned(
    obj: dict[str, Any], indent, ascii_only, before: str, after: str
) -> None:
    assert extract_json(before + _dumps(obj, indent, ascii_only) + after) == obj


@given(JSON_VALUES.filter(lambda v: not isinstance(v, dict)))
def test_a_bare_value_that_is_not_an_object_is_refused_by_its_kind(value: Any) -> None:
    failure = extract_json(json.dumps(value))
    assert isinstance(failure, ParseFailure) and failure.kind == "not_an_object"
    assert failure.repairable


@given(PROSE | st.sampled_from(["0", " true ", '"x"', "[1, 2]", "null"]))
def test_a_reply_without_an_object_is_refused(prose: str) -> None:
    """Prose is ``no_json``; prose that is a whole JSON value (``0``) is ``not_an_object``."""
    try:
        json.loads(prose)
    except ValueError:
        kind = "no_json"
    else:
        kind = "not_an_object"
    failure = extract_json(prose)
    assert isinstance(failure, ParseFailure) and failure.kind == kind
