"""What the user asked a LangGraph graph whose state is an object of the application's own.

Under OpenInference's LangChain instrumentation (openinference-instrumentation-langchain
0.1.80, LangGraph 1.2.24) a graph's own span (its ``metadata`` says ``ls_integration:
langgraph`` and names no ``langgraph_node``: `._graph_runs`) records as ``input.value`` the
state the graph was invoked with. A ``StateGraph`` of the application's own schema (a
map-reduce graph invoked with ``{question, cities}``, whose conditional edge ``Send``s each
city to a node of its own) gives an object of several fields: the user's ask is the text
under its ask key (``task``, ``question``, ``query``, ``prompt``: `asked_task`), the other
fields the run's parameters. The nodes' spans record their own inputs (a ``Send``'s payload,
``Paris``), which are no ask of the user's: the graph's stands above them (`first_input`).
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from ._asked_task import asked_task

__all__ = ["graph_state_question"]


def graph_state_question(attrs: dict[str, Any]) -> str | None:
    """The ask in a LangGraph graph's own span's state object (`attrs`: flattened), else None.

    Examples:
        >>> graph = '{"ls_integration": "langgraph"}'
        >>> state = '{"question": "Weather in Paris and Tokyo?", "cities": ["Paris", "Tokyo"]}'
        >>> graph_state_question({"metadata": graph, "input.value": state})
        'Weather in Paris and Tokyo?'
        >>> node = '{"ls_integration": "langgraph", "langgraph_node": "write"}'
        >>> graph_state_question({"metadata": node, "input.value": state}) is None
        True
        >>> graph_state_question({"metadata": graph, "input.value": '{"cities": []}'}) is None
        True
    """
    metadata = try_json(attrs.get("metadata"))
    if not isinstance(metadata, dict) or metadata.get("ls_integration") != "langgraph":
        return None
    if "langgraph_node" in metadata:
        return None
    return asked_task(try_json(attrs.get("input.value")))
