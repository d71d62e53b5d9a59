"""A LangGraph ``Command`` written as its Python repr, read as the JSON a tracer would write.

openlit (its LangChain instrumentation, 1.8.3) records a tool's return value with ``str()``
(``gen_ai.tool.call.result``). A langgraph-supervisor hand-off tool returns a ``Command``,
whose ``str()`` is its dataclass repr: ``Command(graph='__parent__', update={'messages':
[HumanMessage(content='...', ...), AIMessage(...), ToolMessage(content='Successfully
transferred to weather_agent', name='transfer_to_weather_agent', tool_call_id='call_h1')],
...}, goto='weather_agent')``. That is the same Command another tracer serialises as JSON
(`._command_results`); read here into that shape: ``{graph, update, resume, goto}``, each
message of the update as its fields (``model_dump()``'s flat form, ``type`` from its class:
``ToolMessage`` is ``tool``; the fields its repr leaves out at their defaults, an empty
``additional_kwargs`` and ``response_metadata``, as dumped). The text is parsed (``ast``),
never evaluated; a keyword whose value is no literal (a nested object) is left out, and a
text that is no ``Command(...)`` call is None.
"""

from __future__ import annotations

import ast
from typing import Any

from .._literals import UNREAD, parsed_repr, python_literal

__all__ = ["command_repr"]

_MESSAGE_TYPES = {
    "HumanMessage": "human",
    "AIMessage": "ai",
    "SystemMessage": "system",
    "ToolMessage": "tool",
    "FunctionMessage": "function",
    "ChatMessage": "chat",
}
"""LangChain's message classes, by the ``type`` each serialises as."""
_DEFAULTS: dict[str, Any] = {"additional_kwargs": {}, "response_metadata": {}}
"""A message's fields its repr leaves out when they hold their defaults, as dumped."""


def command_repr(text: Any) -> dict[str, Any] | None:
    """The ``Command`` `text` is the repr of, as ``{graph, update, resume, goto}``; else None.

    Examples:
        >>> text = (
        ...     "Command(graph='__parent__', update={'messages': [HumanMessage(content='Hi',"
        ...     " additional_kwargs={}), ToolMessage(content='Transferred', name='transfer_to_b',"
        ...     " tool_call_id='call_1')], 'remaining_steps': 9}, goto='b')"
        ... )
        >>> command = command_repr(text)
        >>> command["goto"], command["update"]["messages"][1]["tool_call_id"]
        ('b', 'call_1')
        >>> sorted(command["update"]["messages"][1])  # doctest: +NORMALIZE_WHITESPACE
        ['additional_kwargs', 'content', 'name', 'response_metadata', 'tool_call_id', 'type']
        >>> command_repr("content='sunny' tool_call_id='call_1'"), command_repr("Command(")
        (None, None)
    """
    call = parsed_repr(text, "Command(")
    if not isinstance(call, ast.Call) or _called(call) != "Command":
        return None
    fields: dict[str, Any] = {"graph": None, "update": None, "resume": None, "goto": None}
    for keyword in call.keywords:
        if keyword.arg in fields:
            fields[keyword.arg] = _value(keyword.value)
    return fields if fields["update"] is not None else None


def _called(node: ast.Call) -> str | None:
    """The name a call node calls (``Command``, ``ToolMessage``), else None."""
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _value(node: ast.expr) -> Any:
    """A node's value: a literal, a dict or list holding message calls, a message's fields."""
    if isinstance(node, ast.Call):
        kind = _MESSAGE_TYPES.get(_called(node) or "")
        if kind is None:
            return UNREAD
        found = {k.arg: _value(k.value) for k in node.keywords if k.arg}
        fields = {k: v for k, v in found.items() if v is not UNREAD} | {"type": kind}
        return _DEFAULTS | fields
    if isinstance(node, ast.Dict):
        out: dict[str, Any] = {}
        for key, item in zip(node.keys, node.values, strict=True):
            name = None if key is None else python_literal(key, default=UNREAD)
            value = _value(item)
            if isinstance(name, str) and value is not UNREAD:
                out[name] = value
        return out
    if isinstance(node, ast.List | ast.Tuple):
        items = [_value(item) for item in node.elts]
        return [item for item in items if item is not UNREAD]
    return python_literal(node, default=UNREAD)
