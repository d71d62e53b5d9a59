"""A model reply recorded as DSPy's LM outputs: ``{"text", "tool_calls"}`` per choice.

DSPy's ``LM`` turns a chat completion into one output per choice (``BaseLM._process_completion``):
the choice's text alone when no choice holds more, else a dict ``{"text": <content or None>,
"tool_calls": [...]}`` (with ``reasoning_content``, ``logprobs`` or ``citations`` when
present), the calls as the OpenAI response gives them, ``{id, type, function: {name,
arguments}}``. openinference-instrumentation-dspy writes that list as the ``LM.__call__``
span's ``output.value`` and, for a dict, no ``llm.output_messages``
(tests/data/traces/dspy/dspy-tool-calls-*: native function calling, a signature with
``dspy.Tool`` inputs and a ``dspy.ToolCalls`` output).

Each such dict is one assistant message: its ``text`` the content, its ``tool_calls`` the
requests with their ids. A list is read so only when every item is a dict without ``role``
holding ``text`` (a string or null) and a list ``tool_calls`` of OpenAI-shaped calls.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages

__all__ = ["lm_outputs_reply"]


def lm_outputs_reply(value: Any) -> list[Msg] | None:
    """The assistant messages of DSPy's LM outputs with tool calls in `value`, else None.

    Examples:
        >>> call = {"id": "call_w1", "type": "function",
        ...         "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
        >>> [msg] = lm_outputs_reply([{"text": None, "tool_calls": [call]}])
        >>> msg.role, msg.content, [(r.name, r.arguments, r.id) for r in msg.tool_calls]
        ('assistant', None, [('get_weather', {'city': 'Paris'}, 'call_w1')])
        >>> lm_outputs_reply([{"text": "Looking.", "tool_calls": [call]}])[0].content
        'Looking.'
        >>> lm_outputs_reply(["Sunny."]), lm_outputs_reply([{"role": "assistant", "text": "Hi",
        ...     "tool_calls": [call]}]), lm_outputs_reply([])
        (None, None, None)
    """
    if not isinstance(value, list) or not value or not all(_output(v) for v in value):
        return None
    replies = [
        {"role": "assistant", "content": v["text"], "tool_calls": v["tool_calls"]} for v in value
    ]
    return parse_messages(replies, default_role="assistant")


def _output(value: Any) -> bool:
    """Whether `value` is one of DSPy's LM outputs holding tool calls."""
    if not isinstance(value, dict) or "role" in value or "text" not in value:
        return False
    if value["text"] is not None and not isinstance(value["text"], str):
        return False
    calls = value.get("tool_calls")
    return isinstance(calls, list) and all(
        isinstance(c, dict)
        and isinstance(c.get("function"), dict)
        and isinstance(c["function"].get("name"), str)
        for c in calls
    )
