"""An agent the application traced by hand with OpenInference's JS core: its span's name.

@arizeai/openinference-core (2.7.1) lets an application trace its own code: ``traceAgent(fn,
{name: "weather_agent"})`` opens an AGENT span (scope ``openinference-core``) named as given,
and records on it only its kind, ``input.value`` and ``output.value`` (with their mime types):
no ``agent.name``, no framework attribute. The openai JS client's tool loop traced so (its
model calls by @arizeai/openinference-instrumentation-openai 4.2.7 under that span) names its
agent nowhere else, and the name the application gave the wrapper is the agent's (both blind
readings of the export read ``weather_agent`` so).

The rule, `traced_agent`: the name of the first AGENT span of scope ``openinference-core``.
Where no scope is written (an SDK's console dump names none), the trace's one AGENT span, when
it records nothing but its kind, input and output and a model call right under it is the
openai JS instrumentation's (its span named ``OpenAI Chat Completions``: the Python
instrumentation's are ``ChatCompletion``): a bare AGENT span alone is no proof by itself (a
smolagents ``<Class>.run`` is one). Only where no run names its agent otherwise: the span name
of an SDK's or a framework's AGENT span names a workflow or a class (the OpenAI Agents SDK's
root ``Agent workflow``, LangChain's ``AgentExecutor``), and those come with a scope of their
own, or beside other AGENT spans.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._spans import Span

__all__ = ["CORE_SCOPE", "traced_agent"]

CORE_SCOPE = "openinference-core"
"""The instrumentation scope of @arizeai/openinference-core's own spans (``traceAgent``...)."""

_KIND = "openinference.span.kind"
_OWN = frozenset({_KIND, "input.value", "input.mime_type", "output.value", "output.mime_type"})
"""What ``traceAgent`` records on its span (without context attributes)."""

_JS_MODEL_CALLS = frozenset({"OpenAI Chat Completions"})
"""The span names of @arizeai/openinference-instrumentation-openai's model calls (4.2.7)."""


def traced_agent(spans: Iterable[Span]) -> str | None:
    """The agent named by the AGENT span an application opened with ``traceAgent``, or None.

    `spans` in time order.

    Examples:
        >>> def agent(name, scope=None, **more):
        ...     return Span("t", name, None, name, 0, 1, "unset", None,
        ...                 {_KIND: "AGENT", "input.value": "Hi", **more}, scope=scope)
        >>> traced_agent([agent("weather_agent", CORE_SCOPE)])
        'weather_agent'
        >>> call = Span("t", "c", "weather_agent", "OpenAI Chat Completions", 0, 1, "unset",
        ...             None, {_KIND: "LLM"})
        >>> traced_agent([agent("weather_agent"), call])  # no scope written: its shape
        'weather_agent'
        >>> traced_agent([agent("ToolCallingAgent.run")]) is None
        True
        >>> traced_agent([agent("Agent workflow", "openinference.instrumentation.openai_agents")])
        >>> traced_agent([agent("AgentExecutor"), agent("RunnableAssign")]) is None
        True
        >>> traced_agent([agent("run", **{"graph.node.id": "agent"})]) is None
        True
    """
    listed = list(spans)
    agents = [s for s in listed if str(s.attributes.get(_KIND) or "").upper() == "AGENT"]
    for span in agents:
        if span.scope == CORE_SCOPE and span.name:
            return span.name
    if len(agents) != 1 or agents[0].scope is not None or not agents[0].name:
        return None
    alone = agents[0]
    calls = [s for s in listed if s.parent_id == alone.span_id and s.name in _JS_MODEL_CALLS]
    return alone.name if set(alone.attributes) <= _OWN and calls else None
