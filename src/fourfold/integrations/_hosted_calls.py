"""Tools the provider ran inside a model call: calls of the run no span records.

A Responses API model call may run hosted tools itself (a web search): no tool span, no
result in the trace, but the reply's item says it ran (`ModelCall.hosted_calls`, read by
`.otel._hosted_search.hosted_turns`). Each is a call of the run, in the order of the model
calls, before the calls that started after its model call did; a call the trace records
otherwise (the same id) is that call.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._steps import ModelCall

__all__ = ["with_hosted_calls"]


def with_hosted_calls(calls: list[ToolCall], model_calls: list[ModelCall]) -> list[ToolCall]:
    """`calls`, plus the hosted calls of `model_calls` (in order) that no call has the id of.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> span = Span("t", "s", None, "response", 5, 9, "ok", None, {})
        >>> searched = ToolCall(name="web_search", id="ws_1")
        >>> call = ModelCall(span, [], [], hosted_calls=[searched])
        >>> [c.id for c in with_hosted_calls([ToolCall(name="f", id="c1")], [call])]
        ['c1', 'ws_1']
        >>> with_hosted_calls([searched], [call]) == [searched]
        True
    """
    out = list(calls)
    for model_call in model_calls:
        for hosted in model_call.hosted_calls:
            if any(c.id == hosted.id for c in out):
                continue
            at = next(
                (
                    n
                    for n, c in enumerate(out)
                    if c.started_at is not None
                    and hosted.started_at is not None
                    and c.started_at > hosted.started_at
                ),
                len(out),
            )
            out.insert(at, hosted)
    return out
