"""The MCP tool calls OpenLLMetry's MCP instrumentation records, read as the call they made.

``opentelemetry-instrumentation-mcp`` (0.62) makes a span of each MCP request a client
session sends (``<method>.mcp``: ``initialize.mcp``, ``tools/list.mcp``, no tool call) and, for
``tools/call``, a span named ``<tool>.tool`` marked as traceloop-sdk marks a decorated
``@tool`` (``traceloop.span.kind`` ``tool``, ``traceloop.entity.name`` the tool's name), so it
is a tool execution (`._traceloop`). Its entity input and output are not the decorators'
``{"args", "kwargs"}`` and return value but the instrumentation's own wrappers:

- ``traceloop.entity.input`` is ``{"tool_name": <the tool>, "arguments": {...}}`` (the
  request's params): the call's name and arguments are inside it, the wrapper is no argument;
- ``traceloop.entity.output`` is, on the client's span, ``{"result": <the text of the
  result's first content block>}`` (with ``"is_error": true`` for a result MCP marks failed;
  the span then ends in error, its status message that text): the tool's result is that
  text, what a client gives its model of a text result, not the wrapper; on the span its
  FastMCP server instrumentation makes (under ``mcp.server``) the result's content blocks as
  ``[{"type": "text", "content": <text>}]``: their text, as MCP's text blocks are read
  (`._shapes.text_blocks`).

The span carries no call id (``mcp.request.id`` on the session's ``ResponseStreamWriter``
spans is the JSON-RPC request's, not the model's call's): the call is the model's request of
that name and arguments, which gives its id (`.._call_requests`).

Only a tool span whose entity input is that wrapper, naming the span's own entity, is read
so: a decorated ``@tool``'s ``{"args", "kwargs"}`` keeps its reading.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from ._shapes import text_blocks

__all__ = ["mcp_tool_attributes"]

_INPUT = "traceloop.entity.input"
_OUTPUT = "traceloop.entity.output"


def mcp_tool_attributes(attrs: dict[str, Any]) -> dict[str, Any]:
    """An MCP tool span's name, arguments and result out of OpenLLMetry's wrappers.

    Any other span's attributes are returned as they are.

    Examples:
        >>> given = '{"tool_name": "get_weather", "arguments": {"city": "Paris"}}'
        >>> out = mcp_tool_attributes({"traceloop.span.kind": "tool",
        ...     "traceloop.entity.name": "get_weather", "traceloop.entity.input": given,
        ...     "traceloop.entity.output": '{"result": "sunny, 22 C"}'})
        >>> [out[f"gen_ai.tool.{k}"] for k in ("name", "call.arguments", "call.result")]
        ['get_weather', {'city': 'Paris'}, 'sunny, 22 C']

        A decorated ``@tool`` (its call's bound arguments), and a wrapper naming another
        entity than the span's, keep what they record:

        >>> tool = {"traceloop.span.kind": "tool", "traceloop.entity.name": "get_weather",
        ...     "traceloop.entity.input": '{"args": [], "kwargs": {"city": "Paris"}}',
        ...     "traceloop.entity.output": '{"result": "sunny"}'}
        >>> mcp_tool_attributes(tool) is tool
        True
        >>> other = dict(tool, **{"traceloop.entity.input":
        ...     '{"tool_name": "get_time", "arguments": {"city": "Paris"}}'})
        >>> mcp_tool_attributes(other) is other
        True
    """
    given = try_json(attrs.get(_INPUT))
    if not (attrs.get("traceloop.span.kind") == "tool" and _wrapper(given)):
        return attrs
    if given["tool_name"] != attrs.get("traceloop.entity.name"):
        return attrs
    out = dict(attrs)
    out["gen_ai.tool.name"] = given["tool_name"]
    out["gen_ai.tool.call.arguments"] = given.get("arguments") or {}
    result = _result(attrs.get(_OUTPUT))
    if result is not None:
        out["gen_ai.tool.call.result"] = result
    return out


def _wrapper(value: Any) -> bool:
    """Whether `value` is the instrumentation's ``{"tool_name", "arguments"}``.

    Examples:
        >>> _wrapper({"tool_name": "t", "arguments": None}), _wrapper({"tool_name": "t"})
        (True, True)
        >>> _wrapper({"tool_name": "t", "arguments": {}, "x": 1}), _wrapper({"arguments": {}})
        (False, False)
    """
    return (
        isinstance(value, dict)
        and set(value) <= {"tool_name", "arguments"}
        and isinstance(value.get("tool_name"), str)
        and isinstance(value.get("arguments"), dict | None)
    )


def _result(raw: Any) -> Any:
    """The tool's result in the entity output: the client's ``result``, the server's blocks.

    None when the output is neither (then it is read as recorded).

    Examples:
        >>> _result('{"result": "no station", "is_error": true}')
        'no station'
        >>> print(_result([{"type": "text", "content": t} for t in ("sunny", "22 C")]))
        sunny
        22 C
        >>> _result('{"result": "sunny", "score": 1}'), _result([{"type": "image", "data": "x"}])
        (None, None)
    """
    parsed = try_json(raw) if isinstance(raw, str) else raw
    if isinstance(parsed, dict) and "result" in parsed and set(parsed) <= {"result", "is_error"}:
        return parsed["result"]
    if not (isinstance(parsed, list) and parsed):
        return None
    if not all(isinstance(b, dict) and set(b) == {"type", "content"} for b in parsed):
        return None
    if not all(b["type"] == "text" and isinstance(b["content"], str) for b in parsed):
        return None
    return text_blocks([{"type": "text", "text": b["content"]} for b in parsed])
