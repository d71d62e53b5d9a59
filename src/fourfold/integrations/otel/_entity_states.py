"""OpenLLMetry for JS's LangChain runnable span as a run: the LangGraph state it records.

@traceloop/instrumentation-langchain 0.27.0 records each runnable a LangChain.js graph runs as
a ``workflow`` span whose entity input and output are the graph's state or a node's result
(`.._entity_workflows`); its model calls are ``chat`` spans of their own, and in the export
the corpus holds every span is the root of a trace of its own (no parent, no link). Read each
as the run it records (`entity_run`), of kind ``workflow`` (a class names it, no agent):

- its input: the first user message of the state it was given (a ``HumanMessage``, or the
  ``{role: "user", content}`` the graph was invoked with);
- its answer: the last assistant message with text among the messages it returned (the
  graph's final state, the ``Command`` a model node returned, the one ``AIMessage`` a model
  step returned serialised alone: a node's ``prompt | model`` sequence, read as LangWatch's
  TypeScript callback's values are, `._runnable_messages.lone_message`); a route
  (``__end__``), the ``Send`` s a router hands on, a tool node's ``ToolMessage`` s, a turn
  that only requested tools (a model step's ``AIMessage`` of calls and no text) give none,
  even where the state it was given ends with an answer (no run span records that answer as
  this run's);
- its state: what it was given, then what it returned: a trace with no model call reads
  from it the calls it holds, each request with the tool message answering it
  (`.._state_calls`), and has no messages (its model calls, which hold them, are other
  traces: tests/data/traces/README.md). The usage and model the state's ``AIMessage`` s
  carry (``usage_metadata``, ``response_metadata.model_name``) are those other calls', not
  read.
"""

from __future__ import annotations

from typing import Any

from .._entity_workflows import ENTITY_INPUT, ENTITY_OUTPUT, state_lists
from .._messages import Msg, parse_messages
from .._spans import Span
from .._steps import AgentRun
from ._runnable_messages import lone_message
from ._shapes import langchain_messages

__all__ = ["entity_run"]


def entity_run(span: Span) -> AgentRun:
    """The run an OpenLLMetry JS LangChain ``workflow`` span records.

    Examples:
        >>> import json
        >>> def lc(kind, **kwargs):
        ...     return {"lc": 1, "type": "constructor",
        ...             "id": ["langchain_core", "messages", kind], "kwargs": kwargs}
        >>> asked = lc("HumanMessage", content="Weather?")
        >>> call = {"name": "get_weather", "args": {"city": "Paris"}, "id": "c1"}
        >>> turn = lc("AIMessage", content="", name="w", tool_calls=[call])
        >>> result = lc("ToolMessage", content="sunny", tool_call_id="c1", name="get_weather")
        >>> answer = lc("AIMessage", content="Sunny.", name="w", tool_calls=[])
        >>> def span(given, returned):
        ...     attrs = {"gen_ai.operation.name": "workflow", "traceloop.span.kind": "workflow",
        ...              "traceloop.entity.input": json.dumps(given),
        ...              "traceloop.entity.output": json.dumps(returned)}
        ...     return Span("t", "s", None, "workflow RunnableSequence", 0, 1, "ok", None, attrs)
        >>> node = entity_run(span({"messages": [asked, turn, result]}, {"output": [
        ...     {"lg_name": "Command", "update": {"messages": [answer]}, "goto": []}]}))
        >>> node.kind, node.input_value, [m.content for m in node.outputs], len(node.state)
        ('workflow', 'Weather?', ['Sunny.'], 4)

        The graph invoked with plain messages; a route, whose state ends with the answer:

        >>> graph = entity_run(span({"messages": [{"role": "user", "content": "Weather?"}]},
        ...                         {"messages": [asked, turn, result, answer]}))
        >>> graph.input_value, [m.content for m in graph.outputs]
        ('Weather?', ['Sunny.'])
        >>> route = entity_run(span({"messages": [asked, turn, result, answer]},
        ...                         {"output": "__end__"}))
        >>> route.input_value, route.outputs, route.output_value
        ('Weather?', [], None)

        A node's model step (``prompt | model``) returns the model's ``AIMessage`` alone: its
        text the answer; a turn that only requested tools, and a message of no answer's class
        (a tool's ``ToolMessage``, a ``Document``), none:

        >>> step = entity_run(span({"messages": [asked, turn, result]}, answer))
        >>> [m.content for m in step.outputs], len(step.state)
        (['Sunny.'], 4)
        >>> entity_run(span({"messages": [asked]}, turn)).outputs
        []
        >>> document = {"lc": 1, "type": "constructor", "id": ["langchain_core", "documents",
        ...     "Document"], "kwargs": {"page_content": "Sunny."}}
        >>> entity_run(span({"messages": [asked]}, result)).outputs, entity_run(
        ...     span({"messages": [asked]}, document)).outputs
        ([], [])
    """
    attrs = span.attributes
    given = _messages(attrs.get(ENTITY_INPUT))
    returned = _messages(attrs.get(ENTITY_OUTPUT))
    asked = [m.content for m in given if m.role == "user" and isinstance(m.content, str)]
    said = [m for m in returned if m.role == "assistant" and m.content]
    return AgentRun(
        span,
        outputs=said[-1:],
        kind="workflow",
        input_value=next((a for a in asked if a.strip()), None),
        state=[*given, *returned],
    )


def _messages(value: Any) -> list[Msg]:
    """The messages of a recorded state or node result: serialised, else ``{role, content}``.

    A value that is neither, one message serialised alone (a model step's), is that message.
    """
    out: list[Msg] = []
    lists = list(state_lists(value))
    for found in lists:
        read = langchain_messages(found)
        if read is None and all(isinstance(m, dict) and "role" in m for m in found):
            read = parse_messages(found)
        out.extend(read or [])
    return out if lists else lone_message(value)
