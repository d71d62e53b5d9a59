"""Zipkin v2 JSON spans (``/api/v2/trace/<id>``, the UI's download): a list of spans.

A Zipkin span is ``{"traceId", "id", "parentId", "name", "kind", "timestamp", "duration",
"localEndpoint": {"serviceName"}, "tags": {k: text}, "annotations": [{timestamp,
value}]}``. Each is read back into the OTLP span it was made from, as the OpenTelemetry →
Zipkin specification (``trace/sdk_exporters/zipkin``) maps the other way:

- ``name``, ``timestamp`` and ``duration`` (microseconds), ``parentId`` the parent;
- ``tags`` the attributes, less what the mapping made of other fields
  (`fourfold.integrations._jaeger.otel_tags`): ``otel.status_code`` the status, the
  ``error`` tag (which carries the status's description) an error and its message,
  ``otel.scope.name`` (``otel.library.name``) the scope;
- ``localEndpoint.serviceName`` the resource's ``service.name`` (the mapping carries no
  other resource attribute);
- ``annotations`` the events. The OpenTelemetry SDKs' exporters write an event as JSON
  text ``{"<name>": {attributes}}``, the Collector's as ``<name>|{attributes}|<dropped>``
  (plain ``<name>`` when it has none): each is read, and any other text is an event of that
  name.

What Zipkin cannot carry stays lost: every tag is text (``"42"``, ``"true"``, an array as
JSON text), an event's attributes keep only JSON's types, and links and the rest of the
resource are gone. The rules read text where a number or a list is expected as they read
it in OTLP.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ._jaeger import SpanAt, micros, otel_tags, padded_id
from ._span_counts import limit_tags

__all__ = ["is_zipkin", "zipkin_spans"]


def is_zipkin(data: Mapping[str, Any]) -> bool:
    """Whether `data` is a Zipkin v2 span.

    It has ``traceId`` and ``id`` (no OTLP ``spanId``) and a field of Zipkin's own
    (``timestamp``, an endpoint, ``annotations``, ``tags`` as an object), so that another
    tool's ``{id, traceId}`` records are not taken for spans.

    Examples:
        >>> is_zipkin({"traceId": "a1", "id": "b2", "timestamp": 1, "tags": {}})
        True
        >>> is_zipkin({"traceId": "a1", "spanId": "b2", "id": "x"})
        False
    """
    if "traceId" not in data or "id" not in data or data.keys() & {"spanId", "context"}:
        return False
    return bool(data.keys() & _ZIPKIN_FIELDS) or isinstance(data.get("tags"), dict)


_ZIPKIN_FIELDS = frozenset(
    {"timestamp", "duration", "localEndpoint", "remoteEndpoint", "annotations", "shared"}
)


def zipkin_spans(data: Mapping[str, Any], where: str) -> list[SpanAt]:
    """A Zipkin span (`is_zipkin`) as an OTLP span.

    Raises:
        ValueError: the span or a field is malformed (names where, and the field).
    """
    if not data.get("id"):
        raise ValueError(f"{where}: a Zipkin span needs its id")
    raw_tags = data.get("tags") or {}
    if not isinstance(raw_tags, dict):
        raise ValueError(f"{where}.tags: expected an object of texts")
    tags = dict(raw_tags)
    dropped = limit_tags(tags)
    status, scope = otel_tags(tags)
    endpoint = data.get("localEndpoint")
    service = endpoint.get("serviceName") if isinstance(endpoint, dict) else None
    start = micros(data.get("timestamp"), f"{where}.timestamp")
    duration = micros(data.get("duration"), f"{where}.duration")
    annotations = data.get("annotations") or []
    if not isinstance(annotations, list):
        raise ValueError(f"{where}.annotations: expected a list")
    span = {
        "traceId": padded_id(data["traceId"], 32, f"{where}.traceId"),
        "spanId": padded_id(data["id"], 16, f"{where}.id"),
        "parentSpanId": padded_id(data.get("parentId"), 16, f"{where}.parentId"),
        "name": str(data.get("name") or ""),
        "startTimeUnixNano": None if start is None else start * 1000,
        "endTimeUnixNano": None if start is None else (start + (duration or 0)) * 1000,
        "status": status,
        "attributes": tags,
        "events": [_event(a, f"{where}.annotations[{i}]") for i, a in enumerate(annotations)],
        "kind": data.get("kind"),
        "resource": {"attributes": {"service.name": service} if service else {}},
        "scope": scope,
        **dropped,
    }
    return [(where, span)]


def _event(annotation: Any, where: str) -> dict[str, Any]:
    """An annotation as an event: ``{"name": {attrs}}`` JSON, ``name|{attrs}|n``, or a name.

    Examples:
        >>> _event({"value": '{"exception": {"exception.type": "KeyError"}}'}, "a")
        {'name': 'exception', 'attributes': {'exception.type': 'KeyError'}}
        >>> _event({"value": 'retry|{"attempt":2}|0'}, "a"), _event({"value": "sent"}, "a")
        ({'name': 'retry', 'attributes': {'attempt': 2}}, {'name': 'sent', 'attributes': {}})
    """
    if not isinstance(annotation, dict):
        raise ValueError(f"{where}: expected an object")
    value = str(annotation.get("value") or "")
    if value.startswith("{"):
        parsed = _json(value)
        if isinstance(parsed, dict) and len(parsed) == 1:
            [(name, attributes)] = parsed.items()
            if isinstance(attributes, dict):
                return {"name": name, "attributes": attributes}
    name, bar, rest = value.partition("|")
    body, bar2, dropped = rest.rpartition("|")
    if bar and bar2 and dropped.strip().isdigit():
        attributes = _json(body)
        if isinstance(attributes, dict):
            return {"name": name, "attributes": attributes}
    return {"name": value, "attributes": {}}


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None
