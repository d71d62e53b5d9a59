"""A Langfuse observation's level: ``ERROR`` is a failure, its status message why.

Langfuse's SDKs give every observation a level (``DEBUG``, ``DEFAULT``, ``WARNING``,
``ERROR``: ``langfuse.observation.level``) and a status message
(``langfuse.observation.status_message``). The Python SDK (v3 and later) sets the OTel
span status too when a tool raises, so the span says it failed. The JS/TS SDK's LangChain
handler (@langfuse/langchain 5.11.1, ``handleToolError`` / ``handleChainError`` /
``handleLLMError``) sets only the level and the message, the error's ``toString()``
(``Error: unknown city: Tokio``): the span's status stays unset and it has no ``exception``
event. `failed_observation` reads such an observation as the failed span it records: status
error, its message the status message. A span whose status already says error keeps it;
``DEFAULT`` with a status message (the Python handler's record of a LangGraph ``Command``
bubbling up) is no failure.
"""

from __future__ import annotations

from dataclasses import replace

from .._spans import Span

__all__ = ["failed_observation"]

_LEVEL = "langfuse.observation.level"
_MESSAGE = "langfuse.observation.status_message"


def failed_observation(span: Span) -> Span:
    """`span` with status error when Langfuse's level says it failed; else `span` itself.

    Examples:
        >>> span = Span("t", "s", "p", "get_weather", None, None, "unset", None, {
        ...     "langfuse.observation.level": "ERROR",
        ...     "langfuse.observation.status_message": "Error: unknown city: Tokio"})
        >>> failed = failed_observation(span)
        >>> failed.status, failed.status_message
        ('error', 'Error: unknown city: Tokio')
        >>> debug = Span("t", "s", "p", "__start__", None, None, "unset", None, {
        ...     "langfuse.observation.level": "DEBUG"})
        >>> failed_observation(debug) is debug
        True
    """
    attrs = span.attributes
    if span.status == "error" or str(attrs.get(_LEVEL) or "").upper() != "ERROR":
        return span
    message = attrs.get(_MESSAGE)
    said = str(message) if message not in (None, "") else span.status_message
    return replace(span, status="error", status_message=said)
