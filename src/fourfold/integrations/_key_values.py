"""OTLP's key-value lists as plain mappings, as other tools' OTLP-shaped routes write them.

Phoenix's ``otlpv1`` spans route and MLflow's tracking server write a span's attributes and
its events' attributes as OTLP's ``[{key, value: AnyValue}]``, with the proto's field names
(``string_value``) or protobuf JSON's (``stringValue``). `key_values` reads them into the
plain values they hold: text, booleans, integers (written as text or as numbers), floats,
bytes as written, arrays, and key-value lists as mappings. The span reader reads OTLP JSON
itself (`._spans`); this module serves the converters `._spans` imports.
"""

from __future__ import annotations

from typing import Any

__all__ = ["key_values"]

_VALUE_KEYS = {
    "string_value": "stringValue", "bool_value": "boolValue", "int_value": "intValue",
    "double_value": "doubleValue", "bytes_value": "bytesValue", "array_value": "arrayValue",
    "kvlist_value": "kvlistValue",
}  # fmt: skip
"""AnyValue's fields, each with its protobuf JSON spelling."""


def key_values(raw: Any, where: str) -> dict[str, Any]:
    """``[{key, value}]`` as a mapping of plain values (None: an empty one).

    Raises:
        ValueError: an item is not ``{key, value}`` or a value not an AnyValue; the message
            says where (`where` and the item's index).

    Examples:
        >>> key_values([{"key": "n", "value": {"int_value": "3"}},
        ...             {"key": "m", "value": {"kvlistValue": {"values": [
        ...                 {"key": "a", "value": {"stringValue": "x"}}]}}}], "attributes")
        {'n': 3, 'm': {'a': 'x'}}
    """
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected a list of {{key, value}}")
    out: dict[str, Any] = {}
    for i, kv in enumerate(raw):
        if not isinstance(kv, dict) or not isinstance(kv.get("key"), str):
            raise ValueError(f"{where}[{i}]: expected {{key, value}}")
        out[kv["key"]] = _value(kv.get("value"), f"{where}[{i}]")
    return out


def _value(value: Any, where: str) -> Any:
    """An AnyValue (either spelling) as the plain value it holds."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"{where}.value: expected an AnyValue object")
    for key, camel in _VALUE_KEYS.items():
        item = value.get(key, value.get(camel))
        if item is None:
            continue
        if key in ("array_value", "kvlist_value"):
            values = item.get("values") if isinstance(item, dict) else None
            if key == "array_value":
                return [_value(v, where) for v in values or []]
            return key_values(values or [], where)
        if key == "int_value":
            return int(item)
        if key == "double_value":
            return float(item)
        return item
    return None
