"""Requests a model call lists apart from its messages: calls whose results the trace lacks.

With content capture off, openlit records no message, no tool span and no result, but still
lists the calls a reply requested on its chat span (its joined ``gen_ai.tool.name``,
``.call.id`` and ``.args``: `ModelCall.listed_requests`, read by
`.otel._joined_requests`). A request is a tool call when the run executed it
(`._unanswered`); with no result in the trace, what says it ran is that the run went on past
it: another model call of the run started after the reply that requested it ended, as it does
once the tools have answered (the contract: tests/data/traces/README.md, ``tool_calls``).
Each such request is a call with its name, arguments and id, and no result (not in the
trace). A reply no model call followed (the run ended on it) gives none here: nothing shows
its tools ran, unless a tool phase recorded apart began after it (`._phase_calls`).

So with the requests a reply's messages hold whose answers the trace lost: no tool span ran
the call and no tool message answers it, and every model call that came after the reply has
its input messages cut short by a length limit (D19) or recorded not at all (OpenLLMetry's
OpenAI instrumentation writes no input when its image upload hook fails), so the history
that would hold the result is lost; the run went on past the request as it does once a tool
answered. Both blind readings of ``openai-v2-attribute-limit`` (every message attribute cut
at 120 characters) and of ``openllmetry-openai-image-input`` (no input on either call) read
the requests in the first reply so: calls with no result. A request a later whole input
leaves unanswered stays a request (`._unanswered`). A reply cut short
holds only its first requests: the ones the span lists apart still count, and its own
messages' requests are no other record of them.

Never a second copy: a listed request the trace records otherwise, a tool span's call or a
request an assistant message holds (content capture on: the reply's own messages; a later
input replaying the turn), is that call, and adds nothing. The same call is the same id;
where either has none, the same name and arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from ..trace import ToolCall
from ._messages import Msg, ToolRequest
from ._spans import ns_to_datetime
from ._steps import ModelCall

__all__ = ["same_call", "with_listed_requests"]


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
    held = _requested(messages)
    out = list(calls)
    for call in listing:
        later = _later(call, model_calls)
        cut_away = _cut_answers(call, later, messages)
        if not (call.listed_requests or cut_away) or not later:
            continue
        # its own reply's requests are no other record of them: cut short, or unanswered
        own = _requested(call.outputs) if call.reply_cut or cut_away else []
        recorded = [*out, *(r for r in held if not any(same_call(r, o) for o in own))]
        new = []
        for request in [*call.listed_requests, *cut_away]:
            made = ToolCall(name=request.name, arguments=request.arguments, id=request.id)
            if any(same_call(made, other) for other in recorded):
                continue  # the trace records it already: that call
            if any(request is r for r in cut_away) and any(_ran(made, o) for o in out):
                continue  # a tool span ran it, under an id of its own (ADK's adk-<uuid>)
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


def _later(call: ModelCall, model_calls: list[ModelCall]) -> list[ModelCall]:
    """The model calls that started once `call`'s reply was in (at its end, else start)."""
    start, end = call.span.start_ns, call.span.end_ns
    if start is None:
        return []
    out = []
    for other in model_calls:
        begun = other.span.start_ns
        if other is call or begun is None:
            continue
        if (begun >= end) if end is not None else (begun > start):
            out.append(other)
    return out


def _cut_answers(call: ModelCall, later: list[ModelCall], messages: list[Msg]) -> list[ToolRequest]:
    """The requests of `call`'s reply whose answers the trace lost (see above).

    Requests with an id that no tool message of the conversation answers, when every model
    call of `later` has its input cut short or recorded no input (none when `later` is
    empty); a call of the same tool and arguments a tool span ran is that request
    (`with_listed_requests`).

    Examples:
        >>> from ._spans import Span
        >>> def chat(start: int, cut: bool, *asked: ToolRequest) -> ModelCall:
        ...     span = Span("t", f"s{start}", None, "chat", start, start + 1, "ok", None, {})
        ...     reply = [Msg(role="assistant", tool_calls=list(asked))]
        ...     asked_for = [Msg(role="user", content="Find C-1's orders")]
        ...     return ModelCall(span, asked_for, reply, input_cut=cut)
        >>> first = chat(1, False, ToolRequest("search_orders", {"customer": "C-1"}, "c1"))
        >>> [r.id for r in _cut_answers(first, [chat(3, True)], [])]
        ['c1']
        >>> _cut_answers(first, [chat(3, False)], [])  # a whole input left it unanswered
        []
        >>> blank = ModelCall(Span("t", "s3", None, "chat", 3, 4, "ok", None, {}), [], [])
        >>> [r.id for r in _cut_answers(first, [blank], [])]  # no input recorded at all
        ['c1']
        >>> answer = Msg(role="tool", content="600 orders", tool_call_id="c1")
        >>> _cut_answers(first, [chat(3, True)], [answer])
        []
    """
    if not later or not all(other.input_cut or not other.inputs for other in later):
        return []
    answered = {m.tool_call_id for m in messages if m.role == "tool" and m.tool_call_id}
    return [
        request
        for m in call.outputs
        if m.role == "assistant" and not m.partial
        for request in m.tool_calls
        if request.id and request.id not in answered
    ]


def _ran(request: ToolCall, call: ToolCall) -> bool:
    """Whether `call` ran `request` whatever its id: the same tool and arguments."""
    return request.name == call.name and request.arguments == call.arguments


def same_call(one: ToolCall, other: ToolCall) -> bool:
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
