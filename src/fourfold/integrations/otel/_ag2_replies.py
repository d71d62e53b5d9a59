"""AG2's agent turns as OpenInference's AG2 instrumentation records them: no model call.

``openinference-instrumentation-ag2`` (0.1.12) makes no ``LLM`` span: it wraps
``ConversableAgent.generate_reply`` in an ``AGENT`` span named ``<agent>.generate_reply``
(``agent.name`` the replying agent, ``ag2.sender.name`` the agent it answers), whose
``input.value`` is the history the agent was handed and whose ``output.value`` is its reply:
a model's ``ChatCompletionMessage`` dump (``{role: assistant, content, tool_calls, ...}``)
or its text (``text/plain``). The corpus's ``openinference-ag2-2026-12-07c``.

A reply that is an assistant message (a text, or ``content`` / ``tool_calls``) is the
agent's turn: read as the run's own record (`AgentRun.history`), which the assembly takes
only in a trace where no model-call span records the conversation. Not every reply is a
turn: a user proxy's ``generate_reply`` returns its executed tools' results, AG2's
``{role: tool, tool_responses}`` message (the tool spans record them), and its input writes
the user's text as role ``assistant`` (its own message from its side), so neither the
history nor another role's reply is read; a span of another tool's, or with no
``ag2.sender.name``, is not one.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["generate_reply_turn"]

_SUFFIX = ".generate_reply"


def generate_reply_turn(span_name: str, attrs: dict[str, Any]) -> list[Msg]:
    """The assistant turn an AG2 ``<agent>.generate_reply`` AGENT span's reply is; else ``[]``.

    Examples:
        >>> span = {"agent.name": "w", "ag2.sender.name": "u"}
        >>> [m.content for m in generate_reply_turn("w.generate_reply",
        ...     {**span, "output.value": "Sunny.", "output.mime_type": "text/plain"})]
        ['Sunny.']
        >>> called = ('{"content": null, "role": "assistant", "tool_calls": [{"id": "c1", '
        ...     '"function": {"arguments": "{}", "name": "t"}, "type": "function"}]}')
        >>> [m.tool_calls[0].id for m in generate_reply_turn("w.generate_reply",
        ...     {**span, "output.value": called})]
        ['c1']

        Not a user proxy's tool results, nor no reply, nor another span of the agent's, nor
        a span that is not AG2's (no sender), nor another agent's name in the span's:

        >>> ran = ('{"role": "tool", "tool_responses": [{"tool_call_id": "c1", '
        ...     '"role": "tool", "content": "x"}], "content": "x"}')
        >>> proxy = {**span, "agent.name": "u", "output.value": ran}
        >>> generate_reply_turn("u.generate_reply", proxy)
        []
        >>> generate_reply_turn("w.generate_reply", span)
        []
        >>> generate_reply_turn("w.initiate_chat", {**span, "output.value": "Sunny."})
        []
        >>> generate_reply_turn("w.generate_reply", {"agent.name": "w", "output.value": "Sunny."})
        []
        >>> generate_reply_turn("x.generate_reply", {**span, "output.value": "Sunny."})
        []
    """
    name = attrs.get("agent.name")
    if (
        not isinstance(name, str)
        or span_name != name + _SUFFIX
        or not isinstance(attrs.get("ag2.sender.name"), str)
    ):
        return []
    value = attrs.get("output.value")
    parsed = try_json(value) if isinstance(value, str) else value
    if isinstance(parsed, str):
        return [Msg(role="assistant", content=parsed)] if parsed else []
    if not isinstance(parsed, dict) or parsed.get("role") != "assistant":
        return []
    if not parsed.get("content") and not parsed.get("tool_calls"):
        return []
    return [m for m in parse_messages(parsed) if m.role == "assistant"][:1]
