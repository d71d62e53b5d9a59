"""A run's answer that a later run superseded: not the trace's, though it is the one readable.

A trace may hold runs side by side that carry one conversation on: LlamaIndex's
``FunctionAgent`` run twice with one ``Memory`` (llama-index-core 0.14, traced by
openinference-instrumentation-llama-index 4.x) inside an application's span, the second run
answering the follow-up on the first run's history. The runs are tried for the answer top-most
first, and of runs side by side the one that ended last first (`_common._final`); when that
run's record holds no readable answer (OpenInference writes its ``StopEvent`` repr cut short
inside the answer's block), an earlier run's answer is no answer of the trace: the last run
answered after it. So a run that ended before a run whose answer could not be read, and does
not run inside that run, is passed over, with every run inside it; the answer is then the
latest text said (`answer_said`). Runs inside the unreadable one (its agents, under a workflow
that records no answer) stay candidates: they are its answer.
"""

from __future__ import annotations

from collections.abc import Callable

from ._spans import Span
from ._steps import AgentRun

__all__ = ["superseded"]


def superseded(
    run: AgentRun, unreadable: list[AgentRun], ancestors: Callable[[Span], list[Span]]
) -> bool:
    """Whether a run of `unreadable` (tried before, no answer read) ended after `run`, outside it.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> root = Span("t", "r", None, "conversation", 0, 9, "ok", None, {})
        >>> first = AgentRun(Span("t", "a", "r", "FunctionAgent.run", 1, 4, "ok", None, {}))
        >>> second = AgentRun(Span("t", "b", "r", "FunctionAgent.run", 5, 8, "ok", None, {}))
        >>> up = {"r": root, "a": first.span, "b": second.span}
        >>> def above(s):
        ...     return [up[s.parent_id]] if s.parent_id else []
        >>> superseded(first, [second], above), superseded(second, [first], above)
        (True, False)
    """
    end = run.span.end_ns
    if end is None:
        return False
    above = {a.span_id for a in ancestors(run.span)}
    return any(
        later.span.end_ns is not None
        and later.span.end_ns > end
        and later.span.span_id not in above
        and later.span.span_id != run.span.span_id
        for later in unreadable
    )
