r"""A LangChain.js tool's run as OpenLLMetry for JS records it: the call in the tool's own words.

@traceloop/instrumentation-langchain 0.27.0 makes a tool's run an ``execute_tool <class>``
span (``traceloop.span.kind`` ``task``, ``traceloop.entity.name`` the tool's class,
``DynamicStructuredTool``: no attribute names the tool) whose entity input is the call as the
JS SDK records a function's, ``{"args": [<what it was given>]}`` (a LangChain.js tool is given
its arguments as one JSON text, ``{"args": ["{\"city\":\"Paris\"}"]}``), and whose entity
output is the ``ToolMessage`` the tool made for the model, serialised (``{lc: 1, type:
"constructor", id: [..., "ToolMessage"], kwargs: {content, tool_call_id, name, status}}``).

- `tool_message_name`: the tool's name is the one its ``ToolMessage`` gives (LangChain names
  the message after the tool the model called), where no attribute names the tool: a span's
  own name (``execute_tool DynamicStructuredTool``) names its class, not the tool. An
  attribute that names one (``gen_ai.tool.name``, ``tool.name``...) stands.
- `single_argument_object`: ``{"args": [x]}`` (``args`` alone, one value) whose one value is
  a JSON object, or the text of one, is that object: the arguments the tool was called with.
  traceloop-sdk's Python decorators write ``{"args": [...], "kwargs": {...}}`` (both keys,
  `._shapes.call_kwargs`); a value that is no object (a bare string) stays as it is.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json

__all__ = ["single_argument_object", "tool_message_name"]

_TOOL_CLASSES = frozenset({"ToolMessage", "ToolMessageChunk"})


def tool_message_name(value: Any) -> str | None:
    """The tool a serialised LangChain ``ToolMessage`` names (``kwargs.name``), else None.

    Examples:
        >>> message = {"lc": 1, "type": "constructor",
        ...            "id": ["langchain_core", "messages", "ToolMessage"],
        ...            "kwargs": {"content": "sunny", "tool_call_id": "c1", "name": "get_weather"}}
        >>> tool_message_name(message)
        'get_weather'
        >>> tool_message_name({"type": "tool", "data": {"content": "x", "name": "f"}})
        'f'
        >>> ai = dict(message, id=["langchain_core", "messages", "AIMessage"])
        >>> tool_message_name(ai) is None, tool_message_name('{"name": "get_weather"}') is None
        (True, True)
    """
    parsed = try_json(value)
    if not isinstance(parsed, dict):
        return None
    kind = parsed.get("id")
    if parsed.get("lc") == 1 and isinstance(kind, list) and kind and kind[-1] in _TOOL_CLASSES:
        fields = parsed.get("kwargs")
    elif parsed.get("type") == "tool":
        fields = parsed.get("data")
    else:
        return None
    name = fields.get("name") if isinstance(fields, dict) else None
    return name if isinstance(name, str) and name.strip() else None


def single_argument_object(value: Any) -> Any:
    r"""The one argument object of a JS function's ``{"args": [x]}``; else `value`.

    Examples:
        >>> single_argument_object('{"args": ["{\\"city\\":\\"Paris\\"}"]}')
        {'city': 'Paris'}
        >>> single_argument_object({"args": [{"city": "Paris"}]})
        {'city': 'Paris'}
        >>> single_argument_object({"args": ["Paris"]})  # a bare value: not an object
        {'args': ['Paris']}
        >>> single_argument_object({"args": ["{}", "{}"]})  # two values
        {'args': ['{}', '{}']}
        >>> single_argument_object({"args": ["{}"], "kwargs": {}})  # Python's bound call
        {'args': ['{}'], 'kwargs': {}}
    """
    parsed = try_json(value)
    if not (isinstance(parsed, dict) and set(parsed) == {"args"}):
        return value
    given = parsed["args"]
    if not (isinstance(given, list) and len(given) == 1):
        return value
    inner = try_json(given[0]) if isinstance(given[0], str) else given[0]
    return inner if isinstance(inner, dict) else value
