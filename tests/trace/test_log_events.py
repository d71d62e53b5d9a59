"""Events on the logs signal, read as the events of the spans they were written in.

The OpenTelemetry project's GenAI instrumentations write a model call's messages as log
records that are events (``eventName``), in the call span's context: per message
(``gen_ai.user.message``, ``gen_ai.choice``: conventions 1.28-1.36) or one per call
(``gen_ai.client.inference.operation.details``). Each is read here on small OTLP JSON
requests written the way the SDK's exporter writes them (tests/data/traces/openai holds a
real export, ``openai-v2-latest-events``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations._files import read_traces

TRACE = "ab" * 16
ROOT, CHAT = "01" * 8, "02" * 8


def _value(v: Any) -> dict[str, Any]:
    if isinstance(v, str):
        return {"stringValue": v}
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, list):
        return {"arrayValue": {"values": [_value(x) for x in v]}}
    return {"kvlistValue": {"values": [{"key": k, "value": _value(x)} for k, x in v.items()]}}


def _attrs(d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"key": k, "value": _value(v)} for k, v in d.items()]


def _spans() -> dict[str, Any]:
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    return {
        "resourceSpans": [
            {
                "scopeSpans": [
                    {
                        "spans": [
                            {"traceId": TRACE, "spanId": ROOT, "name": "app",
                             "startTimeUnixNano": "1", "endTimeUnixNano": "9"},
                            {"traceId": TRACE, "spanId": CHAT, "parentSpanId": ROOT,
                             "name": "chat m", "attributes": _attrs(chat),
                             "startTimeUnixNano": "2", "endTimeUnixNano": "8"},
                        ]
                    }
                ]
            }
        ]
    }  # fmt: skip


def _record(name: str | None, body: Any = None, *, span: str = CHAT, time: int = 3,
            attributes: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    record: dict[str, Any] = {
        "traceId": TRACE,
        "spanId": span,
        "timeUnixNano": str(time),
        "attributes": _attrs({"gen_ai.system": "openai", **(attributes or {})}),
    }
    if name is not None:
        record["eventName"] = name
    if body is not None:
        record["body"] = _value(body)
    return record


def _logs(*records: dict[str, Any]) -> dict[str, Any]:
    return {"resourceLogs": [{"scopeLogs": [{"logRecords": list(records)}]}]}


def _import(tmp_path: Path, *requests: dict[str, Any]) -> Any:
    path = tmp_path / "export.json"
    path.write_text("\n".join(json.dumps(r) for r in requests) + "\n", encoding="utf-8")
    [imported] = read_traces(path).traces
    return imported.trace


PER_MESSAGE = (
    _record("gen_ai.system.message", {"content": "Be brief."}, time=3),
    _record("gen_ai.user.message", {"content": "Hi"}, time=4),
    _record(
        "gen_ai.choice",
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "Hello"}},
        time=5,
    ),
)


@pytest.mark.parametrize("logs_first", [False, True])
def test_per_message_events_on_the_logs_signal_are_the_calls_messages(
    tmp_path: Path, logs_first: bool
) -> None:
    requests = [_spans(), _logs(*PER_MESSAGE)]
    trace = _import(tmp_path, *(reversed(requests) if logs_first else requests))
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "Be brief."),
        ("user", "Hi"),
        ("assistant", "Hello"),
    ]
    assert trace.output == "Hello"


def test_events_are_put_in_time_order_whatever_order_they_were_exported_in(
    tmp_path: Path,
) -> None:
    trace = _import(tmp_path, _spans(), _logs(*reversed(PER_MESSAGE)))
    assert [m.role for m in trace.messages] == ["system", "user", "assistant"]


def test_an_event_name_given_as_an_attribute_is_read_too(tmp_path: Path) -> None:
    records = [
        _record(None, {"content": "Hi"}, attributes={"event.name": "gen_ai.user.message"}),
        _record(
            None,
            {"index": 0, "finish_reason": "stop", "message": {"content": "Hello"}},
            time=4,
            attributes={"event.name": "gen_ai.choice"},
        ),
    ]
    trace = _import(tmp_path, _spans(), _logs(*records))
    assert [(m.role, m.content) for m in trace.messages] == [("user", "Hi"), ("assistant", "Hello")]


def test_the_details_event_of_the_latest_conventions(tmp_path: Path) -> None:
    details = _record(
        "gen_ai.client.inference.operation.details",
        attributes={
            "gen_ai.input.messages": [
                {"role": "user", "parts": [{"type": "text", "content": "Hi"}]}
            ],
            "gen_ai.output.messages": [
                {"role": "assistant", "parts": [{"type": "text", "content": "Hello"}]}
            ],
        },
    )
    trace = _import(tmp_path, _spans(), _logs(details))
    assert [(m.role, m.content) for m in trace.messages] == [("user", "Hi"), ("assistant", "Hello")]


def _details_with_system(instructions: str, said: str) -> dict[str, Any]:
    return _record(
        "gen_ai.client.inference.operation.details",
        attributes={
            "gen_ai.system_instructions": [{"type": "text", "content": instructions}],
            "gen_ai.input.messages": [
                {"role": "system", "parts": [{"type": "text", "content": said}]},
                {"role": "user", "parts": [{"type": "text", "content": "Hi"}]},
            ],
            "gen_ai.output.messages": [
                {"role": "assistant", "parts": [{"type": "text", "content": "Hello"}]}
            ],
        },
    )


def test_a_details_events_system_prompt_also_a_system_message_is_one_message(
    tmp_path: Path,
) -> None:
    # openlit's OpenAI instrumentation writes the system prompt both as
    # gen_ai.system_instructions and as the input's system message: one prompt was given
    trace = _import(tmp_path, _spans(), _logs(_details_with_system("Be brief.", "Be brief.")))
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "Be brief."),
        ("user", "Hi"),
        ("assistant", "Hello"),
    ]


def test_a_details_events_other_system_instructions_come_first(tmp_path: Path) -> None:
    # instructions that no system message of the input holds are a message of their own
    trace = _import(tmp_path, _spans(), _logs(_details_with_system("Be brief.", "Be kind.")))
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "Be brief."),
        ("system", "Be kind."),
        ("user", "Hi"),
        ("assistant", "Hello"),
    ]


def test_log_records_that_are_no_events_or_have_no_span_are_not_read(tmp_path: Path) -> None:
    plain = {"traceId": TRACE, "spanId": CHAT, "body": {"stringValue": "cache warmed"}}
    outside = _record("gen_ai.user.message", {"content": "not this call's"})
    del outside["spanId"]
    elsewhere = _record("gen_ai.user.message", {"content": "another span's"}, span="03" * 8)
    trace = _import(tmp_path, _spans(), _logs(plain, outside, elsewhere, *PER_MESSAGE))
    assert [m.content for m in trace.messages] == ["Be brief.", "Hi", "Hello"]


def test_a_file_of_logs_alone_says_the_spans_are_missing(tmp_path: Path) -> None:
    path = tmp_path / "logs.json"
    path.write_text(json.dumps(_logs(*PER_MESSAGE)), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        read_traces(path)
    assert "no spans, only 3 events from the logs signal" in info.value.message
    assert info.value.file == str(path)


REAL = Path(__file__).resolve().parents[1] / "data" / "traces" / "microsoft-agent-framework"
_ON_SPANS = {"gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions"}


def test_a_real_exports_per_message_log_events_alone_give_its_conversation(
    tmp_path: Path,
) -> None:
    # Microsoft Agent Framework writes the messages on its spans and, as the baseline
    # conventions' per-message events, on the logs signal: with the spans' copies taken out,
    # the log events alone give the same conversation, calls and answer
    source = REAL / "agent-framework-2026-12-03.json"
    spans, logs = (json.loads(line) for line in source.read_text(encoding="utf-8").splitlines())
    for rs in spans["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for sp in ss["spans"]:
                sp["attributes"] = [a for a in sp["attributes"] if a["key"] not in _ON_SPANS]
    whole = read_traces(source).traces[0].trace
    alone = _import(tmp_path, spans, logs)
    assert [(m.role, m.content, m.tool_call_id) for m in alone.messages] == [
        (m.role, m.content, m.tool_call_id) for m in whole.messages
    ]
    assert alone.tool_calls == whole.tool_calls
    assert alone.output == whole.output == "Paris is sunny at 22 C; Tokyo has rain at 17 C."
    assert len(alone.messages) == 6


def test_an_unknown_time_gives_way_to_the_time_observed(tmp_path: Path) -> None:
    # OTLP writes an unset timeUnixNano as 0: the record is placed by observedTimeUnixNano
    late = dict(PER_MESSAGE[2], timeUnixNano="0", observedTimeUnixNano="9")
    early = dict(PER_MESSAGE[1], timeUnixNano="0", observedTimeUnixNano="4")
    trace = _import(tmp_path, _spans(), _logs(late, early, PER_MESSAGE[0]))
    assert [m.role for m in trace.messages] == ["system", "user", "assistant"]


def _json_text(value: dict[str, Any]) -> str:
    return json.dumps(value)


def test_a_body_holding_a_message_as_json_text_is_read_as_that_map(tmp_path: Path) -> None:
    """Semantic Kernel logs each message as ``json.dumps(message.to_dict())`` through Python
    logging; the ``LoggingHandler`` makes that text the record's body and its ``event.name``
    extra an attribute (semantic-kernel 1.45.0, ``semantic-kernel-agent``): the message is
    read, the tool-call turn with its ids included, not an empty message per record."""
    calls = [
        {"id": "call_1", "type": "function",
         "function": {"name": "Plugin-get", "arguments": '{"city": "Paris"}'}},
    ]  # fmt: skip
    first = CHAT
    records = [
        _record(None, _json_text({"role": "system", "content": "Be brief.", "name": "a"}),
                span=first, time=3, attributes={"event.name": "gen_ai.system.message"}),
        _record(None, _json_text({"role": "user", "content": "Hi"}), span=first, time=4,
                attributes={"event.name": "gen_ai.user.message"}),
        _record(None, _json_text({"role": "assistant", "tool_calls": calls}), span=first,
                time=5, attributes={"event.name": "gen_ai.assistant.message"}),
        _record(None, _json_text({"role": "tool", "content": "sunny", "tool_call_id": "call_1"}),
                span=first, time=6, attributes={"event.name": "gen_ai.tool.message"}),
        _record(None, _json_text({"message": {"role": "assistant", "content": "Sunny."},
                                  "finish_reason": "stop"}),
                span=first, time=7, attributes={"event.name": "gen_ai.choice"}),
        _record(None, "OpenAI usage: CompletionUsage(...)", span=first, time=7),
    ]  # fmt: skip
    trace = _import(tmp_path, _spans(), _logs(*records))
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "Be brief."),
        ("user", "Hi"),
        ("assistant", None),
        ("tool", "sunny"),
        ("assistant", "Sunny."),
    ]
    assert [c.id for c in trace.messages[2].tool_calls] == ["call_1"]
    assert trace.messages[3].tool_call_id == "call_1"
    assert trace.output == "Sunny."


@pytest.mark.parametrize("body", ["plain text", "{not json", '["a", "b"]', "{" * 300, "1"])
def test_a_text_body_that_is_no_json_map_stays_text(tmp_path: Path, body: str) -> None:
    """Only a JSON object's text is read as a map; any other text is the event's ``body``,
    as written, and the import does not fail on it."""
    record = _record("gen_ai.user.message", body)
    trace = _import(tmp_path, _spans(), _logs(record))
    assert all(m.content in (None, body) for m in trace.messages)


def test_a_tool_messages_placeholder_id_names_no_call(tmp_path: Path) -> None:
    """Semantic Kernel logs a result whose call had no id with ``tool_call_id: "unknown"``
    (its Ollama connector: Ollama gives no call ids; semantic-kernel 1.45.0,
    ``semantic-kernel-ollama``). That word ties no answer to a request: each answer stays its
    own message, matched to its call by order, not merged into one by the shared word."""
    calls = [
        {"id": None, "type": "function",
         "function": {"name": "Plugin-get", "arguments": json.dumps({"city": city})}}
        for city in ("Paris", "Tokyo")
    ]  # fmt: skip
    records = [
        _record(None, _json_text({"role": "user", "content": "Hi"}), time=3,
                attributes={"event.name": "gen_ai.user.message"}),
        _record(None, _json_text({"role": "assistant", "tool_calls": calls}), time=4,
                attributes={"event.name": "gen_ai.assistant.message"}),
        _record(None, _json_text({"role": "tool", "content": "sunny", "tool_call_id": "unknown"}),
                time=5, attributes={"event.name": "gen_ai.tool.message"}),
        _record(None, _json_text({"role": "tool", "content": "rain", "tool_call_id": "unknown"}),
                time=6, attributes={"event.name": "gen_ai.tool.message"}),
        _record(None, _json_text({"message": {"role": "assistant", "content": "Done."},
                                  "finish_reason": None}),
                time=7, attributes={"event.name": "gen_ai.choice"}),
    ]  # fmt: skip
    trace = _import(tmp_path, _spans(), _logs(*records))
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "Hi", None),
        ("assistant", None, None),
        ("tool", "sunny", None),
        ("tool", "rain", None),
        ("assistant", "Done.", None),
    ]
