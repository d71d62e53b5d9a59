"""Which spans langtrace-python-sdk wrote: its attribute, else its scope.

Every span langtrace-python-sdk (3.8.21) writes through an instrumentation carries
``langtrace.sdk.name`` ``langtrace-python-sdk``; its scopes are
``langtrace_python_sdk.instrumentation.<library>.instrumentation`` and, for the root span of
its ``with_langtrace_root_span`` decorator (no attributes), ``langtrace_python_sdk.utils.
with_root_span``. The attribute is what tells where no scope is written (an SDK's console
dump). Its readers: `.otel._langtrace` (model calls), `.otel._langtrace_langchain`
(LangChain-core's chat model), `.otel._langtrace_dspy` (DSPy's modules), `._replay_agents`
(the agent its replies name).
"""

from __future__ import annotations

from ._spans import Span

__all__ = ["LANGTRACE_SDK", "is_langtrace"]

LANGTRACE_SDK = "langtrace-python-sdk"
"""``langtrace.sdk.name`` on every span langtrace-python-sdk writes."""

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
