"""A model call whose reply is written nowhere: the tool runs the trace ties to it are its turns.

Some records of a model call leave out a reply that requested tools, while the tool runs it
asked for are in the trace, each a span with the tool's name and arguments: the model did
reply with turns requesting them. Their reader marks such a call (`ModelCall.reply_in_runs`)
with the window its runs are found in (`RunWindow`), and its reply is made of those runs
(`with_replies_in_runs`): each turn an assistant message with no text (none is recorded)
whose requests are the runs' calls, by their names, arguments and ids (a run with no id, no
id). Which runs are the call's, and how they make turns, is the window's:

- ``during``: the span is one call over a whole tool loop (the AI SDK's ``generateText`` /
  ``streamText`` with tools: model step, tool calls, model step...) that keeps the request it
  was given and none of its steps' replies (VoltAgent's ``llm:*`` span, `.otel._voltagent`).
  The tool spans run during the call carry the model's call ids, names and arguments: its
  turns are those calls, grouped by when they ran, each said when its first call started;
- ``after``: the span writes the reply only when it has text (AgentOps' AG2 ``llm`` span,
  `.otel._agentops_ag2`): a turn that only requested tools leaves no completion, and AG2 hands
  the requests to the agent it talks to, which runs them (each a tool span) before the model
  is called again with their responses. Its reply is one turn requesting the calls run after
  the call started and before the next model call started, in the order they started (AG2's
  function calls carry no id), said as the call was. With no such run, the call stays with
  no reply (an empty reply: nothing followed it).

In both, a call some model call's recorded messages already request is no turn's to rebuild
(by its id when the run has one, else by its tool and arguments), nor is a call a workflow
step ran (`ToolRun.run_by_step`: no model asked for it); a marked call that records a reply
is read as recorded.

Which calls are a ``during`` call's own: the tool runs with a call id that started while it
ran (from its start to its end) in the same run, the nearest agent run above each being the
call's (a sub-agent's tools ran in its own loop), or under the call's own span.

Which turn each is in: the AI SDK runs one step's calls together (``generateText`` starts
them all at once; ``streamText`` starts each as its request streams in, while the earlier
ones run), and the next step's only after every result is back and the model has replied
again. So calls whose runs overlap (one started before, or in the millisecond, another of
the turn ended) are one turn, and a call started after every earlier one ended begins the
next. A streamed step whose calls each ended before the next was streamed in reads as
several turns: nothing in such a trace tells them apart. Within a turn, calls stand as they
started, those started in the same millisecond in the order they ended (the order
VoltAgent's processor writes them), then by id.

The run span around a ``during`` call records the last step's reply, the run's answer (the
reader gives it as the run's output message): it ends the reply of the run's last such call,
said when the call ended. So it ends the run's own conversation, before a sub-agent's that
ran as one of its tools (VoltAgent's ``delegate_task``: the sub-agent is handed the task
alone, a conversation of its own, `Conversation.merge_output`), and the run went on past a
call that failed in its last turn (`Conversation.went_on_after`: the model was told of the
error). An ``after`` call's span is the one step it replied in: the turn is said at its
time, before its runs, and a reply with text it wrote is recorded.
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg, ToolRequest
from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step, ToolRun

__all__ = ["with_replies_in_runs"]


def with_replies_in_runs(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each marked call's missing reply made of the tool runs of its window.

    `ordered`: the trace's spans in time order; `by_id`: the spans by span id.

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> def span(span_id, parent, start, end):  # times in milliseconds
        ...     ms = 1_000_000
        ...     return Span("t", span_id, parent, span_id, start * ms, end * ms, "ok", None, {})
        >>> def tool(span_id, parent, start, end, city, call_id=None):
        ...     call = ToolCall(name="get_weather", arguments={"city": city}, id=call_id)
        ...     return span(span_id, parent, start, end), call

        ``during``: the calls run while a tool loop's call ran, a turn per calls run together:

        >>> run, llm = span("run", None, 0, 100), span("llm", "run", 1, 99)
        >>> (paris, a), (tokyo, b), (oslo, c) = (tool("c1", "run", 10, 12, "Paris", "c1"),
        ...     tool("c2", "run", 11, 13, "Tokyo", "c2"), tool("c3", "run", 40, 41, "Oslo", "c3"))
        >>> spans = [run, llm, paris, tokyo, oslo]
        >>> steps = {id(run): AgentRun(run), id(llm): ModelCall(llm, [Msg("user", "Hi")], [],
        ...     reply_in_runs="during"), id(paris): ToolRun(paris, a),
        ...     id(tokyo): ToolRun(tokyo, b), id(oslo): ToolRun(oslo, c)}
        >>> found = with_replies_in_runs(spans, steps, {s.span_id: s for s in spans})
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
        ...     reply_in_runs="during")}
        >>> found = with_replies_in_runs([run, retry, *spans[1:]], steps,
        ...     {s.span_id: s for s in [*spans, retry]})
        >>> [(m.content, [r.id for r in m.tool_calls]) for m in found[id(llm)].outputs]
        [(None, ['c1', 'c2']), (None, ['c3']), ('Sunny.', [])]
        >>> found[id(llm)].outputs[-1].said_ns // 1_000_000, found[id(retry)].outputs
        (99, [])

        A call that records its reply, or is not marked, is left as it is:

        >>> steps[id(llm)] = ModelCall(llm, [Msg("user", "Hi")], [])
        >>> with_replies_in_runs(spans, steps, {s.span_id: s for s in spans})[id(llm)].outputs
        []

        ``after``: the calls run after the call, before the next model call, one turn:

        >>> first, second = span("m1", None, 1, 2), span("m2", None, 6, 7)
        >>> (paris, a), (tokyo, b) = (tool("t1", None, 3, 4, "Paris"),
        ...     tool("t2", None, 4, 5, "Tokyo"))
        >>> steps = {id(first): ModelCall(first, [Msg("user", "Hi")], [], reply_in_runs="after"),
        ...     id(paris): ToolRun(paris, a), id(tokyo): ToolRun(tokyo, b),
        ...     id(second): ModelCall(second, [Msg("user", "Hi")], [Msg("assistant", "Sunny.")])}
        >>> spans = [first, paris, tokyo, second]
        >>> [turn] = with_replies_in_runs(spans, steps, {s.span_id: s for s in spans})[
        ...     id(first)].outputs
        >>> turn.content, turn.said_ns, [(r.arguments, r.id) for r in turn.tool_calls]
        (None, None, [({'city': 'Paris'}, None), ({'city': 'Tokyo'}, None)])

        Not the runs after the next model call:

        >>> late = [first, second, paris, tokyo]
        >>> with_replies_in_runs(late, steps, {s.span_id: s for s in late})[id(first)].outputs
        []
    """
    calls = [s for span in ordered if isinstance(s := steps[id(span)], ModelCall)]
    marked = [c for c in calls if c.reply_in_runs is not None and not c.outputs]
    if not marked:
        return steps
    asked = _requested(calls)
    answering = _answering([c for c in marked if c.reply_in_runs == "during"], steps, by_id)
    at = {id(span): n for n, span in enumerate(ordered)}
    out = dict(steps)
    for call in marked:
        if call.reply_in_runs == "during":
            runs = [r for r in _during(call.span, ordered, steps, by_id) if _unasked(r, asked)]
            turns = [_turn(group, group[0].span.start_ns) for group in _together(runs)]
        else:
            runs = [r for r in _after(at[id(call.span)], ordered, steps) if _unasked(r, asked)]
            turns = [_turn(runs, None)] if runs else []
        run = answering.get(id(call.span))
        answer = [] if run is None else _answer(run, call.span)
        if turns or answer:
            out[id(call.span)] = replace(call, outputs=turns + answer)
    return out


def _during(
    call: Span, ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> list[ToolRun]:
    """The runs with a call id that ran during the call, in its agent's run or under it."""
    return [
        step
        for span in ordered
        if isinstance(step := steps[id(span)], ToolRun)
        and step.call.id
        and _its_own(call, span, steps, by_id)
    ]


def _after(n: int, ordered: list[Span], steps: dict[int, Step | None]) -> list[ToolRun]:
    """The runs of a named tool after the call at `n` in `ordered`, before the next model call."""
    runs: list[ToolRun] = []
    for later in ordered[n + 1 :]:
        step = steps[id(later)]
        if isinstance(step, ModelCall):
            break  # the model was called again: what ran after is that call's
        if isinstance(step, ToolRun) and step.call.name:
            runs.append(step)
    return runs


def _requested(calls: list[ModelCall]) -> set[tuple[str | None, ...]]:
    """What the calls' recorded messages request: each by its id, and by its tool and arguments."""
    return {
        key
        for call in calls
        for m in [*call.inputs, *call.outputs]
        for r in m.tool_calls
        for key in [("tool", r.name, repr(r.arguments)), *([("id", r.id)] if r.id else [])]
    }


def _unasked(run: ToolRun, asked: set[tuple[str | None, ...]]) -> bool:
    """Whether a model asked for the run's call and no recorded message requests it.

    No workflow step ran it; no request has its id (when it has one, else its tool and
    arguments).
    """
    call = run.call
    key = ("id", call.id) if call.id else ("tool", call.name, repr(call.arguments))
    return key not in asked and not run.run_by_step


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


def _turn(runs: list[ToolRun], said_ns: int | None) -> Msg:
    """The assistant turn that requested the runs' calls: no text, one request each.

    Said at `said_ns`; None: when its call's span was.
    """
    requests = [ToolRequest(r.call.name or "", dict(r.call.arguments), r.call.id) for r in runs]
    return Msg(role="assistant", tool_calls=requests, said_ns=said_ns)
