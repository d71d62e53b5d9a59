"""A pydantic model written as its ``str()``: ``field=value`` pairs, one space apart.

``str()`` of a pydantic model (and of LangChain's messages, which are pydantic models) is its
fields without the class name: ``content='sunny, 22 C' name='get_weather'
tool_call_id='call_w1'``. Instrumentations that record an object with ``str()`` write that
text: openlit records a LangChain tool's result (``gen_ai.tool.call.result``) so, a
``ToolMessage``. The text is cut into its fields by its Python tokens (a space or an ``=``
inside a quoted value is the value's), each value read as a literal (``ast``), never
evaluated; a value that is not a literal (a nested model, ``Document(...)``) is left out.

A dict written as its Python repr (``{'city': 'Paris'}``: openlit records a LangChain tool's
input so, ``gen_ai.tool.call.arguments``) is read the same way (`python_dict`).
"""

from __future__ import annotations

import io
import json
import tokenize
from typing import Any

from .._literals import LIMIT, UNREAD, python_literal

__all__ = ["model_str_fields", "python_dict"]


def model_str_fields(text: Any) -> dict[str, Any] | None:
    """The fields of a pydantic model's ``str()`` whose values are literals (None: not one).

    The text must be ``name=value`` pairs from its start; a text that is not is None.

    Examples:
        >>> model_str_fields("content='sunny, 22 C' name='get_weather' tool_call_id='call_w1'")
        {'content': 'sunny, 22 C', 'name': 'get_weather', 'tool_call_id': 'call_w1'}
        >>> model_str_fields("content='a b=c' artifact=[Document(id='d1')] status='error'")
        {'content': 'a b=c', 'status': 'error'}
        >>> model_str_fields("sunny, 22 C"), model_str_fields("x == 1"), model_str_fields(3)
        (None, None, None)
    """
    if not isinstance(text, str) or len(text) > LIMIT or "=" not in text:
        return None
    body = text.strip()
    starts = _field_starts(body)
    if not starts or starts[0][1] != 0:
        return None
    out: dict[str, Any] = {}
    for (name, _, value_at), following in zip(starts, [*starts[1:], None], strict=True):
        source = body[value_at : following[1] if following else len(body)].strip()
        value = python_literal(source, default=UNREAD)
        if value is not UNREAD:
            out[name] = value
    return out


def _field_starts(text: str) -> list[tuple[str, int, int]] | None:
    """Each top-level ``name=``: (name, where the name starts, where its value starts)."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    found: list[tuple[str, int, int]] = []
    depth = 0
    previous: tokenize.TokenInfo | None = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.OP and tok.string in "([{":
                depth += 1
            elif tok.type == tokenize.OP and tok.string in ")]}":
                depth -= 1
            elif (
                depth == 0
                and tok.type == tokenize.OP
                and tok.string == "="
                and previous is not None
                and previous.type == tokenize.NAME
            ):
                begin = offsets[previous.start[0] - 1] + previous.start[1]
                found.append((previous.string, begin, offsets[tok.end[0] - 1] + tok.end[1]))
            if tok.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER):
                previous = tok
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    return found


def python_dict(text: Any) -> dict[str, Any] | None:
    """A dict written as its Python repr, its keys text (None: not one, or JSON).

    Values come out as JSON would have them (a tuple a list; what JSON has no form for, its
    text).

    Examples:
        >>> python_dict("{'city': 'Paris', 'days': (1, 2), 'ok': True, 'note': None}")
        {'city': 'Paris', 'days': [1, 2], 'ok': True, 'note': None}
        >>> python_dict('{"city": "Paris"}'), python_dict("{1: 'a'}"), python_dict("{x}")
        (None, None, None)
    """
    if not isinstance(text, str) or len(text) > LIMIT:
        return None
    stripped = text.strip()
    if not (stripped.startswith("{") and stripped.endswith("}")):
        return None
    try:
        json.loads(stripped)
    except ValueError:
        pass
    else:
        return None  # JSON: read as JSON elsewhere
    value = python_literal(stripped)
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        return None
    out: dict[str, Any] = json.loads(json.dumps(value, default=str))
    return out
