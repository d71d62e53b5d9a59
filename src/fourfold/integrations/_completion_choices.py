"""A Chat Completions choice where messages are read: the choice's message.

Most tracers write a model call's reply (``gen_ai.output.messages``) as messages: OpenAI's
(``{"role": "assistant", "content": ..., "tool_calls": [...]}``) or the GenAI conventions'
parts (``{"role": "assistant", "parts": [...], "finish_reason": "stop"}``). Laminar's SDK
(``lmnr``, scope ``lmnr.tracer``) writes it as the response's ``choices``, as the OpenAI
client returns them: ``[{"finish_reason": "stop", "index": 0, "logprobs": null, "message":
{"role": "assistant", "content": ..., "tool_calls": ...}}]``. Read as a message, such a
choice has no role, content or parts and says nothing: the reply of a run's last model call,
its answer, was lost (laminar-openai, laminar-langgraph).

The rule, `choice_message`: an object with no ``role``, ``content`` or ``parts`` of its own,
holding a ``message`` object and a ``finish_reason`` (present, whatever its value), is a
choice, and what it says is its message, an assistant's unless the message names its role.
It applies wherever messages are read (`._messages.parse_messages`): a GenAI "parts" message,
which carries a ``finish_reason`` beside its ``role``, stays a message, and a ``gen_ai.choice``
event's body (``message``, ``finish_reason``), which its reader takes apart itself
(`otel._events`), reads as before. A reply of several choices (Chat Completions' ``n``) is
then as many messages, marked as choices as a reply list of several finished messages is
(`._choices.finished_choices`, which reads a choice's ``finish_reason`` and its message's
role through `choice_entry`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["choice_entry", "choice_message"]

_OWN = ("role", "content", "parts")


def choice_message(value: dict[str, Any]) -> dict[str, Any] | None:
    """The message of `value` when it is a Chat Completions choice; else None.

    Examples:
        >>> choice = {"finish_reason": "stop", "index": 0, "logprobs": None,
        ...     "message": {"content": "Sunny.", "role": "assistant", "tool_calls": None}}
        >>> choice_message(choice)
        {'content': 'Sunny.', 'role': 'assistant', 'tool_calls': None}
        >>> choice_message({"finish_reason": None, "message": {"content": "Hi", "role": None}})
        {'content': 'Hi', 'role': 'assistant'}

        A GenAI "parts" message with its finish reason is no choice; nor is an object that
        has a ``message`` but no finish reason (a log record, an event's other body):

        >>> choice_message({"role": "assistant", "parts": [], "finish_reason": "stop",
        ...     "message": {"content": "x"}}) is None
        True
        >>> choice_message({"message": {"content": "Hi"}}) is None
        True
        >>> choice_message({"finish_reason": "stop", "message": "Hi"}) is None
        True
    """
    message = value.get("message")
    if not isinstance(message, dict) or "finish_reason" not in value:
        return None
    if any(key in value for key in _OWN):
        return None
    return {**message, "role": message.get("role") or "assistant"}


def choice_entry(value: Any) -> Any:
    """A reply list's entry as a message with its finish reason: a choice's message, else it.

    Examples:
        >>> choice_entry({"finish_reason": "stop", "index": 1, "message": {"content": "b"}})
        {'role': 'assistant', 'finish_reason': 'stop'}
        >>> choice_entry({"role": "assistant", "finish_reason": "stop"})
        {'role': 'assistant', 'finish_reason': 'stop'}
    """
    message = choice_message(value) if isinstance(value, dict) else None
    if message is None:
        return value
    return {"role": message["role"], "finish_reason": value["finish_reason"]}
