"""A workflow step that asks the model before any agent runs: it steers them (D15).

The shape, CrewAI 1.15.30 under openinference-instrumentation-crewai 1.1.21 (event-listener
mode): a Flow's ``@start`` step (CHAIN ``<Flow>.classify``, ``flow.node.type`` start) makes a
plain ``LLM.call`` (LLM ``gpt-4o-mini.llm_call``, inside no AGENT span) asking whether the
request is a weather question; the ``@router`` step (``flow.node.type`` router) picks a branch
by that reply, and only then does a branch kick off its crew, whose AGENT spans hold the
agents' model calls (``crewai-flow-router``). Read by its spans alone: a model call in a step
of its own (its nearest run holds no agent run) that ended before the first agent run began
decides what runs, as a team's speaker selection does: no turn, its tokens counted. A step
that asks the model once an agent has run (a ``@listen`` step answering from a crew's report,
``crewai-flow``) works on what the agents said: its call is a turn (`._team_calls`).
"""

from __future__ import annotations

from ._spans import Span

__all__ = ["before_every_agent"]


def before_every_agent(call: Span, agents: list[Span]) -> bool:
    """Whether model call `call` ended before the first of the agent runs `agents` started.

    A call with no end is placed by its start. With no agent run, or a time missing, it is
    not (the step's call stays a turn).

        >>> from types import SimpleNamespace as NS
        >>> crew = [NS(start_ns=30, end_ns=80), NS(start_ns=50, end_ns=90)]
        >>> before_every_agent(NS(start_ns=10, end_ns=20), crew)  # a router's question
        True
        >>> before_every_agent(NS(start_ns=85, end_ns=95), crew)  # a step after the crew
        False
        >>> before_every_agent(NS(start_ns=10, end_ns=20), [])
        False
    """
    ended = call.end_ns if call.end_ns is not None else call.start_ns
    starts = [a.start_ns for a in agents]
    if ended is None or not starts or any(s is None for s in starts):
        return False
    return all(s is not None and ended <= s for s in starts)
