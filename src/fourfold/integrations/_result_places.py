"""Where a tool result new to the conversation goes: after the request it answers.

A history may leave a turn's request out (Agno's, which gives the model the result alone): a
result new to the conversation that would land just before an unanswered request is that
request's answer, and follows it. Not when the history itself places that request later: a
result follows the request it answers, so it answers an earlier one. Without call ids
(Ollama's, Gemini's) nothing else tells which request a result answers: a run's record of its
whole conversation (a Haystack ``Agent``'s output) then keeps the first turn's second result
before the second turn.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from ._messages import Msg

__all__ = ["skips_to_request"]


def skips_to_request(
    messages: Sequence[Msg], index: int, result: Msg, later: Collection[Any], key: Any
) -> bool:
    """Whether a new `result` placed at `index` would land before the request it answers.

    The request is at `index` (its key `key`), unanswered, the message before it requests
    nothing, and the history being merged does not place the request after the result (its
    keys after the result: `later`).

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> user = Msg(role="user", content="Weather?")
        >>> ask = Msg(role="assistant", tool_calls=[ToolRequest("get_weather", {"city": "Rome"})])
        >>> result = Msg(role="tool", content="sunny")
        >>> skips_to_request([user, ask], 1, result, [], ask.key())
        True
        >>> skips_to_request([user, ask], 1, result, [ask.key()], ask.key())
        False
    """
    if index >= len(messages) or not messages[index].tool_calls:
        return False
    if index > 0 and messages[index - 1].tool_calls:
        return False
    ids = {req.id for req in messages[index].tool_calls}
    if result.tool_call_id is not None and result.tool_call_id not in ids:
        return False
    if key in later:  # the history asks it after this result: it answers an earlier request
        return False
    following = messages[index + 1] if index + 1 < len(messages) else None
    return following is None or following.role != "tool"
