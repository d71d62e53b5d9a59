"""AutoGen AgentChat's messages as autogen-core's runtime spans record them.

A team run (``RoundRobinGroupChat``, ``SelectorGroupChat``...) on an agent runtime given a
tracer provider records each message delivery as an ``autogen process`` span
(``messaging.operation`` ``process``) whose ``message`` attribute is the delivered message
as JSON: a group chat start ``{"messages": [...]}`` (the task), a group chat message
``{"message": {...}}`` (each event an agent emits), an agent's response ``{"response":
{"chat_message": {...}, "inner_messages": [...]}}`` (its answer and, again, the events that
led to it). The AgentChat messages inside (``{id, source, models_usage, created_at,
content, type}``) are read:

- ``TextMessage``: from source ``user``, the user's message; from an agent, that agent's
  assistant message (its ``source`` the name);
- ``HandoffMessage``: the agent's text handing the conversation to its ``target`` (a Swarm's
  handoff: the agent's response after its transfer tool's request and result, which the
  next agent's model gets), its assistant message; its ``context`` (model messages carried
  to the target) repeats the turn's events and is not read;
- ``ToolCallSummaryMessage``: an agent's response when it does not reflect on its tools' results
  (their texts, by its summary format), its assistant message, said to the team after the
  results; its ``tool_calls`` and ``results`` repeat the turn's events;
- ``MultiModalMessage``: its text parts (joined by a newline), the user's or an agent's; an
  image (``{"data": <base64>}``) is no text;
- ``StructuredMessage[<Model>]`` (an agent's ``output_content_type``): its ``content`` is the
  object, the message's structured value (an answer that is one is the run's structured
  answer); its text, what AgentChat gives a model for it: its ``format_string`` filled with
  the object's fields, else the object as compact JSON;
- ``ToolCallRequestEvent``: the assistant turn requesting the calls (``content``: ``[{id,
  name, arguments}]``, the arguments as JSON text);
- ``ToolCallExecutionEvent``: one tool message per result (``content``: ``[{call_id, name,
  content, is_error}]``), an error's text its error;
- ``models_usage`` (``{prompt_tokens, completion_tokens}``) on any of them: the tokens of
  the model call that made it.

- ``ThoughtEvent``: the text a model wrote beside the tool calls it requests, the content of
  that request's turn (`integrations._thoughts`; read so since 2026-12-06).

Other message types (``StopMessage`` (the team's termination reason),
``SelectSpeakerEvent``, memory and code events) are not read.
AgentChat's messages carry no system prompt and no model name.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from .._messages import Msg, ToolRequest, parse_arguments, result_text, result_value, try_json
from .._spans import Span
from .._steps import Delivered, Said

__all__ = [
    "agentchat_delivery",
    "agentchat_messages",
    "function_calls",
    "function_result",
    "last_said",
]

_TEXT = frozenset({"TextMessage", "HandoffMessage", "ToolCallSummaryMessage"})
"""Text chat messages: the user's (source ``user``) or an agent's assistant message."""
_CHAT = _TEXT | {"MultiModalMessage"}
_READ = _CHAT | {"ToolCallRequestEvent", "ToolCallExecutionEvent"}
_STRUCTURED = "StructuredMessage"
"""``StructuredMessage[<Model>]``: the type is named after its content's model."""


def agentchat_delivery(span: Span) -> Delivered | None:
    """The AgentChat messages an autogen-core runtime span delivered (None: not such a span)."""
    attrs = span.attributes
    if "messaging.operation" not in attrs or not isinstance(attrs.get("message"), str):
        return None
    found: list[dict[str, Any]] = []
    _collect(try_json(attrs["message"]), found)
    said = [s for s in (_said(m) for m in found) if s is not None]
    return Delivered(span, said) if said else None


def agentchat_messages(value: Any) -> list[Msg]:
    """The messages of the AgentChat messages a payload holds, in the order they were said.

    A team's or an agent's result (``TaskResult``'s ``messages``, a ``Response``'s
    ``inner_messages`` then ``chat_message``), as the runtime delivers them and as MLflow's
    AutoGen autolog records an agent's output; the types read are the module's.

    Examples:
        >>> said = {"messages": [
        ...     {"type": "TextMessage", "source": "user", "content": "Weather?"},
        ...     {"type": "TextMessage", "source": "weather_agent", "content": "Sunny."}]}
        >>> [(m.role, m.content, m.name) for m in agentchat_messages(said)]
        [('user', 'Weather?', None), ('assistant', 'Sunny.', 'weather_agent')]
    """
    found: list[dict[str, Any]] = []
    _collect(value, found)
    kinds = [(str(m["type"]), m) for m in found]
    return [
        msg
        for kind, m in kinds
        if kind in _READ or kind.startswith(_STRUCTURED)
        for msg in _messages(kind, m)
    ]


def last_said(messages: list[Msg]) -> list[Msg]:
    """The last text an agent said among AgentChat's `messages` (none: it said no text).

    A team's or an agent's answer, where its result holds every message of the run.

    Examples:
        >>> said = [Msg(role="user", content="Weather?"), Msg(role="assistant", content="Sunny."),
        ...         Msg(role="assistant", tool_calls=[])]
        >>> [m.content for m in last_said(said)]
        ['Sunny.']
    """
    return [m for m in messages if m.role == "assistant" and m.content and not m.tool_calls][-1:]


def _collect(value: Any, found: list[dict[str, Any]]) -> None:
    """The AgentChat messages in a delivered payload, in the order they were said."""
    if isinstance(value, list):
        for item in value:
            _collect(item, found)
        return
    if not isinstance(value, dict):
        return
    if isinstance(value.get("type"), str) and "source" in value and "content" in value:
        found.append(value)
        return
    if "chat_message" in value:  # an agent's response: the events before its answer
        _collect(value.get("inner_messages"), found)
        _collect(value.get("chat_message"), found)
        return
    for key in ("messages", "message", "response"):
        _collect(value.get(key), found)


def _said(message: dict[str, Any]) -> Said | None:
    kind = message["type"]
    usage = message.get("models_usage")
    tokens = (
        (_token_count(usage.get("prompt_tokens")), _token_count(usage.get("completion_tokens")))
        if isinstance(usage, dict)
        else (None, None)
    )
    readable = kind in _READ or kind.startswith(_STRUCTURED)
    msgs = _messages(kind, message) if readable else []
    content = message.get("content")
    thought = content if kind == "ThoughtEvent" and isinstance(content, str) else None
    if not msgs and tokens == (None, None) and thought is None:
        return None
    ident = message.get("id")
    return Said(
        id=str(ident) if ident else None,
        created_ns=_created(message.get("created_at")),
        messages=msgs,
        input_tokens=tokens[0],
        output_tokens=tokens[1],
        thought=thought,
    )


def _messages(kind: str, message: dict[str, Any]) -> list[Msg]:
    source = str(message.get("source") or "")
    content = message.get("content")
    if kind in _CHAT or kind.startswith(_STRUCTURED):
        structured = kind.startswith(_STRUCTURED) and isinstance(content, dict | list)
        if structured:
            text: str | None = _structured_text(content, message.get("format_string"))
        elif kind == "MultiModalMessage" and isinstance(content, list):
            parts = [c for c in content if isinstance(c, str)]  # an image is no text
            text = "\n".join(parts) if parts else None
        elif isinstance(content, str):
            text = content
        else:
            return []
        role = "user" if source == "user" else "assistant"
        name = None if role == "user" else source or None
        return [Msg(role=role, content=text, name=name, result=content if structured else None)]
    items = [c for c in content if isinstance(c, dict)] if isinstance(content, list) else []
    if kind == "ToolCallRequestEvent":
        requests = function_calls(items)
        return [Msg(role="assistant", name=source or None, tool_calls=requests)] if requests else []
    return [function_result(c) for c in items]


def function_calls(items: list[Any]) -> list[ToolRequest]:
    """autogen-core's ``FunctionCall``s (``{id, name, arguments}``, the arguments JSON text).

    Examples:
        >>> [(r.name, r.arguments, r.id) for r in function_calls(
        ...     [{"id": "c1", "name": "get_weather", "arguments": '{"city": "Oslo"}'}])]
        [('get_weather', {'city': 'Oslo'}, 'c1')]
    """
    return [
        ToolRequest(
            name=str(c.get("name") or ""),
            arguments=parse_arguments(c.get("arguments")),
            id=str(c["id"]) if c.get("id") else None,
        )
        for c in items
        if isinstance(c, dict) and c.get("name")
    ]


def function_result(result: dict[str, Any]) -> Msg:
    """autogen-core's ``FunctionExecutionResult`` as its tool message, an error's text its error.

    The result is ``{call_id, name, content, is_error}``.

    Examples:
        >>> failed = {"call_id": "c1", "name": "f", "content": "no", "is_error": True}
        >>> said = function_result(failed)
        >>> (said.role, said.tool_call_id, said.error)
        ('tool', 'c1', 'no')
    """
    text = result_text(result.get("content"))
    return Msg(
        role="tool",
        content=text,
        name=str(result["name"]) if result.get("name") else None,
        tool_call_id=str(result["call_id"]) if result.get("call_id") else None,
        result=result_value(result.get("content")),
        error=text if result.get("is_error") is True else None,
    )


def _structured_text(content: Any, format_string: Any) -> str:
    """A structured message's text: its format string filled, else its object as compact JSON.

    Examples:
        >>> _structured_text({"city": "Paris", "sky": "sunny"}, "{city}: {sky}")
        'Paris: sunny'
        >>> _structured_text({"city": "Paris", "cities": ["Paris"]}, None)
        '{"city":"Paris","cities":["Paris"]}'
    """
    if isinstance(format_string, str) and isinstance(content, dict):
        try:
            return format_string.format(**content)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass  # a format that does not fit the object: the object itself
    return json.dumps(content, ensure_ascii=False, separators=(",", ":"), default=str)


def _token_count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return int(value)


def _created(value: Any) -> int | None:
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    delta = when - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000_000 + delta.microseconds * 1000
