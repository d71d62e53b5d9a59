"""AgentOps' Agno agent spans: the run's own input and answer.

AgentOps' Agno instrumentation (``agentops/instrumentation/agentic/agno``, scope
``agentops.instrumentation.agno``) wraps ``Agent.run`` / ``arun`` in a span named
``<agent>.agno.agent.run.agent`` with ``agentops.span.kind`` ``agent``, ``gen_ai.system``
``agno``, the agent's ``agent.name``, its model as ``gen_ai.request.model``, the ``str()`` of
the message it was given as ``agent.input`` (also ``agentops.entity.input``) and the
``str()`` of the ``RunResponse``'s ``content`` as ``agent.output``; its tools' runs are spans
of their own (`._agentops_tools`), which it repeats as ``tool.<n>.*``. Agno's model calls
make no span of AgentOps' (agentops-agno-2026-12-07e): the trace records no conversation.

Such a span is an agent run named by ``agent.name``, its ``agent.input`` and ``agent.output``
the run's exchange as a user's and an assistant's message: the prompt and the answer of a run
span, which with no model call give the trace's input and output and no messages, its tools'
results no tool messages either (`.._unrecorded_conversation`). An input that is a JSON
object or list (the application's arguments, written so) is not taken as what the user
asked. ``agent.instruction``, the agent's instructions Agno makes its system prompt, gives
no message where no model call records the conversation. Its OpenAI Agents SDK and CrewAI
agent spans are not Agno's (``gen_ai.system``); their readers are `._agentops` and
`._agentops_crewai`.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json
from .._spans import PLACEHOLDER_MODELS, Span
from .._steps import AgentRun

__all__ = ["agno_run"]


def agno_run(span: Span) -> AgentRun | None:
    """The run an AgentOps Agno agent span records; None for any other span.

    Examples:
        >>> span = Span("t", "a", None, "weather_agent.agno.agent.run.agent", 1, 2, "ok", None,
        ...     {"agentops.span.kind": "agent", "gen_ai.system": "agno",
        ...      "agent.name": "weather_agent", "gen_ai.request.model": "gpt-4o-mini",
        ...      "agent.input": "Weather in Paris?", "agent.output": "Sunny."})
        >>> run = agno_run(span)
        >>> run.kind, run.name, run.model, run.input_value
        ('agent', 'weather_agent', 'gpt-4o-mini', 'Weather in Paris?')
        >>> [(m.role, m.content) for m in run.inputs + run.outputs]
        [('user', 'Weather in Paris?'), ('assistant', 'Sunny.')]

        An input written as a JSON object is the application's arguments, no question:

        >>> span.attributes["agent.input"] = '{"city": "Paris"}'
        >>> agno_run(span).input_value is None
        True

        Not Agno's: AgentOps' OpenAI Agents SDK agent span, its Agno team span (a
        ``workflow``), another tracer's span naming its own operation:

        >>> other = Span("t", "a", None, "weather_agent", 1, 2, "ok", None,
        ...     {"agentops.span.kind": "agent", "agent.name": "weather_agent"})
        >>> agno_run(other) is None
        True
        >>> team = Span("t", "a", None, "team", 1, 2, "ok", None,
        ...     {"agentops.span.kind": "workflow", "gen_ai.system": "agno"})
        >>> agno_run(team) is None
        True
        >>> chat = Span("t", "a", None, "chat", 1, 2, "ok", None, {"gen_ai.system": "agno",
        ...     "agentops.span.kind": "agent", "gen_ai.operation.name": "chat"})
        >>> agno_run(chat) is None
        True
    """
    attrs = span.attributes
    if attrs.get("agentops.span.kind") != "agent" or attrs.get("gen_ai.system") != "agno":
        return None
    if attrs.get("gen_ai.operation.name"):
        return None  # the span names its own operation
    asked = _text(attrs.get("agent.input"))
    if asked is not None and isinstance(try_json(asked), dict | list):
        asked = None  # the application's arguments, not what the user asked
    model = _text(attrs.get("gen_ai.request.model"))
    answer = _text(attrs.get("agent.output"))
    return AgentRun(
        span,
        # the run's exchange as messages: with no model call they give input and output
        # only, its tools' results no tool messages (`.._unrecorded_conversation`)
        inputs=[Msg(role="user", content=asked)] if asked is not None else [],
        outputs=[Msg(role="assistant", content=answer)] if answer is not None else [],
        kind="agent",
        name=_text(attrs.get("agent.name")),
        model=None if model is None or model.lower() in PLACEHOLDER_MODELS else model,
        input_value=asked,
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None
