"""A tool span that only asked a person to confirm the call: no call of its own.

Google ADK runs a ``FunctionTool(require_confirmation=True)`` in two steps: the first
``execute_tool`` span answers the call with ADK's request for confirmation (its response
``{"error": "This tool call requires confirmation, please approve or reject."}``), which the
run hands to the application, not to the model; once the application answers, a second
``execute_tool`` span with the same call id runs or rejects the call (ADK 2.15,
``google-adk-approval-denied-2026-12-07zn``: both readings wrote one call, the second span's).
So a span whose result is that request, followed by another run of its call id, is no call
(`confirmation_requests`).
"""

from __future__ import annotations

from ._spans import Span
from ._steps import Step, ToolRun

__all__ = ["confirmation_requests"]

CONFIRMATION_REQUEST = {"error": "This tool call requires confirmation, please approve or reject."}
"""ADK's response for a call awaiting the application's confirmation."""


def confirmation_requests(ordered: list[Span], steps: dict[int, Step | None]) -> set[int]:
    """The ids (``id(span)``) of the tool spans that only asked to confirm a call run again.

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> def run(n: int, result: object) -> tuple[Span, ToolRun]:
        ...     span = Span("t", f"s{n}", None, "execute_tool refund", n, n + 1, "ok", None, {})
        ...     return span, ToolRun(span, ToolCall(name="refund", id="c1", result=result))
        >>> (a, asked), (b, ran) = run(1, CONFIRMATION_REQUEST), run(2, "rejected")
        >>> confirmation_requests([a, b], {id(a): asked, id(b): ran}) == {id(a)}
        True
        >>> confirmation_requests([a], {id(a): asked})
        set()
    """
    runs = [(s, step) for s in ordered if isinstance(step := steps.get(id(s)), ToolRun)]
    out: set[int] = set()
    for n, (span, step) in enumerate(runs):
        if step.call.result != CONFIRMATION_REQUEST or step.call.id is None:
            continue
        if any(later.call.id == step.call.id for _, later in runs[n + 1 :]):
            out.add(id(span))
    return out
