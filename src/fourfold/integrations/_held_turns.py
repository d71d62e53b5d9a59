"""A model input that replays a turn without its requests, given them from a run's record of it.

Where a model call's record drops a replayed turn's requests and its tool messages' ids
(openlit's chat spans: the turn as its text alone, the results with no ``tool_call_id``), a
run span may record that turn whole (openlit's LangGraph node state, `AgentRun.held_turns`,
`.otel._state_reprs`; traceAI's LangChain node state, whose model inputs replay the turn as
its role alone and its results without ids, `.otel._state_reprs.state_messages`). A turn
no model wrote, so no model call's reply holds
(langgraph-supervisor's hand-back ``Transferring back to supervisor``, requesting
``transfer_back_to_supervisor``, and its answer), is then known only there.

The rule, `with_held_turns`: each model call's input is read against the turns the runs that
ended before it started record whole, as against the conversation held so far
(`._dropped_calls.with_dropped_calls`: the replayed turn saying the same text takes its
requests, and the tool messages right after it that name no call the ids it leaves, in
order). The call's conversation then holds the request and its answer, and the call is one
the run made (a request answered by a tool result in the trace, the contract's).
"""

from __future__ import annotations

from dataclasses import replace

from ._dropped_calls import with_dropped_calls
from ._spans import Span
from ._steps import AgentRun, ModelCall, Step

__all__ = ["with_held_turns"]


def with_held_turns(ordered: list[Span], steps: dict[int, Step | None]) -> dict[int, Step | None]:
    """`steps`, each model call's input given the requests the runs before it record.

    `ordered`: the trace's spans; `steps`: their steps by ``id(span)``.

    Examples:
        >>> from ._messages import Msg, ToolRequest
        >>> def span(id, start, end):
        ...     return Span("t", id, None, id, start, end, "ok", None, {})
        >>> run, call = span("r", 1, 2), span("c", 3, 4)
        >>> back = Msg("assistant", "Back", tool_calls=[ToolRequest("transfer_back", {}, "h2")])
        >>> replay = [Msg("user", "Hi"), Msg("assistant", "Back"), Msg("tool", "Done")]
        >>> steps = {id(run): AgentRun(run, held_turns=[back])}
        >>> steps[id(call)] = ModelCall(call, replay, [])
        >>> given = with_held_turns([run, call], steps)[id(call)].inputs
        >>> [r.id for r in given[1].tool_calls], given[2].tool_call_id
        (['h2'], 'h2')
    """
    held = [
        (span.end_ns, step.held_turns)
        for span in ordered
        if isinstance(step := steps.get(id(span)), AgentRun) and step.held_turns
    ]
    if not held:
        return steps
    out = dict(steps)
    for span in ordered:
        step = steps.get(id(span))
        if not isinstance(step, ModelCall) or not step.inputs:
            continue
        before = [
            m
            for ended, turns in held
            if ended is not None and span.start_ns is not None and ended <= span.start_ns
            for m in turns
        ]
        if before:
            given = with_dropped_calls(step.inputs, before)
            if given != step.inputs:
                out[id(span)] = replace(step, inputs=given)
    return out
