"""The OTLP receiver fed by the real OpenTelemetry SDK exporter: protobuf, gzip, batches.

No fake client: the SDK's own `OTLPSpanExporter` (``application/x-protobuf``, gzip on) sends
spans made with the SDK's tracer to the monitor's receiver on a free port, and the monitor
evaluates the trace they make.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from fourfold import Store, load_suite
from fourfold.monitor import Monitor, MonitorConfig
from tests.helpers.monitoring import SUITE, FakeClock, record_support_run

sdk_trace = pytest.importorskip("opentelemetry.sdk.trace", reason="the test extra installs it")
export = pytest.importorskip("opentelemetry.sdk.trace.export")
otlp_http = pytest.importorskip("opentelemetry.exporter.otlp.proto.http")
otlp_exporter = pytest.importorskip("opentelemetry.exporter.otlp.proto.http.trace_exporter")


def _send_spans(url: str) -> object:
    """Make an agent run with the SDK's tracer and export it; the export's result."""
    exporter = otlp_exporter.OTLPSpanExporter(endpoint=url, compression=otlp_http.Compression.Gzip)
    memory = export.SimpleSpanProcessor  # one export per span: the root arrives last
    provider = sdk_trace.TracerProvider()
    collected: list[object] = []

    class Keep(export.SpanExporter):  # type: ignore[misc]
        def export(self, spans):  # noqa: ANN001, ANN202
            collected.extend(spans)
            return export.SpanExportResult.SUCCESS

    provider.add_span_processor(memory(Keep()))
    tracer = provider.get_tracer("test-agent")
    record_support_run(tracer)
    provider.shutdown()
    # Two batches, children first and the root alone last, as a batch processor may send.
    root = [s for s in collected if s.parent is None]
    children = [s for s in collected if s.parent is not None]
    first = exporter.export(children)
    second = exporter.export(root)
    exporter.shutdown()
    return first, second


def test_the_sdk_exporter_sends_gzip_protobuf_that_becomes_one_evaluated_trace(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    clock.window(0)
    (tmp_path / "suite.yaml").write_text(SUITE)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario() -> tuple[object, str | None, int]:
            monitor = Monitor(
                load_suite(tmp_path / "suite.yaml"),
                store,
                MonitorConfig(otlp_port=0, settle_s=2.0),
                state_path=tmp_path / "state.json",
                clock=clock,
            )
            async with monitor:
                results = await asyncio.to_thread(_send_spans, monitor.receiver.url)
                requests = monitor.receiver.requests
                clock.advance(timedelta(seconds=3))
                await monitor.tick()
                return results, monitor.state.open_window.run_id, requests

        results, run_id, requests = asyncio.run(scenario())
        [trial] = store.trials(run_id)
    assert [r.name for r in results] == ["SUCCESS", "SUCCESS"]  # type: ignore[attr-defined]
    assert requests == 2
    assert trial.trace.tool_names == ["lookup_order"]
    assert trial.trace.tool_calls[0].result == {"status": "shipped"}
    assert trial.trace.output == "Your order has shipped."
    assert (trial.trace.usage.input_tokens, trial.trace.usage.output_tokens) == (50, 12)
    assert {r.check: r.status for r in trial.results}["tools_required"] == "pass"
