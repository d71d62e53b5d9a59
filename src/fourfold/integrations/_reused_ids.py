"""One call id given to two calls: a framework that numbers each agent's calls on its own.

smolagents numbers the calls of each agent's memory from ``call_1``: a manager CodeAgent's
code step and its managed agent's first code step are both ``call_1`` (each a
``python_interpreter`` call with its own code), and each agent's next model input answers its
own ``call_1`` with its own observation. A tool message is known by the id of the call it
answers (`Msg.key`), so the second agent's answer would read as the first's, recorded again,
and be lost.

The rule, `own_ids`: a history's tool message answers the request with its id in the same
history; when the conversation so far already holds a request with that id for another tool
or other arguments (both recorded: an empty argument object may be a stream's unrecorded
one) and an answer to it that says something else, the id was reused, and the message is
another call's answer: it is marked with its own request (`Msg.reused_id`), which its key
then holds. One call recorded twice says the same thing back, even where one record of its
request garbled the arguments (BeeAI's streamed calls). The ids themselves stay as recorded.
"""

from __future__ import annotations

import json
from dataclasses import replace

from ._dropped_calls import with_dropped_calls
from ._known_ids import with_known_ids
from ._messages import Msg, ToolRequest

__all__ = ["own_ids"]


def own_ids(history: list[Msg], held: list[Msg]) -> list[Msg]:
    """`history` with the ids and calls `held` gives, its reused ids told apart.

    A turn replayed without its calls takes them (`with_dropped_calls`), one replayed without
    their ids takes those (`with_known_ids`).

    Examples:
        >>> code = lambda text: ToolRequest("python_interpreter", {"input": text}, "call_1")
        >>> held = [Msg("assistant", "manager", tool_calls=[code("agent()")]),
        ...     Msg("assistant", "agent", tool_calls=[code("get_weather()")]),
        ...     Msg("tool", "Observation: sunny", tool_call_id="call_1")]
        >>> again = [Msg("assistant", "manager", tool_calls=[code("agent()")]),
        ...     Msg("tool", "Observation: report", tool_call_id="call_1")]
        >>> out = own_ids(again, held)
        >>> out[1].key() == held[2].key(), out[1].tool_call_id
        (False, 'call_1')
        >>> own_ids(held[1:], held)[1].key() == held[2].key()  # the same call: one message
        True
    """
    history = with_known_ids(with_dropped_calls(history, held), held)
    asked = {r.id: r for m in held for r in m.tool_calls if r.id}
    answers = {m.tool_call_id: m for m in held if m.role == "tool" and m.tool_call_id}
    mine = {r.id: r for m in history for r in m.tool_calls if r.id}
    out = []
    for msg in history:
        key = msg.tool_call_id if msg.role == "tool" else None
        request = mine.get(key) if key else None
        first = asked.get(key) if key else None
        answer = answers.get(key) if key else None
        if (
            request is not None
            and first is not None
            and answer is not None
            and (answer.content or "").strip() != (msg.content or "").strip()
            and _other_call(request, first)
        ):
            msg = replace(msg, reused_id=_described(request))
        out.append(msg)
    return out


def _other_call(request: ToolRequest, held: ToolRequest) -> bool:
    """Whether two requests with one id are two calls: another tool, or other arguments."""
    if request.name != held.name:
        return True
    both = request.arguments and held.arguments
    return bool(both) and _described(request) != _described(held)


def _described(request: ToolRequest) -> str:
    return json.dumps([request.name, request.arguments], sort_keys=True, default=str)
