"""A ``gen_ai.choice`` event whose ``message`` is an object that is no message.

Strands Agents writes its agent span's choice as ``str(AgentResult)``: the answer's text, or,
when the run asked for structured output (``structured_output_model``), the object's JSON
(``model_dump_json()``), e.g. ``{"summary": "...", "cities": [...]}``. That parses as a dict
but is not a message (no role, content, parts, text or tool calls): it is the run's
structured answer (the arguments of the output tool the model called), which no model call
said as text; so it is the run's output value, not an assistant message.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from .._spans import Span

__all__ = ["choice_object", "is_message_body"]

_MESSAGE_KEYS = frozenset(
    {"role", "content", "parts", "text", "messages", "tool_calls", "function_call"}
)


def is_message_body(value: dict[str, Any]) -> bool:
    """Whether a choice's parsed ``message`` object is a message (else an object answered).

    Examples:
        >>> is_message_body({"role": "assistant", "content": "Hi"})
        True
        >>> is_message_body({"tool_calls": [{"id": "call_1"}]})
        True
        >>> is_message_body({"summary": "sunny", "cities": ["Paris"]})
        False
    """
    return bool(_MESSAGE_KEYS & set(value))


def choice_object(span: Span) -> dict[str, Any] | None:
    """The object a span's last ``gen_ai.choice`` event answers, when it is no message."""
    for event in reversed(span.events):
        if event.get("name") != "gen_ai.choice":
            continue
        message = try_json((event.get("attributes") or {}).get("message"))
        if isinstance(message, dict) and message and not is_message_body(message):
            return message
        return None
    return None
