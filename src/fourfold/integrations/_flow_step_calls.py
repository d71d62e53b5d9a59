"""A Flow step recorded as a run that ended before its work began: the model call it made.

The shape, CrewAI 1.15.30 under openlit 1.45.0 (``openlit-crewai-flow``): openlit types each
step of a ``Flow`` as an ``invoke_agent <step>`` span under the flow's ``invoke_workflow``, but
wraps the async step as a sync method, so the span lasts about 0.1 ms, ends before the step's
work begins and records as its output only the coroutine it got back (``<coroutine object
Flow._execute_method at 0x…>``). The work hangs under the flow span beside it: a ``@start``
step's crew, then a ``@listen`` step's plain ``LLM.call`` (a ``chat`` span). That call sits
under a run that holds agents (the crew's), which would make it a team's call beside them
(D15, `._team_calls`); but it is the step's own: the step span just before it, under the same
parent, names the step that made it. Read by its spans alone: a model call is a step's own
when, under its parent, the last run span that started before it (no agent run started in
between) ended before the call began and recorded nothing but an object's default repr.
Such a step holds no agent, so its call is a turn, as a step's call inside its own span is
(openinference's ``crewai-flow``) unless it ended before every agent began
(`._steering_steps`).
"""

from __future__ import annotations

from collections.abc import Mapping

from ._run_records import object_repr
from ._spans import Span
from ._steps import AgentRun, Step

__all__ = ["flow_step_call"]


def _repr_only(run: AgentRun) -> bool:
    """Whether `run` recorded an output and every one is an object's default repr."""
    said = [m.content for m in run.outputs]
    if run.output_value is not None:
        said.append(run.output_value)
    return bool(said) and all(object_repr(text) for text in said)


def flow_step_call(call: Span, ordered: list[Span], steps: Mapping[int, Step | None]) -> bool:
    """Whether model call `call` is the own call of a step whose span ended before it began.

    `ordered`: the trace's spans in start order; `steps`: what each is (``id(span)``).

        >>> from types import SimpleNamespace as NS
        >>> from ._messages import Msg
        >>> def run(n, start, end, said, kind="agent"):
        ...     out = [Msg(role="assistant", content=said)]
        ...     return NS(span_id=n, parent_id="f", start_ns=start, end_ns=end), kind, out
        >>> made = [run("s", 10, 11, "<coroutine object Flow._execute_method at 0x7f24>")]
        >>> spans = [s for s, _, _ in made]
        >>> steps = {id(s): AgentRun(span=s, kind=k, outputs=o) for s, k, o in made}
        >>> chat = NS(span_id="c", parent_id="f", start_ns=12, end_ns=20)
        >>> flow_step_call(chat, spans + [chat], steps)
        True
        >>> said = [run("s", 10, 11, "Sunny.")]  # a run that records what it said
        >>> steps = {id(s): AgentRun(span=s, kind=k, outputs=o) for s, k, o in said}
        >>> flow_step_call(chat, [said[0][0], chat], steps)
        False
    """
    if call.start_ns is None:
        return False
    before: AgentRun | None = None
    for span in ordered:
        if span is call or span.start_ns is None or span.start_ns > call.start_ns:
            continue
        run = steps.get(id(span))
        if not isinstance(run, AgentRun):
            continue
        if span.parent_id == call.parent_id:
            before = run
        elif run.kind == "agent":
            before = None  # an agent ran since: the call is not the step's
    if before is None or before.kind != "agent" or not _repr_only(before):
        return False
    ended = before.span.end_ns
    return ended is not None and ended <= call.start_ns
