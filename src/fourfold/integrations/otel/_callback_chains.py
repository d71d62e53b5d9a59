"""A LangChain chain's run as OpenLLMetry's LangChain instrumentation records it.

opentelemetry-instrumentation-langchain (0.62) writes the top-level chain of a run as a
``workflow`` span (``traceloop.span.kind``) whose ``gen_ai.operation.name`` is
``invoke_agent`` and whose ``gen_ai.agent.name`` is the chain's name, whatever the chain is:
a LangGraph graph named as its agent (``create_react_agent(..., name=...)``), or an LCEL
chain, named by LangChain after the runnable's class (``RunnableSequence``,
``RunnableParallel<context,question>``, ``RunnableLambda``...). Such a default name names a
composition of runnables, not an agent: the run is the application's (a workflow), no
agent's (`default_runnable_name`).

So is a LangGraph graph compiled with no name, which LangGraph calls ``LangGraph``: the
instrumentation writes that default as ``gen_ai.agent.name`` both on its ``invoke_agent
LangGraph`` span (the graph's run, with its ``gen_ai.workflow.nodes``) and on the
``LangGraph.workflow`` span inside it (also ``traceloop.workflow.name``), each with
``gen_ai.provider.name`` ``langgraph``. The name is the class's default, as
``RunnableSequence`` is, and names no agent the application made: the agent is the one a
node of it runs under the name it was given (``create_react_agent(..., name=
"weather_agent")``, its own ``invoke_agent weather_agent`` span: both readings of
``openllmetry-langgraph-subgraph``), as OpenInference's reading of the same graph has it
(`._graph_runs`). The graph's spans are the application's workflow (`unnamed_graph`).

Its ``traceloop.entity.input`` is the callback's record of what the chain was given:
``{"inputs": <input>, "tags", "metadata", "kwargs"}``. When ``inputs`` is one text, that is
what the run was asked, apart from the prompt a template makes of it for the model
(`callback_chain_input`); a graph's state (``{"messages": [...]}``) or any other object is
the application's, not a question.
"""

from __future__ import annotations

import re
from typing import Any

from .._messages import try_json
from .._span_agents import GRAPH_DEFAULT_NAME

__all__ = ["callback_chain_input", "default_runnable_name", "unnamed_graph"]

_RECORD_KEYS = frozenset({"inputs", "tags", "metadata", "kwargs"})
# LangChain's default run names: the runnable's class (``Runnable<Kind>``), a parallel map's
# with its keys (``RunnableParallel<a,b>``)
_DEFAULT_NAME = re.compile(r"Runnable[A-Z]\w*(?:<[^<>]*>)?")


def default_runnable_name(name: Any) -> bool:
    """Whether `name` is the name LangChain gives an unnamed runnable (its class's).

    Examples:
        >>> default_runnable_name("RunnableSequence")
        True
        >>> default_runnable_name("RunnableParallel<context,question>")
        True
        >>> default_runnable_name("weather_agent"), default_runnable_name("Runnable")
        (False, False)
    """
    return isinstance(name, str) and _DEFAULT_NAME.fullmatch(name) is not None


def unnamed_graph(attrs: dict[str, Any]) -> bool:
    """Whether an agent span is a LangGraph graph's that was compiled with no name.

    Examples:
        >>> unnamed_graph({"gen_ai.provider.name": "langgraph", "gen_ai.agent.name": "LangGraph"})
        True
        >>> unnamed_graph({"gen_ai.provider.name": "langgraph",
        ...                "gen_ai.agent.name": "weather_agent"})
        False
        >>> unnamed_graph({"gen_ai.agent.name": "LangGraph"})  # not a LangGraph graph's span
        False
    """
    return (
        attrs.get("gen_ai.provider.name") == "langgraph"
        and attrs.get("gen_ai.agent.name") == GRAPH_DEFAULT_NAME
    )


def callback_chain_input(attrs: dict[str, Any]) -> str | None:
    """The one text an OpenLLMetry LangChain ``workflow`` span's chain was given, or None.

    Examples:
        >>> record = '{"inputs": "How long?", "tags": [], "metadata": {}, "kwargs": {}}'
        >>> callback_chain_input({"traceloop.span.kind": "workflow",
        ...     "traceloop.entity.input": record})
        'How long?'
        >>> callback_chain_input({"traceloop.span.kind": "workflow",
        ...     "traceloop.entity.input": '{"inputs": {"messages": []}, "tags": []}'})
        >>> callback_chain_input({"traceloop.span.kind": "task",
        ...     "traceloop.entity.input": record})
    """
    if attrs.get("traceloop.span.kind") != "workflow":
        return None
    record = try_json(attrs.get("traceloop.entity.input"))
    if not isinstance(record, dict) or "inputs" not in record or not set(record) <= _RECORD_KEYS:
        return None
    given = record["inputs"]
    return given if isinstance(given, str) and given.strip() else None
