"""A LangGraph state of the application's own whose last step wrote no answer is the result.

A ``StateGraph`` of the application's own schema (no ``messages`` key) records its final
state as its own span's output (OpenInference's LangChain instrumentation, 0.1.80: the
graph's span, ``metadata`` ``ls_integration: langgraph`` and no ``langgraph_node``). A
state that holds an answer field (``answer``, ``response``, ...) is read for it, as a DSPy
prediction is (`._answer.run_answer`): the other fields repeat the question or hold the
steps' intermediate values (a map-reduce graph's ``reports``, then ``write``'s ``answer``:
``langgraph-send``). That holds when the answer is what the graph ended on: its last node
(the node spans under the graph's, the last ``langgraph_step``) wrote it, its update
holding the answer's text (OpenInference writes a one-key update as its bare value).

A graph whose last node wrote something else after the answer (a node that runs
``with_structured_output`` on the agent's answer and adds its ``report`` object to the
state) ended on that: the answer text is an intermediate value like the others, and the
run's result is structured, the application's state object as a whole (both readings of
``langgraph-structured-output``; the contract's "a JSON value when the run's result is
structured").

The rule, `with_state_results`: a graph span's state of its own schema, with an answer
field, whose last node's update does not hold that answer's text, is the run's result as
a whole (`AgentRun.whole_output`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ._answer import run_answer
from ._messages import try_json
from ._spans import Span
from ._steps import AgentRun, Step

__all__ = ["with_state_results"]


def _metadata(span: Span) -> dict[str, Any] | None:
    """The LangGraph metadata a LangChain span records, else None."""
    found = try_json(span.attributes.get("metadata"))
    if not isinstance(found, dict) or found.get("ls_integration") != "langgraph":
        return None
    return found


def _node_step(span: Span) -> int | None:
    """The ``langgraph_step`` of a node's span (a node of the graph, not ``__start__``)."""
    metadata = _metadata(span)
    if metadata is None or metadata.get("langgraph_node") in (None, "__start__"):
        return None
    step = metadata.get("langgraph_step")
    return step if isinstance(step, int) and not isinstance(step, bool) else None


def _last_updates(graph: Span, ordered: list[Span]) -> list[Any]:
    """What the graph's last nodes wrote (their output values, parsed): several side by side."""
    below = [s for s in ordered if s.parent_id == graph.span_id]
    steps = [(n, s) for s in below if (n := _node_step(s)) is not None]
    if not steps:
        return []
    last = max(n for n, _ in steps)
    return [try_json(s.attributes.get("output.value")) for n, s in steps if n == last]


def _holds(update: Any, text: str) -> bool:
    """Whether a node's update writes `text` (as its bare value, or under one of its keys)."""
    if isinstance(update, str):
        return update == text
    return isinstance(update, dict) and text in update.values()


def _own_state(step: AgentRun) -> dict[str, Any] | None:
    """The run's output when it is a graph state of the application's own schema."""
    if _metadata(step.span) is None or step.outputs:
        return None
    state = try_json(step.output_value)
    if not isinstance(state, dict) or "messages" in state:
        return None
    return state


def with_state_results(
    ordered: list[Span], steps: dict[int, Step | None]
) -> dict[int, Step | None]:
    """`steps`, each graph run whose last node wrote no answer marked as its state's whole result.

    `ordered`: the trace's spans; `steps`: their steps by ``id(span)``.

    Examples:
        >>> def span(id, parent, attrs):
        ...     return Span("t", id, parent, id, 1, 2, "ok", None, attrs)
        >>> def node(id, step, output):
        ...     metadata = {"ls_integration": "langgraph", "langgraph_node": id,
        ...                 "langgraph_step": step}
        ...     return span(id, "g", {"metadata": metadata, "output.value": output})
        >>> state = {"question": "Weather?", "answer": "Sunny.", "report": {"sky": "sun"}}
        >>> graph = span("g", None, {"metadata": {"ls_integration": "langgraph"}})
        >>> ask, extract = node("ask", 1, "Sunny."), node("extract", 2, '{"report": {}}')
        >>> steps = {id(graph): AgentRun(graph, kind="chain", output_value=state)}
        >>> with_state_results([graph, ask, extract], steps)[id(graph)].whole_output
        True
        >>> with_state_results([graph, ask], steps)[id(graph)].whole_output  # it ended on it
        False
    """
    out = dict(steps)
    for span in ordered:
        step = steps.get(id(span))
        if not isinstance(step, AgentRun) or (state := _own_state(step)) is None:
            continue
        answer = run_answer([], state)
        if answer is None or answer[1] is not None or answer[0] is None:
            continue  # no answer field: the state is read whole already
        updates = _last_updates(span, ordered)
        if updates and not any(_holds(u, answer[0]) for u in updates):
            out[id(span)] = replace(step, whole_output=True)
    return out
