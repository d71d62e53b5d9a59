"""``fourfold import`` of what Arize Phoenix gives back: its REST API's spans (both routes)
and its client's spans dataframe saved as JSON records.

The strongest check: three OpenInference exports of the corpus were sent to a real Phoenix
server and fetched back (tests/data/phoenix/SOURCE.md); every trace of every Phoenix file
imports as the OTLP export it came from, once that export is cut to what Phoenix keeps (no
resource, no instrumentation scope).
"""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import import_traces
from fourfold.integrations._phoenix import is_phoenix, phoenix_spans
from fourfold.integrations._span_files import load_documents
from fourfold.integrations._spans import read_spans
from tests.helpers.corpus import CORPUS, compared, dumped, otlp_documents, write_documents

PHOENIX = Path(__file__).parents[1] / "data" / "phoenix"
SENT = {
    "openai-agents-handoff": "openai-agents/openai-agents-handoff-2026-12-02.json",
    "llamaindex-handoff": "llamaindex/llamaindex-handoff-2026-12-03.json",
    "langchain-create-agent-tool-error": (
        "langchain/langchain-create-agent-tool-error-2026-12-03.json"
    ),
}
FORMATS = ["spans.json", "otlpv1.json", "dataframe.json", "dataframe.jsonl"]


def _as_phoenix_keeps(rel: str, tmp_path: Path, *, micros: bool = False) -> Path:
    """The OTLP export less what Phoenix does not keep: resource, scope and span kind (and,
    when `micros`, times as the microsecond Phoenix stores them)."""
    documents, per_line = otlp_documents(CORPUS / rel)
    documents = [d for d in documents if "resourceSpans" in d]
    for document in documents:
        for rs in document["resourceSpans"]:
            rs["resource"] = {}
            for ss in rs.get("scopeSpans", []):
                ss["scope"] = {}
                for span in ss.get("spans", []):
                    span.pop("kind", None)
                for span in ss.get("spans", []) if micros else []:
                    for key in ("startTimeUnixNano", "endTimeUnixNano"):
                        stored = datetime.fromtimestamp(int(span[key]) / 1e9, tz=UTC)
                        span[key] = str(int(stored.timestamp()) * 10**9 + stored.microsecond * 1000)
    return write_documents(documents, tmp_path / "otlp.json", per_line=per_line)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", list(SENT))
def test_a_phoenix_export_imports_as_the_otlp_export_it_came_from(
    name: str, fmt: str, tmp_path: Path
) -> None:
    expected = compared(dumped(_as_phoenix_keeps(SENT[name], tmp_path)))
    assert expected

    assert compared(dumped(PHOENIX / f"{name}.{fmt}")) == expected


def _read(path: Path) -> list[dict[str, Any]]:
    spans = [dataclasses.asdict(span) for span in read_spans(load_documents(path)).spans]
    for span in spans:
        span.pop("order")
    return sorted(spans, key=lambda span: span["span_id"])


@pytest.mark.parametrize("fmt", FORMATS)
def test_below_the_traces_every_span_field_comes_back(fmt: str, tmp_path: Path) -> None:
    """The LlamaIndex export, which nothing of Phoenix's rewriting touches (SOURCE.md): ids,
    parents, names, times, status, every attribute and event, field for field."""
    otlp = _as_phoenix_keeps(SENT["llamaindex-handoff"], tmp_path, micros=True)

    assert _read(PHOENIX / f"llamaindex-handoff.{fmt}") == _read(otlp)


def test_the_error_and_the_exception_events_come_back() -> None:
    [imported] = import_traces(PHOENIX / "langchain-create-agent-tool-error.spans.json")

    assert imported.trace_id == "eb30a566ed0054ad563920b89312f6db"
    assert "unknown city: Tokio" in (imported.trace.error or "")


# -- what maps to what -----------------------------------------------------------------------


def _rest_span(**fields: Any) -> dict[str, Any]:
    span: dict[str, Any] = {
        "id": "U3BhbjoxMA==",
        "name": "ChatOpenAI",
        "context": {"trace_id": "a" * 32, "span_id": "b" * 16},
        "span_kind": "LLM",
        "parent_id": None,
        "start_time": "2026-12-03T10:13:58.508019+00:00",
        "end_time": "2026-12-03T10:13:59.000001+00:00",
        "status_code": "OK",
        "status_message": "",
        "attributes": {
            "llm.model_name": "gpt-4o-mini",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "Hi",
        },
        "events": [],
    }
    span.update(fields)
    return span


def _one(data: dict[str, Any]) -> dict[str, Any]:
    [(_where, span)] = phoenix_spans(data, "(document)")
    return span


def test_the_rest_span_kind_is_the_openinference_attribute_again() -> None:
    span = _one({"data": [_rest_span()], "next_cursor": None})

    assert span["attributes"]["openinference.span.kind"] == "LLM"
    assert span["startTimeUnixNano"] == 1_796_292_838_508_019_000
    assert span["status"] == {"code": "ok", "message": None}
    assert "openinference.span.kind" not in _one(_rest_span(span_kind="UNKNOWN"))["attributes"]


def test_json_text_attributes_are_text_again_wherever_they_are() -> None:
    attributes = {
        "metadata.user": "u1",
        "metadata.tags": ["a", "b"],
        "retrieval.documents.0.document.metadata.source": "wiki",
        "retrieval.documents.0.document.content": "Paris",
        "tool.parameters.properties.city.type": "string",
    }
    span = _one(_rest_span(attributes=attributes))

    assert json.loads(span["attributes"]["metadata"]) == {"user": "u1", "tags": ["a", "b"]}
    assert span["attributes"]["retrieval.documents.0.document.metadata"] == '{"source": "wiki"}'
    assert span["attributes"]["retrieval.documents.0.document.content"] == "Paris"
    assert json.loads(span["attributes"]["tool.parameters"]) == {
        "properties": {"city": {"type": "string"}}
    }


def test_a_dataframe_record_is_flattened_to_dotted_keys() -> None:
    record = {
        "name": "llm",
        "span_kind": "LLM",
        "parent_id": "c" * 16,
        "start_time": 1_796_292_838_508,  # pandas' default: epoch milliseconds
        "end_time": "2026-12-03T10:13:59.000000123Z",
        "status_code": "ERROR",
        "status_message": "boom",
        "events": [{"name": "exception", "timestamp": "x", "attributes": {"exception.type": "E"}}],
        "context.span_id": "b" * 16,
        "context.trace_id": "a" * 32,
        "attributes.llm.input_messages": [
            {"message.role": "assistant", "message.tool_calls": [{"tool_call.id": "t1"}]}
        ],
        "attributes.metadata": {"k": None},
        "attributes.openinference.span.kind": "LLM",
        "attributes.tool.name": None,  # a column of other spans
    }
    assert is_phoenix(record)

    span = _one(record)

    assert span["attributes"] == {
        "llm.input_messages.0.message.role": "assistant",
        "llm.input_messages.0.message.tool_calls.0.tool_call.id": "t1",
        "metadata": '{"k": null}',
        "openinference.span.kind": "LLM",
    }
    assert span["parentSpanId"] == "c" * 16
    assert span["startTimeUnixNano"] == 1_796_292_838_508_000_000
    assert span["endTimeUnixNano"] % 1000 == 123
    assert span["status"] == {"code": "error", "message": "boom"}
    assert span["events"] == [{"name": "exception", "attributes": {"exception.type": "E"}}]


def test_an_otlpv1_span_is_read_with_its_times_back_to_the_microsecond() -> None:
    otlp = {
        "trace_id": "a" * 32,
        "span_id": "b" * 16,
        "parent_span_id": None,
        "name": "tool",
        "start_time_unix_nano": 1796292838553832960,  # Phoenix's float of ...553833 µs
        "end_time_unix_nano": 1796292838600000000,
        "attributes": [
            {"key": "tag.tags", "value": {"array_value": {"values": [{"string_value": "a"}]}}},
            {"key": "llm.token_count.total", "value": {"int_value": "12", "string_value": None}},
        ],
        "events": [{"name": "e", "attributes": [{"key": "k", "value": {"bool_value": True}}]}],
        "status": {"code": 2, "message": "bad"},
    }
    span = _one({"data": [otlp], "next_cursor": None})

    assert span["startTimeUnixNano"] == 1_796_292_838_553_833_000
    assert span["attributes"] == {"tag.tags": ["a"], "llm.token_count.total": 12}
    assert span["events"] == [{"name": "e", "attributes": {"k": True}}]
    assert span["status"] == {"code": "error", "message": "bad"}


def test_other_shapes_are_not_taken_for_phoenix() -> None:
    assert not is_phoenix({"data": [{"traceID": "1", "spans": []}]})  # Jaeger
    assert not is_phoenix({"context": {"trace_id": "0x1"}, "kind": "SpanKind.INTERNAL"})  # SDK
    assert not is_phoenix({"traceId": "1", "spanId": "2", "name": "x", "attributes": []})


# -- bad input -------------------------------------------------------------------------------


def _written(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("field", "named"), [("span_id", "span_id"), ("trace_id", "trace_id")])
def test_a_rest_span_without_an_id_names_the_file_and_the_field(
    field: str, named: str, tmp_path: Path
) -> None:
    span = _rest_span()
    del span["context"][field]
    path = _written(tmp_path / "spans.json", {"data": [_rest_span(), span], "next_cursor": None})

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert f"data[1]: a Phoenix span needs its context.{named}" in caught.value.message
    assert str(path) in str(caught.value)


def test_a_dataframe_record_without_its_span_id_names_the_field(tmp_path: Path) -> None:
    records = json.loads((PHOENIX / "openai-agents-handoff.dataframe.json").read_text("utf-8"))
    records[3]["context.span_id"] = None
    path = _written(tmp_path / "df.json", records)

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert "[3]: a Phoenix span needs its context.span_id" in caught.value.message
    assert str(path) in str(caught.value)


def test_a_bad_time_and_a_bad_id_name_the_field(tmp_path: Path) -> None:
    bad_time = _written(tmp_path / "t.json", {"data": [_rest_span(start_time="soon")]})
    bad_id = _written(tmp_path / "i.json", [_rest_span(parent_id="zz")])

    with pytest.raises(ConfigError, match=r"data\[0\]\.start_time: 'soon' is not an ISO time"):
        import_traces(bad_time)
    with pytest.raises(ConfigError, match=r"\[0\]\.parent_id: 'zz' is not a hex id"):
        import_traces(bad_id)


@pytest.mark.parametrize("fmt", ["spans.json", "dataframe.json"])
def test_a_phoenix_file_cut_short_is_refused_naming_the_file(fmt: str, tmp_path: Path) -> None:
    text = (PHOENIX / f"llamaindex-handoff.{fmt}").read_text("utf-8")
    path = tmp_path / fmt
    path.write_text(text[: len(text) // 2], encoding="utf-8")

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert str(path) in str(caught.value)
