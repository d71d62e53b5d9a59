"""Jaeger's JSON traces (the UI's "Download JSON", the query API's ``/api/traces/<id>``).

Many teams send their OpenTelemetry spans to Jaeger (or to Tempo, which answers Jaeger's
API) and download the trace from there. The file is ``{"data": [trace, ...]}``, or one
trace, or a list of traces; a trace is ``{"traceID", "spans": [...], "processes": {id:
{"serviceName", "tags"}}}``. Each span is read back into the OTLP span it was made from,
as the OpenTelemetry → Jaeger specification (``trace/sdk_exporters/jaeger``) maps the other
way, so every GenAI and OpenInference rule applies unchanged:

- ``operationName`` the name; ``startTime`` and ``duration`` (microseconds) the times;
- ``tags`` the attributes, each by its ``type`` (``string``, ``bool``, ``int64``,
  ``float64``, ``binary`` kept as its base64 text, as OTLP's ``bytesValue`` is read), less
  the tags the mapping made of other fields: ``span.kind``; ``otel.status_code`` /
  ``otel.status_description`` and OpenTracing's ``error`` the status; ``otel.scope.name``
  (``otel.library.name`` before it) the scope; ``w3c.tracestate``, ``otel.dropped_*`` and
  Jaeger's own ``internal.span.format``. Arrays and maps reached Jaeger as JSON text in a
  string tag; they stay text here, which the rules read as they read any JSON text where a
  list or an object is expected;
- ``logs`` the events: the ``event`` field the name, the other fields its attributes (an
  OpenTracing log with ``exception.*`` fields and no ``event`` is the ``exception`` event);
- the span's process the resource: ``serviceName`` is ``service.name``, its tags the rest;
- the first ``CHILD_OF`` reference in the span's own trace the parent; every other
  reference (``FOLLOWS_FROM``, a second parent) a link;
- ids as lower-case hex, with the leading zeros older Jaeger versions cut put back (16
  digits for a span, 32 for a trace, as an OTLP id is written).

The spans come out in the shape `fourfold.integrations._spans` reads an OTLP span in
(``traceId``, ``attributes`` as a flat mapping, ``status: {code, message}``...), so this
module needs nothing of it. A malformed span raises `ValueError` naming where it is and
the field (``data[0].spans[3]: a Jaeger span needs its spanID``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ._ids import HEX_DIGITS, hex_id
from ._span_counts import limit_tags

__all__ = ["is_jaeger", "jaeger_spans", "micros", "otel_tags", "padded_id"]

SpanAt = tuple[str, dict[str, Any]]
"""Where a span is in the document, and the span as an OTLP span."""

_MAPPED_TAGS = frozenset(
    {"span.kind", "otel.status_code", "otel.status_description", "otel.scope.name",
     "otel.scope.version", "otel.library.name", "otel.library.version", "w3c.tracestate",
     "otel.dropped_attributes_count", "otel.dropped_events_count",
     "otel.dropped_links_count", "internal.span.format"}
)  # fmt: skip
"""Tags the OpenTelemetry → Jaeger (and → Zipkin) mappings make of a span's other fields."""


def is_jaeger(data: Mapping[str, Any]) -> bool:
    """Whether `data` is a Jaeger trace, or the query API's ``{"data": [trace, ...]}``.

    Examples:
        >>> is_jaeger({"traceID": "1", "spans": [{"spanID": "2"}], "processes": {}})
        True
        >>> is_jaeger({"data": [{"traceID": "1", "spans": []}]}), is_jaeger({"spans": []})
        (True, False)
    """
    traces = data.get("data")
    if isinstance(traces, list) and traces:
        return all(isinstance(t, dict) and isinstance(t.get("spans"), list) for t in traces)
    spans = data.get("spans")
    if not isinstance(spans, list):
        return False
    return isinstance(data.get("processes"), dict) or any(
        isinstance(s, dict) and ("spanID" in s or "operationName" in s) for s in spans
    )


def jaeger_spans(data: Mapping[str, Any], where: str) -> Iterator[SpanAt]:
    """The spans of a Jaeger document (`is_jaeger`), each as an OTLP span.

    Raises:
        ValueError: a span or a field is malformed (names where, and the field).
    """
    traces = data.get("data")
    if isinstance(traces, list):
        for t, trace in enumerate(traces):
            yield from _trace(trace, f"data[{t}]")
    else:
        yield from _trace(data, "" if where == "(document)" else where)


def _trace(trace: Mapping[str, Any], where: str) -> Iterator[SpanAt]:
    processes = trace.get("processes") or {}
    if not isinstance(processes, dict):
        raise ValueError(f"{_at(where, 'processes')}: expected an object")
    resources = {
        key: _resource(process, _at(where, f"processes.{key}"))
        for key, process in processes.items()
    }
    for i, span in enumerate(trace["spans"]):
        span_where = _at(where, f"spans[{i}]")
        if not isinstance(span, dict):
            raise ValueError(f"{span_where}: a Jaeger span must be an object")
        resource = resources.get(str(span.get("processID")))
        if resource is None and isinstance(span.get("process"), dict):  # embedded, as in v1
            resource = _resource(span["process"], f"{span_where}.process")
        yield span_where, _span(span, span_where, trace.get("traceID"), resource or {})


def _span(
    span: Mapping[str, Any], where: str, trace_id: Any, resource: dict[str, Any]
) -> dict[str, Any]:
    if not span.get("spanID"):
        raise ValueError(f"{where}: a Jaeger span needs its spanID")
    own_trace = padded_id(span.get("traceID") or trace_id, 32, f"{where}.traceID")
    if own_trace is None:
        raise ValueError(f"{where}: a Jaeger span needs its traceID (or its trace's)")
    attributes = _typed(span.get("tags"), f"{where}.tags")
    dropped = limit_tags(attributes)
    kind = attributes.get("span.kind")  # the span's kind, as the mapping wrote it
    status, scope = otel_tags(attributes)
    parent: str | None = None
    links = []
    references = span.get("references") or []
    if not isinstance(references, list):
        raise ValueError(f"{where}.references: expected a list")
    for r, ref in enumerate(references):
        if not isinstance(ref, dict):
            raise ValueError(f"{where}.references[{r}]: expected an object")
        ref_trace = padded_id(ref.get("traceID"), 32, f"{where}.references[{r}].traceID")
        ref_span = padded_id(ref.get("spanID"), 16, f"{where}.references[{r}].spanID")
        if ref_span is None:
            continue
        if parent is None and ref.get("refType", "CHILD_OF") == "CHILD_OF":
            if ref_trace in (None, own_trace):
                parent = ref_span
                continue
        links.append({"traceId": ref_trace or own_trace, "spanId": ref_span})
    start = micros(span.get("startTime"), f"{where}.startTime")
    duration = micros(span.get("duration"), f"{where}.duration")
    return {
        "traceId": own_trace,
        "spanId": padded_id(span["spanID"], 16, f"{where}.spanID"),
        "parentSpanId": parent,
        "name": str(span.get("operationName") or ""),
        "startTimeUnixNano": None if start is None else start * 1000,
        "endTimeUnixNano": None if start is None else (start + (duration or 0)) * 1000,
        "status": status,
        "attributes": attributes,
        "events": [_event(log, f"{where}.logs[{i}]") for i, log in enumerate(_logs(span, where))],
        "links": links,
        "kind": kind,
        "resource": {"attributes": resource},
        "scope": scope,
        **dropped,
    }


def otel_tags(tags: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The status and scope the OpenTelemetry mapping wrote as tags, taken out of `tags`.

    ``otel.status_code`` (``OK`` / ``ERROR``) is the code and ``otel.status_description``
    its message; without a code, an ``error`` tag that is true (OpenTracing's, or the
    ``error=true`` the mapping writes beside ``ERROR``) is an error. Zipkin's ``error`` tag
    carries the description instead (`fourfold.integrations._zipkin`): any other text there
    is the message. Every tag the mapping made of another field goes (`_MAPPED_TAGS`).

    Examples:
        >>> tags = {"otel.status_code": "ERROR", "error": True, "otel.scope.name": "s", "a": 1}
        >>> otel_tags(tags), tags
        (({'code': 'error', 'message': None}, {'name': 's'}), {'a': 1})
    """
    code = str(tags.get("otel.status_code") or "").lower()
    message = tags.get("otel.status_description")
    error = tags.pop("error", None)
    if isinstance(error, str) and error.lower() not in ("", "true", "false"):
        message = message or error  # Zipkin's: the description
    if not code:
        code = "error" if error is True or str(error).lower() not in ("none", "false") else ""
    scope = tags.get("otel.scope.name") or tags.get("otel.library.name")
    for key in _MAPPED_TAGS:
        tags.pop(key, None)
    status = {"code": code if code in ("ok", "error") else "unset", "message": message or None}
    return status, ({"name": str(scope)} if scope else {})


def padded_id(value: Any, width: int, where: str) -> str | None:
    """An id as `width` hex digits (Jaeger cuts the leading zeros), or None when absent.

    Examples:
        >>> padded_id("1", 16, "spanID"), padded_id(None, 16, "spanID")
        ('0000000000000001', None)
    """
    text = hex_id(value, width)
    if text is None:
        return None
    if not text or len(text) > width or not all(c in HEX_DIGITS for c in text):
        raise ValueError(f"{where}: {value!r:.60} is not a hex id")
    return text.zfill(width)


def _resource(process: Any, where: str) -> dict[str, Any]:
    if not isinstance(process, dict):
        raise ValueError(f"{where}: expected an object")
    resource = _typed(process.get("tags"), f"{where}.tags")
    if process.get("serviceName"):
        resource["service.name"] = process["serviceName"]
    return resource


def _logs(span: Mapping[str, Any], where: str) -> list[Any]:
    logs = span.get("logs") or []
    if not isinstance(logs, list):
        raise ValueError(f"{where}.logs: expected a list")
    return logs


def _event(log: Any, where: str) -> dict[str, Any]:
    if not isinstance(log, dict):
        raise ValueError(f"{where}: expected an object")
    fields = _typed(log.get("fields"), f"{where}.fields")
    name = fields.pop("event", None)
    if name is None and any(key.startswith("exception.") for key in fields):
        name = "exception"
    return {"name": None if name is None else str(name), "attributes": fields}


def _typed(raw: Any, where: str) -> dict[str, Any]:
    """Jaeger's ``[{key, type, value}]`` as a flat mapping, each value as its type says."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected a list of {{key, type, value}}")
    out: dict[str, Any] = {}
    for i, kv in enumerate(raw):
        if not isinstance(kv, dict) or not isinstance(kv.get("key"), str):
            raise ValueError(f"{where}[{i}]: expected {{key, type, value}}")
        out[kv["key"]] = _value(kv.get("type"), kv.get("value"), f"{where}[{i}]")
    return out


def _value(kind: Any, value: Any, where: str) -> Any:
    kind = str(kind or "string").lower()
    try:
        if kind == "bool":
            return value if isinstance(value, bool) else str(value).lower() == "true"
        if kind == "int64":
            return int(value)
        if kind == "float64":
            return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: {value!r:.60} is not a {kind}") from None
    return value  # string, and binary as the base64 text Jaeger writes


def micros(value: Any, where: str) -> int | None:
    """A time or a duration in microseconds (Jaeger's and Zipkin's unit), None when absent."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"{where}: expected microseconds, got {value!r:.60}")
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{where}: expected microseconds, got {value!r:.60}") from None


def _at(where: str, field: str) -> str:
    return f"{where}.{field}" if where else field
