"""Arize Phoenix's span exports, read back into the OTLP spans Phoenix was sent.

Phoenix is where many OpenInference users send their spans, and what they hand over is what
Phoenix gives back. Three shapes, each read here (Phoenix's server, ``src/phoenix/server/api/
routers/v1/spans.py``, and its client's ``spans.get_spans_dataframe``, Elastic License 2.0 /
Apache 2.0; tests/data/phoenix/SOURCE.md):

- the REST API's ``GET /v1/projects/{project}/spans``: ``{"data": [span, ...], "next_cursor"}``,
  a span being ``{"id", "name", "context": {"trace_id", "span_id"}, "span_kind", "parent_id",
  "start_time", "end_time", "status_code", "status_message", "attributes", "events"}``;
- its OTLP-shaped variant ``…/spans/otlpv1``: the same ``{"data", "next_cursor"}`` of
  ``{"trace_id", "span_id", "parent_span_id", "start_time_unix_nano", "attributes": [{"key",
  "value": {"string_value"|...}}], "events", "status": {"code", "message"}}``;
- the client's spans dataframe saved as JSON records (``df.to_json(orient="records")``, or
  ``lines=True``: one record a line): ``{"context.span_id", "context.trace_id", "parent_id",
  "name", "span_kind", "start_time", "end_time", "status_code", "status_message", "events",
  "attributes.<convention>": value, ...}``.

Phoenix keeps a span's attributes nested (``llm.input_messages`` a list of dicts), having
parsed the OpenInference attributes that hold JSON text (``metadata``, ``tool.parameters``,
``llm.prompt_template.variables``, a document's ``document.metadata``). Each span is read back
as the OTLP span it was made from, so every OpenInference rule applies unchanged:

- ``context.trace_id`` / ``trace_id`` and ``context.span_id`` / ``span_id`` the ids,
  ``parent_id`` / ``parent_span_id`` the parent, ``name`` the name;
- the times: ISO text (the REST API's, to the microsecond; the dataframe's, to the
  nanosecond, or pandas' epoch milliseconds), or ``*_unix_nano``, which Phoenix computes
  through a float and so is rounded back to the microsecond it stores;
- ``status_code`` (``OK`` / ``ERROR`` / ``UNSET``, or OTLP's 0-2) and ``status_message``;
- the attributes flattened back to OpenInference's dotted keys: a mapping's keys joined on,
  a list of mappings numbered (``llm.input_messages.0.message.role``), a list of plain values
  kept a list; an attribute that held JSON text written back as JSON text (``metadata.a`` and
  ``metadata.b`` are the ``metadata`` text ``{"a": .., "b": ..}``); null dataframe cells are
  columns other spans have, not attributes;
- ``span_kind`` the ``openinference.span.kind`` attribute the REST API takes it out of
  (Phoenix says ``UNKNOWN`` when a span had none: that is no attribute);
- ``events`` the events, each ``{name, attributes}``.

What Phoenix does not keep is not made up: the resource, the instrumentation scope, the OTLP
span kind, links, times finer than a microsecond. A malformed span raises `ValueError` naming
where it is and the field (``data[2]: a Phoenix span needs its context.span_id``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ._jaeger import SpanAt, padded_id
from ._key_values import key_values

__all__ = ["is_phoenix", "phoenix_spans"]

JSON_TEXT = ("metadata", "tool.parameters", "llm.prompt_template.variables")
"""OpenInference attributes that hold JSON text, which Phoenix parses when it stores them
(``phoenix.trace.attributes.JSON_STRING_ATTRIBUTES``, with ``document.metadata``)."""

_DOCUMENT_METADATA = re.compile(r"^(.+\.\d+\.document\.metadata)(?:\.|$)")
_ISO = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?$")
_STATUS = {"ok": "ok", "error": "error", "unset": "unset", "1": "ok", "2": "error", "0": "unset"}


def is_phoenix(data: Mapping[str, Any]) -> bool:
    """Whether `data` is Phoenix's: a spans response (either route), a span, a dataframe row.

    Examples:
        >>> span = {"context": {"trace_id": "a", "span_id": "b"}, "span_kind": "LLM",
        ...         "status_code": "OK"}
        >>> is_phoenix({"data": [span], "next_cursor": None}), is_phoenix(span)
        (True, True)
        >>> is_phoenix({"context.span_id": "b", "context.trace_id": "a"})
        True
        >>> is_phoenix({"data": [{"traceID": "1", "spans": []}]}), is_phoenix({"spans": []})
        (False, False)
    """
    rows = data.get("data")
    if isinstance(rows, list):
        if not rows:
            return "next_cursor" in data
        return all(isinstance(r, dict) and (_rest_span(r) or _otlp_span(r)) for r in rows)
    return "context.span_id" in data or "context.trace_id" in data or _rest_span(data)


def _rest_span(data: Mapping[str, Any]) -> bool:
    return isinstance(data.get("context"), dict) and {"span_kind", "status_code"} <= data.keys()


def _otlp_span(data: Mapping[str, Any]) -> bool:
    return "span_id" in data and "trace_id" in data and "start_time_unix_nano" in data


def phoenix_spans(data: Mapping[str, Any], where: str) -> list[SpanAt]:
    """The spans of a Phoenix document (`is_phoenix`), each as an OTLP span.

    Raises:
        ValueError: a span or a field is malformed (names where, and the field).
    """
    rows = data.get("data")
    if not isinstance(rows, list):
        return [(where, _span(data, where))]
    spans = []
    for i, row in enumerate(rows):
        row_where = f"data[{i}]" if where == "(document)" else f"{where}.data[{i}]"
        spans.append((row_where, _span(row, row_where)))
    return spans


def _span(span: Mapping[str, Any], where: str) -> dict[str, Any]:
    if "start_time_unix_nano" in span:
        return _from_otlp(span, where)
    context = span.get("context")
    if context is not None and not isinstance(context, dict):
        raise ValueError(f"{where}.context: expected an object")
    ids = {
        name: (context or {}).get(name, span.get(f"context.{name}"))
        for name in ("trace_id", "span_id")
    }
    attributes = _attributes(span, where)
    kind = span.get("span_kind")
    if context is not None and kind and str(kind).upper() != "UNKNOWN":  # the REST API's
        attributes.setdefault("openinference.span.kind", kind)
    return {
        **_ids(ids["trace_id"], ids["span_id"], span.get("parent_id"), where, "context."),
        "name": str(span.get("name") or ""),
        "startTimeUnixNano": _time(span.get("start_time"), f"{where}.start_time"),
        "endTimeUnixNano": _time(span.get("end_time"), f"{where}.end_time"),
        "status": _status(span.get("status_code"), span.get("status_message")),
        "attributes": attributes,
        "events": _events(span.get("events"), where, otlp=False),
    }


def _from_otlp(span: Mapping[str, Any], where: str) -> dict[str, Any]:
    status = span.get("status") or {}
    if not isinstance(status, dict):
        raise ValueError(f"{where}.status: expected an object")
    return {
        **_ids(span.get("trace_id"), span.get("span_id"), span.get("parent_span_id"), where),
        "name": str(span.get("name") or ""),
        "startTimeUnixNano": _rounded(span.get("start_time_unix_nano"), f"{where}.start_time"),
        "endTimeUnixNano": _rounded(span.get("end_time_unix_nano"), f"{where}.end_time"),
        "status": _status(status.get("code"), status.get("message")),
        "attributes": _json_text(key_values(span.get("attributes"), f"{where}.attributes")),
        "events": _events(span.get("events"), where, otlp=True),
    }


def _ids(trace: Any, span: Any, parent: Any, where: str, prefix: str = "") -> dict[str, Any]:
    if span is None or span == "":
        raise ValueError(f"{where}: a Phoenix span needs its {prefix}span_id")
    if trace is None or trace == "":
        raise ValueError(f"{where}: a Phoenix span needs its {prefix}trace_id")
    return {
        "traceId": padded_id(trace, 32, f"{where}.trace_id"),
        "spanId": padded_id(span, 16, f"{where}.span_id"),
        "parentSpanId": padded_id(parent, 16, f"{where}.parent_id"),
    }


def _attributes(span: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The REST API's ``attributes`` or the dataframe's ``attributes.*`` columns, flat."""
    raw = span.get("attributes")
    if raw is not None and not isinstance(raw, dict):
        raise ValueError(f"{where}.attributes: expected an object")
    nested = dict(raw or {})
    for key, value in span.items():
        if key.startswith("attributes.") and value is not None:
            nested[key.removeprefix("attributes.")] = value
    return _json_text(nested)


def _json_text(attributes: Mapping[str, Any]) -> dict[str, Any]:
    """`attributes` as OpenInference's dotted keys, JSON-text attributes as text again.

    Examples:
        >>> _json_text({"metadata.a": 1, "metadata.b.0.c": "x", "tag.tags": ["a"]})
        {'metadata': '{"a": 1, "b": [{"c": "x"}]}', 'tag.tags': ['a']}
        >>> _json_text({"llm.input_messages": [{"message.role": "user"}]})
        {'llm.input_messages.0.message.role': 'user'}
    """
    folded: dict[str, Any] = {}
    for key, value in attributes.items():
        path = _json_path(key)
        if path is None or path == key:
            folded[key] = value
            continue
        tree = folded.setdefault(path, {})
        if isinstance(tree, dict):
            _put(tree, key[len(path) + 1 :].split("."), value)
    out: dict[str, Any] = {}
    for key, value in folded.items():
        _flatten(key, value, out)
    return out


def _json_path(key: str) -> str | None:
    for path in JSON_TEXT:
        if key == path or key.startswith(f"{path}."):
            return path
    match = _DOCUMENT_METADATA.match(key)
    return match.group(1) if match else None


def _put(tree: dict[str, Any], parts: list[str], value: Any) -> None:
    for part in parts[:-1]:
        node = tree.setdefault(part, {})
        tree = node if isinstance(node, dict) else tree.setdefault(f"{part}.", {})
    tree[parts[-1]] = value


def _listed(value: Any) -> Any:
    """Mappings whose keys are 0..n-1 as lists (Phoenix numbers a list of mappings)."""
    if isinstance(value, list):
        return [_listed(v) for v in value]
    if not isinstance(value, dict):
        return value
    value = {k: _listed(v) for k, v in value.items()}
    if value and sorted(value) == sorted(str(i) for i in range(len(value))):
        return [value[str(i)] for i in range(len(value))]
    return value


def _flatten(key: str, value: Any, out: dict[str, Any]) -> None:
    if _json_path(key) == key:
        out[key] = (
            value if isinstance(value, str) else json.dumps(_listed(value), ensure_ascii=False)
        )
    elif isinstance(value, dict):
        for sub, item in value.items():
            _flatten(f"{key}.{sub}", item, out)
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, item in enumerate(value):
            _flatten(f"{key}.{i}", item, out)
    else:
        out[key] = value


def _events(raw: Any, where: str, *, otlp: bool) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ValueError(f"{where}.events: expected a list")
    events = []
    for i, event in enumerate(raw):
        if not isinstance(event, dict):
            raise ValueError(f"{where}.events[{i}]: expected an object")
        attributes = event.get("attributes")
        if otlp:
            attributes = key_values(attributes, f"{where}.events[{i}].attributes")
        elif attributes is not None and not isinstance(attributes, dict):
            raise ValueError(f"{where}.events[{i}].attributes: expected an object")
        events.append({"name": event.get("name"), "attributes": dict(attributes or {})})
    return events


def _status(code: Any, message: Any) -> dict[str, Any]:
    text = str(code if code is not None else "unset").lower().rsplit("_", 1)[-1]
    return {"code": _STATUS.get(text, "unset"), "message": str(message) if message else None}


def _time(value: Any, where: str) -> int | None:
    """An ISO time, or a number by its magnitude (pandas' epoch milliseconds), as nanoseconds.

    Examples:
        >>> _time("2026-12-03T10:13:58.540822000Z", "t"), _time(1796292838540, "t")
        (1796292838540822000, 1796292838540000000)
    """
    if value is None or value == "":
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        scale = next(s for limit, s in _SCALES if abs(value) >= limit)
        return int(value * scale)
    match = _ISO.match(str(value).strip()) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"{where}: {value!r:.60} is not an ISO time")
    moment, fraction, zone = match.groups()
    zone = "+00:00" if zone in (None, "Z") else zone
    try:
        seconds = int(datetime.fromisoformat(moment + zone).timestamp())
    except ValueError:
        raise ValueError(f"{where}: {value!r:.60} is not an ISO time") from None
    return seconds * 1_000_000_000 + int((fraction or "0").ljust(9, "0"))


_SCALES = ((1e17, 1), (1e14, 1_000), (1e11, 1_000_000), (0, 1_000_000_000))
"""Unix times by magnitude: nanoseconds, microseconds, milliseconds, seconds."""


def _rounded(value: Any, where: str) -> int | None:
    """The otlpv1 route's nanoseconds, back to the microsecond Phoenix stores."""
    if value is None or value == "":
        return None
    try:
        nanos = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: expected nanoseconds, got {value!r:.60}") from None
    return round(nanos / 1000) * 1000
