"""A run that raised gave no answer: its own span ended in error.

A framework that raises out of a run returns nothing to the application: the OpenAI Agents
SDK on a tripped guardrail (``OutputGuardrailTripwireTriggered``: the model's reply was
written, then rejected) or on ``max_turns``, a LangGraph graph or a pydantic-ai agent whose
step raised, Google ADK or Strands on a tool's exception. Its tracer marks the run's span
failed (status error) and records no output on it. The model's latest text, which the
conversation keeps (the model did write it), was then never the run's answer: the run
produced none.

The run's own spans are the run spans (`AgentRun`: agent, workflow, chain or application
spans) around its last model call, the latest to start: the agent span that made it, and the
turn, workflow and application spans around that, but none inside a tool's span (an agent
called as a tool is its caller's tool: the caller's span says whether the run went on). A
failure nothing of the run came after is not the run's: a tool's error, a model call that
failed and was tried again, a step or a sub-agent that failed before the run's last model
call (the run went on: smolagents' step whose code raised, a LangGraph node retried). With
no model-call span, the run's own span is its top-most run span that ended last. An
exception a tracer's own code raised (`run_error`) is no run's failure.

`run_raised` reads only the spans' statuses, their parents and what each span is (its
`Step`). A run span that recorded an output is still answered by it: the caller reads the
run spans' outputs first and falls back to the conversation's latest text only when none
records one, and it is that fallback a raised run has not got. Unless what a failed run
span recorded is the model's latest text itself (`rejected_reply`): the OpenTelemetry
project's Agents SDK instrumentation (opentelemetry-instrumentation-openai-agents-v2 0.1)
writes the agent span's ``gen_ai.output.messages`` from the model's last reply even when an
output guardrail then rejected it and the span ended in error ("Guardrail tripwire
triggered"): that is the model's words again, not what the run returned. An output the
failed span records that the model never wrote (what the run returned) still stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ._answer import run_answer
from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step, ToolRun
from ._tracer_faults import run_error

__all__ = ["rejected_reply", "run_raised"]


def run_raised(
    ordered: Sequence[Span], steps: Mapping[int, Step | None], by_id: Mapping[str, Span]
) -> str | None:
    """Why the run raised (its own span's error), or None when it did not.

    `steps` maps ``id(span)`` to what the span is; `by_id` holds the trace's spans by id.

    Examples:
        >>> def span(id, parent, start, status="ok"):
        ...     return Span("t", id, parent, id, start, start + 1, status, "boom", {})
        >>> agent, call = span("a", None, 0, "error"), span("c", "a", 1)
        >>> steps = {id(agent): AgentRun(span=agent), id(call): ModelCall(call, [], [])}
        >>> run_raised([agent, call], steps, {"a": agent, "c": call})
        'boom'
        >>> agent.status = "ok"
        >>> run_raised([agent, call], steps, {"a": agent, "c": call}) is None
        True
    """
    calls = [s for s in ordered if isinstance(steps.get(id(s)), ModelCall)]
    if calls:
        own = _around(max(calls, key=lambda s: s.sort_key), steps, by_id)
    else:
        own = _last_top_run(ordered, steps, by_id)
    return next((error for span in own if (error := run_error(span)) is not None), None)


def _around(call: Span, steps: Mapping[int, Step | None], by_id: Mapping[str, Span]) -> list[Span]:
    """The run spans `call` runs inside, above every tool span it runs inside."""
    out: list[Span] = []
    for above in ancestors(call, by_id):
        step = steps.get(id(above))
        if isinstance(step, ToolRun):
            out = []  # what ran inside the tool was the tool's: its caller's spans decide
        elif isinstance(step, AgentRun):
            out.append(above)
    return out


def _last_top_run(
    ordered: Sequence[Span], steps: Mapping[int, Step | None], by_id: Mapping[str, Span]
) -> list[Span]:
    """The top-most run span that ended last (none when the trace has no run span)."""
    runs = [s for s in ordered if isinstance(steps.get(id(s)), AgentRun)]
    if not runs:
        return []
    depth = {id(s): len(ancestors(s, by_id)) for s in runs}
    top = min(depth.values())
    return [max((s for s in runs if depth[id(s)] == top), key=lambda s: (s.end_ns or 0, s.order))]


def rejected_reply(run: AgentRun, said: str | None) -> bool:
    """Whether `run` failed and records as its output `said`, the model's latest text.

    That output is the reply the run raised on (an output guardrail's), not an answer.

    Examples:
        >>> from ._messages import Msg
        >>> failed = Span("t", "a", None, "invoke_agent", 0, 1, "error", "tripped", {})
        >>> run = AgentRun(span=failed, outputs=[Msg(role="assistant", content="Hi")])
        >>> rejected_reply(run, "Hi"), rejected_reply(run, "Hello")
        (True, False)
        >>> failed.status = "ok"
        >>> rejected_reply(run, "Hi")
        False
    """
    if said is None or run_error(run.span) is None:
        return False
    answer = run_answer(run.outputs, run.output_value, whole=run.whole_output)
    return answer is not None and answer[0] == said
