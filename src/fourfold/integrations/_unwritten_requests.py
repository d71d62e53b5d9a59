"""A turn recorded as saying nothing whose requests its record left out: a turn, not silence.

A GenAI "parts" message whose parts are only empty text said nothing, and is read as no
message (Mastra 1.x writes a tool-call turn's reply so, its calls recorded by its step:
`._messages`). OpenLLMetry for JS's LangChain instrumentation (@traceloop/instrumentation-
langchain 0.27.0) writes every message as its text alone: a reply that only requested tools
is one empty text part, its ``tool_call`` parts dropped, and a later input replays that turn
so before the tool messages answering it (themselves without their call ids). Such a message
is a turn that requested tools, with no text: an assistant message whose content is null and
which names no call (the record gives none), not nothing.

The rule, `requesting_turn`: an assistant parts message of only empty text parts is that turn
when the message's own ``finish_reason`` says it stopped to call tools (``tool_call``,
``tool_calls``, ``function_call``, ``tool_use``), or when the message right after it is a
tool message (a history replaying it before its results). An empty reply with no such reason
and no results after it (Mastra's) stays nothing said.
"""

from __future__ import annotations

from typing import Any

__all__ = ["requesting_turn"]

_TOOL_FINISH = frozenset({"tool_call", "tool_calls", "function_call", "tool_use"})


def requesting_turn(item: Any, following: Any) -> bool:
    """Whether `item`, an assistant message of only empty text parts, requested tools.

    `following`: the message after it in the same list, or None.

    Examples:
        >>> empty = {"role": "assistant", "parts": [{"type": "text", "content": ""}]}
        >>> requesting_turn(dict(empty, finish_reason="tool_call"), None)
        True
        >>> requesting_turn(empty, {"role": "tool", "parts": [{"type": "text", "content": "x"}]})
        True
        >>> requesting_turn(empty, None), requesting_turn(dict(empty, finish_reason="stop"), None)
        (False, False)
        >>> said = {"role": "assistant", "parts": [{"type": "text", "content": "Hi"}]}
        >>> requesting_turn(dict(said, finish_reason="tool_calls"), None)  # it said something
        False
        >>> requesting_turn({"role": "user", "parts": [{"type": "text", "content": ""}]},
        ...                 {"role": "tool"})
        False
    """
    if not (isinstance(item, dict) and item.get("role") == "assistant"):
        return False
    parts = item.get("parts")
    if not (isinstance(parts, list) and parts):
        return False
    if not all(
        isinstance(p, dict) and p.get("type") == "text" and p.get("content") == "" for p in parts
    ):
        return False
    if str(item.get("finish_reason")) in _TOOL_FINISH:
        return True
    return isinstance(following, dict) and following.get("role") == "tool"
