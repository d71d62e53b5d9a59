"""Requests no tool span ran, placed in time among the calls tool spans ran.

A call with no tool span is a request a tool message answers (`._unanswered`): a handoff, an
output tool, or a tool the framework runs without a span. It goes among the executed calls
where it was asked: when the model call whose reply made the request ended (its chat span's
end), before the first executed call whose tool span started after then, so a request made
while a call's span was open goes after that call's start, inside it.

The shape this reads: CrewAI 1.15.30's hierarchical crew under openlit 1.45.0
(``openlit.instrumentation.crewai``; tests/data/traces/openlit/
openlit-crewai-hierarchical-2026-12-06.json). The manager's two delegations are
``execute_tool Delegate work to coworker`` spans; the coworker each runs (an
``invoke_workflow AgentExecutor`` inside the delegation's span) asks for ``get_weather`` by
native tool calling, which makes no tool span: its chat span's reply requests the calls and its
next chat span's input answers them. The conversations' order (the manager's before the
coworker's, README ``messages``) put the coworker's requests after both delegations, as
requested after them; in time they are inside the first. So the order the requests were
listed in binds a request only to those asked no later than it (before it) and no earlier (after
it): the delegation asked after the coworker's calls no longer holds them back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from ..trace import ToolCall
from ._messages import Msg
from ._spans import ns_to_datetime
from ._steps import ModelCall
from ._unanswered import answered

__all__ = ["replied_times", "with_answered_requests"]


def replied_times(calls: Iterable[ModelCall]) -> dict[str, int]:
    """Call id -> when the model call whose reply requested it ended (unix ns).

    The earliest such end wins: an id a provider gave again to a later request keeps the time
    it was first asked. A call whose span has no end gives no time.
    """
    times: dict[str, int] = {}
    for call in calls:
        end = call.span.end_ns
        if end is None:
            continue
        for msg in call.outputs:
            for request in msg.tool_calls:
                if request.id and (request.id not in times or end < times[request.id]):
                    times[request.id] = end
    return times


def with_answered_requests(
    executed: list[ToolCall],
    requested: list[tuple[ToolCall, Msg | None]],
    asked_at: Mapping[str, int] | None = None,
    replied_at: Mapping[str, int] | None = None,
) -> list[ToolCall]:
    """The executed calls, plus the requests a tool message answers that no span executed.

    A handoff or an output tool has no tool span, but its request and its result are in the
    conversation: it ran; with no tool span at all, only the answered requests
    (`._unanswered.answered`, in the order asked).

    Each added call stands at the time it was requested (`replied_at`: call id → end of the
    model call whose reply made it; else `asked_at`: start of the model call first recording
    it; unix ns), before the executed calls that started after then. It also goes after the
    calls requested before it and before those requested after it (the order asked in),
    unless their times say otherwise (a call requested before it but asked later binds it
    not). A tool running other tools (a code agent's interpreter running the model's code)
    thus comes before the tools it ran, which have spans but no request of their own; without
    a time, right after those requested before it, else before those after it.
    """
    if not executed:
        return answered(requested, asked_at)
    times = {**(asked_at or {}), **(replied_at or {})}
    known = {call.id for call in executed if call.id}
    out = list(executed)
    for n, (call, answer) in enumerate(requested):
        if answer is None or call.id is None or call.id in known:
            continue
        now = times.get(call.id)
        before = {c.id for c, _ in requested[:n] if c.id and not _asked(times, c.id, now, 1)}
        after = {c.id for c, _ in requested[n + 1 :] if c.id and not _asked(times, c.id, now, -1)}
        low = max((i + 1 for i, c in enumerate(out) if c.id in before), default=None)
        high = next((i for i, c in enumerate(out) if c.id in after), len(out))
        when = ns_to_datetime(now)
        if when is not None:
            at = _first_started_after(out, when, low or 0, max(high, low or 0))
        else:
            at = low if low is not None else high
        out.insert(at, call)  # each request its own call: an id two agents gave is two
    return out


def _asked(times: Mapping[str, int], call_id: str, now: int | None, side: int) -> bool:
    """Whether `call_id` was asked after `now` (`side` 1) or before it (-1), both times known."""
    then = times.get(call_id)
    if then is None or now is None:
        return False
    return then > now if side > 0 else then < now


def _first_started_after(calls: list[ToolCall], when: datetime, low: int, high: int) -> int:
    """The index in ``calls[low:high]`` of the first call that started after `when` (else high)."""
    for i in range(low, high):
        started = calls[i].started_at
        if started is not None and started > when:
            return i
    return high
