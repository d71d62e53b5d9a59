"""AgentOps' tool spans under its CrewAI, Agno and AG2 instrumentations: the tools that ran.

AgentOps (the ``agentops`` Python SDK, 0.4.x) writes no ``gen_ai.operation.name``; its own
``agentops.span.kind`` says what a span is, and its ``ToolAttributes`` record a tool run as
``tool.name``, ``tool.parameters``, ``tool.result`` and ``tool.status``. Three of its framework
instrumentations make a span of each tool the framework itself ran, where no model-call span
records the request:

- CrewAI (``instrumentation/agentic/crewai``): ``ToolUsage.use`` is wrapped in a span named
  ``<tool>.tool_usage`` of kind ``tool.usage`` (no other instrumentation writes that kind),
  its parameters the ``str()`` of the arguments dict (``{'city': 'Paris'}``), its result the
  ``str()`` of what the tool returned; its ``<tool>.tool`` span (kind ``tool``, around
  ``execute_tool_and_check_finality``) holds that ``tool.usage`` span when both are made,
  the same run, and is not read;
- Agno (``instrumentation/agentic/agno``): ``FunctionCall.execute`` is wrapped in
  ``agno.tool.execute.tool_usage``, kind ``tool``, ``gen_ai.system`` ``agno``, its parameters
  JSON, its result the text of the ``FunctionExecutionResult``'s ``result``, and the model's
  call id as ``tool.call_id`` where Agno's ``FunctionCall`` has one (``None`` written as
  text when not).

- AG2 (``instrumentation/agentic/ag2``, scope ``ag2``): ``ConversableAgent.execute_function``
  is wrapped in ``ag2.tool.function.tool_usage``, kind ``tool``, its ``tool.name`` the
  *type* of tool, ``function`` (``run_code``'s span, ``ag2.tool.code.tool_usage``, runs code,
  no named tool, and is not read), the function call AG2 was handed as
  ``gen_ai.request.tools.0.name`` and ``.arguments`` (``json.dumps`` of the call's
  ``arguments``, already JSON text: a JSON string holding the JSON object), and the function
  message ``execute_function`` returned as ``tool.result`` (``{"name", "role": "function",
  "content"}``, `._ag2_tools.function_message_content`); no call id (AG2 hands the function
  call no id).

Such a span is a tool execution (`._tools.tool_run`, which reads ``tool.name`` and
``tool.parameters``, a dict's Python repr included), its ``tool.result`` the result and
``tool.call_id`` the id; AG2's named by its function call, its arguments the JSON object the
string holds, its result the message's ``content``. AgentOps' ``tool`` spans under its OpenAI
Agents SDK instrumentation (``gen_ai.system`` not ``agno``, named by the tool) are not read
(`._agentops`: the model's requests and the next input record those calls).
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from .._spans import Span
from .._steps import ToolRun
from ._ag2_tools import function_message_content
from ._tools import tool_run

__all__ = ["agentops_tool_run", "is_agentops_tool"]

_KIND = "agentops.span.kind"
_AG2_FUNCTION = "ag2.tool.function.tool_usage"
"""The span AgentOps' AG2 instrumentation opens around ``execute_function``."""


def is_agentops_tool(attrs: dict[str, Any]) -> bool:
    """Whether the span is AgentOps' CrewAI ``tool.usage`` span or its Agno ``tool`` span.

    Examples:
        >>> is_agentops_tool({"agentops.span.kind": "tool.usage", "tool.name": "get_weather"})
        True
        >>> is_agentops_tool({"agentops.span.kind": "tool", "gen_ai.system": "agno",
        ...                   "tool.name": "get_weather"})
        True

        Not its OpenAI Agents SDK tool span, CrewAI's ``<tool>.tool`` around the usage, a span
        naming no tool, another tracer's kind, nor a span naming its own operation:

        >>> is_agentops_tool({"agentops.span.kind": "tool", "tool.name": "get_weather"})
        False
        >>> is_agentops_tool({"agentops.span.kind": "tool", "gen_ai.system": "crewai",
        ...                   "tool.name": "get_weather"})
        False
        >>> is_agentops_tool({"agentops.span.kind": "tool.usage"})
        False
        >>> is_agentops_tool({"traceloop.span.kind": "tool", "gen_ai.system": "agno",
        ...                   "tool.name": "get_weather"})
        False
        >>> is_agentops_tool({"agentops.span.kind": "tool.usage", "tool.name": "f",
        ...                   "gen_ai.operation.name": "execute_tool"})
        False
    """
    if attrs.get("gen_ai.operation.name") or not attrs.get("tool.name"):
        return False
    kind = attrs.get(_KIND)
    return kind == "tool.usage" or (kind == "tool" and attrs.get("gen_ai.system") == "agno")


def _is_ag2_function(span: Span) -> bool:
    """Whether `span` is AgentOps' AG2 ``execute_function`` span naming the function it ran.

    Examples:
        >>> def span(name, **attrs):
        ...     return Span("t", "s", None, name, 1, 2, "ok", None, attrs)
        >>> ran = {"agentops.span.kind": "tool", "tool.name": "function",
        ...        "gen_ai.request.tools.0.name": "get_weather"}
        >>> _is_ag2_function(span(_AG2_FUNCTION, **ran))
        True

        Not its code execution, a span naming no function, another kind or span name, nor
        a span naming its own operation:

        >>> _is_ag2_function(span("ag2.tool.code.tool_usage", **{**ran, "tool.name": "code"}))
        False
        >>> _is_ag2_function(span(_AG2_FUNCTION, **{**ran, "gen_ai.request.tools.0.name": ""}))
        False
        >>> _is_ag2_function(span(_AG2_FUNCTION, **{**ran, "agentops.span.kind": "llm"}))
        False
        >>> _is_ag2_function(span("function", **ran))
        False
        >>> _is_ag2_function(span(_AG2_FUNCTION, **{**ran, "gen_ai.operation.name": "chat"}))
        False
    """
    attrs = span.attributes
    return (
        span.name == _AG2_FUNCTION
        and attrs.get(_KIND) == "tool"
        and attrs.get("tool.name") == "function"
        and not attrs.get("gen_ai.operation.name")
        and isinstance(attrs.get(_FUNCTION_NAME), str)
        and bool(attrs[_FUNCTION_NAME])
    )


_FUNCTION_NAME = "gen_ai.request.tools.0.name"
_FUNCTION_ARGUMENTS = "gen_ai.request.tools.0.arguments"


def _ag2_function_run(span: Span) -> ToolRun:
    """The call AgentOps' AG2 ``execute_function`` span records (`_is_ag2_function`).

    Examples:
        >>> import json
        >>> span = Span("t", "s", None, _AG2_FUNCTION, 1, 2, "ok", None, {
        ...     "agentops.span.kind": "tool", "tool.name": "function",
        ...     "gen_ai.request.tools.0.name": "get_weather",
        ...     "gen_ai.request.tools.0.arguments": json.dumps('{"city": "Paris"}'),
        ...     "tool.status": "success", "tool.result":
        ...     '{"name": "get_weather", "role": "function", "content": "sunny, 22 C"}'})
        >>> call = _ag2_function_run(span).call
        >>> call.name, call.arguments, call.result, call.id
        ('get_weather', {'city': 'Paris'}, 'sunny, 22 C', None)
    """
    attrs = span.attributes
    name = attrs[_FUNCTION_NAME]
    recorded = {k: v for k, v in attrs.items() if k != "tool.name"}  # the type, no name
    recorded["gen_ai.tool.name"] = name
    if _FUNCTION_ARGUMENTS in attrs:
        given = try_json(attrs[_FUNCTION_ARGUMENTS])  # json.dumps of the arguments' JSON text
        recorded["gen_ai.tool.call.arguments"] = given
    if "tool.result" in attrs:
        recorded["gen_ai.tool.call.result"] = function_message_content(attrs["tool.result"], name)
    return tool_run(span, recorded)


def agentops_tool_run(span: Span) -> ToolRun | None:
    """The tool run of an AgentOps CrewAI, Agno or AG2 tool span; else None.

    Examples:
        >>> span = Span("t", "s", None, "get_weather.tool_usage", 1, 2, "ok", None, {
        ...     "agentops.span.kind": "tool.usage", "tool.name": "get_weather",
        ...     "tool.parameters": "{'city': 'Paris'}", "tool.result": "sunny, 22 C",
        ...     "tool.status": "success"})
        >>> call = agentops_tool_run(span).call
        >>> call.name, call.arguments, call.result, call.id
        ('get_weather', {'city': 'Paris'}, 'sunny, 22 C', None)
        >>> span = Span("t", "s", None, "agno.tool.execute.tool_usage", 1, 2, "ok", None, {
        ...     "agentops.span.kind": "tool", "gen_ai.system": "agno", "tool.name": "f",
        ...     "tool.parameters": '{"city": "Tokyo"}', "tool.result": "rain",
        ...     "tool.call_id": "call_1"})
        >>> call = agentops_tool_run(span).call
        >>> call.arguments, call.result, call.id
        ({'city': 'Tokyo'}, 'rain', 'call_1')

        Agno's ``None`` written for a call with no id is no id:

        >>> span.attributes["tool.call_id"] = "None"
        >>> agentops_tool_run(span).call.id is None
        True
    """
    attrs = span.attributes
    if _is_ag2_function(span):
        return _ag2_function_run(span)
    if not is_agentops_tool(attrs):
        return None
    recorded = dict(attrs)
    if "tool.parameters" in attrs:  # the call's arguments, never a schema (CrewAI: a repr)
        recorded["gen_ai.tool.call.arguments"] = attrs["tool.parameters"]
    if "tool.result" in attrs:
        recorded["gen_ai.tool.call.result"] = attrs["tool.result"]
    own_id = attrs.get("tool.call_id")
    if isinstance(own_id, str) and own_id and own_id != "None":
        recorded["gen_ai.tool.call.id"] = own_id
    return tool_run(span, recorded)
