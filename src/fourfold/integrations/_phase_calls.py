"""Requests a run went on to execute in a tool phase that records no call of its own.

openlit's pydantic-ai instrumentation marks the phases of an agent's run and makes no span
per tool: its tool-execution phase (`ToolPhase`, ``execute_tool <model>``:
`.otel._openlit_phases.unnamed_tool_phase`) names no tool and records no arguments, result or
call id. A reply whose requests no later model call answers is a run that ended on them; a
tool phase that began once that reply was in says the run went on into its tools
(pydantic-ai runs every request of a reply in that phase): the requests are calls the run
executed, with no result, none being in the trace. Both blind readings of
openlit-pydantic-ai-tool-error (the run raised in its tool step) read them so. A reply no
phase and no model call followed stays requests: nothing shows its tools ran.

Where the run raised, its error (the exception's type and message) is the error of the call
whose argument values the message quotes, when exactly one call's do (``ValueError: unknown
city: Tokio`` and ``{"city": "Tokio"}``); else no call is named, and the error is the run's
alone: the phase records no call to tie it to.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..trace import ToolCall
from ._listed_requests import same_call
from ._messages import Msg
from ._steps import ModelCall, ToolPhase

__all__ = ["with_phase_calls"]


def with_phase_calls(
    calls: list[ToolCall],
    model_calls: Sequence[ModelCall],
    phases: Sequence[ToolPhase],
    messages: Sequence[Msg],
    error: str | None,
) -> list[ToolCall]:
    """`calls`, plus the last reply's requests that a tool phase after it executed.

    `model_calls`: the run's model calls; `messages`: the conversation; `error`: the run's.

    Examples:
        >>> from ._messages import ToolRequest
        >>> from ._spans import Span
        >>> def span(name: str, start: int) -> Span:
        ...     return Span("t", f"s{start}", None, name, start, start + 1, "ok", None, {})
        >>> asked = [ToolRequest("get_weather", {"city": "Paris"}, "c1"),
        ...          ToolRequest("get_weather", {"city": "Tokio"}, "c2")]
        >>> reply = ModelCall(span("chat", 1), [], [Msg(role="assistant", tool_calls=asked)])
        >>> phase = ToolPhase(span("execute_tool gpt-4o-mini", 3))
        >>> made = with_phase_calls([], [reply], [phase], [], "ValueError: unknown city: Tokio")
        >>> [(c.id, c.result, c.error) for c in made]
        [('c1', None, None), ('c2', None, 'ValueError: unknown city: Tokio')]

        No phase after the reply, or an answer in the conversation: nothing added.

        >>> with_phase_calls([], [reply], [], [], None)
        []
        >>> answered = Msg(role="tool", content="sunny", tool_call_id="c1")
        >>> [c.id for c in with_phase_calls([], [reply], [phase], [answered], None)]
        ['c2']
    """
    timed = [c for c in model_calls if c.span.end_ns is not None]
    if not phases or not timed:
        return calls
    last = max(timed, key=lambda c: c.span.end_ns or 0)
    ended = last.span.end_ns or 0
    if not any((p.span.start_ns or 0) >= ended for p in phases):
        return calls
    answered = {m.tool_call_id for m in messages if m.role == "tool" and m.tool_call_id}
    asked = [
        ToolCall(name=r.name, arguments=r.arguments, id=r.id)
        for m in last.outputs
        if m.role == "assistant" and not m.partial
        for r in m.tool_calls
        if not (r.id and r.id in answered)
    ]
    new = [a for a in asked if not any(same_call(a, c) for c in calls)]
    raised = [i for i, c in enumerate(new) if error and _quoted(c, error)]
    if len(raised) == 1:
        new[raised[0]] = new[raised[0]].model_copy(update={"error": error})
    return [*calls, *new]


def _quoted(call: ToolCall, error: str) -> bool:
    """Whether `error` quotes every scalar argument value of `call` (and it has one)."""
    values = [
        str(v)
        for v in (call.arguments or {}).values()
        if isinstance(v, str | int | float) and not isinstance(v, bool) and str(v)
    ]
    return bool(values) and all(v in error for v in values)
