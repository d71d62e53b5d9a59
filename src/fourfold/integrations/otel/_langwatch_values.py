"""LangWatch's typed values: what a span's ``langwatch.input`` / ``langwatch.output`` hold.

LangWatch's SDKs (Python ``langwatch``, TypeScript ``langwatch``) write a span's input and
output as the JSON text of a typed value, ``{"type": <type>, "value": <value>}``, whatever
produced it (the application's ``span.update(input=...)`` / ``setInput(...)``, the SDK's own
autotracking of OpenAI calls, its LangChain callback). The types, as both SDKs define them
(``SpanInputOutput``):

- ``text`` and ``raw``: a text;
- ``json``: any JSON value (an object of arguments, a LangGraph state...);
- ``chat_messages``: a list of LangWatch ``ChatMessage`` s, OpenAI's chat message shape
  (``{role, content, tool_calls: [{id, type, function: {name, arguments}}], tool_call_id,
  name}``), its roles ``system``, ``user``, ``assistant``, ``function``, ``tool`` and, for a
  message its writer could not place, ``unknown`` (and ``guardrail`` / ``evaluation``, no
  message said to a model);
- ``list``: a list of typed values;
- ``guardrail_result`` / ``evaluation_result``: an evaluation's verdict, nothing said.

A typed value written as a list of one (LangWatch's own collector takes the one item) is that
item; a value with no type is read as the JSON it is. A ``json`` value that is itself a typed
value of one of these types is that value: the TypeScript SDK's LangChain callback gives the
tool's output as ``{type: "text", value: <the ToolMessage>}`` and the SDK writes that, an
object, as a ``json`` value (``{type: "json", value: {type: "text", value: {lc: 1, ...}}}``);
a ``text`` value so written may hold an object, not a string (`value_text` reads none).

One role needs reading: LangWatch's LangChain callback (``langchain_message_to_chat_message``)
maps ``HumanMessage``, ``AIMessage``, ``SystemMessage`` and ``FunctionMessage`` to roles and
any other class to ``unknown``, with its content alone. In a model's input the class it meets
is LangChain's ``ToolMessage``: the results of the turn before them, which a chat API takes
only right after the turn that requested them. So an ``unknown`` message right after an
assistant message, or after such results, is a tool message, its call id not written
(`chat_messages`); an ``unknown`` message anywhere else is no message said (its class is not
known).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["typed_value", "value_json", "value_messages", "value_text"]

_TEXT_TYPES = frozenset({"text", "raw"})
_VERDICTS = frozenset({"guardrail_result", "evaluation_result"})
_TYPES = frozenset({*_TEXT_TYPES, *_VERDICTS, "json", "chat_messages", "list"})
"""The types of ``SpanInputOutput``, as both SDKs define them."""
_UNPLACED = "unknown"
_TURN_ROLES = frozenset({"assistant", "tool", "function"})
"""The roles of a turn that requested calls and of its results: what a result follows."""


def typed_value(raw: Any) -> tuple[str, Any] | None:
    """(type, value) of a LangWatch typed value (JSON text or parsed); None when absent.

    Examples:
        >>> typed_value('{"type": "text", "value": "Rain?"}')
        ('text', 'Rain?')
        >>> typed_value([{"type": "json", "value": {"city": "Paris"}}])
        ('json', {'city': 'Paris'})

        A value with no type is the JSON it is; none is none:

        >>> typed_value('{"city": "Paris"}'), typed_value(None)
        (('json', {'city': 'Paris'}), None)

        A ``json`` value that is a typed value of LangWatch's types is that value (the
        TypeScript SDK's LangChain tool output); an object that only has those two keys is
        the JSON it is:

        >>> typed_value({"type": "json", "value": {"type": "text", "value": {"lc": 1}}})
        ('text', {'lc': 1})
        >>> typed_value({"type": "json", "value": {"type": "celsius", "value": 22}})
        ('json', {'type': 'celsius', 'value': 22})
        >>> typed_value({"type": "text", "value": {"type": "text", "value": "x"}})
        ('text', {'type': 'text', 'value': 'x'})
    """
    value = try_json(raw)
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 1 and _typed(value[0]):
        value = value[0]  # a list of one typed value: that value
    if not _typed(value):
        return "json", value
    inner = value["value"]
    if value["type"] == "json" and _typed(inner) and inner["type"] in _TYPES:
        value = inner  # the SDK's own typed value, written as a JSON value
    return str(value["type"]), value["value"]


def _typed(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"type", "value"}


def value_messages(raw: Any, role: str) -> list[Msg]:
    """The messages a typed value says, `role` the role of a text's (a model's input: user).

    Examples:
        >>> asked = {"id": "c1", "type": "function", "function": {"name": "get_weather",
        ...     "arguments": '{"city": "Paris"}'}}
        >>> said = value_messages({"type": "chat_messages", "value": [{"role": "user",
        ...     "content": "Rain?"}, {"role": "assistant", "content": None,
        ...     "tool_calls": [asked]}]}, "user")
        >>> [(m.role, m.content, [(r.id, r.arguments) for r in m.tool_calls]) for m in said]
        [('user', 'Rain?', []), ('assistant', None, [('c1', {'city': 'Paris'})])]
        >>> [(m.role, m.content) for m in value_messages('{"type": "text", "value": "Hi"}',
        ...     "assistant")]
        [('assistant', 'Hi')]

        A list's items, each read; a JSON object of no message, and a verdict, say nothing:

        >>> listed = {"type": "list", "value": [{"type": "text", "value": "Hi"},
        ...     {"type": "chat_messages", "value": [{"role": "user", "content": "Rain?"}]}]}
        >>> [(m.role, m.content) for m in value_messages(listed, "user")]
        [('user', 'Hi'), ('user', 'Rain?')]
        >>> value_messages({"type": "json", "value": {"city": "Paris"}}, "user")
        []
        >>> value_messages({"type": "guardrail_result", "value": {"passed": True}}, "user")
        []
    """
    found = typed_value(raw)
    if found is None:
        return []
    kind, value = found
    if kind == "chat_messages":
        return chat_messages(value)
    if kind in _TEXT_TYPES:
        return [Msg(role=role, content=value)] if isinstance(value, str) and value else []
    if kind == "list" and isinstance(value, list):
        return [m for item in value for m in value_messages(item, role)]
    if kind == "json" and _message_list(value):
        return chat_messages(value)
    return []


def _message_list(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in value)
    )


def chat_messages(value: Any) -> list[Msg]:
    """A ``chat_messages`` value's messages, an ``unknown`` one placed as the module says.

    Examples:
        >>> said = chat_messages([{"role": "user", "content": "Rain?"},
        ...     {"role": "assistant", "content": ""}, {"role": "unknown", "content": "sunny"},
        ...     {"role": "unknown", "content": "rain"}])
        >>> [(m.role, m.content) for m in said]
        [('user', 'Rain?'), ('assistant', ''), ('tool', 'sunny'), ('tool', 'rain')]

        Not one that follows no assistant turn (its class is not known), nor a user's:

        >>> [m.role for m in chat_messages([{"role": "unknown", "content": "x"},
        ...     {"role": "user", "content": "Rain?"}, {"role": "unknown", "content": "y"}])]
        ['user']
    """
    if not isinstance(value, list):
        return parse_messages(value)
    out: list[Msg] = []
    after_turn = False  # right after an assistant turn, or the results that follow it
    for item in value:
        if isinstance(item, dict) and item.get("role") == _UNPLACED:
            if after_turn:
                out.extend(parse_messages(dict(item, role="tool")))
            continue
        out.extend(parse_messages(item))
        after_turn = isinstance(item, dict) and item.get("role") in _TURN_ROLES
    return out


def value_text(raw: Any) -> str | None:
    """A typed value's text: a ``text`` / ``raw`` value, a JSON string; None otherwise.

    Examples:
        >>> value_text('{"type": "text", "value": "Sunny."}'), value_text('{"type": "json", '
        ...     '"value": "Sunny."}')
        ('Sunny.', 'Sunny.')
        >>> value_text({"type": "json", "value": {"question": "Rain?"}}) is None
        True
    """
    found = typed_value(raw)
    if found is None or found[0] not in (*_TEXT_TYPES, "json"):
        return None
    return found[1] if isinstance(found[1], str) else None


def value_json(raw: Any) -> Any:
    """A typed value as the JSON value it records: a text as it is, a list of its items'.

    None for a verdict and for no value. A ``chat_messages`` value stays its message list.

    Examples:
        >>> value_json('{"type": "json", "value": {"city": "Paris"}}')
        {'city': 'Paris'}
        >>> value_json({"type": "list", "value": [{"type": "text", "value": "a"},
        ...     {"type": "json", "value": 2}]})
        ['a', 2]
        >>> value_json({"type": "evaluation_result", "value": {"passed": True}}) is None
        True
    """
    found = typed_value(raw)
    if found is None or found[0] in _VERDICTS:
        return None
    kind, value = found
    if kind == "list" and isinstance(value, list):
        return [value_json(item) for item in value]
    return value
