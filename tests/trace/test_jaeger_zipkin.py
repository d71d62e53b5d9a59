"""``fourfold import`` of traces downloaded from Jaeger (or Tempo) and Zipkin.

The strongest check: real OTLP JSON exports of the corpus (tests/data/traces) are turned
into a Jaeger JSON download and a Zipkin v2 download here, by the OpenTelemetry → Jaeger and
→ Zipkin specifications' mappings (``trace/sdk_exporters/jaeger``, ``…/zipkin``: the small
converters below), imported, and compared with the import of the OTLP file, every trace
field for field (``model_dump``).

What neither format carries is left out of the OTLP side before comparing, and only that:
the logs signal (a Jaeger or Zipkin trace holds spans only, so the OTLP side is the file's
span documents alone) and times finer than a microsecond (both count in microseconds).
Zipkin carries less: every tag is text, the resource is only ``service.name`` and links are
gone, so its OTLP side is the same spans with each attribute as the text Zipkin holds, the
resource cut to the service name and no links.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import import_traces
from fourfold.integrations._span_files import load_documents
from fourfold.integrations._spans import read_spans
from tests.helpers.corpus import CORPUS, otlp_documents

JAEGER = Path(__file__).parents[1] / "data" / "jaeger"
SAMPLE = [
    "anthropic/anthropic-2026-12-02.json",  # spans only, one document
    "openai/openai-v2-latest-events-2026-12-03.json",  # traces then logs, one per line
    "agno/agno-team-2026-12-03.json",  # a team: many spans, nested runs
    "microsoft-agent-framework/agent-framework-handoff-2026-12-03.json",  # links, events
    "langchain/langchain-create-agent-tool-error-2026-12-03.json",  # OpenInference, exception
    "strands/strands-tool-error-2026-12-03.json",  # GenAI messages as span events
    "autogen/autogen-selector-streamed-2026-12-03.json",  # links, array attributes
    "vercel-ai-sdk/vercel-ai-sdk-v6-tool-error-2026-12-02.json",  # array attributes
]
_KINDS = {2: "server", 3: "client", 4: "producer", 5: "consumer"}
_KIND_NAMES = {"SPAN_KIND_SERVER": 2, "SPAN_KIND_CLIENT": 3, "SPAN_KIND_PRODUCER": 4}
_KIND_NAMES["SPAN_KIND_CONSUMER"] = 5


# -- the corpus's OTLP JSON, as the import reads it ------------------------------------------


def _span_documents(path: Path) -> list[dict[str, Any]]:
    """The file's OTLP JSON trace requests (its log requests left out)."""
    documents, _ = otlp_documents(path)
    return [d for d in documents if "resourceSpans" in d]


def _spans(documents: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any], Any]]:
    """Every span with its resource and scope, in order."""
    return [
        (span, rs.get("resource") or {}, ss.get("scope") or {})
        for document in documents
        for rs in document["resourceSpans"]
        for ss in rs.get("scopeSpans", [])
        for span in ss.get("spans", [])
    ]


def _value(any_value: dict[str, Any]) -> tuple[str, Any]:
    """An OTLP AnyValue as ``(Jaeger type, value)``: arrays and maps as JSON text."""
    if "stringValue" in any_value:
        return "string", any_value["stringValue"]
    if "boolValue" in any_value:
        return "bool", bool(any_value["boolValue"])
    if "intValue" in any_value:
        return "int64", int(any_value["intValue"])
    if "doubleValue" in any_value:
        return "float64", float(any_value["doubleValue"])
    if "bytesValue" in any_value:
        return "binary", any_value["bytesValue"]
    return "string", json.dumps(_plain(any_value), separators=(",", ":"), ensure_ascii=False)


def _plain(any_value: dict[str, Any]) -> Any:
    """An AnyValue as plain JSON (what an array's or a map's JSON text holds)."""
    if "arrayValue" in any_value:
        return [_plain(v) for v in any_value["arrayValue"].get("values", [])]
    if "kvlistValue" in any_value:
        return {kv["key"]: _plain(kv["value"]) for kv in any_value["kvlistValue"].get("values", [])}
    return _value(any_value)[1] if any_value else None


def _micros(nanos: Any) -> int:
    return int(nanos) // 1000


def _kind(span: dict[str, Any]) -> int:
    kind = span.get("kind", 0)
    return _KIND_NAMES.get(kind, 0) if isinstance(kind, str) else int(kind)


def _status(span: dict[str, Any]) -> tuple[str, str | None]:
    status = span.get("status") or {}
    code = {1: "OK", 2: "ERROR", "STATUS_CODE_OK": "OK", "STATUS_CODE_ERROR": "ERROR"}
    return code.get(status.get("code", 0), ""), status.get("message") or None


# -- OTLP → Jaeger (the specification's mapping) ---------------------------------------------


def _tag(key: str, any_value: dict[str, Any]) -> dict[str, Any]:
    kind, value = _value(any_value)
    return {"key": key, "type": kind, "value": value}


def _to_jaeger(documents: list[dict[str, Any]]) -> dict[str, Any]:
    traces: dict[str, dict[str, Any]] = {}
    processes: dict[str, tuple[str, dict[str, Any]]] = {}
    for span, resource, scope in _spans(documents):
        key = json.dumps(resource, sort_keys=True)
        if key not in processes:
            attrs = resource.get("attributes", [])
            service = next((a for a in attrs if a["key"] == "service.name"), None)
            processes[key] = (
                f"p{len(processes) + 1}",
                {
                    "serviceName": service["value"]["stringValue"] if service else "",
                    "tags": [_tag(a["key"], a["value"]) for a in attrs if a is not service],
                },
            )
        process_id, process = processes[key]
        trace = traces.setdefault(
            span["traceId"], {"traceID": span["traceId"], "spans": [], "processes": {}}
        )
        trace["processes"][process_id] = process
        tags = [_tag(a["key"], a["value"]) for a in span.get("attributes", [])]
        if _kind(span) in _KINDS:
            tags.append({"key": "span.kind", "type": "string", "value": _KINDS[_kind(span)]})
        code, message = _status(span)
        if code:
            tags.append({"key": "otel.status_code", "type": "string", "value": code})
        if code == "ERROR":
            tags.append({"key": "error", "type": "bool", "value": True})
        if message:
            tags.append({"key": "otel.status_description", "type": "string", "value": message})
        if scope.get("name"):
            tags.append({"key": "otel.scope.name", "type": "string", "value": scope["name"]})
        references = []
        if span.get("parentSpanId"):
            references.append(
                {"refType": "CHILD_OF", "traceID": span["traceId"], "spanID": span["parentSpanId"]}
            )
        for link in span.get("links", []):
            references.append(
                {"refType": "FOLLOWS_FROM", "traceID": link["traceId"], "spanID": link["spanId"]}
            )
        start = _micros(span["startTimeUnixNano"])
        trace["spans"].append(
            {
                "traceID": span["traceId"],
                "spanID": span["spanId"],
                "operationName": span["name"],
                "references": references,
                "startTime": start,
                "duration": _micros(span["endTimeUnixNano"]) - start,
                "tags": tags,
                "logs": [
                    {
                        "timestamp": _micros(event["timeUnixNano"]),
                        "fields": [{"key": "event", "type": "string", "value": event["name"]}]
                        + [_tag(a["key"], a["value"]) for a in event.get("attributes", [])],
                    }
                    for event in span.get("events", [])
                ],
                "processID": process_id,
                "warnings": None,
            }
        )
    return {"data": list(traces.values()), "total": 0, "limit": 0, "offset": 0, "errors": None}


# -- OTLP → Zipkin v2 (the specification's mapping) ------------------------------------------


def _text(any_value: dict[str, Any]) -> str:
    """An attribute as Zipkin's tag text: booleans lower-case, numbers as written."""
    kind, value = _value(any_value)
    return ("true" if value else "false") if kind == "bool" else str(value)


def _annotation(event: dict[str, Any]) -> str:
    """An event as the SDKs' Zipkin exporters write it: ``{"<name>": {attributes}}``."""
    attributes = {a["key"]: _plain(a["value"]) for a in event.get("attributes", [])}
    if not attributes:
        return str(event["name"])
    return json.dumps({event["name"]: attributes}, separators=(",", ":"), ensure_ascii=False)


def _to_zipkin(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for span, resource, scope in _spans(documents):
        tags = {a["key"]: _text(a["value"]) for a in span.get("attributes", [])}
        code, message = _status(span)
        if code:
            tags["otel.status_code"] = code
        if code == "ERROR":
            tags["error"] = message or ""
        if scope.get("name"):
            tags["otel.scope.name"] = scope["name"]
        service = next(
            (a for a in resource.get("attributes", []) if a["key"] == "service.name"), None
        )
        start = _micros(span["startTimeUnixNano"])
        zipkin = {
            "traceId": span["traceId"],
            "id": span["spanId"],
            "name": span["name"],
            "timestamp": start,
            "duration": _micros(span["endTimeUnixNano"]) - start,
            "localEndpoint": {"serviceName": service["value"]["stringValue"] if service else ""},
            "tags": tags,
            "annotations": [
                {"timestamp": _micros(event["timeUnixNano"]), "value": _annotation(event)}
                for event in span.get("events", [])
            ],
        }
        if span.get("parentSpanId"):
            zipkin["parentId"] = span["parentSpanId"]
        if _kind(span) in _KINDS:
            zipkin["kind"] = _KINDS[_kind(span)].upper()
        out.append(zipkin)
    return out


def _as_zipkin_carries(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The OTLP spans as Zipkin holds them: attributes as text, service.name alone, no links,
    no kind but server, client, producer and consumer."""
    documents = json.loads(json.dumps(documents))
    for span, resource, _scope in _spans(documents):
        if _kind(span) not in _KINDS:
            span.pop("kind", None)
        span["attributes"] = [
            {"key": a["key"], "value": {"stringValue": _text(a["value"])}}
            for a in span.get("attributes", [])
        ]
        span.pop("links", None)
        resource["attributes"] = [
            a for a in resource.get("attributes", []) if a["key"] == "service.name"
        ]
    return documents


# -- the comparisons -------------------------------------------------------------------------


def _in_micros(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The spans' times cut to microseconds, as Jaeger and Zipkin keep them."""
    documents = json.loads(json.dumps(documents))
    for span, _resource, _scope in _spans(documents):
        for key in ("startTimeUnixNano", "endTimeUnixNano"):
            span[key] = str(_micros(span[key]) * 1000)
    return documents


def _as_jaeger_carries(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The OTLP spans with arrays and maps as the JSON text Jaeger holds them in, no kind but
    server, client, producer and consumer (an internal span's ``span.kind`` tag is left out)."""
    documents = json.loads(json.dumps(documents))
    for span, _resource, _scope in _spans(documents):
        if _kind(span) not in _KINDS:
            span.pop("kind", None)
        for item in [*span.get("attributes", [])] + [
            a for event in span.get("events", []) for a in event.get("attributes", [])
        ]:
            kind, value = _value(item["value"])
            if kind == "string":
                item["value"] = {"stringValue": value}
    return documents


def _read(path: Path) -> list[dict[str, Any]]:
    """The file's spans as the importer reads them, before any rule: every field."""
    return [dataclasses.asdict(span) for span in read_spans(load_documents(path)).spans]


def _dumped(path: Path) -> list[dict[str, Any]]:
    return [imported.model_dump(mode="json") for imported in import_traces(path)]


def _written(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("rel", SAMPLE)
def test_a_jaeger_download_imports_as_its_otlp_export_does(rel: str, tmp_path: Path) -> None:
    documents = _span_documents(CORPUS / rel)
    otlp = tmp_path / "otlp.jsonl"
    otlp.write_text("\n".join(json.dumps(d) for d in _in_micros(documents)), encoding="utf-8")
    jaeger = _written(tmp_path / "jaeger.json", _to_jaeger(documents))

    expected = _dumped(otlp)
    assert expected
    assert _dumped(jaeger) == expected
    # below the traces, every span field for field (links, events, scope, resource...)
    otlp.write_text(
        "\n".join(json.dumps(d) for d in _as_jaeger_carries(_in_micros(documents))), "utf-8"
    )
    assert _read(jaeger) == _read(otlp)


@pytest.mark.parametrize("rel", SAMPLE)
def test_a_zipkin_download_imports_as_what_it_carries_of_the_export(
    rel: str, tmp_path: Path
) -> None:
    documents = _span_documents(CORPUS / rel)
    otlp = tmp_path / "otlp.jsonl"
    carried = _as_zipkin_carries(_in_micros(documents))
    otlp.write_text("\n".join(json.dumps(d) for d in carried), encoding="utf-8")
    zipkin = _written(tmp_path / "zipkin.json", _to_zipkin(documents))

    expected = _dumped(otlp)
    assert expected
    assert _dumped(zipkin) == expected
    assert _read(zipkin) == _read(otlp)


def test_a_jaeger_download_from_a_list_of_traces_and_one_trace_alone(tmp_path: Path) -> None:
    documents = _span_documents(CORPUS / SAMPLE[0])
    [trace] = _to_jaeger(documents)["data"]
    wrapped = _dumped(_written(tmp_path / "wrapped.json", {"data": [trace]}))

    assert _dumped(_written(tmp_path / "bare.json", trace)) == wrapped
    assert _dumped(_written(tmp_path / "list.json", [trace])) == wrapped


# -- real Jaeger files -----------------------------------------------------------------------


def test_the_jaeger_ui_genai_trace_imports() -> None:
    """jaeger-ui's GenAI timeline fixture (SOURCE.md): a coding agent's run among HTTP,
    MCP and database spans of ten services, as Jaeger's UI downloads it."""
    [imported] = import_traces(JAEGER / "jaeger-ui-genai-trace.json")

    trace = imported.trace
    assert imported.trace_id == "4a1b2c3d4e5f60718293a4b5c6d7e8f9"
    assert trace.tool_names[:2] == ["list_dashboards", "search_traces"]
    assert trace.tool_calls[0].arguments == {"window": "1h"}
    assert trace.tool_calls[0].result == {"status": "ok", "rows": 12}
    assert trace.usage.input_tokens and trace.usage.input_tokens > 1840


def test_jaegers_own_ui_model_fixture_is_read_and_found_to_hold_no_genai_span() -> None:
    """Jaeger's converter fixture (SOURCE.md): typed tags, logs, a reference to another
    trace, a span id written twice. Nothing in it is GenAI: the importer says so."""
    path = JAEGER / "jaeger-ui_01.json"
    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "none of the 5 spans is an OpenTelemetry GenAI span" in caught.value.message
    assert str(path) in str(caught.value)


# -- what maps to what, and bad input --------------------------------------------------------


def _jaeger_span(**fields: Any) -> dict[str, Any]:
    span = {
        "traceID": "1",
        "spanID": "2",
        "operationName": "chat gpt-4o",
        "references": [],
        "startTime": 1_700_000_000_000_000,
        "duration": 1_500_000,
        "tags": [
            {"key": "gen_ai.operation.name", "type": "string", "value": "chat"},
            {"key": "gen_ai.request.model", "type": "string", "value": "gpt-4o"},
        ],
        "logs": [],
        "processID": "p1",
    }
    span.update(fields)
    return span


def test_a_jaeger_span_missing_its_span_id_names_the_field(tmp_path: Path) -> None:
    span = _jaeger_span()
    del span["spanID"]
    path = _written(tmp_path / "trace.json", {"data": [{"traceID": "1", "spans": [span]}]})

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "data[0].spans[0]" in caught.value.message
    assert "spanID" in caught.value.message
    assert str(path) in str(caught.value)


def test_a_jaeger_id_that_is_not_hex_names_the_field(tmp_path: Path) -> None:
    path = _written(tmp_path / "trace.json", {"traceID": "1", "spans": [_jaeger_span(spanID="x")]})

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "spans[0].spanID" in caught.value.message


def test_opentracing_error_tags_logs_and_short_ids(tmp_path: Path) -> None:
    """What OpenTracing clients and older Jaeger wrote: ``error=true`` with no OTel status,
    an exception log without an ``event`` field, ids with their leading zeros cut."""
    span = _jaeger_span(
        tags=[*_jaeger_span()["tags"], {"key": "error", "type": "bool", "value": True}],
        logs=[
            {
                "timestamp": 1_700_000_000_500_000,
                "fields": [
                    {"key": "exception.type", "type": "string", "value": "RateLimitError"},
                    {"key": "exception.message", "type": "string", "value": "slow down"},
                ],
            }
        ],
    )
    trace = {"traceID": "1", "spans": [span], "processes": {"p1": {"serviceName": "svc"}}}

    [imported] = import_traces(_written(tmp_path / "trace.json", trace))

    assert imported.trace_id == "0" * 31 + "1"
    assert imported.trace.error == "RateLimitError: slow down"


def test_a_zipkin_span_missing_its_id_is_not_a_span(tmp_path: Path) -> None:
    zipkin = {"traceId": "1", "id": "", "name": "chat", "tags": {"gen_ai.operation.name": "chat"}}
    path = _written(tmp_path / "zipkin.json", [zipkin])

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "[0]: a Zipkin span needs its id" in caught.value.message


def test_the_collectors_zipkin_event_form_is_read(tmp_path: Path) -> None:
    """The Collector's Zipkin exporter writes an event as ``name|{attributes}|dropped``."""
    attributes = {"gen_ai.prompt": "What is 2+2?"}
    zipkin = {
        "traceId": "5b8efff798038103d269b633813fc60c",
        "id": "eee19b7ec3c1b174",
        "name": "chat gpt-4o",
        "timestamp": 1_700_000_000_000_000,
        "duration": 2000,
        "tags": {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o"},
        "annotations": [
            {
                "timestamp": 1_700_000_000_000_100,
                "value": f"gen_ai.content.prompt|{json.dumps(attributes)}|0",
            },
        ],
    }
    [imported] = import_traces(_written(tmp_path / "zipkin.json", [zipkin]))

    assert "What is 2+2?" in json.dumps(imported.model_dump(mode="json"))
