"""AgentOps' smolagents spans: the agent's run, its model calls' ``str()`` of no text, its tools.

AgentOps' smolagents instrumentation (``agentops/instrumentation/agentic/smolagents``, scope
``agentops.instrumentation.smolagents``, AgentOps 0.4.21) writes no ``agentops.span.kind``
and no ``gen_ai.operation.name``: what a span is, its name and keys say. It wraps

- ``CodeAgent.run`` / ``ToolCallingAgent.run`` in ``<agent>.run``: the agent's
  ``agent.name``, a fresh ``agent.id``, ``agent.role`` always ``executor`` (no role of the
  agent's), ``agent.tools`` and ``agent.managed_agents`` (JSON lists of names), the task as
  ``agent.task`` when given as an argument, and the ``str()`` of what ``run`` returned, the
  run's answer, as ``agentops.entity.output``;
- ``LiteLLMModel.generate`` / ``generate_stream`` in ``litellm.generate (<model id>)``: the
  prompt only when the messages were passed by keyword (smolagents passes them by position:
  none recorded), the tools offered, the usage, and the ``str()`` of the reply's ``content``
  as ``gen_ai.completion.0.content``, never its tool calls; a reply that only requested
  tools (a ``ToolCallingAgent``'s turns) has ``content`` ``None``, written as the text
  ``"None"``;
- ``ToolCallingAgent.execute_tool_call`` in ``tool.<name>`` (``tool.execute`` when the
  name is not found where it looks): ``tool.name`` and ``tool.parameters`` (the ``str()``
  of the arguments) read off a call object with a ``function``, else the placeholders
  ``unknown`` and ``{}``; a ``tool.id`` the instrumentation draws (``uuid4``) for every
  span, no id the model gave the call; the ``str()`` of the result as ``tool.result``.

So the run span is an agent run named by ``agent.name``, its ``agentops.entity.output`` the
run's answer (no message: the calls' replies say what the model said), its ``agent.task``
what the user asked; a model call's completion ``"None"`` is no text (`without_none_reply`);
a tool span is a tool execution, its ``tool.result`` the result, with no name or arguments
where it writes the placeholders and never the drawn ``tool.id`` as the call's id
(agentops-smolagents-2026-12-07f: both readings). The spans are known by their scope; where
no scope is kept (the SDK's console dump), by AgentOps' common ``instrumentation.name``
``agentops``, none of its span kinds, and the span's name. openlit's and OpenInference's
smolagents spans have their own readers (`._smol_runs`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .._spans import Span
from .._steps import AgentRun, ModelCall, ToolRun
from ._tools import tool_run

__all__ = ["is_smolagents_span", "smolagents_step", "without_none_reply"]

SCOPE = "agentops.instrumentation.smolagents"
_PLACEHOLDER = "unknown"
_NONE = "None"
"""``str(None)``: the content of a reply that only requested tools."""
_NAMES = re.compile(r"[^ ]+\.run|tool\.[^ ]+|litellm\.generate(?:_stream)?(?: \(.+\))?")
"""The names the instrumentation gives its spans: ``<agent>.run``, ``tool.<name>`` /
``tool.execute``, ``litellm.generate[_stream] (<model id>)``."""


def is_smolagents_span(span: Span) -> bool:
    """Whether `span` is one of AgentOps' smolagents spans.

    Examples:
        >>> def span(name, scope=None, **attrs):
        ...     return Span("t", "s", None, name, 1, 2, "unset", None, attrs, scope=scope)
        >>> is_smolagents_span(span("tool.execute", SCOPE))
        True
        >>> is_smolagents_span(span("tool.execute", **{"instrumentation.name": "agentops"}))
        True

        Not another scope's span, nor with no scope AgentOps' spans of a kind of its own
        (the OpenAI Agents SDK's, which write the same ``instrumentation.name``), another
        tracer's, or a span of another name:

        >>> is_smolagents_span(span("tool.execute", "openlit.instrumentation.smolagents"))
        False
        >>> is_smolagents_span(span("weather_agent.run", **{"instrumentation.name": "agentops",
        ...     "agentops.span.kind": "agent"}))
        False
        >>> is_smolagents_span(span("tool.execute"))
        False
        >>> is_smolagents_span(span("Agent workflow", **{"instrumentation.name": "agentops"}))
        False
    """
    if span.scope is not None:
        return span.scope == SCOPE
    attrs = span.attributes
    return (
        attrs.get("instrumentation.name") == "agentops"
        and "agentops.span.kind" not in attrs
        and _NAMES.fullmatch(span.name) is not None
    )


def smolagents_step(span: Span) -> AgentRun | ToolRun | None:
    """The agent run or tool execution an AgentOps smolagents span is; None for another span.

    Its model-call spans are read as every model call (`without_none_reply`).

    Examples:
        >>> run = Span("t", "r", None, "weather_agent.run", 1, 9, "unset", None, {
        ...     "agent.name": "weather_agent", "agent.role": "executor",
        ...     "agent.tools": '["get_weather", "final_answer"]', "agent.managed_agents": "[]",
        ...     "agentops.entity.output": "Sunny."}, scope=SCOPE)
        >>> found = smolagents_step(run)
        >>> found.kind, found.name, found.output_value, found.outputs, found.input_value
        ('agent', 'weather_agent', 'Sunny.', [], None)
        >>> run.attributes["agent.task"] = "Weather in Paris?"
        >>> smolagents_step(run).input_value
        'Weather in Paris?'

        A tool span with the placeholders: no name, no arguments, and never the drawn id:

        >>> tool = Span("t", "x", "r", "tool.execute", 2, 3, "unset", None, {
        ...     "tool.id": "b7e73f19-3299-434d-a66f-c91de538d854", "tool.name": "unknown",
        ...     "tool.description": "unknown", "tool.parameters": "{}",
        ...     "tool.status": "success", "tool.result": "sunny, 22 C"}, scope=SCOPE)
        >>> call = smolagents_step(tool).call
        >>> call.name, call.arguments, call.result, call.id
        (None, {}, 'sunny, 22 C', None)

        One the instrumentation read: its name and arguments (a dict's ``str()``):

        >>> tool.attributes.update({"tool.name": "get_weather",
        ...                         "tool.parameters": "{'city': 'Paris'}"})
        >>> call = smolagents_step(tool).call
        >>> call.name, call.arguments, call.id
        ('get_weather', {'city': 'Paris'}, None)

        The model-call span, and another scope's spans, are not read here:

        >>> smolagents_step(Span("t", "m", "r", "litellm.generate (m)", 2, 3, "unset", None,
        ...     {"gen_ai.request.model": "m"}, scope=SCOPE)) is None
        True
        >>> smolagents_step(replace(tool, scope="openlit.instrumentation.smolagents")) is None
        True
    """
    if not is_smolagents_span(span) or span.attributes.get("gen_ai.operation.name"):
        return None
    attrs = span.attributes
    if span.name.startswith("tool.") and "tool.name" in attrs:
        return _tool_run(span)
    if span.name.endswith(".run") and _text(attrs.get("agent.name")) is not None:
        return AgentRun(
            span,
            kind="agent",
            name=_text(attrs.get("agent.name")),
            output_value=_text(attrs.get("agentops.entity.output")),
            input_value=_text(attrs.get("agent.task")),
        )
    return None


def _tool_run(span: Span) -> ToolRun:
    attrs = span.attributes
    recorded = {k: v for k, v in attrs.items() if k != "tool.id"}  # drawn, no call's id
    if attrs.get("tool.name") == _PLACEHOLDER:  # the call was not read: nothing of it
        recorded = {k: v for k, v in recorded.items() if k not in ("tool.name", "tool.parameters")}
    if "tool.parameters" in recorded:  # the call's arguments' str(), never a schema
        recorded["gen_ai.tool.call.arguments"] = recorded["tool.parameters"]
    if "tool.result" in attrs:
        recorded["gen_ai.tool.call.result"] = attrs["tool.result"]
    return tool_run(span, recorded)


def without_none_reply(call: ModelCall) -> ModelCall:
    """`call` without the reply AgentOps' smolagents span writes as ``"None"`` (no text).

    Examples:
        >>> from fourfold.integrations._messages import Msg
        >>> span = Span("t", "m", None, "litellm.generate (openai/gpt-4o-mini)", 1, 2,
        ...             "unset", None, {"gen_ai.completion.0.content": "None"}, scope=SCOPE)
        >>> without_none_reply(ModelCall(span, [], [Msg("assistant", "None")])).outputs
        []
        >>> said = without_none_reply(ModelCall(span, [], [Msg("assistant", "Sunny.")]))
        >>> [m.content for m in said.outputs]
        ['Sunny.']

        Another tracer's reply of that text is the model's:

        >>> other = replace(span, scope="opentelemetry.instrumentation.openai.v1")
        >>> said = without_none_reply(ModelCall(other, [], [Msg("assistant", "None")]))
        >>> [m.content for m in said.outputs]
        ['None']
    """
    if not is_smolagents_span(call.span):
        return call
    outputs = [
        m
        for m in call.outputs
        if not (m.role == "assistant" and m.content == _NONE and not m.tool_calls)
    ]
    return call if len(outputs) == len(call.outputs) else replace(call, outputs=outputs)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None
