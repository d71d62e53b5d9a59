"""The turns a tool loop's model steps requested, given back from the tool calls they ran.

Some frameworks record a whole tool loop (the AI SDK's ``generateText`` / ``streamText``
with tools: model step, tool calls, model step...) as one model-call span that keeps the
request it was given and none of its steps' replies (VoltAgent's ``llm:*`` span,
`.otel._voltagent`; `ModelCall.replies_unrecorded`). The turns that asked for tools are then
written nowhere, but the tool spans run during the call carry the model's call ids, names and
arguments: the model did reply with turns requesting them. So such a call's reply is made of
those turns (`with_step_requests`), each an assistant turn with no text (none is recorded)
whose requests are the calls, by their ids, said when the first of them started. The run span
around the call records the last step's reply, the run's answer (the reader gives it as the
run's output message): it ends the reply of the run's last such call, said when the call ended.
So it ends the run's own conversation, before a sub-agent's that ran as one of its tools
(VoltAgent's ``delegate_task``: the sub-agent is handed the task alone, a conversation of its
own, `Conversation.merge_output`), and the run went on past a call that failed in its last
turn (`Conversation.went_on_after`: the model was told of the error).

Which calls are the call's own: the tool runs with a call id that started while it ran (from
its start to its end) in the same run, the nearest agent run above each being the call's
(a sub-agent's tools ran in its own loop), or under the call's own span. A call some model
call's recorded messages already request is no step's to rebuild.

Which turn each call is in: the AI SDK runs one step's calls together (``generateText``
starts them all at once; ``streamText`` starts each as its request streams in, while the
earlier ones run), and the next step's only after every result is back and the model has
replied again. So calls whose runs overlap (one started before, or in the millisecond,
another of the turn ended) are one turn, and a call started after every earlier one ended
begins the next. A streamed step whose calls each ended before the next was streamed in reads
as several turns: nothing in such a trace tells them apart. Within a turn, calls stand as
they started, those started in the same millisecond in the order they ended (the order
VoltAgent's processor writes them), then by id.
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg, ToolRequest
from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step, ToolRun

__all__ = ["with_step_requests"]


def with_step_requests(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each reply-less tool loop's reply made of the turns its calls show.

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> def span(span_id, parent, start, end):  # times in milliseconds
        ...     ms = 1_000_000
        ...     return Span("t", span_id, parent, span_id, start * ms, end * ms, "ok", None, {})
        >>> run, llm = span("run", None, 0, 100), span("llm", "run", 1, 99)
        >>> def tool(span_id, start, end, city):
        ...     call = ToolCall(name="get_weather", arguments={"city": city}, id=span_id)
        ...     return span(span_id, "run", start, end), call
        >>> (paris, a), (tokyo, b), (oslo, c) = tool("c1", 10, 12, "Paris"), tool(
        ...     "c2", 11, 13, "Tokyo"), tool("c3", 40, 41, "Oslo")
        >>> spans = [run, llm, paris, tokyo, oslo]
        >>> steps = {id(run): AgentRun(run), id(llm): ModelCall(llm, [Msg("user", "Hi")], [],
        ...     replies_unrecorded=True), id(paris): ToolRun(paris, a),
        ...     id(tokyo): ToolRun(tokyo, b), id(oslo): ToolRun(oslo, c)}
        >>> found = with_step_requests(spans, steps, {s.span_id: s for s in spans})
        >>> [[r.id for r in m.tool_calls] for m in found[id(llm)].outputs]
        [['c1', 'c2'], ['c3']]
        >>> found[id(llm)].outputs[0].content is None, found[id(llm)].outputs[0].tool_calls[1]
        (True, ToolRequest(name='get_weather', arguments={'city': 'Tokyo'}, id='c2'))
        >>> [m.said_ns // 1_000_000 for m in found[id(llm)].outputs]  # as the first call started
        [10, 40]

        The run's answer ends the reply of its last such call, said when that call ended; an
        earlier call of the run (a retry, a fallback model) does not end with it:

        >>> answered = AgentRun(run, outputs=[Msg("assistant", "Sunny.")])
        >>> retry = span("retry", "run", 1, 2)
        >>> steps |= {id(run): answered, id(retry): ModelCall(retry, [Msg("user", "Hi")], [],
        ...     replies_unrecorded=True)}
        >>> found = with_step_requests([run, retry, *spans[1:]], steps,
        ...     {s.span_id: s for s in [*spans, retry]})
        >>> [(m.content, [r.id for r in m.tool_calls]) for m in found[id(llm)].outputs]
        [(None, ['c1', 'c2']), (None, ['c3']), ('Sunny.', [])]
        >>> found[id(llm)].outputs[-1].said_ns // 1_000_000, found[id(retry)].outputs
        (99, [])

        A call that records its reply, or is not marked so, is left as it is; so is a tool
        run outside the call's time, or in another agent's run:

        >>> steps[id(llm)] = ModelCall(llm, [Msg("user", "Hi")], [])
        >>> with_step_requests(spans, steps, {s.span_id: s for s in spans})[id(llm)].outputs
        []
    """
    calls = [s for span in ordered if isinstance(s := steps[id(span)], ModelCall)]
    marked = [c for c in calls if c.replies_unrecorded and not c.outputs]
    if not marked:
        return steps
    asked = {r.id for c in calls for m in [*c.inputs, *c.outputs] for r in m.tool_calls if r.id}
    out = dict(steps)
    answering = _answering(marked, steps, by_id)
    for call in marked:
        runs = [
            step
            for span in ordered
            if isinstance(step := steps[id(span)], ToolRun)
            and _its_own(call.span, span, steps, by_id)
            and step.call.id
            and step.call.id not in asked
            and not step.run_by_step
        ]
        turns = [_turn(group) for group in _together(runs)]
        run = answering.get(id(call.span))
        answer = [] if run is None else _answer(run, call.span)
        if turns or answer:
            out[id(call.span)] = replace(call, outputs=turns + answer)
    return out


def _answering(
    marked: list[ModelCall], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, AgentRun]:
    """For each agent run's reply-less call that ended last (by ``id`` of its span), the run."""
    last: dict[int, tuple[int, ModelCall, AgentRun]] = {}
    for call in marked:
        span = _run_of(ancestors(call.span, by_id), steps)
        run = steps[id(span)] if span is not None else None
        if span is None or not isinstance(run, AgentRun):
            continue
        ended = call.span.end_ns or call.span.start_ns or 0
        if id(span) not in last or ended >= last[id(span)][0]:
            last[id(span)] = (ended, call, run)
    return {id(call.span): run for _, call, run in last.values()}


def _answer(run: AgentRun, call: Span) -> list[Msg]:
    """The run's answer as the end of the call's reply, said when the call ended."""
    when = call.end_ns or call.start_ns
    return [
        Msg(role="assistant", content=m.content, said_ns=when)
        for m in run.outputs
        if m.role == "assistant" and m.content and not m.tool_calls
    ]


def _its_own(call: Span, tool: Span, steps: dict[int, Step | None], by_id: dict[str, Span]) -> bool:
    """Whether the tool ran during the call, under it or in the same agent's run."""
    if call.start_ns is None or tool.start_ns is None:
        return False
    if not call.start_ns <= tool.start_ns <= (call.end_ns or call.start_ns):
        return False
    above = ancestors(tool, by_id)
    if any(a.span_id == call.span_id for a in above):
        return True
    return _run_of(above, steps) is _run_of(ancestors(call, by_id), steps)


def _run_of(above: list[Span], steps: dict[int, Step | None]) -> Span | None:
    """The nearest agent run among `above` (nearest first), None when there is none."""
    for span in above:
        step = steps[id(span)]
        if isinstance(step, AgentRun) and step.kind == "agent":
            return span
    return None


def _together(runs: list[ToolRun]) -> list[list[ToolRun]]:
    """The runs as turns: a run started before, or in the millisecond, another ended joins it.

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> def run(call_id, start, end):
        ...     span = Span("t", call_id, None, "tool", start, end, "ok", None, {})
        ...     return ToolRun(span, ToolCall(name="f", id=call_id))
        >>> ms = 1_000_000
        >>> [[r.call.id for r in g] for g in _together([run("b", 5 * ms, 9 * ms),
        ...     run("a", 5 * ms, 6 * ms), run("c", 9 * ms, 10 * ms), run("d", 30 * ms, 31 * ms)])]
        [['a', 'b', 'c'], ['d']]
        >>> [[r.call.id for r in g] for g in _together([run("a", 5 * ms, 5 * ms + 10),
        ...     run("b", 5 * ms + 400_000, 7 * ms)])]
        [['a', 'b']]
    """
    ordered = sorted(runs, key=_start_order)
    groups: list[list[ToolRun]] = []
    latest = 0
    for run in ordered:
        start = run.span.start_ns or 0
        end = run.span.end_ns or start
        if groups and start // _MS <= latest // _MS:
            groups[-1].append(run)
            latest = max(latest, end)
        else:
            groups.append([run])
            latest = end
    return groups


_MS = 1_000_000


def _start_order(run: ToolRun) -> tuple[int, int, str]:
    """Started first; of those started in one millisecond, the first to end; then by id."""
    span = run.span
    start = span.start_ns or 0
    return (start // _MS, span.end_ns or start, run.call.id or "")


def _turn(group: list[ToolRun]) -> Msg:
    """The assistant turn that requested the group's calls: no text, one request each."""
    requests = [ToolRequest(r.call.name or "", dict(r.call.arguments), r.call.id) for r in group]
    return Msg(role="assistant", tool_calls=requests, said_ns=group[0].span.start_ns)
