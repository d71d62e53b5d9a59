"""A magentic manager that stopped before its final answer: the run has no answer.

The shape, Semantic Kernel 1.45's ``MagenticOrchestration`` under its own diagnostics with the
runtime's spans (``semantic-kernel-magentic-round-limit``): the manager is the runtime's
``MagenticManagerActor``, each delivery to it an ``agent_runtime process MagenticManagerActor_…``
span (``messaging.operation`` ``process``, ``messaging.destination``
``MagenticManagerActor_…``), its model calls in no agent span (the team's, D15). The
orchestration's result is the manager's final answer, its last call, made after every member
ran (`._team_answer`); when a limit stops the run first (``max_round_count``,
``max_reset_count``), the delivery of the member's report to the manager makes no model call
(no progress ledger, no final answer): SK logs ``Max round count reached.`` and hands its
result callback that stop notice, which no span records. The member's last reply is its turn
reported to the manager, not the run's answer: the run's output is then not in the trace.
Read by its spans alone: a delivery to the manager that began after every agent run ended,
with no model call after it. So too when the manager re-planned after a stall and its reset
limit stopped it (``max_reset_count``: SK logs ``Max reset count reached.``): the new plan is
delivered to the members after every agent run ended, and no model call follows
(``semantic-kernel-magentic-reset-limit``; `._team_answer` reads the plan as no answer).
The siblings that end with the final answer (``semantic-kernel-magentic``, ``-replan``: a
model call after that delivery began) and SK's other orchestrations (no
``MagenticManagerActor``) are read as before.
"""

from __future__ import annotations

from ._spans import Span

__all__ = ["stopped_unanswered", "to_manager", "to_member"]

_MANAGER = "MagenticManagerActor_"


def stopped_unanswered(spans: list[Span], agents: list[Span], calls: list[Span]) -> bool:
    """Whether SK's magentic manager was given its members' reports and asked nothing more.

    `spans` are the trace's, `agents` its agent runs, `calls` its model calls (the team's
    included). True when a delivery to the manager began after every agent run ended and no
    model call began after it; with no agent run, or a time missing, False.

        >>> from types import SimpleNamespace as NS
        >>> def at(start, end, name="x", attributes=None):
        ...     return NS(name=name, start_ns=start, end_ns=end, attributes=attributes or {})
        >>> agent, report = at(10, 20), at(25, 30, "agent_runtime process MagenticManagerActor_1")
        >>> stopped_unanswered([agent, report], [agent], [at(2, 5)])  # a limit stopped it
        True
        >>> stopped_unanswered([agent, report], [agent], [at(2, 5), at(26, 29)])  # answered
        False
        >>> plan = at(35, 36, "agent_runtime process weather_agent_1",
        ...           {"messaging.operation": "process", "messaging.destination": "weather_1"})
        >>> stopped_unanswered([agent, report, plan], [agent], [at(26, 29)])  # re-planned, stopped
        True
        >>> stopped_unanswered([agent, at(25, 30)], [agent], [at(2, 5)])  # no magentic manager
        False
        >>> to = {"messaging.operation": "process"}
        >>> to["messaging.destination"] = "MagenticManagerActor_1"
        >>> stopped_unanswered([at(0, 40, "process", to), agent], [agent], [])  # none after
        False
    """
    ends = [a.end_ns for a in agents]
    if not ends or any(e is None for e in ends):
        return False
    done = max(e for e in ends if e is not None)
    magentic = any(to_manager(span) for span in spans)
    for span in spans:
        delivered = to_manager(span) or (magentic and to_member(span))
        if not delivered or span.start_ns is None or span.start_ns < done:
            continue
        began = span.start_ns
        if not any(c.start_ns is not None and c.start_ns >= began for c in calls):
            return True
    return False


def to_member(span: Span) -> bool:
    """Whether `span` is the runtime's delivery of a message to an actor not the manager."""
    where = span.attributes.get("messaging.destination")
    return (
        span.attributes.get("messaging.operation") == "process"
        and isinstance(where, str)
        and not where.startswith(_MANAGER)
    )


def to_manager(span: Span) -> bool:
    """Whether `span` is the runtime's delivery of a message to SK's magentic manager."""
    where = span.attributes.get("messaging.destination")
    return span.name.startswith(f"agent_runtime process {_MANAGER}") or (
        span.attributes.get("messaging.operation") == "process"
        and isinstance(where, str)
        and where.startswith(_MANAGER)
    )
