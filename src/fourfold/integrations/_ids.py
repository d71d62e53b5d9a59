"""Span and trace ids as the one form the importer compares them in: lower-case hex.

Exporters write ids every way there is (OTLP JSON's hex, protobuf's base64, the SDK's
integers and ``0x`` hex, Jaeger's hex with its leading zeros cut); every reader goes
through `hex_id`, so a parent, a link and a log record's span find their span.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

__all__ = ["HEX_DIGITS", "hex_id"]


def hex_id(value: Any, width: int) -> str | None:
    """An id as lower-case hex: decimal integers, ``0x`` hex, hex and base64 all accepted.

    Base64 (protobuf's JSON mapping of an id's bytes) can itself start with ``0x``: the
    prefix is hex's only when what follows is hex.

    Examples:
        >>> hex_id("0xD17771AD454650E6", 16), hex_id("d17771ad454650e6", 16)
        ('d17771ad454650e6', 'd17771ad454650e6')
        >>> hex_id("0XdxrUVGUObme6LOU6JLXg==", 32)
        'd17771ad454650e6e67ba2ce53a24b5e'
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(f"an id cannot be {value!r}")
    if isinstance(value, int):
        return format(value, f"0{width}x")
    text = str(value).strip()
    lowered = text.lower()
    digits = lowered[2:] if lowered.startswith("0x") else lowered
    if digits and all(c in HEX_DIGITS for c in digits):
        return digits
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return text
    return raw.hex() if len(raw) in (8, 16) else text


HEX_DIGITS = frozenset("0123456789abcdef")
