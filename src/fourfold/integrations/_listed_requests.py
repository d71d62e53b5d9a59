"""Requests a model call lists apart from its messages: calls whose results the trace lacks.

With content capture off, openlit records no message, no tool span and no result, but still
lists the calls a reply requested on its chat span (its joined ``gen_ai.tool.name``,
``.call.id`` and ``.args``: `ModelCall.listed_requests`, read by
`.otel._joined_requests`). A request is a tool call when the run executed it
(`._unanswered`); with no result in the trace, what says it ran is that the run went on past
it: another model call of the run started after the reply that requested it ended, as it does
once the tools have answered (the contract: tests/data/traces/README.md, ``tool_calls``).
Each such request is a call with its name, arguments and id, and no result (not in the
trace). A reply no model call followed (the run ended on it) gives none: nothing shows its
tools ran.

Never a second copy: a listed request the trace records otherwise, a tool span's call or a
request an assistant message holds (content capture on: the reply's own messages; a later
input replaying the turn), is that call, and adds nothing. The same call is the same id;
where either has none, the same name and arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from ..trace import ToolCall
from ._messages import Msg
from ._spans import ns_to_datetime
from ._steps import ModelCall

__all__ = ["with_listed_requests"]


def with_listed_requests(
    calls: list[ToolCall],
    listing: list[ModelCall],
    model_calls: list[ModelCall],
    messages: list[Msg],
    asked_at: Mapping[str, int] | None = None,
) -> list[ToolCall]:
    """`calls`, plus the requests `listing`'s calls list that the trace records nowhere else.

    `listing`: the conversation's model calls, in order; `model_calls`: every model call of
    the run (what may follow a reply); `messages`: the conversation; `asked_at`: call id →
    when the model call that first recorded its request started (unix ns).

    A reply's calls go, in the order it listed them, before the first call asked or started
    after the reply's model call started (`calls` are in the order asked).

    Examples:
        >>> from ._messages import ToolRequest
        >>> from ._spans import Span
        >>> def chat(start: int, *listed: ToolRequest) -> ModelCall:
        ...     span = Span("t", f"s{start}", None, "chat", start, start + 1, "ok", None, {})
        ...     return ModelCall(span, [], [], listed_requests=list(listed))
        >>> first = chat(1, ToolRequest("get_weather", {"city": "Paris"}, "c1"))
        >>> [c.id for c in with_listed_requests([], [first], [first, chat(3)], [])]
        ['c1']
        >>> with_listed_requests([], [first], [first], [])  # nothing came after the reply
        []
        >>> held = ToolCall(name="get_weather", arguments={"city": "Paris"}, id="c1")
        >>> with_listed_requests([held], [first], [first, chat(3)], []) == [held]
        True
    """
    recorded = [*calls, *_requested(messages)]
    out = list(calls)
    for call in listing:
        if not call.listed_requests or not _followed(call, model_calls):
            continue
        new = []
        for request in call.listed_requests:
            made = ToolCall(name=request.name, arguments=request.arguments, id=request.id)
            if any(_same_call(made, other) for other in recorded):
                continue  # the trace records it already: that call
            new.append(made)
            recorded.append(made)
        at = _place(out, ns_to_datetime(call.span.start_ns), asked_at or {})
        out[at:at] = new
    return out


def _requested(messages: list[Msg]) -> list[ToolCall]:
    """The requests the assistant messages hold, as calls (to compare with)."""
    return [
        ToolCall(name=r.name, arguments=r.arguments, id=r.id)
        for m in messages
        if m.role == "assistant"
        for r in m.tool_calls
    ]


def _followed(call: ModelCall, model_calls: list[ModelCall]) -> bool:
    """Whether another model call started once `call`'s reply was in (at its end, else start)."""
    start, end = call.span.start_ns, call.span.end_ns
    if start is None:
        return False
    for other in model_calls:
        begun = other.span.start_ns
        if other is call or begun is None:
            continue
        if (begun >= end) if end is not None else (begun > start):
            return True
    return False


def _same_call(one: ToolCall, other: ToolCall) -> bool:
    """One call: the same id; where either has none, the same name and arguments."""
    if one.id and other.id:
        return one.id == other.id
    return one.name == other.name and one.arguments == other.arguments


def _place(calls: list[ToolCall], when: datetime | None, asked_at: Mapping[str, int]) -> int:
    """Where calls asked at `when` go: before the first call asked or started after then."""
    if when is None:
        return len(calls)
    for i, call in enumerate(calls):
        at = call.started_at or (ns_to_datetime(asked_at.get(call.id)) if call.id else None)
        if at is not None and at > when:
            return i
    return len(calls)
