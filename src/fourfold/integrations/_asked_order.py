"""Requests no tool span ran, in the order they were asked.

With no tool span at all, the tool calls are the requests a tool message answers
(`._unanswered`), and the conversation's messages give them. But the conversation is not in
time order when it is several: a manager's conversation stands before its coworkers' (README,
messages), though a coworker asked for its calls while the manager's first delegation ran and
before its second (CrewAI's hierarchical crew under OpenLLMetry, whose native tool calling
makes no tool span). Each request goes where its model call asked for it: in the order of the
start of the model call that first recorded it, requests of one call in their order. Where a
request's time is unknown, the conversation's order stands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..trace import ToolCall
from ._messages import Msg

__all__ = ["asked_times", "in_asked_order"]


def asked_times(messages: Iterable[Msg], born: Callable[[Msg], int | None]) -> dict[str, int]:
    """Call id -> when the model call that first recorded a request for it started (unix ns).

    The earliest recording wins: a request a later call's history repeats, or an id a
    provider gave again to a later request, keeps the time it was first asked.

    Examples:
        >>> from ._messages import ToolRequest
        >>> ask = Msg(role="assistant", tool_calls=[ToolRequest("f", {}, id="c1")])
        >>> again = Msg(role="assistant", tool_calls=[ToolRequest("g", {}, id="c1")])
        >>> times = {id(ask): 5, id(again): 9}
        >>> asked_times([again, ask], lambda m: times[id(m)])
        {'c1': 5}
    """
    times: dict[str, int] = {}
    for msg in messages:
        when = born(msg)
        if when is None:
            continue
        for request in msg.tool_calls:
            if request.id and (request.id not in times or when < times[request.id]):
                times[request.id] = when
    return times


def in_asked_order(
    requested: list[tuple[ToolCall, Msg | None]], asked_at: Mapping[str, int]
) -> list[tuple[ToolCall, Msg | None]]:
    """`requested` ordered by when each was asked (`asked_at`: call id -> unix ns).

    Examples:
        >>> first, second = ToolCall(name="delegate", id="d1"), ToolCall(name="delegate", id="d2")
        >>> coworker = ToolCall(name="get_weather", id="w1")
        >>> requested = [(first, None), (second, None), (coworker, None)]
        >>> [c.id for c, _ in in_asked_order(requested, {"d1": 1, "d2": 5, "w1": 2})]
        ['d1', 'w1', 'd2']
        >>> [c.id for c, _ in in_asked_order(requested, {"d1": 1, "d2": 5})]
        ['d1', 'd2', 'w1']
    """
    if not all(call.id is not None and call.id in asked_at for call, _ in requested):
        return requested
    return sorted(requested, key=lambda pair: asked_at[pair[0].id or ""])
