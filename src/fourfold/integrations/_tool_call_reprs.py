"""A reply's tool calls written as the Python reprs of the client's call objects.

An agent framework that records a model call by stringifying what the client returned
writes a reply that only requested tools as the repr of the request objects, not as text:
CrewAI's ``<model>.llm`` span (OpenLLMetry's CrewAI instrumentation) over LiteLLM gives its
tool-call turn's ``gen_ai.output.messages`` one text part::

    [ChatCompletionMessageToolCall(function=Function(arguments='{"city": "Paris"}',
    name='get_weather'), id='call_w1', type='function'), ...]

The model wrote no text there: the turn is its requests. Such a record is only known for
what it is beside the call's other record (LiteLLM's ``litellm.chat`` span under it, with
the requests as structured parts): the repr's calls, in order, are that record's requests,
the same ids and tool names (`repr_of_requests`). A text that merely looks like one (a
model quoting such a repr, other ids, a list with anything else in it) stays text. The repr
is parsed as a Python expression (``ast``), its values read as literals, never evaluated.
"""

from __future__ import annotations

import ast
from typing import Any

from ._literals import call_keywords, node_literal, parsed_repr
from ._messages import Msg

__all__ = ["repr_of_requests"]

_CALL = "ChatCompletionMessageToolCall"
_FUNCTION = "Function"


def repr_of_requests(replies: list[Msg], others: list[Msg]) -> bool:
    """Whether `replies` is one assistant text that is only the repr of `others`' requests.

    `replies` and `others` are two records of one call's reply. `others` is one assistant
    turn requesting calls, every one with an id; `replies` one assistant turn with no
    request, its text a list of ``ChatCompletionMessageToolCall(...)`` reprs whose ids and
    function names are those requests', in order.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = [Msg("assistant", tool_calls=[ToolRequest("f", {}, "c1")])]
        >>> text = "[ChatCompletionMessageToolCall(function=Function(arguments='{}', "
        >>> text += "name='f'), id='c1', type='function')]"
        >>> repr_of_requests([Msg("assistant", text)], asked)
        True
        >>> repr_of_requests([Msg("assistant", text.replace("c1", "c2"))], asked)
        False
    """
    if len(replies) != 1 or len(others) != 1:
        return False
    mine, theirs = replies[0], others[0]
    if mine.role != "assistant" or theirs.role != "assistant" or mine.tool_calls:
        return False
    asked = [(c.id, c.name) for c in theirs.tool_calls]
    if not asked or any(ident is None for ident, _ in asked):
        return False
    return _written_calls(mine.content) == asked


def _written_calls(text: str | None) -> list[tuple[Any, Any]] | None:
    """The (id, function name) of each call a list of call reprs writes (None: not one)."""
    node = parsed_repr(text, "[" + _CALL + "(")
    if not isinstance(node, ast.List) or not node.elts:
        return None
    found: list[tuple[Any, Any]] = []
    for item in node.elts:
        fields = call_keywords(item, _CALL)
        function = call_keywords(fields.get("function"), _FUNCTION)
        if not fields or not function:
            return None
        found.append((node_literal(fields.get("id")), node_literal(function.get("name"))))
    return found
