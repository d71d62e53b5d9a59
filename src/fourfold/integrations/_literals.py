"""Python values a framework wrote into a trace as their ``repr``, read back as literals.

Many frameworks record a value with ``str()`` or ``repr()`` rather than JSON: smolagents'
``Calling tools: [{...}]``, a pydantic model's ``Msg(role='user', ...)``, the OpenAI Agents
SDK's ``Error running tool (non-fatal): {'tool_name': ...}``, LiteLLM's message lists. The
importer reads such text with :func:`ast.literal_eval`, which never evaluates anything, but
which fails in five ways on text that is no literal: ``ValueError`` and ``TypeError`` (a
name or call), ``SyntaxError`` (not Python, or too many nested brackets), ``MemoryError``
(a long run of unary signs) and ``RecursionError`` (a deep expression). A trace is input
no one here wrote, so every one of those is "not a literal", never a traceback; and since
:mod:`ast` parses the whole text before it looks at it, text longer than a limit is not read.

:func:`python_literal` is that one rule. A caller that must tell a literal ``None`` from text
that is none passes ``default=UNREAD`` and compares with ``is UNREAD``.
"""

from __future__ import annotations

import ast
import enum
import re
from typing import Any, Final

__all__ = ["LIMIT", "UNREAD", "call_keywords", "node_literal", "parsed_repr", "python_literal"]

LIMIT: Final = 200_000
"""Characters of text read at most: ``ast`` parses text whole, its cost growing with it."""


class _Unread(enum.Enum):
    UNREAD = enum.auto()

    def __repr__(self) -> str:
        return "UNREAD"


UNREAD: Final = _Unread.UNREAD
"""What :func:`python_literal` returns for text that is no literal, when asked to."""

_FAILURES = (ValueError, TypeError, SyntaxError, MemoryError, RecursionError)


def python_literal(source: str | ast.expr, *, default: Any = None, limit: int = LIMIT) -> Any:
    """The literal `source` writes (text stripped, or a parsed expression); else `default`.

    Text over `limit` characters is not read. Nothing is evaluated: names, calls and
    operators other than a number's sign are not literals.

    Examples:
        >>> python_literal(" {'city': 'Paris', 'days': (1, 2)} ")
        {'city': 'Paris', 'days': (1, 2)}
        >>> python_literal("get_weather('Paris')") is None, python_literal("oops") is None
        (True, True)
        >>> python_literal("None", default=UNREAD), python_literal("x", default=UNREAD)
        (None, UNREAD)
        >>> python_literal("-" * 100_000 + "1"), python_literal("~" * 5_000 + "1")
        (None, None)
        >>> python_literal("[" * 300 + "]" * 300), python_literal("'a'", limit=2)
        (None, None)
        >>> python_literal(ast.parse("[1, -2]", mode="eval").body)
        [1, -2]
    """
    if isinstance(source, str):
        if len(source) > limit:
            return default
        source = source.strip()
    try:
        return ast.literal_eval(source)
    except _FAILURES:
        return default


def parsed_repr(text: Any, opening: str | re.Pattern[str]) -> ast.expr | None:
    r"""The expression the repr `text` writes, parsed, never evaluated; else None.

    Read only when `text` is a string of at most `LIMIT` characters that, stripped, starts
    with `opening` (a prefix, or a pattern matched at its start) and parses as one expression.

    Examples:
        >>> type(parsed_repr(" Command(goto='x') ", "Command(")).__name__
        'Call'
        >>> parsed_repr("Command(goto=", "Command("), parsed_repr("I ran Command(x)", "Command(")
        (None, None)
        >>> type(parsed_repr("TextBlock(text='a')", re.compile(r"[A-Z]\w*\("))).__name__
        'Call'
    """
    if not isinstance(text, str) or len(text) > LIMIT:
        return None
    source: str = text.strip()
    starts = source.startswith(opening) if isinstance(opening, str) else opening.match(source)
    if not starts:
        return None
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    return tree.body


def call_keywords(node: ast.expr | None, name: str) -> dict[str, ast.expr]:
    """A parsed call's keyword arguments when `node` calls the plain name `name` (else empty).

    How a repr such as ``ToolCall(id='c1', name='f')`` is read field by field, each value then
    read with :func:`node_literal`; nothing is called.

    Examples:
        >>> node = ast.parse("ToolCall(id='c1', n=2)", mode="eval").body
        >>> fields = call_keywords(node, "ToolCall")
        >>> sorted(fields), node_literal(fields["id"])
        (['id', 'n'], 'c1')
        >>> call_keywords(ast.parse("Other(id='c1')", mode="eval").body, "ToolCall")
        {}
    """
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return {}
    if node.func.id != name:
        return {}
    return {k.arg: k.value for k in node.keywords if k.arg is not None}


def node_literal(node: ast.expr | None) -> Any:
    """The literal a parsed expression writes (None when absent or no literal)."""
    return None if node is None else python_literal(node)
