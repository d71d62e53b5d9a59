"""Traces joined by span links into one run (follows-from).

Some runtimes start each step of one run in a trace of its own and tie it to the step that
caused it by a span link, not a parent: autogen-core's agent runtime opens every message
delivery in its processing loop's context, its ``autogen publish`` / ``autogen process``
span linking to the ``autogen create`` span of the message's sender, so one team run is a
dozen traces joined only by links.

The rule (D13): a trace *continues* another when its root span (the one span without a
parent) links to spans of exactly one other trace, that trace is in the same import, and
neither of the two is a batch. A trace whose root links to no other trace continues the one
whose message its spans deliver: a span linking to a ``producer`` span of another trace of
the import (the span that sent a message; OTel's messaging conventions link the spans that
receive and process it to it) delivers that run's message, so the trace goes on with that
run, as if its root linked there. Agent Framework's workflow resumed from a checkpoint is
such a trace: its root ``invoke_workflow`` links to nothing, while its
``edge_group.process`` and ``executor.process`` steps link to the ``message.send`` span
(kind ``PRODUCER``) that sent, in the first run's trace, the message they deliver.

A span linking to spans of several traces is a **batch** (a job handling many requests,
each its own run): it continues none of them, and no trace is joined to it either; so is a
trace whose steps deliver messages of several traces. Links to traces absent from the
import join nothing (but count towards a batch), other links from spans that have a parent
join nothing (a step inside a run that cites another run, linking to a span that sent no
message), and a trace whose root is missing or doubled joins nothing. Continuations are
transitive: the traces so joined are one run, whose id is the trace that continues no other
(the run's first), the others following in order of first appearance.
"""

from __future__ import annotations

from collections.abc import Mapping

from ._spans import Span

__all__ = ["joined_runs"]


def joined_runs(traces: Mapping[str, list[Span]]) -> list[list[str]]:
    """The trace ids of `traces` grouped into runs (see the module).

    Each run's first trace comes first; runs go in order of their first trace's appearance.
    """
    producers = {
        (s.trace_id, s.span_id) for spans in traces.values() for s in spans if s.kind == "producer"
    }
    targets: dict[str, set[str]] = {}
    for trace_id, spans in traces.items():
        roots = [s for s in spans if s.parent_id is None]
        if len(roots) == 1:
            targets[trace_id] = {t for t, _ in roots[0].links if t != trace_id} or _senders(
                trace_id, spans, producers
            )
    batches = {t for t, linked in targets.items() if len(linked) > 1}
    continues: dict[str, str] = {}
    for trace_id, linked in targets.items():
        if len(linked) != 1 or trace_id in batches:
            continue
        (target,) = linked
        if target in traces and target not in batches:
            continues[trace_id] = target
    order = {trace_id: n for n, trace_id in enumerate(traces)}
    members: dict[str, list[str]] = {}
    for trace_id in traces:
        first = _first(trace_id, continues, order)
        members.setdefault(first, [first])
        if trace_id != first:
            members[first].append(trace_id)
    return [members[first] for first in sorted(members, key=order.__getitem__)]


def _senders(trace_id: str, spans: list[Span], producers: set[tuple[str, str]]) -> set[str]:
    """The other traces whose producer spans (a message's sender) `spans` link to.

    A span delivering a message links to the span that sent it; a link to any other span
    (an agent's, a run's root) cites that run and continues nothing.
    """
    return {t for s in spans for t, u in s.links if t != trace_id and (t, u) in producers}


def _first(trace_id: str, continues: dict[str, str], order: dict[str, int]) -> str:
    """The trace a chain of continuations from `trace_id` starts at.

    On a cycle, which only malformed links make, the cycle's earliest trace.
    """
    seen = [trace_id]
    while seen[-1] in continues:
        nxt = continues[seen[-1]]
        if nxt in seen:
            cycle = seen[seen.index(nxt) :]
            return min(cycle, key=order.__getitem__)
        seen.append(nxt)
    return seen[-1]
