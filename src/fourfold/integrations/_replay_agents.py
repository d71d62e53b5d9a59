"""An agent named only on its replies, as a Langtrace-traced chat model's input replays them.

LangGraph's prebuilt agents (``create_react_agent(..., name=...)``, LangChain 1.x's
``create_agent``) write the agent's name on each AI message they add to the graph's state
(``AIMessage.name``); the model's own reply carries none, the state's copy does. Langtrace's
LangChain-core instrumentation (langtrace-python-sdk 3.8.21) makes no span for the agent, its
graph's nodes or its tools: a LangGraph agent's run is only its chat model's calls, each
``BaseChatModel.invoke`` span recording the messages it was given as ``langchain.inputs``,
JSON of the messages' fields (``{type: ai, name, tool_calls, ...}``,
`.otel._langtrace_langchain`). A later call's input replays the agent's earlier replies with
their name: that is the agent that ran (a graph node's name, ``langgraph_node`` in its
metadata, is the node's, ``agent``, not the agent's).

OpenLLMetry for JS's LangChain instrumentation (@traceloop/instrumentation-langchain 0.27.0)
records the graph's runnables (the graph, its nodes, its routers) as ``workflow`` spans whose
entity input and output are the graph's state or a node's ``Command`` (`._entity_workflows`),
its messages serialised (``{lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs: {name,
...}}``), and no span names the agent: the name on the agent's replies in them does, in each
trace that holds one (every span is a trace of its own there).

Langtrace's TypeScript SDK (``@langtrase/typescript-sdk`` 6.3.7) instruments no LangChain.js
runnable: a LangChain.js agent's run under it is the provider client's spans (its OpenAI
instrumentation's ``openai.chat.completions.create``), whose ``gen_ai.content.prompt`` event
holds the request's messages as sent. LangChain.js's ``ChatOpenAI`` sends an AI message's
``name`` as the Chat Completions message's ``name``, so a later request replays the agent's
earlier turn as ``{role: assistant, name, ...}``: its name is the agent's, as on the Python
SDK's LangChain spans.

The rule, `replayed_agent`: the first name written on an AI message in a Langtrace span's
``langchain.inputs`` or ``langchain.outputs``, on an assistant message of a Langtrace
TypeScript SDK span's prompt event, or in the state an OpenLLMetry JS ``workflow`` span was
given or returned, in the spans' order; only where no run names its agent (the assembly asks
last). A human, user or tool message's name names no agent; a span of another tracer
(OpenLLMetry's Python LangChain spans, whose records are the callbacks') is not read, nor the
Python SDK's provider spans' prompts (what a name on an assistant message there means depends
on the framework above the client, which those spans do not say).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ._entity_workflows import ENTITY_INPUT, ENTITY_OUTPUT, is_entity_workflow, state_lists
from ._langtrace_spans import is_langtrace, is_langtrace_ts
from ._messages import try_json
from ._spans import Span

__all__ = ["replayed_agent"]

_KEYS = ("langchain.inputs", "langchain.outputs")
_AI = frozenset({"ai", "AIMessageChunk"})
_PROMPT_EVENT = "gen_ai.content.prompt"
_AI_CLASSES = frozenset({"AIMessage", "AIMessageChunk"})  # the serialised form's ``id[-1]``


def replayed_agent(spans: Iterable[Span]) -> str | None:
    """The first name on an AI message a Langtrace span or OpenLLMetry JS state records, or None.

    `spans` in time order.

    Examples:
        >>> import json
        >>> def span(given, **attrs):
        ...     attrs = {"langtrace.sdk.name": "langtrace-python-sdk",
        ...              "langchain.inputs": json.dumps(given), **attrs}
        ...     return Span("t", "s", None, "BaseChatModel.invoke", 0, 1, "ok", None, attrs)
        >>> asked = {"type": "human", "content": "Weather?", "name": "ann"}
        >>> replied = {"type": "ai", "name": "weather_agent", "tool_calls": []}
        >>> replayed_agent([span([[asked]]), span([[asked, replied], {"metadata": {}}])])
        'weather_agent'

        A user's name, an unnamed reply, another tracer's span: no agent.

        >>> replayed_agent([span([[asked, {"type": "ai", "content": "Sunny."}]])]) is None
        True
        >>> other = span([[replied]])
        >>> del other.attributes["langtrace.sdk.name"]
        >>> replayed_agent([other]) is None
        True

        OpenLLMetry JS's runnable: a node's ``Command`` carries the agent's reply.

        >>> ai = {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages",
        ...       "AIMessage"], "kwargs": {"content": "", "name": "weather_agent"}}
        >>> human = {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages",
        ...          "HumanMessage"], "kwargs": {"content": "Weather?", "name": "ann"}}
        >>> node = {"gen_ai.operation.name": "workflow", "traceloop.span.kind": "workflow",
        ...     "traceloop.entity.input": json.dumps({"messages": [human]}),
        ...     "traceloop.entity.output": json.dumps({"output": [
        ...         {"lg_name": "Command", "update": {"messages": [ai]}, "goto": []}]})}
        >>> replayed_agent([Span("t", "s", None, "workflow RunnableSequence", 0, 1, "ok", None,
        ...                      node)])
        'weather_agent'
        >>> python = dict(node, **{"gen_ai.operation.name": "invoke_agent"})  # not JS's shape
        >>> replayed_agent([Span("t", "s", None, "x", 0, 1, "ok", None, python)]) is None
        True

        Langtrace's TypeScript SDK: the name on an assistant message its prompt event replays.

        >>> def chat(prompt, sdk="@langtrase/typescript-sdk"):
        ...     event = {"name": "gen_ai.content.prompt",
        ...              "attributes": {"gen_ai.prompt": json.dumps(prompt)}}
        ...     return Span("t", "s", None, "openai.chat.completions.create", 0, 1, "ok", None,
        ...                 {"langtrace.sdk.name": sdk}, [event])
        >>> turn = {"role": "assistant", "content": "", "name": "weather_agent"}
        >>> replayed_agent([chat([{"role": "user", "content": "Weather?"}, turn])])
        'weather_agent'

        A user's or tool's name, the Python SDK's provider span, another tracer's: none.

        >>> replayed_agent([chat([{"role": "user", "content": "Hi", "name": "ann"}, [{"id": ""}],
        ...                       {"role": "tool", "content": "sunny", "name": "get_weather"}])])
        >>> replayed_agent([chat([turn], "langtrace-python-sdk")]) is None
        True
        >>> replayed_agent([chat([turn], "opentelemetry")]) is None
        True
    """
    for span in spans:
        if is_entity_workflow(span.attributes):
            for key in (ENTITY_INPUT, ENTITY_OUTPUT):
                for found in state_lists(span.attributes.get(key)):
                    for name in _serialised_writers(found):
                        return name
        if is_langtrace_ts(span):
            for name in _prompt_writers(span):
                return name
        if not is_langtrace(span):
            continue
        for key in _KEYS:
            for name in _writers(try_json(span.attributes.get(key))):
                return name
    return None


def _prompt_writers(span: Span) -> Iterator[str]:
    """The names on the assistant messages of a span's ``gen_ai.content.prompt`` events."""
    for event in span.events:
        if event.get("name") != _PROMPT_EVENT:
            continue
        prompt = try_json((event.get("attributes") or {}).get("gen_ai.prompt"))
        for item in prompt if isinstance(prompt, list) else []:
            if not isinstance(item, dict) or item.get("role") != "assistant":
                continue
            name = item.get("name")
            if isinstance(name, str) and name.strip():
                yield name


def _serialised_writers(messages: list[Any]) -> Iterator[str]:
    """The names on the serialised AI messages of a state's list."""
    for item in messages:
        if not (isinstance(item, dict) and item.get("lc") == 1):
            continue
        kind, fields = item.get("id"), item.get("kwargs")
        if not (isinstance(kind, list) and kind and kind[-1] in _AI_CLASSES):
            continue
        name = fields.get("name") if isinstance(fields, dict) else None
        if isinstance(name, str) and name.strip():
            yield name


def _writers(value: Any) -> Iterator[str]:
    """The names on the AI message dumps in `value`, at any depth of its lists."""
    if isinstance(value, list):
        for item in value:
            yield from _writers(item)
    elif isinstance(value, dict):
        name = value.get("name")
        if value.get("type") in _AI and isinstance(name, str) and name.strip():
            yield name
        elif isinstance(value.get("messages"), list):  # a prompt value's messages
            yield from _writers(value["messages"])
