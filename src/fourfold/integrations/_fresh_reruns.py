"""Runs of one agent made one after the other, the later starting a history of its own.

Two sibling spans naming the same agent that do not overlap in time are two runs of it in
sequence (Agno's tasks mode running two tasks of one member with two ``execute_task``
calls, the member runs beside the tool spans). Whether the later run goes on with the
earlier's conversation is what the later run sends: its first model call's history either
repeats the earlier run's messages (a second turn of a conversation: a multi-turn agent, a
graph sending an agent back with the thread so far), or holds none of them (the member
handed only its task: its system prompt again and a new question). Then, when the runs are a
member's runs under another agent's run (a team's leader handing each run its task), each
run is a conversation of its own, as two runs side by side are (`_run_scopes.twin_runs`): the
system prompt the later one sends again is its own message, not one the earlier run's
history said. Runs of the trace's own agent under a workflow (a CrewAI manager's tasks under
the crew) stay the trace's one conversation, the system prompt once.
"""

from __future__ import annotations

from ._messages import Msg
from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step

__all__ = ["fresh_reruns"]


def fresh_reruns(
    runs: list[list[Span]], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> set[str]:
    """The span ids of the member runs followed by a run of theirs that starts afresh.

    `runs`: lists of one agent's sibling runs, in start order. A run is one when a later run
    of the list, started after it ended, sends a first model call that repeats none of its
    messages (the later run is one too), and their parent is another agent's run.

    >>> from fourfold.integrations._messages import Msg
    >>> def span(span_id: str, parent: str, start: int, end: int) -> Span:
    ...     return Span("t", span_id, parent, span_id, start, end, "ok", None, {})
    >>> team, first = span("p", "", 0, 40), span("a", "p", 0, 10)
    >>> second = span("b", "p", 20, 30)
    >>> calls = [span("a1", "a", 1, 2), span("b1", "b", 21, 22)]
    >>> steps: dict[int, Step | None] = {
    ...     id(team): AgentRun(team, name="weather_team"),
    ...     id(first): AgentRun(first, name="weather_agent"),
    ...     id(second): AgentRun(second, name="weather_agent"),
    ...     id(calls[0]): ModelCall(calls[0], [Msg("system", "S"), Msg("user", "Paris?")], []),
    ...     id(calls[1]): ModelCall(calls[1], [Msg("system", "S"), Msg("user", "Tokyo?")], []),
    ... }
    >>> by_id = {s.span_id: s for s in [team, first, second, *calls]}
    >>> sorted(fresh_reruns([[first, second]], steps, by_id))
    ['a', 'b']
    >>> again = [Msg("user", "Paris?"), Msg("user", "And Tokyo?")]
    >>> steps[id(calls[1])] = ModelCall(calls[1], again, [])
    >>> sorted(fresh_reruns([[first, second]], steps, by_id))
    []
    """
    members = [same for same in runs if _member_runs(same, steps, by_id)]
    if not members:
        return set()
    calls: dict[str, list[ModelCall]] = {}
    for span in by_id.values():
        step = steps.get(id(span))
        if isinstance(step, ModelCall):
            for above in ancestors(span, by_id):
                if isinstance(steps.get(id(above)), AgentRun):
                    calls.setdefault(above.span_id, []).append(step)
    fresh: set[str] = set()
    for same in members:
        for n, one in enumerate(same):
            said = {m.key() for c in calls.get(one.span_id, []) for m in _non_system(c)}
            for later in same[n + 1 :]:
                if not _after(one, later) or not said:
                    continue
                made = sorted(calls.get(later.span_id, []), key=lambda c: c.span.sort_key)
                if made and not any(m.key() in said for m in _non_system(made[0], outputs=False)):
                    fresh.update((one.span_id, later.span_id))
    return fresh


def _member_runs(same: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]) -> bool:
    """Whether the sibling runs are a member's under another agent's run (a team's leader)."""
    parent = by_id.get(same[0].parent_id) if same[0].parent_id else None
    leader = steps.get(id(parent)) if parent is not None else None
    member = steps.get(id(same[0]))
    if not isinstance(leader, AgentRun) or not isinstance(member, AgentRun):
        return False
    return leader.kind == "agent" and leader.name is not None and leader.name != member.name


def _non_system(call: ModelCall, *, outputs: bool = True) -> list[Msg]:
    """The call's messages other than system prompts (its inputs, and its outputs)."""
    messages = [*call.inputs, *(call.outputs if outputs else [])]
    return [m for m in messages if m.role != "system"]


def _after(one: Span, later: Span) -> bool:
    """Whether `later` started once `one` ended (False when a time is unknown)."""
    if one.end_ns is None or later.start_ns is None:
        return False
    return later.start_ns >= one.end_ns
