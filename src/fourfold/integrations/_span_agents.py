"""The agent a run's spans name when no span of the agent's own is in the trace.

pydantic-ai's and Google ADK's own tracing write ``gen_ai.agent.name`` on every span of an
agent's run (its model calls' ``chat``/``generate_content`` and its ``execute_tool``), beside
the agent's own ``invoke_agent`` span. An export cut short before that span ended
(`pydantic-ai-cut-short-2026-12-07z`, `google-adk-cut-short-2026-12-07z`: a backend holding a
run still going, or a process that died) has the calls and tools alone; they still name the
agent, and the contract's `agent` row takes ``gen_ai.agent.name`` wherever the trace writes it
(both readings of each). Read only where no agent run names one; LangGraph's default name for
an unnamed graph (``LangGraph``, `GRAPH_DEFAULT_NAME`, which `.otel._callback_chains.unnamed_graph`
reads too) is no name.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._spans import Span

__all__ = ["GRAPH_DEFAULT_NAME", "span_agent"]

GRAPH_DEFAULT_NAME = "LangGraph"
"""The name LangGraph gives a graph compiled without one (``StateGraph.compile()``)."""
_CALLS_AND_TOOLS = frozenset({"chat", "generate_content", "text_completion", "execute_tool"})
"""The operations of an agent's model calls and tools: the spans whose ``gen_ai.agent.name``
says whose they are. A chain's or a workflow's span writes its own name there."""


def span_agent(spans: Iterable[Span]) -> str | None:
    """The first ``gen_ai.agent.name`` a model call or a tool writes, in start order, or None.

    Examples:
        >>> def span(span_id, start, op="chat", **attrs):
        ...     attrs = {"gen_ai.operation.name": op, **attrs}
        ...     return Span("t", span_id, "gone", op, start, start + 1, "ok", None, attrs)
        >>> span_agent([span("b", 2, **{"gen_ai.agent.name": "weather_agent"}), span("a", 1)])
        'weather_agent'
        >>> span_agent([span("a", 1, **{"gen_ai.agent.name": ""})]) is None
        True
        >>> span_agent([span("a", 1, "invoke_agent", **{"gen_ai.agent.name": "RunnableSequence"})])
    """
    for span in sorted(spans, key=lambda s: s.sort_key):
        operation = span.attributes.get("gen_ai.operation.name")
        if not isinstance(operation, str) or operation not in _CALLS_AND_TOOLS:
            continue  # a chain's or workflow's name (OpenLLMetry's ``RunnableSequence``): none
        name = span.attributes.get("gen_ai.agent.name")
        if isinstance(name, str) and name.strip() and name != GRAPH_DEFAULT_NAME:
            return name
    return None
