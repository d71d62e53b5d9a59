"""An application's whole runs under one span: each a conversation of its own, in start order.

An application that answers several requests runs an agent once for each under one span of
its own (a batch handler's, a server's, a script's loop), at once or in turn: the same agent
(its system prompt, the same text, all the runs share) or different ones (sharing nothing).
Each run starts its own history. Their spans need not be siblings: each run may sit under a
workflow span of its own (the OpenAI Agents SDK's ``Agent workflow``), so what marks them is
that each is a top-most run (no named run above it, no tool run it is a sub-agent of), that
no run's model calls hold a message of another's but the system prompt (a run given the
chat so far, or another's answer, goes on with it: one conversation), that no span holding
them all is a run of its own, and that every model call of the trace is made inside one of
them: runs under a run are its steps, one request's (a CrewAI manager's tasks under the
crew's kickoff, the branches of a LangGraph ``Send`` fan-out whose later step answers from
them), one conversation.

The contract (tests/data/traces/README.md, messages) reads them as conversations apart, each
whole, its system prompt at its head, in the order the runs started (`in_start_order`); the
input is the first-started run's question, the output the last-started run's answer
(`own_runs`, `last_answer`); the calls stand in the order they were requested (`_call_order`):
every reading of the sixtieth, sixty-second and sixty-seventh rounds (``-side-by-side-``,
``-back-to-back-`` and ``-two-agents-side-by-side-2026-12-07zm``, two agents at once).
Runs of one agent side by side as a team's members (sibling spans under the leader's run)
are `_run_scopes.twin_runs`' own rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._conversation import said_text
from ._messages import Msg
from ._placed_requests import replied_times
from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step, ToolRun

__all__ = [
    "in_start_order",
    "last_answer",
    "own_runs",
    "requested_times",
    "whole_runs",
]


def whole_runs(
    ordered: list[Span], steps: Mapping[int, Step | None], by_id: Mapping[str, Span]
) -> list[Span]:
    """The top-most runs, each starting its own history, in the order they started.

    Top-most: a run naming its agent with no such run above it and inside no tool run (the
    same agent's or other agents'). Its own history: no two runs' model calls share a message
    but their system prompts.
    Empty unless two runs at least are so, no span holding them all is a run, and every
    model call is made inside one of them.

    >>> def span(span_id: str, parent: str | None, start: int, end: int) -> Span:
    ...     return Span("t", span_id, parent, span_id, start, end, "ok", None, {})
    >>> batch = span("app", None, 0, 40)
    >>> flows = [span("w1", "app", 1, 30), span("w2", "app", 2, 35)]
    >>> runs = [span("a1", "w1", 3, 30), span("a2", "w2", 2, 35)]
    >>> calls = [span("c1", "a1", 4, 9), span("c2", "a2", 3, 8)]
    >>> steps: dict[int, Step | None] = {
    ...     id(flows[0]): AgentRun(flows[0], kind="workflow"),
    ...     id(flows[1]): AgentRun(flows[1], kind="workflow"),
    ...     id(runs[0]): AgentRun(runs[0], name="weather_agent"),
    ...     id(runs[1]): AgentRun(runs[1], name="weather_agent"),
    ...     id(calls[0]): ModelCall(calls[0], [Msg("system", "S"), Msg("user", "Paris?")], []),
    ...     id(calls[1]): ModelCall(calls[1], [Msg("system", "S"), Msg("user", "Tokyo?")], []),
    ... }
    >>> spans = [batch, *flows, *runs, *calls]
    >>> [s.span_id for s in whole_runs(spans, steps, {s.span_id: s for s in spans})]
    ['a2', 'a1']
    >>> steps[id(calls[1])] = ModelCall(calls[1], [Msg("system", "S"), Msg("user", "Paris?")], [])
    >>> whole_runs(spans, steps, {s.span_id: s for s in spans})
    []
    """
    runs = [
        span
        for span in ordered
        if isinstance(step := steps.get(id(span)), AgentRun)
        and step.name
        and _top_most(span, steps, by_id)
    ]
    if len(runs) < 2:
        return []
    said = _said(runs, ordered, steps, by_id)
    if any(
        _shared(said[one.span_id], said[other.span_id])
        for n, one in enumerate(runs)
        for other in runs[n + 1 :]
    ):
        return []
    first = _first_calls(ordered, steps, by_id)
    inside = {run.span_id for run in runs}
    calls = [s for s in ordered if isinstance(steps.get(id(s)), ModelCall)]
    if _under_no_run(runs, steps, by_id) and all(
        any(a.span_id in inside for a in ancestors(c, by_id)) for c in calls
    ):
        return sorted(runs, key=lambda s: _started(s, first))
    return []


def _under_no_run(
    runs: list[Span], steps: Mapping[int, Step | None], by_id: Mapping[str, Span]
) -> bool:
    """Whether no span holding all of `runs` is a run itself (only an application's spans).

    Runs under one run are its steps, one request's (a crew's tasks under its kickoff, a
    graph's branches under its run, a workflow's loop asking an agent again), whatever
    histories they start.
    """
    held = [{a.span_id for a in ancestors(run, by_id)} for run in runs]
    common = set.intersection(*held)
    above = [a for a in ancestors(runs[0], by_id) if a.span_id in common]
    return not any(isinstance(steps.get(id(a)), AgentRun) for a in above)


def in_start_order(
    messages: list[Msg], scopes: Mapping[int, str | None], runs: list[Span]
) -> list[Msg]:
    """`messages` with the conversations of `runs` (`whole_runs`, in start order) in that order.

    `scopes`: by message id, the conversation each was merged in (`Conversation.scopes`; a
    run's scope is its span id). Each run's conversation is whole (its messages one block);
    the blocks keep the places they hold, filled in the runs' start order. Left as it is
    when a run's messages are not one block.

    >>> a, b = [Msg("user", "Paris?"), Msg("assistant", "Sunny.")], [Msg("user", "Tokyo?")]
    >>> def run(span_id: str, start: int) -> Span:
    ...     return Span("t", span_id, None, span_id, start, 9, "ok", None, {})
    >>> where = {**{id(m): "a" for m in a}, **{id(m): "b" for m in b}}
    >>> [m.content for m in in_start_order([*b, *a], where, [run("a", 1), run("b", 2)])]
    ['Paris?', 'Sunny.', 'Tokyo?']
    """
    order = [r.span_id for r in runs]
    blocks: dict[str, list[int]] = {scope: [] for scope in order}
    for index, msg in enumerate(messages):
        scope = scopes.get(id(msg))
        if scope in blocks:
            blocks[scope].append(index)
    held = [indexes for indexes in blocks.values() if indexes]
    if any(indexes != list(range(indexes[0], indexes[-1] + 1)) for indexes in held):
        return messages
    queue = [blocks[scope] for scope in order if blocks[scope]]
    out: list[Msg] = []
    at = 0
    while at < len(messages):
        scope = scopes.get(id(messages[at]))
        if scope in blocks and blocks[scope]:
            out += [messages[i] for i in queue.pop(0)]  # the next run's, in its place
            at += len(blocks[scope])
        else:
            out.append(messages[at])
            at += 1
    return out


def own_runs(runs: list[AgentRun], apart: list[Span], by_id: Mapping[str, Span]) -> list[AgentRun]:
    """Of `runs`, those whose answer may be the last-started run's (all, when none is apart).

    The last-started of `apart` (`whole_runs`, in start order), the runs inside it, and the
    spans above it that hold no other run of `apart` (its own workflow's): an earlier-started
    run's answer is not the output, even where it ended last.
    """
    if not apart:
        return runs
    last = apart[-1]
    shared = {a.span_id for other in apart[:-1] for a in ancestors(other, by_id)}
    kept = {last.span_id} | {a.span_id for a in ancestors(last, by_id)} - shared
    return [
        r
        for r in runs
        if r.span.span_id in kept or last.span_id in {a.span_id for a in ancestors(r.span, by_id)}
    ]


def last_answer(
    messages: list[Msg], scopes: Mapping[int, str | None], runs: list[Span]
) -> str | None:
    """The last-started run's answer: the last text its conversation says (`said_text`).

    None when it says none, or when `runs` is empty.
    """
    if not runs:
        return None
    own = [m for m in messages if scopes.get(id(m)) == runs[-1].span_id]
    return next((t for m in reversed(own) if (t := said_text(m)) is not None), None)


def requested_times(
    calls: list[ModelCall], runs: list[Span], by_id: Mapping[str, Span]
) -> dict[str, int]:
    """Call id -> when the reply requesting it ended, for the calls `runs` (`whole_runs`) made.

    Two runs side by side ask in turn: their calls stand in the order requested, whichever
    conversation stands first (`_call_order`). Only theirs: elsewhere a reply's span may end
    long after its calls ran (a streamed reply's span, held open over its tools).
    """
    inside = {r.span_id for r in runs}
    own = [c for c in calls if any(a.span_id in inside for a in ancestors(c.span, by_id))]
    return replied_times(own)


def _top_most(span: Span, steps: Mapping[int, Step | None], by_id: Mapping[str, Span]) -> bool:
    """Whether no named run and no tool run holds `span`."""
    for above in ancestors(span, by_id):
        step = steps.get(id(above))
        if isinstance(step, ToolRun) or (isinstance(step, AgentRun) and step.name):
            return False
    return True


def _first_calls(
    ordered: list[Span], steps: Mapping[int, Step | None], by_id: Mapping[str, Span]
) -> dict[str, ModelCall]:
    """For each span holding model calls, the first of them to start."""
    first: dict[str, ModelCall] = {}
    for span in ordered:
        step = steps.get(id(span))
        if isinstance(step, ModelCall):
            for above in ancestors(span, by_id):
                first.setdefault(above.span_id, step)
    return first


def _shared(one: set[tuple[Any, ...]], other: set[tuple[Any, ...]]) -> bool:
    """Whether two runs' model calls share a message but their system prompts (`_said`).

    Any call's input or reply: a run handed another's answer (Semantic Kernel's sequential
    orchestration gives the writer the weather agent's reply) goes on from it, one
    conversation. So too when one of the runs made no call: nothing says it started its own
    history.
    """
    return not (one and other) or bool(one & other)


def _said(
    runs: list[Span],
    ordered: list[Span],
    steps: Mapping[int, Step | None],
    by_id: Mapping[str, Span],
) -> dict[str, set[tuple[Any, ...]]]:
    """For each of `runs`, the keys of its model calls' messages other than system prompts.

    One pass over the trace's spans, each model call's keys given to the runs above it.
    """
    out: dict[str, set[tuple[Any, ...]]] = {run.span_id: set() for run in runs}
    for span in ordered:
        step = steps.get(id(span))
        if not isinstance(step, ModelCall):
            continue
        keys = {m.key() for m in [*step.inputs, *step.outputs] if m.role != "system"}
        for above in ancestors(span, by_id):
            if above.span_id in out:
                out[above.span_id] |= keys
    return out


def _started(run: Span, first: Mapping[str, ModelCall]) -> tuple[int, int, int]:
    """When `run` started, and when its first model call did.

    Of runs started together (a clock of whole milliseconds, the AI SDK's), the one whose
    first model call started first started first.
    """
    call = first.get(run.span_id)
    start, order = run.sort_key
    return (start, call.span.sort_key[0] if call is not None else -1, order)
