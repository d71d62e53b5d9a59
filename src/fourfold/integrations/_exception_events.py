"""Why a span failed, as its ``exception`` event says it.

The OpenTelemetry conventions give the exception's type and message apart
(``exception.type``, ``exception.message``), read as ``Type: message``. Some exporters put
more in the message: LangSmith's OTel exporter writes the type as plain ``Exception`` and a
message that is the raised error's repr followed by its whole traceback
(``ValueError('unknown city: Tokio')Traceback (most recent call last): ...``). A traceback
ends with the line naming the error that was raised, ``ValueError: unknown city: Tokio``:
that line is the error, as an annotator reading the export takes it. LangChain.js's
OpenInference instrumentation writes the message, a blank line and the JavaScript stack,
whose first line, ``Error: <message>``, is the error (`._js_stacks`).

@arizeai/openinference-instrumentation-beeai (1.5.30, BeeAI TypeScript 0.1.13) records no
event: its ``error`` event span carries the exception's ``exception.type`` and
``exception.message`` as attributes of its own (`exception_attributes_error`), read the same
way, before the status message, which adds the cause on a second line.

A span may name the error's type itself, as the GenAI conventions' ``error.type``: where that
is the event's type without its module path (openlit's smolagents ``execute_tool`` span:
``error.type`` ``AgentToolExecutionError``, its status message ``AgentToolExecutionError:
...``, the event's ``smolagents.utils.AgentToolExecutionError``), the span's own name for it
is the type (`span_typed`; both blind readings of the export took it so). An event of a type
the span does not name, or names with its module, keeps the event's type. With no event, a
failed span's bare status message is led by the class ``error.type`` names (openlit's
LangChain tool spans: `status_typed`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ._js_stacks import stack_error

__all__ = [
    "TRACEBACK",
    "exception_attributes_error",
    "exception_error",
    "span_typed",
    "status_typed",
]

TRACEBACK = "Traceback (most recent call last):"

_RAISED = re.compile(r"[A-Za-z_][\w.]*(?::.*)?")
"""A traceback's last line: the raised exception's qualified name, then its message."""


def exception_error(events: Iterable[Mapping[str, Any]]) -> str | None:
    r"""The error of the first ``exception`` event with a message, else None.

    Examples:
        >>> event = {"name": "exception", "attributes": {"exception.type": "KeyError",
        ...     "exception.message": "'city'"}}
        >>> exception_error([event])
        "KeyError: 'city'"
        >>> said = "ValueError('no')Traceback (most recent call last):\n  File x\nValueError: no"
        >>> exception_error([{"name": "exception", "attributes": {
        ...     "exception.type": "Exception", "exception.message": said}}])
        'ValueError: no'
        >>> exception_error([{"name": "log", "attributes": {"exception.message": "x"}}]) is None
        True
    """
    for event in events:
        attrs = event.get("attributes") or {}
        if event.get("name") == "exception":
            said = exception_attributes_error(attrs)
            if said is not None:
                return said
    return None


def span_typed(said: str, error_type: Any) -> str:
    """`said` (``Type: message``) with its type as the span's ``error.type`` names it.

    Only where `error_type` is the type's own name without its module path.

    Examples:
        >>> span_typed("smolagents.utils.AgentToolExecutionError: boom", "AgentToolExecutionError")
        'AgentToolExecutionError: boom'
        >>> span_typed("pkg.errors.ToolError: boom", "ValueError")
        'pkg.errors.ToolError: boom'
        >>> span_typed("ValueError: boom", None)
        'ValueError: boom'
    """
    if not isinstance(error_type, str) or not error_type or "." in error_type:
        return said
    head, sep, rest = said.partition(": ")
    if sep and "." in head and head.endswith("." + error_type) and " " not in head:
        return f"{error_type}: {rest}"
    return said


def status_typed(message: str, attrs: Mapping[str, Any]) -> str:
    """A failed span's status `message`, led by the exception's type its ``error.type`` names.

    openlit's LangChain tool spans write the exception's message as the status and its class
    as ``error.type`` (``LookupError``), no ``exception`` event: the error is ``Type:
    message``, as an exception event would give it (both readings of
    ``openlit-langgraph-error-values``). Only a type that is a class's own name (an
    identifier, capitalised, not all capitals: not ADK's ``TOOL_ERROR`` nor ``_OTHER``) and
    a message that does not already begin with it.

    Examples:
        >>> status_typed("no order", {"error.type": "LookupError"})
        'LookupError: no order'
        >>> status_typed("LookupError: no order", {"error.type": "LookupError"})
        'LookupError: no order'
        >>> status_typed("TOOL_ERROR", {"error.type": "TOOL_ERROR"})
        'TOOL_ERROR'
        >>> status_typed("boom", {})
        'boom'
    """
    kind = attrs.get("error.type")
    if (
        not isinstance(kind, str)
        or not kind.isidentifier()
        or not kind[0].isupper()
        or kind.isupper()
        or message.startswith(kind)
    ):
        return message
    return f"{kind}: {message}"


def exception_attributes_error(attrs: Mapping[str, Any]) -> str | None:
    """``Type: message`` of the ``exception.*`` attributes in `attrs`, else None.

    Examples:
        >>> exception_attributes_error({"exception.type": "ToolError",
        ...     "exception.message": 'Tool "get_weather" has occurred an error!'})
        'ToolError: Tool "get_weather" has occurred an error!'
        >>> exception_attributes_error({"exception.type": "ToolError"}) is None
        True
    """
    if not attrs.get("exception.message"):
        return None
    kind = attrs.get("exception.type")
    message = str(attrs["exception.message"])
    raised = _raised(message) or (None if kind else stack_error(message))
    if raised is not None:
        return raised
    return f"{kind}: {message}" if kind else message


def _raised(message: str) -> str | None:
    """The last line of a traceback `message` carries, when it names the raised error."""
    if TRACEBACK not in message:
        return None
    lines = [line.strip() for line in message.split(TRACEBACK)[-1].splitlines() if line.strip()]
    if not lines or not _RAISED.fullmatch(lines[-1]) or lines[-1].startswith("File "):
        return None
    return lines[-1]
