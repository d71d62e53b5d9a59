"""Which spans Langtrace's SDKs wrote: their attribute, else their scope.

Every span langtrace-python-sdk (3.8.21) writes through an instrumentation carries
``langtrace.sdk.name`` ``langtrace-python-sdk``; its scopes are
``langtrace_python_sdk.instrumentation.<library>.instrumentation`` and, for the root span of
its ``with_langtrace_root_span`` decorator (no attributes), ``langtrace_python_sdk.utils.
with_root_span``. The attribute is what tells where no scope is written (an SDK's console
dump). Its readers: `.otel._langtrace` (model calls), `.otel._langtrace_langchain`
(LangChain-core's chat model), `.otel._langtrace_dspy` (DSPy's modules), `._replay_agents`
(the agent its replies name), `._langtrace_agents` (the OpenAI Agents SDK's turns).

Langtrace's TypeScript SDK (``@langtrase/typescript-sdk`` 6.3.7, so spelt) writes
``langtrace.sdk.name`` ``@langtrase/typescript-sdk`` on every span, its scope named the same
(`is_langtrace_ts`); its model calls' events are read by `.otel._langtrace` too, their
prompts' assistant names by `._replay_agents`.
"""

from __future__ import annotations

from ._spans import Span

__all__ = [
    "LANGTRACE_SDK",
    "LANGTRACE_TS_SDK",
    "is_langtrace",
    "is_langtrace_ts",
    "joins_arguments",
]

LANGTRACE_SDK = "langtrace-python-sdk"
"""``langtrace.sdk.name`` on every span langtrace-python-sdk writes."""
LANGTRACE_TS_SDK = "@langtrase/typescript-sdk"
"""``langtrace.sdk.name`` (and the scope) of every span Langtrace's TypeScript SDK writes."""

_SCOPE = "langtrace_python_sdk."


def is_langtrace(span: Span) -> bool:
    """Whether langtrace-python-sdk wrote the span.

    Examples:
        >>> is_langtrace(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                   {"langtrace.sdk.name": "langtrace-python-sdk"}))
        True
        >>> is_langtrace(Span("t", "s", None, "x", 1, 2, "ok", None, {},
        ...                   scope="langtrace_python_sdk.utils.with_root_span"))
        True
        >>> is_langtrace(Span("t", "s", None, "x", 1, 2, "ok", None, {}, scope="openllmetry"))
        False
    """
    if span.attributes.get("langtrace.sdk.name") == LANGTRACE_SDK:
        return True
    return (span.scope or "").startswith(_SCOPE)


def is_langtrace_ts(span: Span) -> bool:
    """Whether Langtrace's TypeScript SDK wrote the span.

    Examples:
        >>> is_langtrace_ts(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                      {"langtrace.sdk.name": "@langtrase/typescript-sdk"}))
        True
        >>> is_langtrace_ts(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                      {"langtrace.sdk.name": "langtrace-python-sdk"}))
        False
    """
    if span.attributes.get("langtrace.sdk.name") == LANGTRACE_TS_SDK:
        return True
    return span.scope == LANGTRACE_TS_SDK


def joins_arguments(span: Span) -> bool:
    """Whether the span's reply content is its calls' argument strings joined, if it made any.

    langtrace-python-sdk's ``StreamWrapper`` keeps, of a stream whose request offered tools
    (``gen_ai.request.tools``), only the calls' ``arguments`` deltas, and writes them joined
    as the reply's content (`.otel._langtrace_streams`).

    Examples:
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk", "gen_ai.request.stream": True,
        ...          "gen_ai.request.tools": "[]"}
        >>> joins_arguments(Span("t", "s", None, "x", 1, 2, "ok", None, attrs))
        True
        >>> joins_arguments(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                      {**attrs, "gen_ai.request.stream": False}))
        False
        >>> joins_arguments(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                      {**attrs, "gen_ai.request.stream": "true"}))
        True
        >>> joins_arguments(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                      {**attrs, "langtrace.sdk.name": "@langtrase/typescript-sdk"}))
        False
    """
    attrs = span.attributes
    return (
        is_langtrace(span)
        and attrs.get("gen_ai.request.stream") in (True, "true")  # text where kept as text
        and bool(attrs.get("gen_ai.request.tools"))
    )
