"""A tool failure the OpenAI Agents SDK answered for the model, as a status message words it.

When a function tool raises, the OpenAI Agents SDK (0.24) hands the model the text of the
tool's failure function (its default message, or the application's
``function_tool(..., failure_error_function=...)``) and marks its function span with the
``SpanError`` ``Error running tool (non-fatal)`` whose data is ``{"tool_name": ..., "error":
str(exception)}``. openinference-instrumentation-openai-agents 2.6.0 writes that error as the
TOOL span's status ERROR described ``<message>: <data>``, the data as its Python repr::

    Error running tool (non-fatal): {'tool_name': 'get_weather', 'error': 'unknown city: Tokio'}

and records no ``exception`` event. The tool's own error is the dict's ``error``, ``unknown
city: Tokio`` (no type: the repr names none); the rest is the SDK's wrapper. A message of
another form (MLflow's, which keeps ``Error running tool (non-fatal)`` alone and the
exception as an event) is not read so; the repr is read as a literal, never evaluated. Nor is
data whose ``error`` is the SDK's own redaction notice (``Tool execution failed. Error details
are redacted.``, the 0.25 default): the tool's error is not in it, and the message stays whole,
as every reading of such spans keeps it (under OpenInference and the OpenTelemetry project's
instrumentation alike).
"""

from __future__ import annotations

from ._literals import python_literal

__all__ = ["nonfatal_error"]

_PREFIX = "Error running tool (non-fatal): "
"""What the SDK's message and OpenInference's separator put before the data's repr."""
_REDACTED = "Tool execution failed. Error details are redacted."
"""The SDK's ``error`` where it keeps the tool's own error from the trace."""


def nonfatal_error(message: str) -> str | None:
    """The ``error`` of the SDK's non-fatal tool error data in status `message`; else None.

    Examples:
        >>> said = "Error running tool (non-fatal): {'tool_name': 'f', 'error': 'no city'}"
        >>> nonfatal_error(said)
        'no city'
        >>> nonfatal_error("Error running tool (non-fatal)") is None
        True
        >>> nonfatal_error("Error running tool (non-fatal): {'tool_name': 'f'}") is None
        True
        >>> nonfatal_error("Error running tool (non-fatal): oops") is None
        True
        >>> nonfatal_error(f"{_PREFIX}{{'tool_name': 'f', 'error': '{_REDACTED}'}}") is None
        True
    """
    if not message.startswith(_PREFIX):
        return None
    data = python_literal(message[len(_PREFIX) :])
    if not isinstance(data, dict):
        return None
    error = data.get("error")
    return error if isinstance(error, str) and error and error != _REDACTED else None
