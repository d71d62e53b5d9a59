"""The logs signal: GenAI messages written as log events, joined to the spans they belong to.

The OpenTelemetry project's GenAI instrumentations (opentelemetry-instrumentation-openai-v2
and the others built on opentelemetry-util-genai) write a model call's messages as an event
on the logs signal, in the call span's context, and leave the span without them. Here the
real SDK's `OTLPLogExporter` (protobuf, gzip) sends such events to a running monitor's
``/v1/logs`` and its `OTLPSpanExporter` the spans to ``/v1/traces``, in either order, and
the monitor evaluates one trace with the messages, the tool calls and the answer.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import urllib.request
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from fourfold import Store, load_suite
from fourfold.monitor import Monitor, MonitorConfig
from tests.helpers.monitoring import SUITE, FakeClock

sdk_trace = pytest.importorskip("opentelemetry.sdk.trace", reason="the test extra installs it")
sdk_logs = pytest.importorskip("opentelemetry.sdk._logs", reason="the test extra installs it")
trace_export = pytest.importorskip("opentelemetry.sdk.trace.export")
logs_export = pytest.importorskip("opentelemetry.sdk._logs.export")
logs_api = pytest.importorskip("opentelemetry._logs")
otlp_http = pytest.importorskip("opentelemetry.exporter.otlp.proto.http")
span_exporter = pytest.importorskip("opentelemetry.exporter.otlp.proto.http.trace_exporter")
log_exporter = pytest.importorskip("opentelemetry.exporter.otlp.proto.http._log_exporter")

DETAILS = "gen_ai.client.inference.operation.details"
SYSTEM = {"role": "system", "parts": [{"type": "text", "content": "You help with orders."}]}
USER = {"role": "user", "parts": [{"type": "text", "content": "Where is order A-17?"}]}
CALL = {
    "role": "assistant",
    "parts": [
        {"type": "tool_call", "id": "call_1", "name": "lookup_order", "arguments": {"id": "A-17"}}
    ],
}
RESULT = {
    "role": "tool",
    "parts": [{"type": "tool_call_response", "id": "call_1", "response": "shipped"}],
}
ANSWER = {"role": "assistant", "parts": [{"type": "text", "content": "Your order has shipped."}]}


class _Keep(trace_export.SpanExporter):  # type: ignore[misc]
    def __init__(self) -> None:
        self.spans: list[Any] = []

    def export(self, spans: Any) -> Any:
        self.spans.extend(spans)
        return trace_export.SpanExportResult.SUCCESS


def _run() -> tuple[list[Any], list[Any]]:
    """An agent's two model calls: spans without messages, the messages as log events."""
    kept = _Keep()
    tracer_provider = sdk_trace.TracerProvider()
    tracer_provider.add_span_processor(trace_export.SimpleSpanProcessor(kept))
    memory = logs_export.InMemoryLogRecordExporter()
    logger_provider = sdk_logs.LoggerProvider()
    logger_provider.add_log_record_processor(logs_export.SimpleLogRecordProcessor(memory))
    tracer = tracer_provider.get_tracer("app")
    logger = logger_provider.get_logger("opentelemetry.util.genai.handler")
    calls = [([SYSTEM, USER], [CALL], (20, 5)), ([SYSTEM, USER, CALL, RESULT], [ANSWER], (30, 7))]
    with tracer.start_as_current_span("support_loop"):
        for inputs, outputs, (used_in, used_out) in calls:
            attributes = {
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": "gpt-4o",
                "gen_ai.usage.input_tokens": used_in,
                "gen_ai.usage.output_tokens": used_out,
            }
            with tracer.start_as_current_span("chat gpt-4o", attributes=attributes):
                logger.emit(
                    logs_api.LogRecord(
                        event_name=DETAILS,
                        attributes={
                            **attributes,
                            "gen_ai.input.messages": inputs,
                            "gen_ai.output.messages": outputs,
                        },
                    )
                )
    tracer_provider.shutdown()
    records = list(memory.get_finished_logs())
    logger_provider.shutdown()
    return kept.spans, records


def _monitor(tmp_path: Path, store: Store, clock: FakeClock) -> Monitor:
    (tmp_path / "suite.yaml").write_text(SUITE)
    return Monitor(
        load_suite(tmp_path / "suite.yaml"),
        store,
        MonitorConfig(otlp_port=0, settle_s=2.0),
        state_path=tmp_path / "state.json",
        clock=clock,
    )


def _logs_url(traces_url: str) -> str:
    return traces_url.removesuffix("/v1/traces") + "/v1/logs"


@pytest.mark.parametrize("logs_first", [True, False])
def test_the_sdk_exporters_send_spans_and_log_events_that_become_one_trace(
    tmp_path: Path, logs_first: bool
) -> None:
    clock = FakeClock()
    clock.window(0)
    spans, records = _run()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario() -> tuple[list[str], str | None, int]:
            async with _monitor(tmp_path, store, clock) as monitor:
                url = monitor.receiver.url
                gz = otlp_http.Compression.Gzip
                to_spans = span_exporter.OTLPSpanExporter(endpoint=url, compression=gz)
                to_logs = log_exporter.OTLPLogExporter(endpoint=_logs_url(url), compression=gz)
                children = [s for s in spans if s.parent is not None]
                root = [s for s in spans if s.parent is None]
                sends = [
                    lambda: to_spans.export(children),
                    lambda: to_logs.export(records),
                    lambda: to_spans.export(root),
                ]
                if logs_first:
                    sends.insert(0, sends.pop(1))
                results = [str((await asyncio.to_thread(send)).name) for send in sends]
                clock.advance(timedelta(seconds=3))
                await monitor.tick()
                return results, monitor.state.open_window.run_id, monitor.receiver.requests

        results, run_id, requests = asyncio.run(scenario())
        [trial] = store.trials(run_id)
    assert results == ["SUCCESS", "SUCCESS", "SUCCESS"]
    assert requests == 3
    trace = trial.trace
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert trace.tool_names == ["lookup_order"]
    assert trace.tool_calls[0].arguments == {"id": "A-17"}
    assert trace.tool_calls[0].result == "shipped"
    assert trace.tool_calls[0].id == "call_1"
    assert trace.output == "Your order has shipped."
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (50, 12)


def _post(url: str, body: bytes, content_type: str, gzipped: bool = False) -> tuple[int, Any]:
    headers = {"Content-Type": content_type}
    if gzipped:
        body, headers["Content-Encoding"] = gzip.compress(body), "gzip"
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_log_records_that_are_no_events_are_accepted_and_ignored(tmp_path: Path) -> None:
    clock = FakeClock()
    clock.window(0)
    plain = {
        "resourceLogs": [
            {
                "scopeLogs": [
                    {
                        "logRecords": [
                            {"body": {"stringValue": "cache warmed"}, "severityText": "INFO"}
                        ]
                    }
                ]
            }
        ]
    }
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario() -> tuple[int, Any, int]:
            async with _monitor(tmp_path, store, clock) as monitor:
                url = _logs_url(monitor.receiver.url)
                status, body = await asyncio.to_thread(
                    _post, url, json.dumps(plain).encode(), "application/json", True
                )
                return status, body, monitor.receiver.requests

        status, body, requests = asyncio.run(scenario())
    assert requests == 1
    assert status == 200
    assert json.loads(body) == {"partialSuccess": {}}


def test_a_logs_body_that_is_not_protobuf_is_refused_with_the_signal_named(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    clock.window(0)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario() -> tuple[int, Any]:
            async with _monitor(tmp_path, store, clock) as monitor:
                url = _logs_url(monitor.receiver.url)
                return await asyncio.to_thread(
                    _post, url, b"\xff\x00garbage", "application/x-protobuf"
                )

        status, body = asyncio.run(scenario())
    assert status == 400
    assert "not an OTLP protobuf logs request" in json.loads(body)["message"]
