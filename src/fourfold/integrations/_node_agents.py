"""A LangGraph.js supervisor's agent, typed CHAIN: the node named as the messages it wrote.

@arizeai/openinference-instrumentation-langchain 4.1.1 (LangChain.js, @langchain/core 1.4)
types every run of a LangGraph.js graph ``CHAIN``: no span says agent. A supervisor built by
@langchain/langgraph-supervisor 1.1.3 (``createSupervisor({agents, llm, supervisorName})``
over @langchain/langgraph 1.7.3's ``createReactAgent`` workers) runs each agent as a node
of its graph, the node's span named as the agent (``supervisor``, ``weather_agent``), its
``metadata`` LangGraph's (``{ls_integration: "langgraph", langgraph_node: "supervisor",
...}``); inside it the agent's own graph, and its ``agent`` / ``tools`` nodes (named after
their node too). What tells an agent's node from those is that each agent writes its name
on its AI messages (``kwargs.name``, LangChain.js's serialised ``AIMessage``), as the graph
states in the spans' ``input.value`` / ``output.value`` (``{"messages": [...]}``) hold them.

The rule, `node_agent`, for a trace in which no run names an agent: the first node span, in
time, named as its ``langgraph_node`` and as the ``name`` of an AI message some LangGraph
state of the trace holds, is the agent's (in a supervisor, the supervisor, which runs
first). A node no message is named after (``agent``, ``tools``, ``__start__``) is none.

`node_agent` reads each span's values once, LangGraph's spans only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ._messages import try_json
from ._spans import Span

__all__ = ["node_agent"]

_VALUES = ("input.value", "output.value")
_AI = frozenset({"ai", "AIMessage", "AIMessageChunk"})


def node_agent(spans: Iterable[Span]) -> str | None:
    """The first LangGraph node span named as an AI message's writer, or None.

    `spans` in time order.

    Examples:
        >>> import json
        >>> def ai(name):
        ...     return {"lc": 1, "type": "constructor",
        ...             "id": ["langchain_core", "messages", "AIMessage"],
        ...             "kwargs": {"content": "Hi", "name": name}}
        >>> def node(span_id, name, state=None):
        ...     meta = json.dumps({"ls_integration": "langgraph", "langgraph_node": name})
        ...     attrs = {"metadata": meta}
        ...     if state is not None:
        ...         attrs["output.value"] = json.dumps({"messages": state})
        ...     return Span("t", span_id, None, name, 0, 1, "unset", None, attrs)
        >>> node_agent([node("a", "agent"), node("s", "supervisor"),
        ...             node("w", "weather_agent", [ai("weather_agent"), ai("supervisor")])])
        'supervisor'
        >>> node_agent([node("a", "agent", [ai(None)]), node("t", "tools")]) is None
        True
    """
    nodes: list[str] = []
    writers: set[str] = set()
    for span in spans:
        metadata = try_json(span.attributes.get("metadata"))
        if not isinstance(metadata, dict) or metadata.get("ls_integration") != "langgraph":
            continue
        if metadata.get("langgraph_node") == span.name and span.name.strip():
            nodes.append(span.name)
        for key in _VALUES:
            writers.update(_writers(span.attributes.get(key)))
    return next((name for name in nodes if name in writers), None)


def _writers(value: Any) -> Iterable[str]:
    """The names on the AI messages of a LangGraph state (``{"messages": [...]}``)."""
    state = try_json(value) if isinstance(value, str) else value
    messages = state.get("messages") if isinstance(state, dict) else None
    for message in messages if isinstance(messages, list) else []:
        if not isinstance(message, dict):
            continue
        kind, fields = _fields(message)
        name = fields.get("name")
        if kind in _AI and isinstance(name, str) and name.strip():
            yield name


def _fields(message: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """(type, fields) of a serialised LangChain message: ``lc``'s, ``{type, data}``'s or flat."""
    kwargs = message.get("kwargs")
    if message.get("lc") == 1 and isinstance(kwargs, dict):
        ids = message.get("id")
        return (ids[-1] if isinstance(ids, list) and ids else None), kwargs
    data = message.get("data")
    if isinstance(data, dict):
        return message.get("type"), data
    return message.get("type"), message
