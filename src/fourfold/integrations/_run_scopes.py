"""The conversation a model call's or agent run's messages belong to (`Conversation.merge`'s scope).

A model call or agent run inside a tool run is the tool's own agent's (a sub-agent used as a
tool): its history and its output are a conversation of its own, the tool run's. So is each
of two runs of one agent made side by side (sibling spans naming the same agent, overlapping
in time: Agno's tasks mode running two tasks of one member at once with
``execute_tasks_parallel``, the member runs beside the tool span, not inside it): each run
starts a history of its own, and the system prompt each sends, the same text, is two
messages, not one the two histories share; so is each of two runs of one agent one after
the other when the later sends none of the earlier's history (`_fresh_reruns`).
"""

from __future__ import annotations

from collections import defaultdict

from ._fresh_reruns import fresh_reruns
from ._spans import Span, ancestors
from ._steps import AgentRun, Step, ToolRun

__all__ = ["scope_of", "twin_runs"]


def twin_runs(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> set[str]:
    """The span ids of the agent runs made beside another run of the same agent.

    Beside: the same parent span, the same agent name, and their times overlap; or one after
    the other, the later run's first model call repeating none of the earlier's messages
    (`fresh_reruns`: a later run that goes on with the earlier's history is left to the rules
    of histories, which keep the order said).

    >>> def run(span_id: str, start: int, end: int) -> Span:
    ...     return Span("t", span_id, "p", "weather_agent.run", start, end, "ok", None, {})
    >>> spans = [run("a", 0, 10), run("b", 1, 11), run("c", 20, 30)]
    >>> steps = {id(s): AgentRun(s, name="weather_agent") for s in spans}
    >>> sorted(twin_runs(spans, steps, {s.span_id: s for s in spans}))
    ['a', 'b']
    """
    by_parent: dict[tuple[str | None, str], list[Span]] = defaultdict(list)
    for span in ordered:
        step = steps.get(id(span))
        if isinstance(step, AgentRun) and step.kind == "agent" and step.name:
            by_parent[(span.parent_id, step.name)].append(span)
    twins: set[str] = set()
    for runs in by_parent.values():
        for n, one in enumerate(runs):
            for other in runs[n + 1 :]:
                if _overlap(one, other) and not _recorded_twice(one, other):
                    twins.update((one.span_id, other.span_id))
    again = [runs for runs in by_parent.values() if len(runs) > 1]
    return twins | fresh_reruns(again, steps, by_id)


def scope_of(
    span: Span, steps: dict[int, Step | None], by_id: dict[str, Span], twins: set[str]
) -> str | None:
    """The span id of the run whose conversation `span`'s messages are, if one of its own.

    The nearest, from `span` itself up: a tool run it runs inside, or an agent run of
    `twins` (`twin_runs`); None when neither holds it (the trace's one conversation).
    """
    for above in [span, *ancestors(span, by_id)]:
        if above is not span and isinstance(steps.get(id(above)), ToolRun):
            return above.span_id
        if above.span_id in twins:
            return above.span_id
    return None


def _recorded_twice(one: Span, other: Span) -> bool:
    """Whether two runs of one agent are one run two instrumentations each recorded.

    openlit records a LangGraph node's run twice, by its LangGraph instrumentation
    (``openlit.instrumentation.langgraph``, ``gen_ai.agent.id`` the node's name) and by its
    LangChain one (``openlit.instrumentation.langchain``, the id LangChain's run id), both
    ``invoke_agent <node>`` at the same time: beside each other where the node is the
    graph's own (a supervisor's ``agent`` node right under the workflow's span). Runs of one
    agent that different instrumentation scopes recorded are that one run, not two side by
    side: their messages are one history.

    >>> def run(span_id: str, scope: str) -> Span:
    ...     return Span("t", span_id, "p", "invoke_agent agent", 0, 9, "ok", None, {}, scope=scope)
    >>> graph, chain = "openlit.instrumentation.langgraph", "openlit.instrumentation.langchain"
    >>> _recorded_twice(run("a", graph), run("b", chain))
    True
    >>> _recorded_twice(run("a", graph), run("b", graph))
    False
    """
    return one.scope is not None and other.scope is not None and one.scope != other.scope


def _overlap(one: Span, other: Span) -> bool:
    """Whether the two spans' times overlap (False when a time is unknown)."""
    if one.start_ns is None or one.end_ns is None:
        return False
    if other.start_ns is None or other.end_ns is None:
        return False
    return one.start_ns < other.end_ns and other.start_ns < one.end_ns
