"""A LangGraph graph's own span under OpenInference's LangChain instrumentation.

A graph run is a chain span named as the graph was compiled (``compile(name=...)``, else
LangGraph's default ``LangGraph``), its input and output the graph's state. The
instrumentation types it ``AGENT`` when that name says agent. Two things follow:

- such a span at the graph's top (LangGraph's ``metadata`` marks the span as the graph's,
  ``ls_integration: langgraph``, and names no node it runs in, no ``langgraph_node``) is the
  agent the user built and named; a node of the graph (``agent``, ``tools``) carries its
  ``langgraph_node``. So does a compiled subgraph's own span, the node of the parent it runs
  as (LangGraph 1.2: the node's span, then the subgraph's inside it, both named as the
  subgraph was compiled): it is told by its ``checkpoint_ns``, the checkpoint namespace the
  subgraph runs in, which is its own ``langgraph_checkpoint_ns`` (a node inside the subgraph
  has its parent's namespace there, its own below it; the node's span has none). Such a
  span is a graph named as built, too (``compile(name="weather_agent")`` under a parent
  left with LangGraph's default name);
- its output is the state, ``{"messages": [...]}``: the run's answer is what an assistant
  said last in it. A state in which no assistant said anything (a run stopped by
  ``interrupt()`` after the model only requested tools, to resume in another invocation) is
  no answer; the state's JSON is not one either.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json

__all__ = ["graph_agent_name", "state_output"]

_DEFAULT_NAME = "LangGraph"


def graph_agent_name(span_name: str, attrs: dict[str, Any]) -> str | None:
    """The name of the graph an AGENT span runs, when the span is a graph's own, top level.

    Examples:
        >>> graph_agent_name("weather_agent", {"metadata": '{"ls_integration": "langgraph"}'})
        'weather_agent'
        >>> node = '{"ls_integration": "langgraph", "langgraph_node": "agent"}'
        >>> graph_agent_name("agent", {"metadata": node}) is None
        True
        >>> graph_agent_name("LangGraph", {"metadata": {"ls_integration": "langgraph"}}) is None
        True
        >>> ns = "weather_agent:88e1"
        >>> sub = {"ls_integration": "langgraph", "langgraph_node": "weather_agent",
        ...        "langgraph_checkpoint_ns": ns, "checkpoint_ns": ns}
        >>> graph_agent_name("weather_agent", {"metadata": sub})  # a subgraph's own span
        'weather_agent'
        >>> inner = {**sub, "langgraph_node": "agent",
        ...          "langgraph_checkpoint_ns": "weather_agent:88e1|agent:93a7"}
        >>> graph_agent_name("agent", {"metadata": inner}) is None  # a node inside it
        True
    """
    metadata = try_json(attrs.get("metadata"))
    if not isinstance(metadata, dict) or metadata.get("ls_integration") != "langgraph":
        return None
    if not span_name.strip() or span_name == _DEFAULT_NAME:
        return None
    if "langgraph_node" in metadata and not _subgraph_own(metadata):
        return None
    return span_name


def _subgraph_own(metadata: dict[str, Any]) -> bool:
    """Whether the span is a compiled subgraph's own: it runs in its own checkpoint namespace."""
    own = metadata.get("checkpoint_ns")
    return isinstance(own, str) and bool(own) and own == metadata.get("langgraph_checkpoint_ns")


def state_output(state: list[Msg] | None, raw: Any) -> Any:
    """A run's result when no assistant said anything: none if it was a state of messages.

    Examples:
        >>> state_output([Msg("user", "Hi")], '{"messages": []}') is None
        True
        >>> state_output(None, '{"answer": 4}')
        {'answer': 4}
    """
    return None if state else try_json(raw)
