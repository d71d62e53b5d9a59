"""Which spans are OpenLLMetry for JS's LangChain runs, and the LangGraph states they record.

@traceloop/instrumentation-langchain (0.27.0, under @traceloop/node-server-sdk) records each
LangChain.js runnable a LangGraph graph runs (the graph, ``CompiledStateGraph``; its nodes'
``RunnableSequence``; its routing ``RunnableLambda``) as a span ``workflow <class>`` with
``gen_ai.operation.name`` ``workflow`` (no operation the GenAI conventions name) beside
``traceloop.span.kind`` ``workflow``, and the runnable's input and output as JSON in
``traceloop.entity.input`` / ``traceloop.entity.output``: the graph's state, ``{"messages":
[...]}`` (LangChain-serialised messages, ``{lc: 1, type: "constructor", id: [...,
"AIMessage"], kwargs: {...}}``, or the ``{role, content}`` objects the application invoked the
graph with), or a node's result, ``{"output": [...]}`` of LangGraph.js ``Command`` s (``{lg_name:
"Command", update: {messages: [...]}, goto}``) and ``Send`` s (``{lg_name: "Send", node, args}``:
the state handed to a node), or a route (``{"output": "__end__"}``).

OpenLLMetry's Python LangChain instrumentation writes ``invoke_agent`` / ``execute_task`` and
its callback records (``{inputs, tags, metadata, kwargs}``, `.otel._callback_chains`); the
traceloop-sdk decorators no operation name at all (`.otel._traceloop`): neither is such a span.
Its readers: `.otel._entity_states` (the run), `._replay_agents` (the agent its replies name).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ._messages import try_json

__all__ = ["ENTITY_INPUT", "ENTITY_OUTPUT", "is_entity_workflow", "state_lists"]

ENTITY_INPUT = "traceloop.entity.input"
ENTITY_OUTPUT = "traceloop.entity.output"


def is_entity_workflow(attrs: dict[str, Any]) -> bool:
    """Whether a span is OpenLLMetry for JS's LangChain runnable (``workflow``, twice).

    Examples:
        >>> is_entity_workflow({"gen_ai.operation.name": "workflow",
        ...                     "traceloop.span.kind": "workflow"})
        True
        >>> is_entity_workflow({"gen_ai.operation.name": "invoke_agent",  # Python's chain
        ...                     "traceloop.span.kind": "workflow"})
        False
        >>> is_entity_workflow({"traceloop.span.kind": "workflow"})  # a decorated function
        False
        >>> is_entity_workflow({"gen_ai.operation.name": "workflow"})  # no traceloop kind
        False
    """
    return attrs.get("gen_ai.operation.name") == "workflow" and (
        attrs.get("traceloop.span.kind") == "workflow"
    )


def state_lists(value: Any) -> Iterator[list[Any]]:
    """The message lists a recorded state or node result holds, in order.

    A state's ``messages``; a node result's ``Command`` s' ``update.messages``. A ``Send``'s
    state is the one the node is handed (what the run already held), a route names a node:
    neither says anything new.

    Examples:
        >>> ai = {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages",
        ...       "AIMessage"], "kwargs": {"content": "Hi", "name": "bot"}}
        >>> list(state_lists({"messages": [ai]})) == [[ai]]
        True
        >>> command = {"lg_name": "Command", "update": {"messages": [ai]}, "goto": []}
        >>> send = {"lg_name": "Send", "node": "tools", "args": {"messages": [ai]}}
        >>> list(state_lists({"output": [command, send]})) == [[ai]]
        True
        >>> list(state_lists({"output": "__end__"})), list(state_lists('{"q": 1}'))
        ([], [])
    """
    parsed = try_json(value)
    if not isinstance(parsed, dict):
        return
    if isinstance(parsed.get("messages"), list):
        yield parsed["messages"]
        return
    results = parsed.get("output")
    for item in results if isinstance(results, list) else []:
        if not (isinstance(item, dict) and item.get("lg_name") == "Command"):
            continue
        update = item.get("update")
        found = update.get("messages") if isinstance(update, dict) else None
        if isinstance(found, list):
            yield found
