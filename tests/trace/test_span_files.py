"""Trace files as the OpenTelemetry SDK writes them without a collector.

``ConsoleSpanExporter(out=file)`` writes each finished span as indented JSON (``to_json()``,
four spaces), one after another: no list, no JSONL. Before, the importer read such a file as
JSONL and failed on its second line.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import import_traces
from tests.helpers.monitoring import record_support_run

sdk_trace = pytest.importorskip("opentelemetry.sdk.trace", reason="the test extra installs it")
export = pytest.importorskip("opentelemetry.sdk.trace.export")


def _console_output() -> str:
    """The support run's spans as the SDK's ``ConsoleSpanExporter`` writes them."""
    out = io.StringIO()
    provider = sdk_trace.TracerProvider()
    provider.add_span_processor(export.SimpleSpanProcessor(export.ConsoleSpanExporter(out=out)))
    record_support_run(provider.get_tracer("support-agent"))
    provider.shutdown()
    return out.getvalue()


def test_what_the_sdks_console_exporter_writes_imports(tmp_path: Path) -> None:
    path = tmp_path / "spans.json"
    path.write_text(_console_output(), encoding="utf-8")

    [imported] = import_traces(path)

    assert imported.trace.tool_names == ["lookup_order"]
    assert imported.trace.output == "Your order has shipped."
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (50, 12)
    assert imported.metadata["agent_name"] == "support"


def test_the_same_spans_one_per_line_import_the_same(tmp_path: Path) -> None:
    text = _console_output()
    indented = tmp_path / "spans.json"
    indented.write_text(text, encoding="utf-8")
    decoder, spans, at = json.JSONDecoder(), [], 0
    while at < len(text.rstrip()):
        span, at = decoder.raw_decode(text, at)
        spans.append(span)
        at += len(text[at:]) - len(text[at:].lstrip())
    lines = tmp_path / "spans.jsonl"
    lines.write_text("\n".join(json.dumps(s) for s in spans), encoding="utf-8")

    assert [t.model_dump() for t in import_traces(indented)] == [
        t.model_dump() for t in import_traces(lines)
    ]


def test_a_broken_document_among_several_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "spans.json"
    path.write_text('{\n    "name": "a"\n}\n{\n    "name": \n}\n', encoding="utf-8")

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "spans.json:6: invalid JSON" in str(caught.value)  # the second one's value
    assert "one after another" in (caught.value.hint or "")
