"""A Langtrace streamed reply's calls, given the ids the next call's input replays them with.

langtrace-python-sdk writes a streamed reply that requested tools as the calls' argument
strings joined (`.otel._langtrace_streams`): the turn's calls, named and with their
arguments, but with no id. The next model call's input replays the conversation so far,
then that turn, as stubs whose ids the tool messages after them give (the k-th stub the
call the k-th result answers). Read apart, the conversation would hold the turn twice: once
with the arguments and no ids, once with the ids and no arguments, and the results would
answer only the second.

The rule, `with_streamed_call_ids`: the reply of such a span whose one turn requests calls
with no id is the turn the first later model call's input holds right after this call's
whole input (the same messages, `Msg.key`), when that turn requests as many calls, of the
same tools in order, every one with an id: the reply's calls take those ids, in order. The
conversation then holds the turn once (`._later_record.complete` keeps its arguments), and
the results answer it. A reply no later input replays so keeps its calls without ids.
"""

from __future__ import annotations

from dataclasses import replace

from ._langtrace_spans import joins_arguments
from ._messages import Msg
from ._spans import Span
from ._steps import ModelCall, Step

__all__ = ["with_streamed_call_ids"]


def with_streamed_call_ids(
    ordered: list[Span], steps: dict[int, Step | None]
) -> dict[int, Step | None]:
    """`steps`, each streamed Langtrace reply's id-less calls given the ids its replay names.

    `ordered`: the trace's spans in time order; `steps`: their steps by ``id(span)``.

    Examples:
        >>> from ._messages import ToolRequest
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk",
        ...          "gen_ai.request.stream": True, "gen_ai.request.tools": "[...]"}
        >>> def span(id, start):
        ...     return Span("t", id, None, "chat", start, start + 1, "ok", None, attrs)
        >>> first, second = span("a", 1), span("b", 3)
        >>> asked = [Msg("user", "Weather?")]
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("get_weather", {"city": "Paris"})])
        >>> replay = Msg("assistant", tool_calls=[ToolRequest("get_weather", {}, "c1")])
        >>> steps = {id(first): ModelCall(first, asked, [turn]),
        ...          id(second): ModelCall(second, [*asked, replay], [])}
        >>> [(r.arguments, r.id) for r in
        ...  with_streamed_call_ids([first, second], steps)[id(first)].outputs[0].tool_calls]
        [({'city': 'Paris'}, 'c1')]

        Another tool, another count, or another history before it: not that turn.

        >>> other = Msg("assistant", tool_calls=[ToolRequest("get_time", {}, "c1")])
        >>> steps[id(second)] = ModelCall(second, [*asked, other], [])
        >>> with_streamed_call_ids([first, second], steps)[id(first)].outputs[0].tool_calls[0].id
        >>> steps[id(second)] = ModelCall(second, [Msg("user", "Time?"), replay], [])
        >>> with_streamed_call_ids([first, second], steps)[id(first)].outputs[0].tool_calls[0].id

        A span that did not stream, or another tracer's: left alone.

        >>> plain = Span("t", "a", None, "chat", 1, 2, "ok", None, {})
        >>> steps = {id(plain): ModelCall(plain, asked, [turn]),
        ...          id(second): ModelCall(second, [*asked, replay], [])}
        >>> with_streamed_call_ids([plain, second], steps)[id(plain)].outputs[0].tool_calls[0].id
    """
    calls = [(span, step) for span in ordered if isinstance(step := steps.get(id(span)), ModelCall)]
    out = dict(steps)
    for n, (span, call) in enumerate(calls):
        turns = [i for i, m in enumerate(call.outputs) if m.tool_calls]
        if not joins_arguments(span) or len(turns) != 1:
            continue
        reply = call.outputs[turns[0]]
        if any(r.id for r in reply.tool_calls):
            continue
        ids = _replayed_ids(call, reply, [later for _, later in calls[n + 1 :]])
        if ids is None:
            continue
        given = [replace(r, id=i) for r, i in zip(reply.tool_calls, ids, strict=True)]
        outputs = list(call.outputs)
        outputs[turns[0]] = replace(reply, tool_calls=given)
        out[id(span)] = replace(call, outputs=outputs)
    return out


def _replayed_ids(call: ModelCall, reply: Msg, later: list[ModelCall]) -> list[str] | None:
    """The ids the first later input holding `call`'s whole input names `reply`'s calls by."""
    held = [m.key() for m in call.inputs]
    for after in later:
        if len(after.inputs) <= len(held) or [m.key() for m in after.inputs[: len(held)]] != held:
            continue
        again = after.inputs[len(held)]
        names = [r.name for r in again.tool_calls]
        ids = [r.id for r in again.tool_calls if r.id]
        if again.role != "assistant" or names != [r.name for r in reply.tool_calls]:
            return None
        return ids if len(ids) == len(names) else None
    return None
