r"""A JSON string cut inside a ``\u`` escape: cut short, not malformed.

JSON written with ASCII escapes (Python's ``json.dumps`` by default: OpenTelemetry's GenAI
instrumentations' message attributes) spells every non-ASCII character as ``\uXXXX``, and
one outside the Basic Multilingual Plane (an emoji) as two, a UTF-16 surrogate pair
(``\ud83c\udf0d``). An attribute length limit that cuts such text in the middle of an escape
leaves it ending in ``\u``, ``\u03`` or a high surrogate whose low half was cut off, which
Python's parser reports as an invalid escape, not as text that ended too soon. `cut_in_escape`
tells that case from an escape that is wrong in the middle of the text (measured on
``openai-agents-otel-unicode``: its ``gen_ai.output.messages`` cut at 200 characters ends
``"Zu\u``).
"""

from __future__ import annotations

import re

__all__ = ["cut_in_escape"]

_ESCAPE_CUT = re.compile(r"\\u[0-9a-fA-F]{0,4}(?:\\(?:u[0-9a-fA-F]{0,3})?)?")
r"""The end of a text cut inside an escape: a ``\u`` escape, perhaps whole (a high surrogate),
then perhaps the start of the next one (its low half)."""


def cut_in_escape(text: str, position: int) -> bool:
    r"""Whether `text` ends inside the ``\u`` escape (or the pair it starts) at `position`.

    `position` is where the JSON parser stopped on an invalid escape: the character after
    the backslash.

    Examples:
        >>> cut_in_escape('[{"content": "Zu\\u', 17), cut_in_escape('["Zu\\u03', 5)
        (True, True)
        >>> cut_in_escape('["\\ud83c', 3), cut_in_escape('["\\ud83c\\udf', 9)
        (True, True)
        >>> cut_in_escape('["\\uZZZZ and more"]', 3)
        False
    """
    start = position - 1
    return start >= 0 and _ESCAPE_CUT.fullmatch(text, start) is not None
