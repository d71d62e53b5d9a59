"""A team's final answer: its own model call that ends the run, after its agents (D15).

A team's own calls are bookkeeping (who speaks next, is the request satisfied), never the
answer, unless the team says the reply in the conversation (MagenticOne's orchestrator says
its final answer as a message of its own). A team that says nothing of its own may still
answer the user with its last call: SK's ``MagenticOrchestration`` asks its manager's model
for the final answer once its agents are done and returns that reply as the run's result,
saying it to no agent. That call is the last model call of the run, made after every agent
run ended, and replies text with no tool call: its reply is the answer, said. Unless SK's
runtime delivered a message to an agent after that call ended (an ``agent_runtime process``
span whose destination is no manager): the reply was a plan handed on, not an answer (the
Magentic manager re-planning when it stalls, then stopped by its reset limit before any
agent ran again: ``semantic-kernel-magentic-reset-limit``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ._messages import Msg
from ._spans import Span
from ._steps import AgentRun, ModelCall
from ._stopped_teams import to_manager, to_member

__all__ = ["after_every_agent", "team_answer"]


def team_answer(
    team: list[ModelCall],
    calls: list[ModelCall],
    runs: list[AgentRun],
    spans: Sequence[Span] = (),
) -> list[tuple[ModelCall, list[Msg]]]:
    """The team's call that answers the run, with its reply; `[]` when there is none.

    `team` are the team's own calls, `calls` the agents' (their turns), `runs` the agent
    runs. The team's last call answers when it started after every agent run and every
    agent call ended, and its reply is one text with no tool call.

        >>> from types import SimpleNamespace as NS
        >>> span = lambda start, end: NS(start_ns=start, end_ns=end)
        >>> agent = NS(span=span(10, 20), kind="agent")
        >>> final = NS(span=span(30, 40), outputs=[Msg("assistant", "Sunny in Paris.")])
        >>> ledger = NS(span=span(5, 8), outputs=[Msg("assistant", '{"done": false}')])
        >>> [m.content for _, said in team_answer([ledger, final], [], [agent]) for m in said]
        ['Sunny in Paris.']
        >>> team_answer([ledger], [], [agent])  # before the agent: bookkeeping
        []
        >>> def to(where, start):
        ...     at = {"messaging.operation": "process", "messaging.destination": where}
        ...     return NS(name="process", start_ns=start, end_ns=start, attributes=at)
        >>> manager, member = to("MagenticManagerActor_1", 25), to("weather_agent_1", 45)
        >>> team_answer([ledger, final], [], [agent], [manager, member])  # a plan handed on
        []
        >>> len(team_answer([ledger, final], [], [agent], [manager]))
        1
    """
    if not team or not runs:
        return []
    last = max(team, key=lambda c: c.span.start_ns or 0)
    if not after_every_agent(last, calls, runs):
        return []
    replies = [m for m in last.outputs if m.role == "assistant"]
    if len(replies) != 1 or not replies[0].content or replies[0].tool_calls:
        return []
    sk_magentic = any(to_manager(span) for span in spans)
    if sk_magentic and any(_handed_on(span, last) for span in spans):
        return []  # delivered to an agent after it: a plan, not the answer
    return [(last, replies)]


def _handed_on(span: Span, call: ModelCall) -> bool:
    """Whether `span` is the runtime delivering a message to an agent after `call` ended."""
    return (
        to_member(span)
        and call.span.end_ns is not None
        and span.start_ns is not None
        and span.start_ns >= call.span.end_ns
    )


def after_every_agent(call: ModelCall, calls: list[ModelCall], runs: list[AgentRun]) -> bool:
    """Whether the team's `call` started after every agent run and agent call had ended.

    Such a call answers the run: the contract makes its reply the conversation's last
    assistant message, after every agent's own turns (tests/data/traces/README.md).
    """
    started = call.span.start_ns
    ends = [r.span.end_ns for r in runs if r.kind == "agent"] + [c.span.end_ns for c in calls]
    return started is not None and bool(ends) and all(e is not None and e <= started for e in ends)
