"""A call the Vercel AI SDK never ran: the error text it gave the model instead of a result.

The AI SDK validates a call's input against the tool's schema before it runs ``execute``; when
the input fails (``AI_InvalidToolInputError``), or names no tool it has
(``AI_NoSuchToolError``), it runs nothing, makes no ``execute_tool`` span, and answers the
call in the next request with the error's text: ``AI_InvalidToolInputError: Invalid input for
tool get_weather: ...`` (`vercel-ai-sdk-v7-bad-arguments-2026-12-07zc`). Nothing else marks
the call failed: no status, no error flag on the part. The SDK's error classes are all named
``AI_<Name>Error``, so a result text that begins with one is that error (both readings: the
call's error and its result, the same text).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["sdk_error_text"]

_SDK_ERROR = re.compile(r"AI_[A-Za-z]+Error: ")


def sdk_error_text(response: Any) -> str | None:
    """`response`, when it is an AI SDK error's text; else None.

    Examples:
        >>> sdk_error_text("AI_InvalidToolInputError: Invalid input for tool get_weather")
        'AI_InvalidToolInputError: Invalid input for tool get_weather'
        >>> sdk_error_text("sunny, 22 C") is None, sdk_error_text({"error": "x"}) is None
        (True, True)
        >>> sdk_error_text("ValueError: unknown city") is None
        True
    """
    if isinstance(response, str) and _SDK_ERROR.match(response):
        return response
    return None
