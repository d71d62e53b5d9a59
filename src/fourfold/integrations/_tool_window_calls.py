"""A model call made while a tool ran, though not under the tool's span: the tool's own call.

openlit's openai instrumentation, under LangGraph's tools, parents the model call a tool
makes itself (``summarize_reviews`` asking the model for a summary) to the trace's root, not
to the tool's span: openlit's LangChain instrumentation does not make the tool's span the
current one, so the openai client's span takes the workflow's
(`openlit-langgraph-tool-model-2026-12-07za`). Beside the agents' runs, such a call was read
as a team's steering call (`._team_calls`): its tokens counted, its prompt and reply no
messages. A call whose span lies within a tool run's (it began after the tool began and ended
before the tool ended) was made while that tool ran, by it: its prompt and reply are a
conversation of the run, after the caller's, as a tool's own call under the tool's span is
(both readings, and the readings of the same shape under six other instrumentations).
"""

from __future__ import annotations

from collections.abc import Iterable

from ._spans import Span

__all__ = ["during_tool"]


def during_tool(span: Span, tools: Iterable[Span]) -> bool:
    """Whether `span` began and ended while one of the `tools` ran.

    Examples:
        >>> def at(start, end):
        ...     return Span("t", f"s{start}", None, "x", start, end, "ok", None, {})
        >>> during_tool(at(3, 4), [at(2, 5)]), during_tool(at(1, 4), [at(2, 5)])
        (True, False)
        >>> during_tool(at(3, 6), [at(2, 5)]), during_tool(at(3, 4), [])
        (False, False)
    """
    if span.start_ns is None or span.end_ns is None:
        return False
    return any(
        tool.start_ns is not None
        and tool.end_ns is not None
        and tool.start_ns <= span.start_ns
        and span.end_ns <= tool.end_ns
        for tool in tools
        if tool is not span
    )
