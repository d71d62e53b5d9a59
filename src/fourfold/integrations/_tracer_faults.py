"""A run's error, less the tracer's own: an exception raised inside the instrumentation.

A tracer wraps the framework's call and records what it returned; when its own code then
fails (openlit 1.45's Haystack instrumentation raises ``AttributeError`` in
``process_haystack_response`` after the pipeline returned its answer), it marks the span
failed with that exception, and the run reads as failed although it succeeded. An exception
whose traceback runs only through a tracer's own package (no frame of the framework or the
application) is the tracer's fault, not the run's: the run's error is None, and the trace's
metadata keeps the exception as ``tracer_error``. An exception with any other frame in its
traceback, or none recorded, is the run's.
"""

from __future__ import annotations

import re

from ._exception_events import TRACEBACK
from ._spans import Span

__all__ = ["TRACER_PACKAGES", "run_error", "tracer_fault"]

TRACER_PACKAGES = (
    "openlit",
    "opentelemetry/instrumentation",
    "openinference/instrumentation",
    "traceloop",
    "langfuse",
    "langsmith",
    "mlflow/tracing",
    "logfire",
    "agentops",
)
"""Where the tracing tools' own code lives: a path segment under ``site-packages``."""

_FRAME = re.compile(r'^\s*File "([^"]+)", line \d+', re.M)


def run_error(span: Span) -> str | None:
    r"""The span's error, unless the tracer's own code raised it (`tracer_fault`).

    Examples:
        >>> frame = '  File "/venv/lib/python3.11/site-packages/{}.py", line 9, in wrap\n'
        >>> def failed(*packages: str) -> Span:
        ...     trace = "Traceback (most recent call last):\n" + "".join(
        ...         frame.format(p) for p in packages) + "AttributeError: x"
        ...     event = {"name": "exception", "attributes": {
        ...         "exception.type": "AttributeError", "exception.message": "x",
        ...         "exception.stacktrace": trace}}
        ...     return Span("t", "s", None, "pipeline", 0, 1, "error", None, {}, [event])
        >>> run_error(failed("openlit/instrumentation/haystack/haystack",
        ...                  "openlit/instrumentation/haystack/utils")) is None
        True
        >>> run_error(failed("openlit/instrumentation/haystack/haystack", "haystack/pipeline"))
        'AttributeError: x'
    """
    error = span.error
    if error is None or tracer_fault(span):
        return None
    return error


def tracer_fault(span: Span) -> bool:
    """Whether the span failed only by an exception raised inside a tracer's own package."""
    if span.status != "error":
        return False
    tracebacks = [
        str(attrs.get("exception.stacktrace") or "")
        for event in span.events
        if event.get("name") == "exception"
        and isinstance(attrs := event.get("attributes") or {}, dict)
    ]
    if span.status_message and TRACEBACK in span.status_message:
        tracebacks.append(span.status_message)
    frames = [path for text in tracebacks for path in _FRAME.findall(text)]
    return bool(frames) and all(_in_tracer(path) for path in frames)


def _in_tracer(path: str) -> bool:
    """Whether a traceback frame's file is in a tracing tool's own package."""
    where = path.replace("\\", "/")
    if "site-packages/" not in where:
        return False
    inside = where.split("site-packages/", 1)[1]
    return any(inside.startswith(package + "/") for package in TRACER_PACKAGES)
