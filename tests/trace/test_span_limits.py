"""Spans that hit the OpenTelemetry SDK's span limits (D20 in docs/importers.md).

Unit tests of each rule of `fourfold.integrations._span_limits` (and of the dropped counts
read in every way exports write them), then an invariance sweep: every corpus export's
spans put through the Python SDK's eviction (the oldest keys go) and through the JS SDK's
limit (the newest go) at a low limit, so that the corpus's short runs hit it as long runs hit
128, must import with ``dropped_attributes`` on the traces that lost any, and with no
message, tool call or answer that the full import does not have (what is left is a
subsequence of it, never invented).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import import_traces, read_traces
from tests.helpers.corpus import (
    OTLP_JSON,
    export_name,
    export_stem,
    limited,
    otlp_documents,
    write_documents,
)

LIMIT = 32
SAMPLE = [
    p
    for p in OTLP_JSON
    if export_stem(p).startswith(
        (
            "langgraph-2026",
            "openllmetry-legacy-openai-tools-2026",
            "langgraph-long",
            "openllmetry-legacy-openai-tools-long",
        )
    )
]


def _kv(key: str, value: Any) -> dict[str, Any]:
    if isinstance(value, int):
        return {"key": key, "value": {"intValue": str(value)}}
    return {"key": key, "value": {"stringValue": value}}


def _span(
    span_id: str, start: int, attrs: list[tuple[str, Any]], dropped: int = 0, scope: str = "s"
) -> dict[str, Any]:
    span: dict[str, Any] = {
        "traceId": "ab" * 16,
        "spanId": span_id,
        "name": "chat",
        "startTimeUnixNano": str(start),
        "endTimeUnixNano": str(start + 1),
        "attributes": [_kv(k, v) for k, v in attrs],
    }
    if dropped:
        span["droppedAttributesCount"] = dropped
    return span


def _export(tmp_path: Path, spans: list[dict[str, Any]], scope: str = "s") -> Path:
    doc = {
        "resourceSpans": [
            {"resource": {}, "scopeSpans": [{"scope": {"name": scope}, "spans": spans}]}
        ]
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _oi_messages(messages: list[tuple[str, str]]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for i, (role, content) in enumerate(messages):
        out += [
            (f"llm.input_messages.{i}.message.role", role),
            (f"llm.input_messages.{i}.message.content", content),
        ]
    return out


def _oi_call(
    span_id: str,
    start: int,
    history: list[tuple[str, str]],
    reply: str,
    *,
    keep_from: int = 0,
    dropped: int = 0,
) -> dict[str, Any]:
    """An LLM span as openinference-instrumentation-langchain orders its keys: the messages
    first, the kind last; `keep_from` of them evicted (the Python SDK's way)."""
    attrs = _oi_messages(history)
    attrs += [
        ("llm.output_messages.0.message.role", "assistant"),
        ("llm.output_messages.0.message.content", reply),
        ("llm.model_name", "m"),
        ("llm.token_count.prompt", 10),
        ("llm.token_count.completion", 2),
        ("openinference.span.kind", "LLM"),
    ]
    return _span(span_id, start, attrs[keep_from:], dropped)


HISTORY = [
    ("system", "be brief"),
    ("user", "first question"),
    ("assistant", "a1"),
    ("user", "second"),
    ("assistant", "a2"),
    ("user", "third"),
]


def _messages(path: Path) -> list[tuple[str, str | None]]:
    (trace,) = import_traces(path)
    return [(m.role, m.content) for m in trace.trace.messages]


# ----------------------------------------------------------------------------- the counts


@pytest.mark.parametrize("key", ["droppedAttributesCount", "dropped_attributes_count"])
def test_the_dropped_count_is_read_onto_the_trace(tmp_path: Path, key: str) -> None:
    span = _oi_call("01" * 8, 1, HISTORY[:2], "a1")
    span[key] = 5
    span["droppedEventsCount"] = 2
    (trace,) = import_traces(_export(tmp_path, [span]))
    assert trace.metadata["dropped_attributes"] == 5
    assert trace.metadata["dropped_events"] == 2
    assert trace.metadata["limited_spans"] == 1


def test_jaeger_and_zipkin_tags_give_the_counts() -> None:
    from fourfold.integrations._jaeger import jaeger_spans
    from fourfold.integrations._zipkin import zipkin_spans

    tags = [
        {"key": "otel.dropped_attributes_count", "type": "int64", "value": 9},
        {"key": "otel.dropped_events_count", "type": "int64", "value": 1},
    ]
    trace = {
        "traceID": "ab" * 16,
        "spans": [
            {"spanID": "01" * 8, "operationName": "x", "startTime": 1, "duration": 1, "tags": tags}
        ],
        "processes": {},
    }
    (_, span), *_ = jaeger_spans(trace, "t")
    assert (span["droppedAttributesCount"], span["droppedEventsCount"]) == (9, 1)
    assert "otel.dropped_attributes_count" not in span["attributes"]
    zipkin = {
        "traceId": "ab" * 16,
        "id": "01" * 8,
        "timestamp": 1,
        "duration": 1,
        "tags": {"otel.dropped_attributes_count": "4"},
    }
    ((_, zspan),) = zipkin_spans(zipkin, "z")
    assert zspan["droppedAttributesCount"] == 4


def test_the_report_says_what_was_lost_and_how_to_fix_it(tmp_path: Path) -> None:
    span = _oi_call("01" * 8, 1, HISTORY[:2], "a1", dropped=3)
    report = read_traces(_export(tmp_path, [span]))
    (note,) = [n for n in report.notes if "span limits" in n]
    assert "1 span(s) of 1 of 1 trace(s)" in note and "3 attributes" in note
    assert "OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT" in note


def test_a_trace_that_lost_nothing_says_nothing(tmp_path: Path) -> None:
    (trace,) = import_traces(_export(tmp_path, [_oi_call("01" * 8, 1, HISTORY[:2], "a1")]))
    assert "dropped_attributes" not in trace.metadata


# ------------------------------------------------------------------ a list that lost its start


def test_a_tail_is_completed_from_the_earlier_call(tmp_path: Path) -> None:
    first = _oi_call("01" * 8, 1, HISTORY[:4], "a2")
    # the later call lost its first five keys: message 0, and message 1's role
    second = _oi_call("02" * 8, 2, HISTORY, "a3", keep_from=3, dropped=3)
    assert _messages(_export(tmp_path, [first, second])) == [*HISTORY, ("assistant", "a3")]


def test_a_tail_nothing_completes_is_not_read_as_the_start(tmp_path: Path) -> None:
    # the earlier call says something else at index 3: not this conversation's start
    other = [*HISTORY[:3], ("user", "another second")]
    first = _oi_call("01" * 8, 1, other, "x")
    second = _oi_call("02" * 8, 2, HISTORY, "a3", keep_from=5, dropped=5)
    messages = _messages(_export(tmp_path, [first, second]))
    assert ("user", "third") not in messages[:2]
    assert messages[:4] == other  # the first call's, whole; the tail is not read
    alone = _messages(_export(tmp_path, [second]))
    assert alone and alone[0] != ("user", "second") and ("assistant", None) not in alone


# ---------------------------------------------------------------- the JS shape: the end cut


def test_a_last_item_that_lost_its_content_is_not_read(tmp_path: Path) -> None:
    attrs = [
        ("openinference.span.kind", "LLM"),
        *_oi_messages(HISTORY[:2]),
        ("llm.input_messages.2.message.role", "assistant"),
    ]
    span = _span("01" * 8, 1, attrs, dropped=4)
    assert _messages(_export(tmp_path, [span])) == HISTORY[:2]


def test_a_call_that_lost_its_arguments_is_not_read(tmp_path: Path) -> None:
    attrs = [
        ("openinference.span.kind", "LLM"),
        *_oi_messages(HISTORY[:2]),
        ("llm.output_messages.0.message.role", "assistant"),
        ("llm.output_messages.0.message.tool_calls.0.tool_call.id", "c1"),
        ("llm.output_messages.0.message.tool_calls.0.tool_call.function.name", "f"),
    ]
    span = _span("01" * 8, 1, attrs, dropped=2)
    (trace,) = import_traces(_export(tmp_path, [span]))
    assert not trace.trace.tool_calls
    assert all(not m.tool_calls for m in trace.trace.messages)


# ---------------------------------------------------------------------- the kind key evicted


def test_an_openinference_call_that_lost_its_kind_is_still_a_call(tmp_path: Path) -> None:
    agent = _span("00" * 7 + "09", 0, [("openinference.span.kind", "AGENT"), ("input.value", "q")])
    call = _oi_call("01" * 8, 1, HISTORY[:2], "a1")
    call["attributes"] = [a for a in call["attributes"] if a["key"] != "openinference.span.kind"]
    call["droppedAttributesCount"] = 1
    call["parentSpanId"] = agent["spanId"]
    assert _messages(_export(tmp_path, [agent, call]))[-1] == ("assistant", "a1")


def test_an_openllmetry_call_that_lost_its_request_type_is_still_a_call(tmp_path: Path) -> None:
    attrs = [
        ("gen_ai.prompt.0.role", "user"),
        ("gen_ai.prompt.0.content", "hi"),
        ("gen_ai.response.model", "m-1"),
        ("gen_ai.usage.input_tokens", 3),
        ("gen_ai.usage.output_tokens", 1),
        ("gen_ai.completion.0.role", "assistant"),
        ("gen_ai.completion.0.content", "hello"),
    ]
    span = _span("01" * 8, 1, attrs, dropped=2)
    (trace,) = import_traces(_export(tmp_path, [span]))
    assert trace.trace.output == "hello"
    assert trace.trace.usage.input_tokens == 3


# -------------------------------------------- an agent span's summary message, keys evicted

_SUMMARY = json.dumps(
    [
        {
            "role": "assistant",
            "parts": [
                {"type": "text", "content": "Sunny."},
                {"type": "tool_call", "id": "c1", "name": "get_weather", "arguments": {"c": "P"}},
                {"type": "tool_call_response", "id": "c1", "response": "sunny"},
            ],
            "finish_reason": "stop",
        }
    ]
)


def _summary_agent(*, evicted: bool) -> dict[str, Any]:
    """An ``invoke_agent`` span as @arizeai/openinference-vercel 3.2.1 writes the AI SDK 7's:
    the GenAI keys first (its summary in ``gen_ai.output.messages``), then OpenInference's
    (the summary flattened into ``llm.output_messages.0.*`` and as ``output.value``); with
    `evicted`, the GenAI keys gone to the Python SDK's limit."""
    genai: list[tuple[str, Any]] = [
        ("gen_ai.operation.name", "invoke_agent"),
        ("gen_ai.agent.name", "weather_agent"),
        ("gen_ai.input.messages", '[{"role":"user","parts":[{"type":"text","content":"q"}]}]'),
        ("gen_ai.output.messages", _SUMMARY),
    ]
    oi: list[tuple[str, Any]] = [
        ("agent.name", "weather_agent"),
        ("openinference.span.kind", "AGENT"),
        ("llm.output_messages.0.message.role", "assistant"),
        ("llm.output_messages.0.message.contents.0.message_content.text", "Sunny."),
        ("llm.output_messages.0.message.tool_calls.0.tool_call.id", "c1"),
        ("llm.output_messages.0.message.tool_call_id", "c1"),
        ("llm.output_messages.0.message.content", "sunny"),
        ("input.value", '[{"role":"user","parts":[{"type":"text","content":"q"}]}]'),
        ("output.value", _SUMMARY),
    ]
    span = _span("0a" * 8, 0, oi if evicted else genai + oi, dropped=len(genai) if evicted else 0)
    span["name"] = "invoke_agent gpt-4o-mini"
    return span


def test_what_is_left_of_an_agent_summary_is_no_answer(tmp_path: Path) -> None:
    (trace,) = import_traces(_export(tmp_path, [_summary_agent(evicted=True)]))
    assert (trace.trace.output, trace.trace.structured) == (None, None)  # not the summary
    assert trace.metadata["dropped_attributes"] == 4


def test_an_agent_summary_left_alone_gives_way_to_the_run_s_reply(tmp_path: Path) -> None:
    agent = _summary_agent(evicted=True)
    call = _oi_call("01" * 8, 1, [("user", "q")], "Sunny.")
    call["parentSpanId"] = agent["spanId"]
    (trace,) = import_traces(_export(tmp_path, [agent, call]))
    assert trace.trace.output == "Sunny."


def test_a_whole_agent_summary_reads_as_before(tmp_path: Path) -> None:
    (trace,) = import_traces(_export(tmp_path, [_summary_agent(evicted=False)]))
    assert trace.trace.output == "Sunny."
    assert trace.trace.structured is None
    assert "dropped_attributes" not in trace.metadata


# ------------------------------------------------------------------------ the corpus, limited


def _said(trace: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (
            m["role"],
            m.get("content"),
            m.get("tool_call_id"),
            tuple(c["id"] for c in m.get("tool_calls") or []),
        )
        for m in trace["trace"]["messages"]
    ]


def _subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(p == w for w in it) for p in part)


def _check(source: Path, tmp_path: Path, *, oldest: bool, messages: bool = True) -> list[str]:
    """What the import of `source` under an attribute limit says that the whole import does
    not: a message out of its order or changed (with `messages`), a call of a tool the whole
    never called, an answer no assistant gave; and a trace that lost keys without saying so."""
    full = {t.trace_id: t.model_dump(mode="json") for t in import_traces(source)}
    documents, per_line = otlp_documents(source)
    hit = sum(limited(d, LIMIT, oldest=oldest) for d in documents)
    path = write_documents(documents, tmp_path / export_name(source), per_line=per_line)
    problems: list[str] = []
    stem = export_stem(source)
    for imported in import_traces(path):
        trace = imported.model_dump(mode="json")
        whole = full.get(imported.trace_id)
        if whole is None:
            continue
        if messages and not _subsequence(_said(trace), _said(whole)):
            problems.append(f"{stem} {imported.trace_id}: messages not a subsequence")
        calls = [(c["id"], c["name"]) for c in whole["trace"]["tool_calls"]]
        names = {name for _, name in calls}
        for call in trace["trace"]["tool_calls"]:
            lost_id = call["id"] is None and call["name"] in names  # lost its id: not new
            if not lost_id and (call["id"], call["name"]) not in calls:
                problems.append(f"{stem}: call {call['id']} {call['name']} invented")
        answers = [m["content"] for m in whole["trace"]["messages"] if m["role"] == "assistant"]
        output = trace["trace"]["output"]
        if output is not None and output != whole["trace"]["output"] and output not in answers:
            problems.append(f"{stem}: answer {str(output)[:40]!r} invented")
    if hit and not any(t.metadata.get("dropped_attributes") for t in import_traces(path)):
        problems.append(f"{stem}: {hit} spans lost attributes, no trace says so")
    return problems


# langgraph-long's export with the newest keys dropped was a strict xfail here: its TOOL
# spans' later results (call_l18's) came out after the last request the LLM spans kept. The
# later LLM inputs that were kept run past that place without them, and since 2026-12-06m
# such a result is no message (`Conversation.replayed_without`); the calls keep them.
@pytest.mark.parametrize(
    ("source", "oldest"),
    [
        pytest.param(
            source,
            oldest,
            id=f"{export_stem(source)}-{'python-evicts-oldest' if oldest else 'js-drops-newest'}",
        )
        for source in SAMPLE
        for oldest in (True, False)
    ],
)
def test_a_limited_export_imports_a_part_of_the_whole(
    source: Path, oldest: bool, tmp_path: Path
) -> None:
    assert _check(source, tmp_path, oldest=oldest) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("oldest", "limit"),
    [
        pytest.param(True, 32, id="python-evicts-oldest-32"),
        pytest.param(True, 48, id="python-evicts-oldest-48"),
        pytest.param(False, 48, id="js-drops-newest-48"),
    ],
)
def test_no_limited_export_of_the_corpus_invents_a_call_or_an_answer(
    limit: int, oldest: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every OTLP export of the corpus through the SDK's limit: what a trace says is the
    # whole import's (no call of another tool, no answer no one gave), and a trace that
    # lost keys says so; messages out of order are the sample's to show (above). Not held:
    # the JS limit at 32 on google-genai's thinking export (a Python SDK's, in truth) drops
    # the key that marks the reply's first part a thought, and the thought joins the answer
    monkeypatch.setattr(sys.modules[__name__], "LIMIT", limit)
    problems = []
    for source in OTLP_JSON:
        try:
            problems += _check(source, tmp_path, oldest=oldest, messages=False)
        except ConfigError as exc:  # every span the convention reads lost its kind key
            assert "none of the" in exc.message, exc.message
    assert len(OTLP_JSON) > 300
    assert problems == []
