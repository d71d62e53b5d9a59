"""Reading spans out of the shapes exporters write them in, into one `Span` form.

Accepted shapes, in a JSON document or one per line of a JSONL file:

- OTLP JSON: ``{"resourceSpans": [{"resource": {...}, "scopeSpans": [{"scope": {...},
  "spans": [...]}]}]}`` with hex ids, ``attributes`` as ``[{key, value: {stringValue|...}}]``
  and times in unix nanoseconds (strings);
- span dumps: ``{"spans": [...], "final_output": ...}`` (any-agent), a list of spans, or one
  span, each span as the OpenTelemetry SDK serialises it (``context.trace_id``, ``parent``,
  ``start_time``, ``status.status_code``, ``attributes`` as a flat mapping), with ids as
  hex strings, ``0x`` hex or decimal integers, and times as nanoseconds or ISO strings;
- a bare attribute mapping (``{"gen_ai.operation.name": "chat", ...}``): one span;
- OTLP JSON logs: ``{"resourceLogs": [{"scopeLogs": [{"logRecords": [...]}]}]}``. A log
  record that is an event (``eventName``, or an ``event.name`` attribute) in a span's context
  is that span's event, as if the span had recorded it: the OpenTelemetry project's GenAI
  instrumentations write the messages as such events (``gen_ai.user.message``,
  ``gen_ai.choice``, ``gen_ai.client.inference.operation.details``), to the logs signal.
  Its attributes and, when the body is a map (or a map as JSON text, as Semantic Kernel's
  logged messages are: `_log_bodies`), the body's keys become the event's attributes
  (`attach_log_events`). Other log records are not read;
- Jaeger JSON (``{"data": [{"traceID", "spans", "processes"}]}``, one trace, a list) and
  Zipkin v2 JSON (a list of ``{"traceId", "id", ...}``), read back into the OTLP spans
  they were made from (`_jaeger`, `_zipkin`);
- Arize Phoenix's exports (its REST API's spans, both routes, and its client's spans
  dataframe as JSON records), read back into the OTLP spans Phoenix was sent (`_phoenix`);
- MLflow Tracing's own trace JSON (``Trace.to_json()``, ``search_traces()`` rows, the
  tracking server's trace routes), read back into the OTLP spans MLflow exports
  (`_mlflow_traces`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from ..errors import ConfigError
from ._exception_events import TRACEBACK, exception_error
from ._ids import hex_id as _hex_id
from ._jaeger import SpanAt, is_jaeger, jaeger_spans
from ._js_stacks import stack_error
from ._log_bodies import body_attributes
from ._mlflow_traces import is_mlflow_trace, mlflow_spans
from ._phoenix import is_phoenix, phoenix_spans
from ._span_counts import dropped_count
from ._zipkin import is_zipkin, zipkin_spans

__all__ = [
    "PLACEHOLDER_MODELS",
    "Document",
    "LogEvent",
    "Span",
    "SpanBatch",
    "ancestors",
    "any_value",
    "attach_log_events",
    "indexed",
    "ns_to_datetime",
    "read_spans",
]

StatusCode = Literal["ok", "error", "unset"]

PLACEHOLDER_MODELS = frozenset({"unknown", "none", "null", "default"})
"""Model names that name no model (an agent span's ``unknown``, LlamaIndex's
``MockEmbedding``): compared lower-cased, they give no model."""

"""What opens a Python traceback written into a span's status message."""

_DROPPED_ATTRIBUTES = ("droppedAttributesCount", "dropped_attributes_count")
"""Where a span says how many attributes its SDK dropped (OTLP JSON, the proto's names)."""

_NO_TRACE = "unknown"
"""The trace id of spans that carry none (bare attribute maps): they form one trace."""

_Convert = Callable[[Mapping[str, Any], str], Iterable[SpanAt]]
"""Another tool's document to the OTLP spans it was made from, each with where it is."""

_CONVERTERS: tuple[tuple[Callable[[Mapping[str, Any]], bool], _Convert], ...] = (
    (is_mlflow_trace, mlflow_spans),  # first: an MLflow trace's spans look like Zipkin's
    (is_jaeger, jaeger_spans),
    (is_zipkin, zipkin_spans),
    (is_phoenix, phoenix_spans),
)
"""The documents of other tools read back into OTLP spans, each with its reader."""


def _converter(data: Mapping[str, Any]) -> _Convert | None:
    return next((convert for known, convert in _CONVERTERS if known(data)), None)


@dataclass(frozen=True, slots=True)
class Document:
    """One parsed JSON document and where it came from (``line`` for a JSONL file)."""

    data: Any
    file: Path | None = None
    line: int | None = None
    repaired: bool = False
    """A lone surrogate escape in it was replaced by U+FFFD (see `load_documents`)."""


@dataclass(slots=True)
class Span:
    """One span, whatever shape it was written in."""

    trace_id: str
    span_id: str
    parent_id: str | None
    name: str
    start_ns: int | None
    end_ns: int | None
    status: StatusCode
    status_message: str | None
    attributes: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    resource: dict[str, Any] = field(default_factory=dict)
    scope: str | None = None
    order: int = 0
    """Position in the input, to break ties between spans that started at the same time."""
    emitter_event: str | None = None
    """For a span that records one event of an operation (BeeAI's ``start``, ``success``,
    ``update``...), which event; spans of one operation are merged (`group_event_spans`)."""
    links: list[tuple[str, str]] = field(default_factory=list)
    """The spans it links to, as ``(trace id, span id)``: what it follows from (a message's
    producer, for its consumer) or, for a batch, the many spans it handles."""
    kind: str | None = None
    """Its OTel span kind, lower case (``internal``, ``server``, ``client``, ``producer``,
    ``consumer``), when the span gives one: a ``producer`` span sent a message (`._links`)."""
    dropped_attributes: int = 0
    """How many attributes the SDK dropped at its span limits (`._span_limits`)."""
    dropped_events: int = 0
    """How many events it dropped."""

    @property
    def sort_key(self) -> tuple[int, int]:
        """Start time, then input order (a span without a start time sorts by input order)."""
        return (self.start_ns if self.start_ns is not None else -1, self.order)

    @property
    def duration_s(self) -> float | None:
        """Seconds from start to end, when both are known."""
        if self.start_ns is None or self.end_ns is None:
            return None
        return (self.end_ns - self.start_ns) / 1e9

    @property
    def error(self) -> str | None:
        """Why the span failed (status message or exception event), when its status is error.

        A status message that carries a whole traceback (OpenInference writes the exception's
        repr and its traceback there) gives way to the exception event's ``Type: message``,
        or else to what precedes the traceback; one that carries a JavaScript stack after
        the message is the stack's first line, ``Error: <message>`` (`._js_stacks`).
        """
        if self.status != "error":
            return None
        message = self.status_message
        if message and stack_error(message) is not None:
            return stack_error(message)
        if message and TRACEBACK not in message:
            return message
        said = exception_error(self.events)
        if said is not None:
            return said
        if message:
            return message.split(TRACEBACK, 1)[0].strip() or message
        return "error"


@dataclass(frozen=True, slots=True)
class LogEvent:
    """A log record that is an event of a span: where it belongs, when, and the event."""

    trace_id: str
    span_id: str
    time_ns: int | None
    order: int
    event: dict[str, Any]
    """``{"name": ..., "attributes": {...}}``, as a span's own events are read."""


@dataclass
class SpanBatch:
    """The spans of some documents, and the final output a dump gave for a trace."""

    spans: list[Span] = field(default_factory=list)
    final_outputs: dict[str, Any] = field(default_factory=dict)
    log_events: list[LogEvent] = field(default_factory=list)
    """Events from OTLP logs whose span is not among `spans` (`attach_log_events` put the
    others on their spans): a receiver keeps them until their span arrives."""

    def traces(self) -> dict[str, list[Span]]:
        """Spans grouped by trace id, traces in order of first appearance."""
        grouped: dict[str, list[Span]] = {}
        for span in self.spans:
            grouped.setdefault(span.trace_id, []).append(span)
        return grouped


def ancestors(span: Span, by_id: Mapping[str, Span]) -> list[Span]:
    """The spans `span` runs inside, its parent first (`by_id`: the trace's spans by id).

    A parent missing from the trace ends the walk; so does a cycle (a span never counts as
    its own ancestor).
    """
    out: list[Span] = []
    seen = {span.span_id}
    parent = by_id.get(span.parent_id) if span.parent_id else None
    while parent is not None and parent.span_id not in seen:
        out.append(parent)
        seen.add(parent.span_id)
        parent = by_id.get(parent.parent_id) if parent.parent_id else None
    return out


def indexed(attributes: Mapping[str, Any], prefix: str) -> list[dict[str, Any]]:
    """Flattened list attributes regrouped: ``{prefix}{i}.{rest}`` becomes item ``i``'s ``rest``.

    Items come in index order; an index with no attributes is left out.

    Examples:
        >>> indexed({"m.0.role": "user", "m.1.role": "tool", "m.0.text": "hi"}, "m.")
        [{'role': 'user', 'text': 'hi'}, {'role': 'tool'}]
    """
    items: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        if not key.startswith(prefix):
            continue
        index, _, rest = key[len(prefix) :].partition(".")
        if index.isdigit() and rest:
            items.setdefault(int(index), {})[rest] = value
    return [items[i] for i in sorted(items)]


def read_spans(documents: list[Document]) -> SpanBatch:
    """Every span of `documents`, in input order.

    Raises:
        ConfigError: a document holds no spans, or a span is malformed (names the file, the
            line for JSONL, and where in the document).
    """
    batch = SpanBatch()
    events: list[LogEvent] = []
    for doc in documents:
        before = len(batch.spans)
        reader = _Reader(doc, start=before)
        batch.spans.extend(reader.read())
        events.extend(reader.log_events)
        if len(batch.spans) == before and not reader.logs:
            raise _error(
                doc,
                "no spans found",
                hint="expected OTLP JSON ({'resourceSpans': [...]} or, with them, "
                "{'resourceLogs': [...]}), a span dump ({'spans': [...]}), a list of spans, "
                "one span, a span's attribute map, Jaeger JSON ({'data': [{'traceID', "
                "'spans', 'processes'}]}) or Zipkin v2 JSON ([{'traceId', 'id', ...}])",
            )
        if reader.final_output is not _MISSING:
            ids = {s.trace_id for s in batch.spans[before:]}
            if len(ids) == 1:
                batch.final_outputs[ids.pop()] = reader.final_output
    batch.spans = without_repeats(batch.spans)  # an export request twice in one file
    batch.log_events = attach_log_events(batch.spans, events)
    return batch


def without_repeats(spans: list[Span]) -> list[Span]:
    """`spans` less each one delivered again as it was (`same_record`).

    Two different records under one span id are both kept.
    """
    kept: dict[tuple[str, str], list[Span]] = {}
    out = []
    for span in spans:
        same_id = kept.setdefault((span.trace_id, span.span_id), [])
        if not any(same_record(span, other) for other in same_id):
            same_id.append(span)
            out.append(span)
    return out


def same_record(one: Span, other: Span) -> bool:
    """Whether two spans are one record delivered twice: every field but arrival order."""
    return replace(one, order=0) == replace(other, order=0)


def attach_log_events(spans: list[Span], events: list[LogEvent]) -> list[LogEvent]:
    """Put each event on its span, after the span's own events, in time order.

    Returns:
        The events whose span is not among `spans`.
    """
    by_id = {(span.trace_id, span.span_id): span for span in spans}
    left: list[LogEvent] = []
    for ev in sorted(events, key=lambda e: (e.time_ns is None, e.time_ns or 0, e.order)):
        span = by_id.get((ev.trace_id, ev.span_id))
        if span is None:
            left.append(ev)
        else:
            span.events.append(ev.event)
    return left


_MISSING: Any = object()


class _Reader:
    """Reads the spans of one document."""

    def __init__(self, doc: Document, *, start: int) -> None:
        self.doc = doc
        self.order = start
        self.final_output: Any = _MISSING
        self.logs = False
        """Whether the document is an OTLP logs request (which may hold no event)."""
        self.log_events: list[LogEvent] = []

    def read(self) -> list[Span]:
        return list(self._walk(self.doc.data, "(document)"))

    def _walk(self, data: Any, where: str) -> Iterator[Span]:
        if isinstance(data, list):
            for i, item in enumerate(data):
                yield from self._walk(item, f"[{i}]" if where == "(document)" else f"{where}[{i}]")
            return
        if not isinstance(data, dict):
            raise _error(self.doc, f"{where}: expected a JSON object, got {type(data).__name__}")
        if "resourceSpans" in data or "resource_spans" in data:
            yield from self._otlp(data)
        elif "resourceLogs" in data or "resource_logs" in data:
            self.logs = True
            self._otlp_logs(data)
        elif (convert := _converter(data)) is not None:
            yield from self._converted(data, where, convert)
        elif isinstance(data.get("spans"), list):
            if "final_output" in data:
                self.final_output = data["final_output"]
            yield from self._walk(data["spans"], "spans")
        elif _looks_like_span(data):
            yield self._span(data, where, {}, None)
        elif any(isinstance(k, str) and "." in k for k in data):
            yield self._span({"attributes": data}, where, {}, None)

    def _converted(self, data: dict[str, Any], where: str, convert: _Convert) -> Iterator[Span]:
        """Another tool's spans (`_CONVERTERS`), read as the OTLP spans they were."""
        try:
            spans = list(convert(data, where))
        except ValueError as exc:
            raise _error(self.doc, str(exc)) from exc
        for span_where, span in spans:
            yield self._span(span, span_where, {}, None)

    def _otlp(self, data: dict[str, Any]) -> Iterator[Span]:
        for r, rs in enumerate(_list(data, "resourceSpans", "resource_spans")):
            rwhere = f"resourceSpans[{r}]"
            if not isinstance(rs, dict):
                raise _error(self.doc, f"{rwhere}: expected an object")
            own = rs.get("resource") or {}
            if not isinstance(own, dict):
                raise _error(self.doc, f"{rwhere}.resource: expected an object")
            resource = self._attributes(own.get("attributes"), rwhere)
            for s, ss in enumerate(
                _list(rs, "scopeSpans", "scope_spans", "instrumentationLibrarySpans")
            ):
                swhere = f"{rwhere}.scopeSpans[{s}]"
                if not isinstance(ss, dict):
                    raise _error(self.doc, f"{swhere}: expected an object")
                scope = ss.get("scope") or ss.get("instrumentationLibrary") or {}
                scope_name = scope.get("name") if isinstance(scope, dict) else None
                for i, span in enumerate(_list(ss, "spans")):
                    yield self._span(span, f"{swhere}.spans[{i}]", resource, scope_name)

    def _otlp_logs(self, data: dict[str, Any]) -> None:
        for r, rl in enumerate(_list(data, "resourceLogs", "resource_logs")):
            rwhere = f"resourceLogs[{r}]"
            if not isinstance(rl, dict):
                raise _error(self.doc, f"{rwhere}: expected an object")
            for s, sl in enumerate(_list(rl, "scopeLogs", "scope_logs")):
                swhere = f"{rwhere}.scopeLogs[{s}]"
                if not isinstance(sl, dict):
                    raise _error(self.doc, f"{swhere}: expected an object")
                for i, record in enumerate(_list(sl, "logRecords", "log_records")):
                    event = self._log_event(record, f"{swhere}.logRecords[{i}]")
                    if event is not None:
                        self.log_events.append(event)

    def _log_event(self, data: Any, where: str) -> LogEvent | None:
        """A log record as its span's event; None when it is not an event or has no span."""
        if not isinstance(data, dict):
            raise _error(self.doc, f"{where}: a log record must be an object")
        attributes = self._attributes(data.get("attributes"), where)
        name = _first(data, "eventName", "event_name") or attributes.pop("event.name", None)
        try:
            trace_id = _hex_id(_first(data, "traceId", "trace_id"), 32)
            span_id = _hex_id(_first(data, "spanId", "span_id"), 16)
            body = any_value(data["body"]) if isinstance(data.get("body"), dict) else None
            # 0 is OTLP's "unknown": the time it was observed stands in
            when = _timestamp(data, "timeUnixNano", "time_unix_nano") or _timestamp(
                data, "observedTimeUnixNano", "observed_time_unix_nano"
            )
        except (ValueError, TypeError) as exc:
            raise _error(self.doc, f"{where}: {exc}") from exc
        if not name or not trace_id or not span_id:
            return None
        attributes.update(body_attributes(body))
        event = {"name": str(name), "attributes": attributes}
        return LogEvent(trace_id, span_id, when, len(self.log_events), event)

    def _span(self, data: Any, where: str, resource: dict[str, Any], scope: str | None) -> Span:
        if not isinstance(data, dict):
            raise _error(self.doc, f"{where}: a span must be an object")
        ctx = _first_dict(data, "context", "spanContext", "span_context")
        parent = data.get("parent")
        trace_id = _first(data, "traceId", "trace_id") or _first(ctx, "trace_id", "traceId")
        span_id = _first(data, "spanId", "span_id") or _first(ctx, "span_id", "spanId")
        parent_id = _first(data, "parentSpanId", "parent_span_id", "parent_id", "parentId")
        if parent_id is None and isinstance(parent, dict):
            parent_id = _first(parent, "span_id", "spanId")
        elif parent_id is None and isinstance(parent, str | int):
            parent_id = parent
        self.order += 1
        own_resource = data.get("resource")
        if isinstance(own_resource, dict) and "attributes" in own_resource:
            resource = self._attributes(own_resource["attributes"], f"{where}.resource")
        scope_info = _first_dict(data, "instrumentation_scope", "instrumentationScope", "scope")
        status, message = _status(data)
        try:
            return Span(
                trace_id=_hex_id(trace_id, 32) or _NO_TRACE,
                span_id=_hex_id(span_id, 16) or f"#{self.order}",
                parent_id=_hex_id(parent_id, 16),
                name=str(data.get("name") or ""),
                start_ns=_timestamp(
                    data, "startTimeUnixNano", "start_time_unix_nano", "start_time", "startTime"
                ),
                end_ns=_timestamp(
                    data, "endTimeUnixNano", "end_time_unix_nano", "end_time", "endTime"
                ),
                status=status,
                status_message=message,
                attributes=self._attributes(data.get("attributes"), where),
                events=[
                    self._event(e, f"{where}.events[{i}]") for i, e in enumerate(_events(data))
                ],
                resource=resource,
                scope=scope_info.get("name") or scope,
                order=self.order,
                links=_links(data),
                kind=_kind(data.get("kind")),
                dropped_attributes=dropped_count(data, *_DROPPED_ATTRIBUTES),
                dropped_events=dropped_count(data, "droppedEventsCount", "dropped_events_count"),
            )
        except (ValueError, TypeError) as exc:  # a field of the wrong type
            raise _error(self.doc, f"{where}: {exc}") from exc

    def _event(self, data: Any, where: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise _error(self.doc, f"{where}: an event must be an object")
        return {
            "name": data.get("name"),
            "attributes": self._attributes(data.get("attributes"), where),
        }

    def _attributes(self, raw: Any, where: str) -> dict[str, Any]:
        if raw is None:
            return {}
        if isinstance(raw, dict):
            return dict(raw)
        if not isinstance(raw, list):
            raise _error(
                self.doc,
                f"{where}.attributes: expected a list of {{key, value}} or a mapping, "
                f"got {type(raw).__name__}",
            )
        out: dict[str, Any] = {}
        for i, kv in enumerate(raw):
            if not isinstance(kv, dict) or not isinstance(kv.get("key"), str):
                raise _error(
                    self.doc,
                    f"{where}.attributes[{i}]: expected {{key, value}}",
                    hint='OTLP attributes look like {"key": "k", "value": {"stringValue": "v"}}',
                )
            try:
                out[kv["key"]] = any_value(kv.get("value"))
            except ValueError as exc:
                raise _error(self.doc, f"{where}.attributes[{i}] ({kv['key']}): {exc}") from exc
        return out


def any_value(value: Any) -> Any:
    """Decode an OTLP ``AnyValue`` (``{"stringValue": ...}``, ``{"arrayValue": ...}``...).

    Raises:
        ValueError: the value is not an AnyValue.
    """
    if value is None or value == {}:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"expected an AnyValue object, got {type(value).__name__}")
    for key in ("stringValue", "string_value"):
        if key in value:
            return value[key]
    for key in ("boolValue", "bool_value"):
        if key in value:
            return bool(value[key])
    for key in ("intValue", "int_value"):
        if key in value:
            return _number(int, value[key])
    for key in ("doubleValue", "double_value"):
        if key in value:
            return _number(float, value[key])
    for key in ("arrayValue", "array_value"):
        if key in value:
            return [any_value(v) for v in _values(value[key], key)]
    for key in ("kvlistValue", "kvlist_value"):
        if key in value:
            out = {}
            for kv in _values(value[key], key):
                if not isinstance(kv, dict) or not isinstance(kv.get("key"), str):
                    raise ValueError(f"{key}: expected {{key, value}} items, got {kv!r:.60}")
                out[kv["key"]] = any_value(kv.get("value"))
            return out
    for key in ("bytesValue", "bytes_value"):
        if key in value:
            return value[key]
    raise ValueError(f"unknown AnyValue with keys {sorted(value)}")


def _number(kind: type[int] | type[float], raw: Any) -> int | float:
    if isinstance(raw, bool) or not isinstance(raw, str | int | float):
        raise ValueError(f"expected a number, got {raw!r:.60}")
    return kind(raw)


def _values(container: Any, key: str) -> list[Any]:
    values = (container or {}).get("values", []) if isinstance(container, dict | None) else None
    if not isinstance(values, list):
        raise ValueError(f"{key}: expected {{values: [...]}}, got {container!r:.60}")
    return values


def ns_to_datetime(ns: int | None) -> datetime | None:
    """Unix nanoseconds as an aware UTC datetime (microsecond precision)."""
    if ns is None:
        return None
    seconds, rest = divmod(ns, 1_000_000_000)
    return datetime.fromtimestamp(seconds, UTC) + timedelta(microseconds=rest // 1000)


def _looks_like_span(data: dict[str, Any]) -> bool:
    keys = set(data)
    return bool(
        keys & {"traceId", "trace_id", "spanId", "span_id", "context", "spanContext"}
        or ("name" in keys and "attributes" in keys)
    )


def _list(data: dict[str, Any], *keys: str) -> list[Any]:
    for key in keys:
        value = data.get(key)
        if isinstance(value, list):
            return value
    return []


def _first(data: Mapping[str, Any] | None, *keys: str) -> Any:
    if not data:
        return None
    for key in keys:
        value = data.get(key)
        if value is not None and value != "":
            return value
    return None


def _first_dict(data: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    for key in keys:
        value = data.get(key)
        if isinstance(value, dict):
            return value
    return {}


def _links(data: dict[str, Any]) -> list[tuple[str, str]]:
    """A span's links as ``(trace id, span id)``; a link without both ids is left out.

    From OTLP (``traceId``, ``spanId``) or an SDK dump (``context: {trace_id, span_id}``).
    """
    links = data.get("links")
    out: list[tuple[str, str]] = []
    for link in links if isinstance(links, list) else []:
        if not isinstance(link, dict):
            continue
        ctx = _first_dict(link, "context", "spanContext", "span_context")
        trace_id = _first(link, "traceId", "trace_id") or _first(ctx, "trace_id", "traceId")
        span_id = _first(link, "spanId", "span_id") or _first(ctx, "span_id", "spanId")
        try:
            linked_trace, linked_span = _hex_id(trace_id, 32), _hex_id(span_id, 16)
        except ValueError:
            continue
        if linked_trace and linked_span:
            out.append((linked_trace, linked_span))
    return out


_KINDS = ("unspecified", "internal", "server", "client", "producer", "consumer")


def _kind(raw: Any) -> str | None:
    """A span's kind, lower case (None: not given, unspecified or unknown).

    Written as OTLP's enum number, ``SPAN_KIND_PRODUCER``, ``SpanKind.PRODUCER`` (an SDK's
    dump) or ``PRODUCER`` (Zipkin's).

        >>> [_kind(k) for k in (4, "SPAN_KIND_PRODUCER", "SpanKind.CLIENT", "server", None)]
        ['producer', 'producer', 'client', 'server', None]
    """
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 < raw < len(_KINDS):
        return _KINDS[raw]
    if not isinstance(raw, str):
        return None
    name = raw.rsplit(".", 1)[-1].lower().removeprefix("span_kind_")
    return name if name in _KINDS[1:] else None


def _events(data: dict[str, Any]) -> list[Any]:
    events = data.get("events")
    return events if isinstance(events, list) else []


_NANOSECOND_FIELDS = frozenset(
    {"startTimeUnixNano", "endTimeUnixNano", "start_time", "end_time", "time_unix_nano",
     "timeUnixNano", "observedTimeUnixNano", "start_time_unix_nano", "end_time_unix_nano",
     "observed_time_unix_nano"}
)  # fmt: skip
"""Fields that hold unix nanoseconds (OTLP in its JSON mapping, camelCase or the proto's own
field names, as ``MessageToDict(preserving_proto_field_name=True)`` writes them; the
OpenTelemetry SDK's span dumps)."""


def _timestamp(data: dict[str, Any], *keys: str) -> int | None:
    """A span's time from the first of `keys` present.

    An integer in a field that holds nanoseconds by definition is nanoseconds, however small
    (a test clock counting from 1 s writes ``1000000000``); only other fields and non-integers
    have their unit guessed from the magnitude (`_nanos`).
    """
    for key in keys:
        value = data.get(key)
        if value is None or value == "":
            continue
        if key in _NANOSECOND_FIELDS and isinstance(value, int) and not isinstance(value, bool):
            return value
        if key in _NANOSECOND_FIELDS and isinstance(value, str) and value.strip().isdigit():
            return int(value)
        return _nanos(value)
    return None


def _nanos(value: Any) -> int | None:
    """A timestamp as unix nanoseconds: integers by magnitude, numeric strings, ISO strings."""
    if value is None or value == "":
        return None
    if isinstance(value, list) and len(value) == 2:  # [seconds, nanoseconds], as hrtime
        return int(value[0]) * 1_000_000_000 + int(value[1])
    if isinstance(value, str):
        text = value.strip()
        if text.isdigit():
            value = int(text)
        else:
            try:
                when = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                raise ValueError(f"unreadable timestamp {value!r}") from None
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            delta = when - datetime(1970, 1, 1, tzinfo=UTC)
            return (delta.days * 86_400 + delta.seconds) * 1_000_000_000 + (
                delta.microseconds * 1000
            )
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"unreadable timestamp {value!r}")
    magnitude = abs(value)
    if magnitude >= 1e17:
        return int(value)
    if magnitude >= 1e14:
        return int(value * 1_000)
    if magnitude >= 1e11:
        return int(value * 1_000_000)
    return int(value * 1_000_000_000)


_STATUS = {
    "0": "unset",
    "1": "ok",
    "2": "error",
    "unset": "unset",
    "ok": "ok",
    "error": "error",
    "status_code_unset": "unset",
    "status_code_ok": "ok",
    "status_code_error": "error",
}


def _status(data: dict[str, Any]) -> tuple[StatusCode, str | None]:
    status = data.get("status")
    code: Any = None
    message: Any = None
    if isinstance(status, dict):
        code = _first(status, "code", "status_code", "statusCode")
        message = _first(status, "message", "description")
    elif status is not None:
        code = status
    if code is None:
        code = _first(data, "status_code", "statusCode")
        message = message or _first(data, "status_message", "statusMessage")
    text = str(code if code is not None else "unset").lower().rsplit(".", 1)[-1]
    result: Any = _STATUS.get(text, "unset")
    return result, (str(message) if message else None)


def _error(doc: Document, message: str, *, hint: str | None = None) -> ConfigError:
    return ConfigError(message, file=doc.file, line=doc.line, hint=hint)
