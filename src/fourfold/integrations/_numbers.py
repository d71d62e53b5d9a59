"""Token counts and costs as spans hold them: one reading for every convention.

A count arrives typed (OTLP's ``intValue``), as a float (openlit writes
``gen_ai.usage.input_tokens`` as ``doubleValue`` 61.0), or as text: every value is text
once a trace has been through Langfuse, Zipkin, or a Jaeger tag written by hand, and an
exporter that stringifies attributes writes ``"61"`` or ``"61.0"``. The same count must read
the same whichever way it came; a value that is no count (a flag, a negative or infinite
number, words) is unknown, never zero.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = ["amount", "first_token_count", "token_count"]


def token_count(value: Any) -> int | None:
    """A token count: a whole number, as an int, a float or text; None for anything else.

    Examples:
        >>> [token_count(v) for v in (61, 61.0, "61", " 61.0 ", "6.1e1")]
        [61, 61, 61, 61, 61]
        >>> [token_count(v) for v in (True, -1, "x", None, float("nan"), 61.5)]
        [None, None, None, None, None, None]
    """
    number = amount(value)
    if number is None or number < 0 or not number.is_integer():
        return None
    return int(number)


def first_token_count(values: Mapping[str, Any], *keys: str) -> int | None:
    """The count under the first of `keys` that holds one (`token_count`), else None.

    Examples:
        >>> first_token_count({"prompt_tokens": "x", "input_tokens": "12"}, "prompt_tokens",
        ...                   "input_tokens")
        12
    """
    for key in keys:
        found = token_count(values.get(key))
        if found is not None:
            return found
    return None


def amount(value: Any) -> float | None:
    """A finite number (a cost, a count), as an int, a float or text; None for anything else.

    Examples:
        >>> amount(0.000151), amount("0.000151"), amount(0), amount(False), amount("inf")
        (0.000151, 0.000151, 0.0, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None
