"""Message attributes cut short: JSON an attribute length limit ended mid-value.

An SDK with ``OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT`` set, a Collector's ``transform`` processor
truncating long values, or a backend's own limit cuts a long attribute at a fixed length:
``gen_ai.input.messages`` then ends in the middle of a message, and is no JSON any more.
Read as text it was one message holding the raw JSON (what the issue that started the
importer's fidelity work found wrong with old exports); read as what it is, it is a list
whose first messages are whole and whose last is lost. `cut_json` tells such a value;
`whole_items` gives the complete items of a cut-short array, in order. A cut-short object
(one message, a request body) has no whole item to give.
"""

from __future__ import annotations

import json
from typing import Any

from .._json import json_array_items_before_cut
from ._cut_escape import cut_in_escape

__all__ = ["cut_json", "whole_items"]

whole_items = json_array_items_before_cut
"""The complete items of a JSON array cut short, in order (scanning text for JSON is
`fourfold._json`'s)."""

_SPACE = " \t\r\n"


def cut_json(value: Any) -> bool:
    """Whether `value` is text that starts a JSON array or object and ends before it does.

    Cut, not malformed: the text must be JSON up to its end, where the parser asked for more
    (text that opens with ``[`` and is no JSON, DSPy's ``[[ ## field ## ]]``, is not cut).

    Examples:
        >>> cut_json('[{"role": "user", "content": "Hi"}, {"role": "assis')
        True
        >>> cut_json('[{"role": "user", "content": "Hi"}, ')
        True
        >>> cut_json('[{"role": "user"}]'), cut_json("[[ ## answer ## ]]"), cut_json(["a list"])
        (False, False, False)
    """
    if not isinstance(value, str) or value.lstrip(_SPACE)[:1] not in ("[", "{"):
        return False
    try:
        json.loads(value)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Invalid \\uXXXX escape"):  # cut inside one (`_cut_escape`)
            return cut_in_escape(value, exc.pos)
        return exc.msg.startswith("Unterminated string") or exc.pos >= len(value.rstrip(_SPACE))
    except ValueError:
        return False
    return False
