"""A failed tool call as the Gemini API marks it: the error key of a function's response.

The Gemini API (google-genai's ``FunctionResponse``) answers a function call with a
``response`` object: its ``"output"`` key is the function's output and its ``"error"`` key
the error details; without either, the whole object is the output. An application that
answers a call whose function raised sends ``{"error": ...}``: that call failed, and its
error is that value, as text. The object stays the call's result (what the model got).
Nothing else marks it: a ``functionResponse`` part (google-genai ``Content``, the request an
instrumentation records) and the OpenTelemetry GenAI ``tool_call_response`` part
(opentelemetry-instrumentation-google-genai writes the response object there) both carry it.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["function_error"]


def function_error(response: Any) -> str | None:
    """The error a function response object reports under ``"error"``, as text; else None.

    Only an object (a JSON object, not text holding one) is a function response: a tool whose
    text result happens to read ``{"error": ...}`` is not failed by it.

    Examples:
        >>> function_error({"error": "ValueError: unknown city: Tokio"})
        'ValueError: unknown city: Tokio'
        >>> function_error({"error": {"code": 404}}), function_error({"result": "sunny"})
        ('{"code": 404}', None)
        >>> function_error('{"error": "boom"}') is None, function_error({"error": None}) is None
        (True, True)
    """
    if not isinstance(response, dict):
        return None
    error = response.get("error")
    if error is None or error == "" or error == {}:
        return None
    return error if isinstance(error, str) else json.dumps(error, ensure_ascii=False)
