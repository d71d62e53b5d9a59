"""How many attributes and events a span's SDK dropped at its span limits, as exports say.

OTLP JSON writes ``droppedAttributesCount`` / ``droppedEventsCount`` (the proto's names
``dropped_attributes_count`` / ``dropped_events_count`` in SDK dumps); the OpenTelemetry to
Jaeger and to Zipkin mappings write them as the tags ``otel.dropped_attributes_count`` /
``otel.dropped_events_count`` (`limit_tags`). What a lost attribute means for a trace is
`._span_limits`'.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["dropped_count", "limit_tags"]

_TAGS = {
    "otel.dropped_attributes_count": "droppedAttributesCount",
    "otel.dropped_events_count": "droppedEventsCount",
}


def dropped_count(data: Mapping[str, Any], *keys: str) -> int:
    """The first of `keys` in `data` as a count (0 when absent or not a count).

    Examples:
        >>> dropped_count({"dropped_attributes_count": "3"}, "droppedAttributesCount",
        ...               "dropped_attributes_count")
        3
        >>> dropped_count({}, "droppedEventsCount")
        0
    """
    for key in keys:
        value = data.get(key)
        if value is None or isinstance(value, bool):
            continue
        try:
            return max(int(value), 0)
        except (TypeError, ValueError):
            return 0
    return 0


def limit_tags(tags: Mapping[str, Any]) -> dict[str, int]:
    """The dropped counts the Jaeger and Zipkin mappings write as tags, as OTLP's fields.

    Examples:
        >>> limit_tags({"otel.dropped_attributes_count": "7", "a": 1})
        {'droppedAttributesCount': 7}
    """
    found = {field: dropped_count(tags, tag) for tag, field in _TAGS.items()}
    return {field: count for field, count in found.items() if count}
