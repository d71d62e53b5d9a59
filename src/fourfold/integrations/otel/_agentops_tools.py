"""AgentOps' tool spans under its CrewAI and Agno instrumentations: the tools that ran.

AgentOps (the ``agentops`` Python SDK, 0.4.x) writes no ``gen_ai.operation.name``; its own
``agentops.span.kind`` says what a span is, and its ``ToolAttributes`` record a tool run as
``tool.name``, ``tool.parameters``, ``tool.result`` and ``tool.status``. Two of its framework
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

Such a span is a tool execution (`._tools.tool_run`, which reads ``tool.name`` and
``tool.parameters``, a dict's Python repr included), its ``tool.result`` the result and
``tool.call_id`` the id. AgentOps' ``tool`` spans under its OpenAI Agents SDK instrumentation
(``gen_ai.system`` not ``agno``) are not read (`._agentops`: the model's requests and the
next input record those calls).
"""

from __future__ import annotations

from typing import Any

from .._spans import Span
from .._steps import ToolRun
from ._tools import tool_run

__all__ = ["agentops_tool_run", "is_agentops_tool"]

_KIND = "agentops.span.kind"


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


def agentops_tool_run(span: Span) -> ToolRun | None:
    """The tool run of an AgentOps CrewAI or Agno tool span (`is_agentops_tool`); else None.

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
