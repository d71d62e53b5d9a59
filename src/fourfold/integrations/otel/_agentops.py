"""AgentOps' agent spans: what ``agentops.span.kind`` ``agent`` says a span is.

AgentOps (the ``agentops`` Python SDK, 0.4.x) writes its own kind on the spans it makes,
``agentops.span.kind`` (``session``, ``workflow``, ``agent``, ``task``, ``tool``, ``llm``...),
and no ``gen_ai.operation.name``. Its OpenAI Agents SDK instrumentation exports each of the
SDK's ``AgentSpanData`` as a span named by the agent (OpenTelemetry kind ``CONSUMER``) with
kind ``agent`` and the agent's name as ``agent.name`` (AgentOps' ``AgentAttributes``), beside
``agent.tools`` and ``agent.handoffs``; no other key of the span says it ran an agent. Such a
span is an agent run (``invoke_agent``), its name read with every other run's
(`._otel.agent_name`: ``agent.name``).

Only that kind is read here. Its ``session`` span is the SDK's session (named by the
application, ``default`` when it names none), not an agent; its ``llm`` spans (the Agents
SDK's ``generation``) record the model's input as one JSON text under a ``user`` role and no
reply or usage, the client's own span recording the call whole; its ``tool`` spans record
what the model's requests and the results in the next input say again, without ids.

A span that names its own operation (``gen_ai.operation.name``) is read by it, not here.
"""

from __future__ import annotations

from typing import Any

__all__ = ["agentops_operation"]

_KIND = "agentops.span.kind"


def agentops_operation(attrs: dict[str, Any]) -> str | None:
    """``invoke_agent`` for an AgentOps agent span; None for any other span.

    Examples:
        >>> agentops_operation({"agentops.span.kind": "agent", "agent.name": "weather_agent"})
        'invoke_agent'

        Its session, workflow, model-call and tool spans are not read here:

        >>> agentops_operation({"agentops.span.kind": "session", "operation.name": "default"})
        >>> agentops_operation({"agentops.span.kind": "llm", "gen_ai.request.model": "m"})
        >>> agentops_operation({"agentops.span.kind": "tool", "tool.name": "get_weather"})

        Nor another tracer's kind of the same name, nor a span naming its own operation:

        >>> agentops_operation({"traceloop.span.kind": "agent"})
        >>> agentops_operation({"openinference.span.kind": "AGENT", "agent.name": "a"})
        >>> agentops_operation({"agentops.span.kind": "agent", "gen_ai.operation.name": "chat"})
    """
    if attrs.get("gen_ai.operation.name"):
        return None  # the span names its own operation
    return "invoke_agent" if attrs.get(_KIND) == "agent" else None
