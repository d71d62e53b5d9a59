"""What a LangChain callback records of a runnable: the messages it took and returned.

LangWatch's Python SDK (``langwatch`` 1.x, ``trace.get_langchain_callback()``) writes each
LangChain runnable it sees as a span of ``langwatch.span.type`` ``chain`` (a LangGraph graph,
each of its nodes), its ``langwatch.input`` / ``langwatch.output`` typed ``json`` values of what
the runnable took and returned. Where those hold LangChain messages, they are written as their
fields alone, the class left out: ``{content, additional_kwargs, response_metadata, name, id,
tool_calls: [{name, args, id, type}], invalid_tool_calls, usage_metadata}`` for an
``AIMessage`` (every one writes ``tool_calls``, empty or not), ``{content, name, id,
tool_call_id, artifact, status}`` for a ``ToolMessage``, ``{content, id}`` for a
``HumanMessage`` (a ``SystemMessage`` would read the same; a LangGraph agent's system prompt is
given to its model, not kept in its state). A message given as LangChain's ``(role, text)``
pair (a graph's input, ``[["user", "..."]]``) is that role's. A node that returns a LangGraph
``Command`` is written as the ``str()`` of it in a list (``["Command(update={'messages':
[AIMessage(...)]})"]``, LangChain 1.x's ``create_agent`` model node), read as the Command's repr
(`._command_reprs`). LangWatch's TypeScript SDK (``langwatch`` 0.16, its
``LangWatchCallbackHandler``, scope ``langwatch.instrumentation.langchain``) writes the same
runnables' values with LangChain.js's messages serialised whole, ``{lc: 1, type:
"constructor", id: ["langchain_core", "messages", "AIMessage"], kwargs: {content, name,
tool_calls, tool_call_id...}}``, each read as the class it names (`._shapes.langchain_messages`;
another class, a ``Document``, is no message). A runnable that returns one message (a chat
model, a ``prompt | model`` sequence: an agent node's model step) has it written alone, not in
a list or a state: that message (`lone_message`). OpenLLMetry for JS's LangChain
instrumentation writes its runnables' values with the same serialisation, and its runs read a
lone message so too (`._entity_states`). `chain_messages` reads those messages:

- the requesting turns and tool messages of what a chain returned are turns its run holds
  whole (`AgentRun.held_turns`): LangWatch's model-call spans (``llm``) write LangChain's
  messages through the same callback with their requests and call ids dropped (a turn of calls
  as its empty text, its results as ``unknown`` text, `._langwatch_values`), and the model
  input that replays them takes them back (`.._held_turns`);
- the name a chain's replies are signed with (`signed_name`): LangGraph's agents
  (``create_agent``, ``create_react_agent``) sign every ``AIMessage`` they make with the
  agent's ``name``, and their graph runs under that name, so a chain whose returned state's
  replies are signed with the chain's own name is that agent's run.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json
from ._command_reprs import command_repr
from ._shapes import langchain_messages

__all__ = ["chain_messages", "lone_message", "signed_name"]

_PAIR_TYPES = {"user": "human", "human": "human", "ai": "ai", "assistant": "ai", "system": "system"}
"""LangChain's ``(role, text)`` pair's role, as the type its message serialises as."""


def chain_messages(value: Any) -> list[Msg]:
    """The LangChain messages a chain's JSON value holds, each as far as it reads.

    A LangGraph state (``{"messages": [...]}``), a list of messages, or a list of a
    ``Command``'s reprs (the messages of their updates); anything else holds none.

    Examples:
        >>> state = {"messages": [{"content": "Rain?", "id": "h1"},
        ...     {"content": "", "additional_kwargs": {}, "name": "weather_agent", "tool_calls": [
        ...         {"name": "get_weather", "args": {"city": "Paris"}, "id": "c1",
        ...          "type": "tool_call"}]},
        ...     {"content": "sunny", "name": "get_weather", "tool_call_id": "c1",
        ...      "status": "success"}]}
        >>> said = chain_messages(state)
        >>> [(m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id) for m in said]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('user', 'Rain?', [], None), ('assistant', None, ['c1'], None),
         ('tool', 'sunny', [], 'c1')]
        >>> command = ["Command(update={'messages': [AIMessage(content='Sunny.', "
        ...     "name='weather_agent', tool_calls=[])]})"]
        >>> [(m.role, m.content, m.name) for m in chain_messages(command)]
        [('assistant', 'Sunny.', 'weather_agent')]

        A graph's input pair is its role's message; a tool call list (a tools node's input)
        and a text hold none:

        >>> [(m.role, m.content) for m in chain_messages({"messages": [["user", "Rain?"]]})]
        [('user', 'Rain?')]

        LangChain.js's serialised classes (the TypeScript SDK's), each the message its class
        names; a serialised class of no message, and one not made by a constructor, hold none:

        >>> def lc(cls, **kwargs):
        ...     return {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages",
        ...         cls], "kwargs": kwargs}
        >>> said = chain_messages({"messages": [lc("HumanMessage", content="Rain?"),
        ...     lc("AIMessage", content="", name="weather_agent", tool_calls=[{"name": "f",
        ...         "args": {"city": "Paris"}, "id": "c1", "type": "tool_call"}]),
        ...     lc("ToolMessage", content="sunny", tool_call_id="c1", name="get_weather")]})
        >>> [(m.role, m.name, [r.id for r in m.tool_calls], m.tool_call_id) for m in said]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('user', None, [], None), ('assistant', 'weather_agent', ['c1'], None),
         ('tool', 'get_weather', [], 'c1')]
        >>> document = {"lc": 1, "type": "constructor", "id": ["langchain_core", "documents",
        ...     "Document"], "kwargs": {"page_content": "Rain."}}
        >>> chain_messages([document]), chain_messages([{"lc": 1, "type": "not_implemented",
        ...     "id": ["langchain_core", "messages", "AIMessage"], "repr": "AIMessage()"}])
        ([], [])
        >>> chain_messages([{"name": "get_weather", "args": {}, "id": "c1",
        ...     "type": "tool_call"}]), chain_messages("Rain?")
        ([], [])

        A model step's one message, serialised alone, is that message:

        >>> [(m.role, m.content) for m in chain_messages(lc("AIMessage", content="Sunny."))]
        [('assistant', 'Sunny.')]
    """
    value = try_json(value)
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]
    if not isinstance(value, list):
        return lone_message(value)
    out: list[Msg] = []
    for item in value:
        command = command_repr(item) if isinstance(item, str) else None
        if command is not None:
            out.extend(chain_messages(command["update"]))
            continue
        typed = _typed(item)
        out.extend((langchain_messages([typed]) or []) if typed is not None else [])
    return out


def _typed(item: Any) -> dict[str, Any] | None:
    """One message as LangChain serialises it (``{type, data}``), its class told by its fields.

    A message already typed is as it is, and so is one LangChain.js serialised (``{lc: 1,
    type: "constructor", id, kwargs}``); one with ``tool_call_id`` is a tool message, one with
    ``tool_calls`` an assistant's, any other with ``content`` a human's; a ``(role, text)``
    pair its role's.
    """
    if isinstance(item, list) and len(item) == 2 and isinstance(item[1], str):
        kind = _PAIR_TYPES.get(str(item[0]))
        return {"type": kind, "data": {"content": item[1]}} if kind else None
    if isinstance(item, dict) and _serialised(item):
        return item  # LangChain.js's serialised class: `langchain_messages` reads it
    if not isinstance(item, dict) or "content" not in item:
        return None
    if "type" in item:
        return item
    if item.get("tool_call_id"):
        return {"type": "tool", "data": item}
    if "tool_calls" in item:
        return {"type": "ai", "data": item}
    return {"type": "human", "data": item}


def lone_message(value: Any) -> list[Msg]:
    """The one message a value that LangChain.js serialised alone is, as its class names it.

    What a runnable that returns one message (a chat model, a ``prompt | model`` sequence)
    gives is that message, serialised whole (``{lc: 1, type: "constructor", id: [...,
    <class>], kwargs}``); read as the class it names (`._shapes.langchain_messages`): an
    ``AIMessage`` the model's turn, its text and the calls it requested.

    Examples:
        >>> def lc(cls, **kwargs):
        ...     return {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages",
        ...         cls], "kwargs": kwargs}
        >>> [(m.role, m.content) for m in lone_message(lc("AIMessage", content="Sunny."))]
        [('assistant', 'Sunny.')]
        >>> said = lone_message('{"lc": 1, "type": "constructor", "id": ["langchain_core", '
        ...     '"messages", "AIMessage"], "kwargs": {"content": "", "tool_calls": [{"name": '
        ...     '"get_weather", "args": {"city": "Paris"}, "id": "c1"}]}}')
        >>> [(m.role, m.content, [r.id for r in m.tool_calls]) for m in said]
        [('assistant', None, ['c1'])]

        Not a class of no message (a ``Document``, a ``ChatPromptValue``), one LangChain
        could not serialise, Python's ``{type, data}`` or its fields alone (which say no
        class), a list, a state or a node's result (`chain_messages`, `state_lists` read
        those), a text:

        >>> document = {"lc": 1, "type": "constructor", "id": ["langchain_core", "documents",
        ...     "Document"], "kwargs": {"page_content": "Rain."}}
        >>> prompt = {"lc": 1, "type": "constructor", "id": ["langchain_core",
        ...     "prompt_values", "ChatPromptValue"], "kwargs": {"messages": []}}
        >>> lone_message(document), lone_message(prompt), lone_message({"lc": 1,
        ...     "type": "not_implemented", "id": ["langchain_core", "messages", "AIMessage"],
        ...     "repr": "AIMessage()"})
        ([], [], [])
        >>> lone_message({"type": "ai", "data": {"content": "Sunny."}}), lone_message(
        ...     {"content": "Sunny.", "tool_calls": []})
        ([], [])
        >>> lone_message([lc("AIMessage", content="Sunny.")]), lone_message(
        ...     {"messages": [lc("AIMessage", content="Sunny.")]}), lone_message("Sunny.")
        ([], [], [])
    """
    value = try_json(value)
    return (langchain_messages([value]) or []) if _serialised(value) else []


def _serialised(item: Any) -> bool:
    """Whether `item` is a class LangChain.js serialised whole (``lc`` 1, a ``constructor``)."""
    return isinstance(item, dict) and item.get("lc") == 1 and item.get("type") == "constructor"


def signed_name(messages: list[Msg]) -> str | None:
    """The one name the assistant messages of `messages` are signed with; None if none or two.

    Examples:
        >>> signed_name([Msg("user", "Rain?"), Msg("assistant", "Sunny.", name="weather")])
        'weather'
        >>> signed_name([Msg("assistant", "a", name="x"), Msg("assistant", "b", name="y")])
        >>> signed_name([Msg("tool", "sunny", name="get_weather", tool_call_id="c1")])
    """
    names = {m.name for m in messages if m.role == "assistant" and m.name}
    return names.pop() if len(names) == 1 else None
