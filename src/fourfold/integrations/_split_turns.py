"""A tool-call turn a later model input replays one message per call.

A reply may record a turn's parallel calls on one message, and a later input replay that
turn as one assistant message per call: the Responses API's ``function_call`` items (as
OpenInference writes an input), all the calls before their results; or each call followed
by its result, as the OpenAI Agents SDK's ``LitellmModel`` orders a Gemini model's history
(the Gemini API wants each function call answered right after it). Either way it is the
same turn, each call once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._messages import Msg

__all__ = ["split_turn"]


def split_turn(known: Msg, first: Msg, rest: Sequence[tuple[Msg, Any]]) -> bool:
    """Whether a later input replays the tool-call turn `known` one message per call.

    That is: `first` and the assistant messages requesting only tools after it (`rest`),
    with nothing between them but results of the calls replayed so far, request, in order,
    exactly the calls of `known`, and more than one message does.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> a, b = ToolRequest("f", {"x": 1}, "c1"), ToolRequest("f", {"x": 2}, "c2")
        >>> turn = Msg(role="assistant", tool_calls=[a, b])
        >>> one, two = Msg(role="assistant", tool_calls=[a]), Msg(role="assistant", tool_calls=[b])
        >>> result = Msg(role="tool", content="r1", tool_call_id="c1")
        >>> split_turn(turn, one, [(two, None)])
        True
        >>> split_turn(turn, one, [(result, None), (two, None)])
        True
        >>> split_turn(turn, one, [(Msg(role="tool", content="r", tool_call_id="c2"), None)])
        False
    """
    wanted = [req.id for req in known.tool_calls]
    replayed = [req.id for req in first.tool_calls]
    for msg, _ in rest:
        if len(replayed) >= len(wanted):
            break
        if msg.role == "tool" and msg.tool_call_id is not None and msg.tool_call_id in replayed:
            continue  # a replayed call's result, right after it
        if msg.role != "assistant" or not msg.tool_calls or msg.content:
            return False
        replayed += [req.id for req in msg.tool_calls]
    return None not in wanted and len(first.tool_calls) < len(wanted) and replayed == wanted
