"""``fourfold import`` of binary OTLP: a saved export request, the Collector's ``format: proto``.

The same spans must come out whichever encoding carried them. The files here are made
from real exports: the corpus's OTLP JSON files (tests/data/traces) turned into protobuf
with ``opentelemetry-proto`` and framed as the Collector's file exporter frames them (each
request after its size, four bytes big-endian), and spans made by the OpenTelemetry SDK's
own tracer, encoded by the SDK's own OTLP encoder. Each is imported and compared with the
JSON import of the same spans, field for field.
"""

from __future__ import annotations

import base64
import gzip
from pathlib import Path

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import import_traces, read_traces
from tests.helpers.corpus import (
    CORPUS,
    OTLP_JSON,
    base64_ids,
    dumped,
    export_stem,
    otlp_documents,
)
from tests.helpers.monitoring import record_support_run

json_format = pytest.importorskip("google.protobuf.json_format", reason="the otlp extra")
trace_service = pytest.importorskip("opentelemetry.proto.collector.trace.v1.trace_service_pb2")
logs_service = pytest.importorskip("opentelemetry.proto.collector.logs.v1.logs_service_pb2")

SAMPLE = [
    "anthropic/anthropic-2026-12-02.json",  # spans only, one document
    "openai/openai-v2-latest-events-2026-12-03.json",  # traces then logs, one per line
    "agno/agno-team-2026-12-03.json",  # a team: many spans, nested runs
    "microsoft-agent-framework/agent-framework-handoff-2026-12-03.json",
]


def _requests(path: Path) -> list[bytes]:
    """Each OTLP JSON request of a corpus file, serialised as protobuf."""
    documents, _ = otlp_documents(path)
    out = []
    for document in documents:
        kind = (
            trace_service.ExportTraceServiceRequest
            if "resourceSpans" in document
            else logs_service.ExportLogsServiceRequest
        )
        message = json_format.ParseDict(base64_ids(document), kind())
        out.append(message.SerializeToString())
    return out


def _framed(requests: list[bytes]) -> bytes:
    """The Collector file exporter's ``format: proto``: each request after its size."""
    return b"".join(len(r).to_bytes(4, "big") + r for r in requests)


@pytest.mark.parametrize("rel", SAMPLE)
def test_a_collector_proto_file_imports_as_its_json_does(rel: str, tmp_path: Path) -> None:
    source = CORPUS / rel
    framed = tmp_path / "export.pb"
    framed.write_bytes(_framed(_requests(source)))

    assert dumped(framed) == dumped(source)


def test_one_saved_request_and_a_gzip_file_import_as_the_json_does(tmp_path: Path) -> None:
    source = CORPUS / SAMPLE[0]
    [request] = _requests(source)
    body = tmp_path / "body.bin"
    body.write_bytes(request)
    zipped = tmp_path / "export.pb.gz"
    zipped.write_bytes(gzip.compress(_framed([request])))
    json_zipped = tmp_path / "export.json.gz"
    json_zipped.write_bytes(gzip.compress(source.read_bytes()))

    expected = dumped(source)
    assert dumped(body) == expected
    assert dumped(zipped) == expected
    assert dumped(json_zipped) == expected


@pytest.mark.slow
def test_every_otlp_json_export_of_the_corpus_imports_the_same_as_protobuf(
    tmp_path: Path,
) -> None:
    different = []
    for source in OTLP_JSON:
        framed = tmp_path / f"{export_stem(source)}.pb"
        framed.write_bytes(_framed(_requests(source)))
        if dumped(framed) != dumped(source):
            different.append(str(source.relative_to(CORPUS)))
    assert len(OTLP_JSON) > 300
    assert different == []


def test_spans_from_the_sdks_own_encoder_import(tmp_path: Path) -> None:
    sdk_trace = pytest.importorskip("opentelemetry.sdk.trace")
    export = pytest.importorskip("opentelemetry.sdk.trace.export")
    in_memory = pytest.importorskip("opentelemetry.sdk.trace.export.in_memory_span_exporter")
    encoder = pytest.importorskip("opentelemetry.exporter.otlp.proto.common.trace_encoder")
    memory = in_memory.InMemorySpanExporter()
    provider = sdk_trace.TracerProvider()
    provider.add_span_processor(export.SimpleSpanProcessor(memory))
    record_support_run(provider.get_tracer("support-agent"))
    spans = memory.get_finished_spans()
    # two requests, as a batch processor may send them: the children, then the root alone
    batches = [[s for s in spans if s.parent is not None], [s for s in spans if s.parent is None]]
    path = tmp_path / "collector.pb"
    path.write_bytes(_framed([encoder.encode_spans(b).SerializeToString() for b in batches]))

    [imported] = read_traces(path).traces

    assert imported.trace.tool_names == ["lookup_order"]
    assert imported.trace.tool_calls[0].result == {"status": "shipped"}
    assert imported.trace.output == "Your order has shipped."
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (50, 12)
    assert imported.metadata["agent_name"] == "support"


def test_a_zstd_file_is_refused_with_the_setting_to_change(tmp_path: Path) -> None:
    path = tmp_path / "export.pb"
    frame = b"\x28\xb5\x2f\xfd" + bytes(12)
    path.write_bytes(len(frame).to_bytes(4, "big") + frame)

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "zstd" in caught.value.message
    assert "compression" in (caught.value.hint or "")


def test_a_request_cut_short_names_the_request(tmp_path: Path) -> None:
    [request] = _requests(CORPUS / SAMPLE[0])
    path = tmp_path / "export.pb"
    path.write_bytes(_framed([request, request])[:-40])  # the second request cut short

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "not an OTLP protobuf export request" in caught.value.message
    assert str(path) in str(caught.value)


def test_broken_json_starting_with_a_line_feed_still_gets_the_json_error(tmp_path: Path) -> None:
    path = tmp_path / "export.json"
    path.write_text('\n{"resourceSpans": [', encoding="utf-8")

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "invalid JSON" in caught.value.message


def test_an_id_whose_base64_starts_with_0x_is_not_read_as_hex(tmp_path: Path) -> None:
    """Protobuf's JSON mapping writes ids in base64, and d17771ad… is ``0XdxrU…==``: the
    ``0x`` was taken for hex's prefix and the rest kept as an id nothing else had
    (found by the sweep above on ``google-adk-mcp-content``)."""
    trace_id = "d17771ad454650e6e67ba2ce53a24b5e"
    assert base64.b64encode(bytes.fromhex(trace_id)).decode().startswith("0X")
    span = {
        "traceId": trace_id,
        "spanId": "00f067aa0ba902b7",
        "name": "chat gpt-4o",
        "startTimeUnixNano": "1700000000000000000",
        "endTimeUnixNano": "1700000001000000000",
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
            {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
        ],
    }
    request = {"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]}
    message = json_format.ParseDict(base64_ids(request), trace_service.ExportTraceServiceRequest())
    path = tmp_path / "body.bin"
    path.write_bytes(message.SerializeToString())

    [imported] = import_traces(path)

    assert imported.trace_id == trace_id


def test_a_gzip_tau_bench_results_file_imports_as_its_json_does(tmp_path: Path) -> None:
    """τ-bench results are kept gzip-compressed (tests/data/tau/runs): no need to unpack."""
    zipped = CORPUS.parent / "tau" / "runs" / "tau-bench" / "ck496" / "act-qwen3-4b-airline.json.gz"
    plain = tmp_path / "act-qwen3-4b-airline.json"
    plain.write_bytes(gzip.decompress(zipped.read_bytes()))

    assert len(dumped(zipped)) == 8
    assert dumped(zipped) == dumped(plain)


def test_a_gzip_file_cut_short_is_refused_not_read_in_part(tmp_path: Path) -> None:
    """Read in part, a gzip export cut short (a copy stopped early) imported what it held;
    the monitor's reader of gzip bodies, now the one both use, says it ends early."""
    whole = gzip.compress((CORPUS / SAMPLE[0]).read_bytes())
    path = tmp_path / "export.json.gz"
    path.write_bytes(whole[: len(whole) // 2])

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "does not decompress" in caught.value.message
