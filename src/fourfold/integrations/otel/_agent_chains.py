"""A LangChain.js agent graph's own span, typed CHAIN, as the agent it runs.

LangChain's ``create_agent`` (Python 1.x, ``createAgent`` in LangChain.js 1.x) writes the
agent's name in every run's ``metadata`` as ``lc_agent_name``, and names the graph's own run
after it. Python's openinference-instrumentation-langchain (0.1.x) types that span ``AGENT``
(its name says agent), which names the agent (`._openinference`). The LangChain.js
instrumentation, @arizeai/openinference-instrumentation-langchain 4.1.1 (langchain 1.5,
@langchain/langgraph 1.7), types every run of a graph ``CHAIN``: the agent's root span is a
CHAIN ``weather_agent`` with metadata ``{ls_integration: langchain_create_agent,
lc_agent_name: weather_agent}``.

The rule, `agent_chain_name`: a CHAIN span whose name is its metadata's ``lc_agent_name`` is
the agent's own run, and names the agent. The nodes inside it (``model_request``, ``tools``,
the model's and the tools' runs) carry the same metadata under names of their own, and name
none.

@langchain/langgraph 1.7.3's prebuilt ``createReactAgent({name: 'weather_agent', ...})``,
under the same instrumentation, writes no ``lc_agent_name``: its root span is a CHAIN named
as the graph was built, its metadata LangGraph's own graph run's (``{ls_integration:
langgraph}``, no ``langgraph_node``: `._graph_runs`), and every reply of the agent in its
output state carries that ``name``. The rule, `react_chain_name`: such a graph span whose
state's replies all name it is the agent's own run. A graph of the default name
``LangGraph`` (a supervisor's, a ``StateGraph`` compiled unnamed), a graph run as a node (its
metadata names the node) or one whose replies name another (or none) names no agent.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json
from ._graph_runs import graph_agent_name

__all__ = ["agent_chain_name", "react_chain_name"]


def agent_chain_name(span_name: str, attrs: dict[str, Any]) -> str | None:
    """The agent a CHAIN span runs, when it is named as its metadata's ``lc_agent_name``.

    Examples:
        >>> meta = '{"ls_integration": "langchain_create_agent", "lc_agent_name": "weather_agent"}'
        >>> agent_chain_name("weather_agent", {"metadata": meta})
        'weather_agent'
        >>> agent_chain_name("model_request", {"metadata": meta}) is None
        True
        >>> agent_chain_name("weather_agent", {}) is None
        True
    """
    metadata = try_json(attrs.get("metadata"))
    name = metadata.get("lc_agent_name") if isinstance(metadata, dict) else None
    if isinstance(name, str) and name.strip() and name == span_name:
        return name
    return None


def react_chain_name(span_name: str, attrs: dict[str, Any], state: list[Msg] | None) -> str | None:
    """The agent a LangGraph graph's own CHAIN span runs, when its replies all carry its name.

    Examples:
        >>> meta = {"metadata": '{"ls_integration": "langgraph"}'}
        >>> said = [Msg("user", "Hi"), Msg("assistant", "Hello", name="weather_agent")]
        >>> react_chain_name("weather_agent", meta, said)
        'weather_agent'
        >>> react_chain_name("weather_graph", meta, said) is None  # replies name another
        True
        >>> react_chain_name("weather_agent", meta, [Msg("assistant", "Hello")]) is None
        True
    """
    name = graph_agent_name(span_name, attrs)
    replies = [m for m in state or [] if m.role == "assistant"]
    if name is None or not replies or any(m.name != name for m in replies):
        return None
    return name
