"""openlit's framework instrumentations: what their runner and phase spans are.

openlit (1.45) writes its own span for a framework's runner and for the phases of an
agent's run, named as the GenAI conventions name operations, whose names and attributes do
not always say what they are:

- Google ADK's ``Runner`` (``runner_run_async``, ``runner_run``, ``runner_run_live``) is an
  ``invoke_agent <app_name>`` span whose ``gen_ai.agent.name`` is the runner's application
  name and whose ``gen_ai.execution.mode`` says how it ran (``async``, ``sync``, ``live``);
  the agents run under it, each its own ``invoke_agent`` span. The runner's span is the
  application's run (`runner_run`): no agent, so the first agent is the one the runner ran
  (both readings of ``openlit-google-adk``);
- pydantic-ai's ``Agent.run`` is a span named ``invoke_agent <agent>`` whose
  ``gen_ai.operation.name`` is ``execute_task`` (its one child, ``execute_task <agent>``,
  repeats its attributes): the name says what the span is, an agent's run
  (`named_agent_run`), its ``gen_ai.agent.name`` the agent;
- pydantic-ai's tool-execution phase is an ``execute_tool <model>`` span
  (``gen_ai.agent.lifecycle.phase`` ``tool_execution``) that names no tool, only the model
  its request names, and records no arguments, result or call id: no tool call
  (`unnamed_tool_phase`); the calls are the model's requests that the next input answers,
  or, after the run's last reply, the requests that phase went on to run
  (`.._phase_calls`).
"""

from __future__ import annotations

from .._spans import Span

__all__ = ["named_agent_run", "runner_run", "unnamed_tool_phase"]

_ADK = "openlit.instrumentation.google_adk"
_PYDANTIC_AI = "openlit.instrumentation.pydantic_ai"
_TOOL_KEYS = (
    "gen_ai.tool.name",
    "gen_ai.tool.call.id",
    "gen_ai.tool.call.arguments",
    "gen_ai.tool.call.result",
    "gen_ai.tool.args",
)


def runner_run(span: Span) -> bool:
    """Whether the span is openlit's record of Google ADK's runner: the application's run.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "invoke_agent weather_app", 0, 1, "ok", None,
        ...         {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_app",
        ...          **attrs}, scope="openlit.instrumentation.google_adk")
        >>> runner_run(span(**{"gen_ai.execution.mode": "async"})), runner_run(span())
        (True, False)
    """
    attrs = span.attributes
    return (
        span.scope == _ADK
        and attrs.get("gen_ai.operation.name") == "invoke_agent"
        and isinstance(attrs.get("gen_ai.execution.mode"), str)
    )


def named_agent_run(span: Span) -> bool:
    """Whether the span is openlit's pydantic-ai agent run, named so though its operation is not.

    Examples:
        >>> def span(name):
        ...     return Span("t", "s", None, name, 0, 1, "ok", None,
        ...         {"gen_ai.operation.name": "execute_task", "gen_ai.agent.name": "weather_agent"},
        ...         scope="openlit.instrumentation.pydantic_ai")
        >>> named_agent_run(span("invoke_agent weather_agent"))
        True
        >>> named_agent_run(span("execute_task weather_agent"))
        False
    """
    attrs = span.attributes
    agent = attrs.get("gen_ai.agent.name")
    return (
        span.scope == _PYDANTIC_AI
        and attrs.get("gen_ai.operation.name") == "execute_task"
        and isinstance(agent, str)
        and bool(agent)
        and span.name == f"invoke_agent {agent}"
    )


def unnamed_tool_phase(span: Span) -> bool:
    """Whether a tool span names no tool but its request's model and records nothing of a call.

    Examples:
        >>> def span(attrs):
        ...     return Span("t", "s", None, "execute_tool gpt-4o-mini", 0, 1, "ok", None,
        ...         {"gen_ai.operation.name": "execute_tool", "gen_ai.request.model": "gpt-4o-mini",
        ...          **attrs})
        >>> unnamed_tool_phase(span({}))
        True
        >>> unnamed_tool_phase(span({"gen_ai.tool.name": "get_weather"}))
        False
    """
    attrs = span.attributes
    model = attrs.get("gen_ai.request.model")
    return (
        isinstance(model, str)
        and bool(model)
        and span.name == f"execute_tool {model}"
        and not any(attrs.get(key) not in (None, "") for key in _TOOL_KEYS)
    )
