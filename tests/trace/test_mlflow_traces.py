"""``fourfold import`` of MLflow Tracing's own trace JSON: ``Trace.to_json()``, the
``search_traces()`` DataFrame saved as JSON records, and the tracking server's REST trace route.

The strongest check: three MLflow runs of the generator logged each trace both over OTLP and to
MLflow's own store (tests/data/mlflow/SOURCE.md); every trace of every MLflow file imports as
the OTLP export of the same run, once that export is cut to what MLflow's JSON keeps (no
instrumentation scope, no ``telemetry.sdk.*`` resource attributes).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import import_traces
from fourfold.integrations._mlflow_traces import is_mlflow_trace, mlflow_spans
from fourfold.integrations._span_files import load_documents
from fourfold.integrations._spans import read_spans
from tests.helpers.corpus import compared, dumped, otlp_documents, write_documents

MLFLOW = Path(__file__).parents[1] / "data" / "mlflow"
RUNS = ["mlflow-openai-tools", "mlflow-langgraph-tool-error", "mlflow-openai-agents"]
FORMATS = ["trace.json", "search_traces.json", "rest.json"]


def _as_mlflow_keeps(name: str, tmp_path: Path) -> Path:
    """The run's OTLP export less what MLflow's JSON does not keep: the scope, the span kind,
    and the resource but for its ``service.*`` attributes (which MLflow keeps as trace
    tags)."""
    documents, per_line = otlp_documents(MLFLOW / f"{name}.otlp.json")
    for document in documents:
        for rs in document["resourceSpans"]:
            attributes = rs["resource"].get("attributes", [])
            rs["resource"]["attributes"] = [
                a for a in attributes if a["key"].startswith("service.")
            ]
            for ss in rs.get("scopeSpans", []):
                ss["scope"] = {}
                for span in ss.get("spans", []):
                    span.pop("kind", None)
    return write_documents(documents, tmp_path / "otlp.json", per_line=per_line)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", RUNS)
def test_an_mlflow_trace_imports_as_the_otlp_export_of_the_same_run(
    name: str, fmt: str, tmp_path: Path
) -> None:
    expected = compared(dumped(_as_mlflow_keeps(name, tmp_path)))
    assert expected

    assert compared(dumped(MLFLOW / f"{name}.{fmt}")) == expected


def _read(path: Path) -> list[dict[str, Any]]:
    spans = [dataclasses.asdict(span) for span in read_spans(load_documents(path)).spans]
    for span in spans:
        span.pop("order")
        span["attributes"].pop("mlflow.llm.cost", None)  # MLflow's store adds it (SOURCE.md)
    return sorted(spans, key=lambda span: span["span_id"])


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", RUNS)
def test_below_the_traces_every_span_field_comes_back(name: str, fmt: str, tmp_path: Path) -> None:
    """Ids, parents, names, times to the nanosecond, status, every attribute (the REST API's
    parsed values written back as the same JSON text) and event, field for field."""
    assert _read(MLFLOW / f"{name}.{fmt}") == _read(_as_mlflow_keeps(name, tmp_path))


def test_the_error_and_the_exception_events_come_back() -> None:
    [imported] = import_traces(MLFLOW / "mlflow-langgraph-tool-error.rest.json")

    assert imported.trace_id == "05135ceecf46fa5b77f4f7159533400a"
    assert "unknown city: Tokio" in json.dumps(imported.model_dump(mode="json"))


# -- what maps to what -----------------------------------------------------------------------


def _span(**fields: Any) -> dict[str, Any]:
    span: dict[str, Any] = {
        "trace_id": "zSATMNJNCqqs/dZfxl0wXQ==",
        "span_id": "19Fx8UU35Co=",
        "parent_span_id": "sUuTwKTcJNA=",
        "name": "Completions",
        "start_time_unix_nano": 1796517158610748424,
        "end_time_unix_nano": 1796517158620414686,
        "events": [],
        "status": {"code": "STATUS_CODE_OK", "message": ""},
        "attributes": {"mlflow.spanType": '"CHAT_MODEL"', "mlflow.spanInputs": '{"q": 1}'},
        "links": [],
    }
    span.update(fields)
    return span


def _trace(*spans: dict[str, Any], tags: dict[str, str] | None = None) -> dict[str, Any]:
    info = {"trace_id": "tr-cd201330d24d0aaaacfdd65fc65d305d", "tags": tags or {}}
    return {"info": info, "data": {"spans": list(spans)}}


def _one(data: dict[str, Any]) -> dict[str, Any]:
    [(_where, span)] = mlflow_spans(data, "(document)")
    return span


def test_a_trace_span_keeps_its_json_text_and_its_nanoseconds() -> None:
    span = _one(_trace(_span(), tags={"service.name": "svc", "mlflow.traceName": "x"}))

    assert span["traceId"] == "cd201330d24d0aaaacfdd65fc65d305d"
    assert (span["spanId"], span["parentSpanId"]) == ("d7d171f14537e42a", "b14b93c0a4dc24d0")
    assert span["startTimeUnixNano"] == 1796517158610748424
    assert span["attributes"] == {
        "mlflow.spanType": '"CHAT_MODEL"',
        "mlflow.spanInputs": '{"q": 1}',
    }
    assert span["status"] == {"code": "ok", "message": None}
    assert span["resource"] == {"attributes": {"service.name": "svc"}}


def test_hex_ids_of_mlflow_3_5_and_a_root_span() -> None:
    span = _one(_trace(_span(trace_id="tr-" + "a" * 32, span_id="b" * 16, parent_span_id=None)))

    assert (span["traceId"], span["spanId"], span["parentSpanId"]) == ("a" * 32, "b" * 16, None)


def test_an_mlflow_2_span_is_read_from_its_context() -> None:
    v2 = {
        "name": "predict",
        "context": {"trace_id": "0x" + "a" * 32, "span_id": "0x" + "b" * 16},
        "parent_id": None,
        "start_time": 1_700_000_000_000_000_000,
        "end_time": 1_700_000_001_000_000_000,
        "status_code": "ERROR",
        "status_message": "boom",
        "attributes": {"mlflow.spanType": '"LLM"'},
        "events": [{"name": "exception", "timestamp": 1, "attributes": {"exception.type": "E"}}],
    }
    span = _one({"info": {"request_id": "tr-1"}, "data": {"spans": [v2]}})

    assert (span["traceId"], span["spanId"]) == ("a" * 32, "b" * 16)
    assert span["endTimeUnixNano"] == 1_700_000_001_000_000_000
    assert span["status"] == {"code": "error", "message": "boom"}
    assert span["events"] == [
        {"name": "exception", "timeUnixNano": 1, "attributes": {"exception.type": "E"}}
    ]


def test_the_rest_spans_parsed_values_are_json_text_again() -> None:
    rest = _span(
        attributes=[
            {"key": "mlflow.spanType", "value": {"string_value": "AGENT"}},
            {"key": "mlflow.spanLogLevel", "value": {"int_value": "20"}},
            {
                "key": "mlflow.spanInputs",
                "value": {"kvlist_value": {"values": [
                    {"key": "cities", "value": {"array_value": {"values": [
                        {"string_value": "Zürich"}, {"double_value": 1.5}, {"bool_value": True}
                    ]}}}
                ]}},
            },
        ],
        events=[{"name": "e", "time_unix_nano": "5", "attributes": [
            {"key": "exception.message", "value": {"string_value": "bad"}}
        ]}],
        status={"code": "STATUS_CODE_ERROR", "message": "bad"},
    )  # fmt: skip
    span = _one({"trace": {"trace_info": {}, "spans": [rest]}})

    assert span["attributes"] == {
        "mlflow.spanType": '"AGENT"',
        "mlflow.spanLogLevel": "20",
        "mlflow.spanInputs": '{"cities": ["Zürich", 1.5, true]}',
    }
    assert span["events"] == [
        {"name": "e", "timeUnixNano": 5, "attributes": {"exception.message": "bad"}}
    ]
    assert span["status"] == {"code": "error", "message": "bad"}


def test_a_search_traces_row_is_read_from_its_spans_or_its_trace_text() -> None:
    row = {"trace_id": "tr-1", "trace_metadata": {}, "tags": {"service.name": "svc"}}
    with_spans = mlflow_spans({**row, "spans": [_span()]}, "[0]")
    from_text = mlflow_spans({**row, "spans": [], "trace": json.dumps(_trace(_span()))}, "[0]")

    assert with_spans[0][0] == "[0].spans[0]"
    assert from_text[0][0] == "[0].trace.data.spans[0]"
    assert with_spans[0][1]["spanId"] == from_text[0][1]["spanId"] == "d7d171f14537e42a"


def test_other_shapes_are_not_taken_for_mlflow() -> None:
    assert not is_mlflow_trace({"data": [{"traceID": "1", "spans": []}]})  # Jaeger
    assert not is_mlflow_trace({"spans": [], "final_output": 1})  # a span dump
    assert not is_mlflow_trace({"data": [], "next_cursor": None})  # Phoenix
    assert not is_mlflow_trace({"resourceSpans": []})


# -- bad input -------------------------------------------------------------------------------


def _written(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("field", ["span_id", "trace_id"])
def test_a_span_without_an_id_names_the_file_and_the_field(field: str, tmp_path: Path) -> None:
    trace = json.loads((MLFLOW / "mlflow-openai-tools.trace.json").read_text("utf-8"))
    del trace["data"]["spans"][2][field]
    path = _written(tmp_path / "trace.json", trace)

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert f"data.spans[2]: an MLflow span needs its {field}" in caught.value.message
    assert str(path) in str(caught.value)


def test_a_rest_span_without_its_span_id_names_the_field(tmp_path: Path) -> None:
    rest = json.loads((MLFLOW / "mlflow-openai-agents.rest.json").read_text("utf-8"))
    rest["trace"]["spans"][1]["span_id"] = ""
    path = _written(tmp_path / "rest.json", rest)

    with pytest.raises(ConfigError, match=r"trace\.spans\[1\]: an MLflow span needs its span_id"):
        import_traces(path)


def test_a_bad_id_a_bad_time_and_bad_trace_text_name_the_field(tmp_path: Path) -> None:
    bad_id = _written(tmp_path / "i.json", _trace(_span(parent_span_id="zz")))
    bad_time = _written(tmp_path / "t.json", _trace(_span(start_time_unix_nano="soon")))
    row = {"trace_id": "tr-1", "trace_metadata": {}, "trace": '{"info": '}
    bad_text = _written(tmp_path / "r.json", [row])

    with pytest.raises(ConfigError, match=r"data\.spans\[0\]\.parent_span_id: 'zz' is not"):
        import_traces(bad_id)
    with pytest.raises(ConfigError, match=r"spans\[0\]\.start_time_unix_nano: expected nanos"):
        import_traces(bad_time)
    with pytest.raises(ConfigError, match=r"\[0\]\.trace: not JSON"):
        import_traces(bad_text)


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_mlflow_file_cut_short_is_refused_naming_the_file(fmt: str, tmp_path: Path) -> None:
    text = (MLFLOW / f"mlflow-openai-tools.{fmt}").read_text("utf-8")
    path = tmp_path / fmt
    path.write_text(text[: len(text) // 2], encoding="utf-8")

    with pytest.raises(ConfigError) as caught:
        import_traces(path)

    assert str(path) in str(caught.value)
