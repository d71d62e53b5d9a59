"""BeeAI TypeScript's model-call messages, whose tool parts the flattened attributes lose.

@arizeai/openinference-instrumentation-beeai (1.5.30, on beeai-framework 0.1.13 for
TypeScript) writes a model call as BeeAI's event spans (``backend.openai.chat.start-N``,
``.finish-N``, ``.success-N``, merged into one by `.._grouping`). Their ``input.value`` and
``output.value`` are BeeAI's messages as JSON, ``[{meta, role, content: [part, ...]}]``, with
the AI SDK's parts: ``text``, ``tool-call`` ``{toolCallId, toolName, args}`` and
``tool-result`` ``{toolCallId, toolName, result, isError}``. The flattened
``llm.input_messages`` / ``llm.output_messages`` keep only the text parts: a turn that
requested tools, and a tool message, are there as empty text, without their calls, ids or
results. When the flattened messages are those messages, role for role, with every one that
held other parts empty, the JSON's messages are the call's (read as the AI SDK's prompt parts
are, `.._messages.parse_messages`). The Python instrumentation's ``{"input": [...]}`` is not
this shape.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["with_parts"]

_NOT_TEXT = frozenset({"tool-call", "tool-result"})


def with_parts(flat: list[Msg], value: Any) -> list[Msg]:
    """`flat`, or the messages of BeeAI's JSON `value` when `flat` lost their tool parts.

    Examples:
        >>> value = ('[{"role": "user", "content": [{"type": "text", "text": "Weather?"}]},'
        ...     ' {"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "c1",'
        ...     ' "toolName": "get_weather", "args": {"city": "Paris"}}]},'
        ...     ' {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "c1",'
        ...     ' "toolName": "get_weather", "result": "sunny", "isError": false}]}]')
        >>> flat = [Msg("user", "Weather?"), Msg("assistant", ""), Msg("tool", "")]
        >>> [(m.role, m.content, m.tool_call_id) for m in with_parts(flat, value)]
        [('user', 'Weather?', None), ('assistant', None, None), ('tool', 'sunny', 'c1')]
        >>> with_parts(flat[:1], value) == flat[:1]  # not those messages: kept
        True
    """
    items = _beeai_messages(value)
    if items is None or len(items) != len(flat):
        return flat
    lost = False
    for msg, item in zip(flat, items, strict=True):
        if msg.role != item["role"]:
            return flat
        if any(part.get("type") in _NOT_TEXT for part in item["content"]):
            if msg.content or msg.tool_calls or msg.tool_call_id:
                return flat  # the flattened message kept more than text: it is read as it is
            lost = True
    return parse_messages(items) if lost else flat


def _beeai_messages(value: Any) -> list[dict[str, Any]] | None:
    """`value` as BeeAI's messages (each a role and a list of typed parts), else None."""
    parsed = try_json(value)
    if not isinstance(parsed, list) or not parsed:
        return None
    for item in parsed:
        if not isinstance(item, dict) or not isinstance(item.get("role"), str):
            return None
        content = item.get("content")
        if not isinstance(content, list) or not all(
            isinstance(p, dict) and isinstance(p.get("type"), str) for p in content
        ):
            return None
    return parsed
