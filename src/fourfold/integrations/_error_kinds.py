r"""A failed call's error given its exception's type from the text the model was given.

The truth contract writes a tool's error as ``"<ExceptionType>: <message>"``, the type
omitted when the trace does not give it. Some tracers record only the message: Langfuse's
LangChain handler puts ``str(error)`` as the tool span's status message, ``unknown city:
Tokio``. LangGraph's tool node hands the model ``Error: ValueError('unknown city: Tokio')``
and a plea to fix it: the exception's repr, the type and the same message. That repr, in the
same trace, gives the type.
"""

from __future__ import annotations

import re
from typing import Any

from ._literals import python_literal

__all__ = ["typed_error"]

_REPR = re.compile(
    r"(?<![\w.])(?P<kind>[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning))"
    r"\((?P<arg>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\)"
)
"""An exception's repr with one string argument: ``ValueError('unknown city: Tokio')``."""


def typed_error(error: str, given: Any) -> str:
    r"""`error` as ``Type: message`` when it has no type and `given` holds its exception's repr.

    `given` is the text the framework gave the model for the failed call. Only a repr whose
    one argument is `error` itself, word for word, counts.

    Examples:
        >>> given = "Error: ValueError('unknown city: Tokio')\n Please fix your mistakes."
        >>> typed_error("unknown city: Tokio", given)
        'ValueError: unknown city: Tokio'
        >>> typed_error("unknown city: Tokyo", given)  # another message: not its repr
        'unknown city: Tokyo'
        >>> typed_error("ValueError: unknown city: Tokio", given)  # typed already
        'ValueError: unknown city: Tokio'
        >>> typed_error("boom", None)
        'boom'
    """
    if not isinstance(given, str) or not error or error not in given:
        return error
    for found in _REPR.finditer(given):
        if python_literal(found["arg"]) == error:
            return f"{found['kind']}: {error}"
    return error
