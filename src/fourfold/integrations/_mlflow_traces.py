"""MLflow Tracing's own trace JSON, read back into the OTLP spans MLflow exports.

What an MLflow user hands over is MLflow's JSON of a trace, not what MLflow sends over OTLP.
Three shapes, each read here (MLflow's ``mlflow/entities/span.py``, ``trace.py`` and
``server/handlers.py``, Apache-2.0; tests/data/mlflow/SOURCE.md):

- a trace, ``mlflow.get_trace(id).to_json()`` / ``Trace.to_dict()``: ``{"info": {"trace_id":
  "tr-…", "tags", ...}, "data": {"spans": [span, ...]}}``, a span being ``{"trace_id",
  "span_id", "parent_span_id", "name", "start_time_unix_nano", "end_time_unix_nano",
  "events": [{"name", "time_unix_nano", "attributes"}], "status": {"code", "message"},
  "attributes": {key: JSON text}, "links"}``; a list of them; MLflow 2's spans (``{"context":
  {"trace_id", "span_id"}, "parent_id", "start_time", "end_time", "status_code",
  "status_message", ...}``) alike;
- ``mlflow.search_traces()``'s DataFrame saved as JSON records (``df.to_json(orient=
  "records")``): a row per trace, ``{"trace_id", "trace": <the trace's JSON text>, "spans":
  [span, ...], "request", "response", "trace_metadata", "tags", "assessments", ...}``;
- the tracking server's REST API, ``GET /api/3.0/mlflow/traces/get?trace_id=…`` (``{"trace":
  {"trace_info", "spans"}}``) and ``…/traces/batchGet`` (``{"traces": [...]}``): each span the
  OTLP protobuf span as JSON, its attributes ``[{"key", "value": {"string_value"|
  "kvlist_value"|...}}]`` holding each value MLflow had parsed out of its JSON text.

Each span is read back as the OTLP span MLflow exported, so every rule of the MLflow
convention applies unchanged:

- the ids: base64 of the bytes (``zSATMNJNCqqs/dZfxl0wXQ==``, the trace JSON's and the REST
  API's) or hex (MLflow 3.5's ``tr-<hex>`` and bare hex; MLflow 2's ``0x<hex>``), as hex;
- ``start_time_unix_nano`` / ``end_time_unix_nano`` (MLflow 2's ``start_time`` /
  ``end_time``) the nanoseconds, kept whole;
- ``status``'s ``code`` (``STATUS_CODE_OK`` / ``OK`` …) and ``message``;
- the attributes: the trace JSON's values are the JSON text MLflow exports, kept as they are;
  the REST API's parsed values are written back as MLflow writes them (``json.dumps(value,
  ensure_ascii=False)``), so ``mlflow.spanType`` is the text ``"AGENT"`` (quotes and all) again;
- the events, each ``{name, time, attributes}`` (their attributes plain values, as OTLP's);
- the links, as ``{traceId, spanId}``;
- the trace's ``service.*`` tags (MLflow's store keeps the OTLP resource's attributes, but for
  ``telemetry.sdk.*``, as trace tags) as the spans' resource.

What MLflow's JSON does not keep is not made up: the instrumentation scope (``mlflow.tracing.
provider``), the OTLP span kind (``INTERNAL`` for every MLflow span), the resource's
``telemetry.sdk.*`` attributes. A malformed span raises `ValueError` naming where it is and the
field (``data.spans[2]: an MLflow span needs its span_id``).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import Any

from ._jaeger import SpanAt, padded_id
from ._key_values import key_values

__all__ = ["is_mlflow_trace", "mlflow_spans"]

_STATUS = {"ok": "ok", "error": "error", "unset": "unset", "1": "ok", "2": "error", "0": "unset"}


def is_mlflow_trace(data: Mapping[str, Any]) -> bool:
    """Whether `data` is MLflow's: a trace's JSON, a ``search_traces`` row, a REST response.

    Examples:
        >>> is_mlflow_trace({"info": {"trace_id": "tr-1"}, "data": {"spans": []}})
        True
        >>> is_mlflow_trace({"trace_id": "tr-1", "trace": "{}", "spans": [], "trace_metadata": {}})
        True
        >>> is_mlflow_trace({"trace": {"trace_info": {}, "spans": []}})
        True
        >>> is_mlflow_trace({"data": [{"traceID": "1"}]}), is_mlflow_trace({"spans": []})
        (False, False)
    """
    if isinstance(data.get("info"), dict) and isinstance(data.get("data"), dict):
        return isinstance(data["data"].get("spans"), list)
    if isinstance(data.get("trace"), dict):
        return "trace_info" in data["trace"]
    traces = data.get("traces")
    if isinstance(traces, list) and traces:
        return all(isinstance(t, dict) and "trace_info" in t for t in traces)
    return "trace_id" in data and "trace_metadata" in data and ("spans" in data or "trace" in data)


def mlflow_spans(data: Mapping[str, Any], where: str) -> list[SpanAt]:
    """The spans of an MLflow document (`is_mlflow_trace`), each as an OTLP span.

    Raises:
        ValueError: a span or a field is malformed (names where, and the field).
    """
    at = "" if where == "(document)" else f"{where}."
    if isinstance(data.get("info"), dict):
        return _trace_spans(data["info"], data["data"]["spans"], f"{at}data.spans")
    if isinstance(data.get("trace"), dict):
        trace = data["trace"]
        return _trace_spans(trace["trace_info"], trace.get("spans"), f"{at}trace.spans")
    if isinstance(data.get("traces"), list):
        return [
            found
            for i, trace in enumerate(data["traces"])
            for found in _trace_spans(
                trace["trace_info"], trace.get("spans"), f"{at}traces[{i}].spans"
            )
        ]
    return _row_spans(data, where)


def _row_spans(row: Mapping[str, Any], where: str) -> list[SpanAt]:
    """A ``search_traces`` row: its ``spans`` column, or the trace JSON text it holds."""
    at = "" if where == "(document)" else f"{where}."
    tags = row.get("tags") if isinstance(row.get("tags"), dict) else {}
    if isinstance(row.get("spans"), list) and row["spans"]:
        return _trace_spans({"tags": tags}, row["spans"], f"{at}spans")
    text = row.get("trace")
    if not isinstance(text, str):
        raise ValueError(f"{at or where + '.'}trace: expected the trace's JSON text")
    try:
        trace = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{at}trace: not JSON ({exc.msg} at {exc.pos})") from None
    if not isinstance(trace, dict) or not is_mlflow_trace(trace):
        raise ValueError(f"{at}trace: expected an MLflow trace's JSON")
    return _trace_spans(trace["info"], trace["data"]["spans"], f"{at}trace.data.spans")


def _trace_spans(info: Any, spans: Any, where: str) -> list[SpanAt]:
    if spans is None:
        return []
    if not isinstance(spans, list):
        raise ValueError(f"{where}: expected a list")
    resource = _resource(info)
    out = []
    for i, span in enumerate(spans):
        span_where = f"{where}[{i}]"
        if not isinstance(span, dict):
            raise ValueError(f"{span_where}: an MLflow span must be an object")
        read = _span(span, span_where)
        if resource:
            read["resource"] = {"attributes": dict(resource)}
        out.append((span_where, read))
    return out


def _resource(info: Any) -> dict[str, Any]:
    """The trace's ``service.*`` tags: the OTLP resource's attributes MLflow's store kept."""
    tags = info.get("tags") if isinstance(info, dict) else None
    if not isinstance(tags, dict):
        return {}
    return {k: v for k, v in tags.items() if isinstance(k, str) and k.startswith("service.")}


def _span(span: Mapping[str, Any], where: str) -> dict[str, Any]:
    context = span.get("context")
    if context is not None and not isinstance(context, dict):
        raise ValueError(f"{where}.context: expected an object")
    v2 = context is not None  # MLflow 2's span
    ids: Mapping[str, Any] = context if context is not None else span
    status = span.get("status")
    if status is not None and not isinstance(status, dict):
        raise ValueError(f"{where}.status: expected an object")
    code = (status or {}).get("code", span.get("status_code"))
    message = (status or {}).get("message", span.get("status_message"))
    return {
        "traceId": _id(ids.get("trace_id"), 32, f"{where}.trace_id", needed=True),
        "spanId": _id(ids.get("span_id"), 16, f"{where}.span_id", needed=True),
        "parentSpanId": _id(span.get("parent_id" if v2 else "parent_span_id"), 16,
                            f"{where}.parent_span_id"),
        "name": str(span.get("name") or ""),
        "startTimeUnixNano": _nanos(span, ("start_time_unix_nano", "start_time"), where),
        "endTimeUnixNano": _nanos(span, ("end_time_unix_nano", "end_time"), where),
        "status": {"code": _code(code), "message": str(message) if message else None},
        "attributes": _attributes(span.get("attributes"), f"{where}.attributes"),
        "events": _events(span.get("events"), where),
        "links": _links(span.get("links"), where),
    }  # fmt: skip


def _id(value: Any, width: int, where: str, *, needed: bool = False) -> str | None:
    """An MLflow id as `width` hex digits: base64 of its bytes, or hex (``tr-``, ``0x``).

    Examples:
        >>> _id("zSATMNJNCqqs/dZfxl0wXQ==", 32, "t"), _id("sUuTwKTcJNA=", 16, "s")
        ('cd201330d24d0aaaacfdd65fc65d305d', 'b14b93c0a4dc24d0')
        >>> _id("tr-cd201330d24d0aaaacfdd65fc65d305d", 32, "t"), _id("0x1f", 16, "s")
        ('cd201330d24d0aaaacfdd65fc65d305d', '000000000000001f')
    """
    if value is None or value == "":
        if needed:
            field = where.rsplit(".", 1)[-1]
            raise ValueError(f"{where.rsplit('.', 1)[0]}: an MLflow span needs its {field}")
        return None
    if not isinstance(value, str):
        raise ValueError(f"{where}: {value!r:.60} is not an id")
    text = value.removeprefix("tr-")
    if len(text) == (width // 2 + 2) // 3 * 4:  # base64 of width / 2 bytes
        try:
            text = base64.b64decode(text, validate=True).hex()
        except (binascii.Error, ValueError):
            raise ValueError(f"{where}: {value!r:.60} is not a base64 or hex id") from None
    return padded_id(text, width, where)


def _nanos(span: Mapping[str, Any], keys: tuple[str, str], where: str) -> int | None:
    value = span.get(keys[0], span.get(keys[1]))
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}.{keys[0]}: expected nanoseconds, got {value!r:.60}") from None


def _code(code: Any) -> str:
    text = str(code if code is not None else "unset").lower().rsplit("_", 1)[-1]
    return _STATUS.get(text.rsplit(".", 1)[-1], "unset")


def _attributes(raw: Any, where: str) -> dict[str, Any]:
    """The trace JSON's ``{key: JSON text}`` as it is, the REST API's as JSON text again.

    The REST API's ``[{key, value}]`` holds each value MLflow parsed; it is written back as
    MLflow writes it.

    Examples:
        >>> _attributes([{"key": "mlflow.spanType", "value": {"string_value": "AGENT"}},
        ...   {"key": "mlflow.spanInputs", "value": {"kvlist_value": {"values": [
        ...     {"key": "q", "value": {"string_value": "Où ?"}}]}}}], "a")
        {'mlflow.spanType': '"AGENT"', 'mlflow.spanInputs': '{"q": "Où ?"}'}
    """
    if raw is None:
        return {}
    if isinstance(raw, dict):
        return dict(raw)
    values = key_values(raw, where)
    return {key: json.dumps(value, ensure_ascii=False) for key, value in values.items()}


def _events(raw: Any, where: str) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ValueError(f"{where}.events: expected a list")
    events = []
    for i, event in enumerate(raw):
        at = f"{where}.events[{i}]"
        if not isinstance(event, dict):
            raise ValueError(f"{at}: expected an object")
        attributes = event.get("attributes")
        if attributes is not None and not isinstance(attributes, dict):
            attributes = key_values(attributes, f"{at}.attributes")
        time = event.get("time_unix_nano", event.get("timestamp"))
        events.append({
            "name": event.get("name"),
            "timeUnixNano": _nanos({"t": time}, ("t", "t"), at) if time is not None else None,
            "attributes": dict(attributes or {}),
        })  # fmt: skip
    return events


def _links(raw: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        return []
    links = []
    for i, link in enumerate(raw):
        if isinstance(link, dict):
            at = f"{where}.links[{i}]"
            links.append({
                "traceId": _id(link.get("trace_id"), 32, f"{at}.trace_id"),
                "spanId": _id(link.get("span_id"), 16, f"{at}.span_id"),
            })  # fmt: skip
    return links
