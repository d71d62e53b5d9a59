"""The messages Langfuse's JS/TS LangChain handler writes: a tool message named as its tool.

@langfuse/langchain 5.11.1's ``CallbackHandler`` (``extractChatMessageContent``) writes each
LangChain.js message of a chat model's input, a chain's input and a chain's output state as
a plain object: a human message ``{content, role: "user"}``, an AI message ``{content,
role: "assistant", tool_calls}``, a system message ``{content, role: "system"}``, but a
``ToolMessage`` (and a ``FunctionMessage``) as ``{content, additional_kwargs, role:
message.name}``: the tool's name stands as the role (``"role": "get_weather"``) and the
message's ``tool_call_id`` is left out. Such a message is a tool message (`handler_message`):
its role no role a message has and ``additional_kwargs`` beside it, the one kind of message
the handler writes with both; the tool's name is its name. Its id is the call's, which the
tool observations' output ``ToolMessage`` gives (the conversation matches the call to its
answer). A message the handler writes with any other role than a known one and no
``additional_kwargs`` (a generic ``ChatMessage`` named so) is left as it is.

A chain's output state is then ``{"messages": [...]}`` of those objects
(`handler_messages`): the root's output when LangChain.js's ``createAgent`` (langchain
1.5.14) is the traced run, its last AI message the run's answer.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["handler_message", "handler_messages"]

_KNOWN = {
    "system",
    "developer",
    "user",
    "human",
    "assistant",
    "ai",
    "model",
    "bot",
    "tool",
    "function",
    "ipython",
}


def handler_message(item: Any) -> Any:
    """`item` as a ``role: tool`` message when the handler wrote a tool's as its tool's name.

    Examples:
        >>> handler_message({"content": "sunny", "additional_kwargs": {}, "role": "get_weather"})
        {'content': 'sunny', 'role': 'tool', 'name': 'get_weather'}
        >>> handler_message({"content": "Hi", "role": "user"})
        {'content': 'Hi', 'role': 'user'}
        >>> handler_message({"content": "Hi", "role": "narrator"})
        {'content': 'Hi', 'role': 'narrator'}
    """
    if not isinstance(item, dict) or "additional_kwargs" not in item:
        return item
    role = item.get("role")
    if not isinstance(role, str) or not role or role.lower() in _KNOWN:
        return item
    out = {k: v for k, v in item.items() if k not in ("additional_kwargs", "role")}
    return {**out, "role": "tool", "name": role}


def handler_messages(value: Any) -> list[Msg] | None:
    """The messages of a handler-written list or state (``{"messages": [...]}``); else None.

    Every item must be one of the handler's message objects, each with a role.

    Examples:
        >>> [(m.role, m.name) for m in handler_messages({"messages": [
        ...     {"role": "user", "content": "Weather?"},
        ...     {"content": "sunny", "additional_kwargs": {}, "role": "get_weather"},
        ...     {"role": "assistant", "content": "Sunny."}]})]
        [('user', None), ('tool', 'get_weather'), ('assistant', None)]
        >>> handler_messages({"messages": [{"lc": 1, "type": "constructor"}]}) is None
        True
    """
    value = try_json(value)
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]
    if not (isinstance(value, list) and value):
        return None
    items = [handler_message(item) for item in value]
    if not all(isinstance(i, dict) and str(i.get("role") or "").lower() in _KNOWN for i in items):
        return None
    return parse_messages(items)
