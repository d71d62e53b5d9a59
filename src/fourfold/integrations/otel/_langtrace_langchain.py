"""Langtrace's LangChain-core spans: a chat model's ``invoke``, its messages as object dumps.

langtrace-python-sdk (3.8.21) wraps LangChain-core's methods (scope
``langtrace_python_sdk.instrumentation.langchain_core.instrumentation``, ``langtrace.service.name``
``Langchain Core``): a chat model's ``BaseChatModel.invoke`` > ``generate_prompt`` >
``generate`` (and ``asdict`` beside), typed ``langchain.task.name`` ``chatmodel``, each
writing its positional arguments as ``langchain.inputs`` and what it returned as
``langchain.outputs``, JSON of the objects' ``__dict__`` with every empty value left out (its
``to_json_string``: a turn that only requests tools has no ``content`` key). Only
``invoke``'s output is a message (``{type: ai, tool_calls: [{name, args, id}], ...}``) and
only it carries the call's counts (``gen_ai.usage.*`` from the message's ``usage_metadata``);
``generate``'s ``LLMResult`` keeps of a reply its text (``generations[0][0].text``), not its
requests, and the provider client's span inside (Langtrace's OpenAI ``chat.completions``)
writes the request's messages but no completion, and no counts.

So the chat model's call is the ``chatmodel`` span whose output is an AI message dump
(`chat_model_call`): its input the first argument, the LangChain messages it was given
(``[{type: system|human|ai|tool, content, name, tool_calls, tool_call_id, ...}]``, a prompt
value's ``{messages}`` or a text), its reply that message. The spans between it and the
client's span are none (no output message); the client's span, the only model call inside
it, is the same call (`.._same_call`).

The agent LangGraph's prebuilt agents name on their replies, which such an input replays, is
read by `.._replay_agents` (the assembly's).
"""

from __future__ import annotations

from typing import Any

from .._langtrace_spans import is_langtrace
from .._messages import Msg, parse_messages, try_json
from .._spans import Span
from ._shapes import langchain_messages

__all__ = ["chat_model_call", "chat_model_messages", "dumped_messages"]

_TASK = "langchain.task.name"
_INPUTS = "langchain.inputs"
_OUTPUTS = "langchain.outputs"
_REPLIES = frozenset({"ai", "AIMessageChunk"})

Messages = tuple[list[Msg], list[Msg]]


def chat_model_call(span: Span) -> bool:
    """Whether the span is Langtrace's record of a LangChain chat model's call.

    A ``chatmodel`` span of Langtrace whose ``langchain.outputs`` is an AI message.

    Examples:
        >>> lt = {"langtrace.sdk.name": "langtrace-python-sdk", "langchain.task.name": "chatmodel"}
        >>> def span(attrs):
        ...     return Span("t", "s", None, "BaseChatModel.invoke", 1, 2, "ok", None, attrs)
        >>> chat_model_call(span({**lt, "langchain.outputs": '{"type": "ai", "content": "Hi"}'}))
        True

        ``generate``'s ``LLMResult``, ``asdict``'s fields, another tracer's span: none.

        >>> chat_model_call(span({**lt, "langchain.outputs": '{"type": "LLMResult"}'}))
        False
        >>> chat_model_call(span({**lt, "langchain.outputs": '{"_type": "openai-chat"}'}))
        False
        >>> chat_model_call(span({"langchain.task.name": "chatmodel",
        ...                       "langchain.outputs": '{"type": "ai", "content": "Hi"}'}))
        False
    """
    attrs = span.attributes
    if attrs.get(_TASK) != "chatmodel" or _OUTPUTS not in attrs or not is_langtrace(span):
        return False
    return _reply(try_json(attrs[_OUTPUTS])) is not None


def chat_model_messages(span: Span) -> Messages | None:
    """The (inputs, outputs) of Langtrace's chat model call (`chat_model_call`), else None.

    Examples:
        >>> import json
        >>> given = [[{"content": "Be brief.", "type": "system"},
        ...           {"content": "Weather in Paris?", "type": "human", "id": "m1"},
        ...           {"type": "ai", "name": "weather_agent", "tool_calls": [
        ...               {"name": "get_weather", "args": {"city": "Paris"}, "id": "c1"}]},
        ...           {"content": "sunny", "type": "tool", "tool_call_id": "c1"}],
        ...          {"metadata": {"langgraph_node": "agent"}}]
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk",
        ...          "langchain.task.name": "chatmodel", "langchain.inputs": json.dumps(given),
        ...          "langchain.outputs": json.dumps({"content": "Sunny.", "type": "ai"})}
        >>> inputs, [reply] = chat_model_messages(
        ...     Span("t", "s", None, "BaseChatModel.invoke", 1, 2, "ok", None, attrs))
        >>> [(m.role, m.content, [c.id for c in m.tool_calls]) for m in inputs]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', []), ('user', 'Weather in Paris?', []),
         ('assistant', None, ['c1']), ('tool', 'sunny', [])]
        >>> reply.role, reply.content
        ('assistant', 'Sunny.')

        A text given (``invoke("Hi")``) is the user's message:

        >>> attrs["langchain.inputs"] = json.dumps(["Hi"])
        >>> [(m.role, m.content) for m in chat_model_messages(
        ...     Span("t", "s", None, "BaseChatModel.invoke", 1, 2, "ok", None, attrs))[0]]
        [('user', 'Hi')]
    """
    if not chat_model_call(span):
        return None
    reply = _reply(try_json(span.attributes[_OUTPUTS]))
    arguments = try_json(span.attributes.get(_INPUTS))
    given = arguments[0] if isinstance(arguments, list) and arguments else None
    return _given(given), dumped_messages([reply] if reply is not None else [])


def _reply(value: Any) -> dict[str, Any] | None:
    """The AI message dump an output is, else None."""
    if isinstance(value, dict) and value.get("type") in _REPLIES:
        return value
    return None


def _given(value: Any) -> list[Msg]:
    """The chat model's input: its messages, a prompt value's, or a text (the user's)."""
    if isinstance(value, str):
        return [Msg(role="user", content=value)] if value else []
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]  # a ChatPromptValue
    elif isinstance(value, dict) and isinstance(value.get("text"), str):
        return [Msg(role="user", content=value["text"])]  # a StringPromptValue
    if not isinstance(value, list):
        return []
    found = dumped_messages(value)
    return found if found else parse_messages(value)  # OpenAI-style dicts as given


def dumped_messages(items: list[Any]) -> list[Msg]:
    """LangChain messages dumped as their fields (``{type, content, ...}``, no ``data``).

    [] unless every item is one (a list of anything else is no such dump).

    Examples:
        >>> [m.role for m in dumped_messages([{"type": "human", "content": "Hi"},
        ...                                   {"type": "ai", "content": "Hello"}])]
        ['user', 'assistant']
        >>> dumped_messages([{"role": "user", "content": "Hi"}])
        []
    """
    wrapped = [
        {"type": item.get("type"), "data": item} if isinstance(item, dict) else item
        for item in items
    ]
    return langchain_messages(wrapped) or []
