"""Which requests are tool calls: the ones the run executed, not every one the model wrote.

A model's reply requesting a tool is not the tool running. `Trace.tool_calls` lists what ran:
a tool span, or, with no tool span, a request a tool result in the trace answers (a handoff
or an output tool, a trace of model calls only). A request nothing answers and no span
executes stays where it is, an assistant turn's `Message.tool_calls`, and is no tool call.
(With content capture off there is no turn to hold it: a request a model call lists apart
from its messages, which the run went on past, is a call whose result the trace lacks,
`._listed_requests`.)

That is what the trajectory checks need. A ``max_tool_calls`` budget counts executions: a
client that records each request as a trace of its own (LiteLLM's streamed calls, its proxy
serving a client that propagates no context) has the first request's reply in one trace and
the calls, answered, in the next one's history; listing the requests in both would count
every call twice, and a run stopped right after a request would be charged for tools that
never ran. ``tool_called`` asks whether a tool ran, and the trajectory layer compares what
ran with what should have: a request only asked for is the model's intent, which the
messages already show, not an action taken.

One run exported as several unlinked traces can hold a request in one trace and only its
result in another (openlit's model calls in a LlamaIndex agent, each a root span whose
second input leaves the tool-call turn out). The call ran, and only the first trace can
list it: `with_calls_answered_elsewhere` lists it there, once, when the traces are handed
out together (a whole file; `fourfold monitor` hands traces out as they complete). So with a
request a later trace's history replays and goes on past, which no trace answers by its id
(the LiteLLM proxy's Responses route writes the results with none): the call ran, its result
is in no trace, and the trace whose reply requested it lists it, with no result (`_gone_past`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol, Self, TypeVar

from ..trace import ToolCall, Trace
from ._asked_order import in_asked_order
from ._messages import Msg

__all__ = ["answered", "with_calls_answered_elsewhere"]


class _Imported(Protocol):
    """An `ImportedTrace` (`._common` imports this module: named by its shape)."""

    @property
    def trace(self) -> Trace: ...

    def model_copy(
        self, *, update: Mapping[str, Any] | None = None, deep: bool = False
    ) -> Self: ...


T = TypeVar("T", bound=_Imported)


def answered(
    requested: list[tuple[ToolCall, Msg | None]], asked_at: Mapping[str, int] | None = None
) -> list[ToolCall]:
    """The requests a tool message answers, in order: what ran when no tool span says so.

    In the order asked (`._asked_order`) when `asked_at` gives each request's time.

    Examples:
        >>> ran, asked = ToolCall(name="get_weather", id="c1"), ToolCall(name="get_weather")
        >>> answer = Msg(role="tool", content="sunny", tool_call_id="c1")
        >>> [c.id for c in answered([(ran, answer), (asked, None)])]
        ['c1']
    """
    ordered = in_asked_order(requested, asked_at) if asked_at else requested
    return [call for call, answer in ordered if answer is not None]


def with_calls_answered_elsewhere(traces: list[T]) -> list[T]:
    """`traces`, each also listing its requests that only another trace's result answers.

    Such a result answers no request of its own trace (its trace left the tool-call turn
    out): the call is listed in the first trace that requested it, with the arguments
    requested and no result (its trace does not hold it), after the calls requested before
    it. A request another trace also holds is that trace's to list, answered there.
    """
    orphans = [_unrequested_results(t.trace) for t in traces]
    answering = Counter(call_id for ids in orphans for call_id in ids)  # traces per id
    gone_past = _gone_past([t.trace for t in traces])
    claimed: set[str] = set()
    out = []
    for imported, own in zip(traces, orphans, strict=True):
        trace = imported.trace
        held = {c.id for c in trace.tool_calls if c.id}
        calls = list(trace.tool_calls)
        requests = _requests(trace)
        for order, req in enumerate(requests):
            if req.id is None or req.id in held or req.id in claimed:
                continue
            if answering[req.id] - (req.id in own) < 1 and req.id not in gone_past:
                continue  # no other trace's result answers it, nor does a later one go on
            call = ToolCall(name=req.name, arguments=req.arguments, id=req.id)
            earlier = {r.id for r in requests[:order] if r.id}
            at = max((n + 1 for n, c in enumerate(calls) if c.id in earlier), default=0)
            calls.insert(at, call)
            held.add(req.id)
            claimed.add(req.id)
        if calls != trace.tool_calls:
            imported = imported.model_copy(
                update={"trace": trace.model_copy(update={"tool_calls": calls})}
            )
        out.append(imported)
    return out


def _gone_past(traces: list[Trace]) -> set[str]:
    """The call ids later traces' histories request and go on past, that nothing answers.

    A request one trace's reply made and a later trace's input replays, a message after it
    (the run went on past it), is a call the run executed; where no tool message of any
    trace answers its id and no call of any trace has it (the LiteLLM proxy's Responses
    route writes the results as items with no call id, `._item_references`), its result is
    not in the file: the call is the first trace's to list, with no result (the contract:
    listed in the trace whose reply requested it).

    Examples:
        >>> from fourfold.trace import Message, ToolRequest
        >>> asked = Message(role="assistant", tool_calls=[ToolRequest(name="f", id="c1")])
        >>> first = Trace(messages=[Message(role="user", content="Hi"), asked])
        >>> later = Trace(messages=[asked, Message(role="assistant", content="Done.")])
        >>> _gone_past([first, later]), _gone_past([first])
        ({'c1'}, set())
    """
    answered = {
        m.tool_call_id for t in traces for m in t.messages if m.role == "tool" and m.tool_call_id
    } | {c.id for t in traces for c in t.tool_calls if c.id}
    seen: set[str] = set()
    found: set[str] = set()
    for trace in traces:
        held = [{r.id for r in m.tool_calls if r.id} for m in trace.messages]
        for n, ids in enumerate(held):
            if n + 1 < len(held):
                found |= ids & seen  # an earlier trace's request, gone past here
        seen |= {i for ids in held for i in ids}
    return found - answered


def _requests(trace: Trace) -> list[ToolCall]:
    return [
        ToolCall(name=r.name, arguments=r.arguments, id=r.id)
        for m in trace.messages
        if m.role == "assistant"
        for r in m.tool_calls
    ]


def _unrequested_results(trace: Trace) -> set[str]:
    """The call ids the trace's tool messages answer that no request or call of it holds."""
    own = {r.id for r in _requests(trace)} | {c.id for c in trace.tool_calls}
    return {
        m.tool_call_id
        for m in trace.messages
        if m.role == "tool" and m.tool_call_id and m.tool_call_id not in own
    }
