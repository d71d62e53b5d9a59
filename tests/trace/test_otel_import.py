from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import from_otel

FIXTURES = Path(__file__).parents[1] / "fixtures"

ANY_AGENT = ["AGNO", "GOOGLE", "LANGCHAIN", "LLAMA_INDEX", "OPENAI", "SMOLAGENTS", "TINYAGENT"]
OTLP = FIXTURES / "otlp_support_agent.json"
TRACE_A = "5b8efff798038103d269b633813fc60c"
TRACE_B = "0af7651916cd43dd8448eb211c80319c"


# ------------------------------------------------------------------ any-agent span dumps


@pytest.mark.parametrize("framework", ANY_AGENT)
def test_every_any_agent_framework_imports(shared, framework):
    path = shared("otel-genai-traces", "any-agent", "tests", "assets", f"{framework}_trace.json")
    [imported] = from_otel(path)
    trace = imported.trace

    # Same task in every framework: get the time, then write the year; some add a final tool.
    assert trace.tool_names[:2] == ["get_current_time", "write_file"]
    assert trace.tool_calls[0].arguments == {"timezone": "America/New_York"}
    assert trace.tool_calls[1].arguments == {"text": "2025"}
    assert "2025" in json.dumps(trace.tool_calls[0].result)
    starts = [c.started_at for c in trace.tool_calls]
    assert None not in starts and starts == sorted(starts)  # type: ignore[type-var]
    assert all(c.duration_s is not None and c.duration_s > 0 for c in trace.tool_calls)

    assert trace.usage.input_tokens > 0 and trace.usage.output_tokens > 0
    assert trace.usage.cost_usd is not None and trace.usage.cost_usd > 0
    assert trace.turns is not None and trace.turns >= 3
    assert trace.latency_s is not None and trace.latency_s > 0
    assert trace.error is None

    # The structured final answer of the dump: {"steps": [...]}.
    assert isinstance(trace.structured, dict) and trace.structured["steps"]
    assert "steps" in trace.text

    roles = [m.role for m in trace.messages]
    assert roles[:2] == ["system", "user"]
    assert "Find what year it is" in (imported.input or "")
    first_tool = roles.index("tool")
    assert "assistant" in roles[2:first_tool]  # the model asked before the tool answered
    tool_names = [m.name for m in trace.messages if m.role == "tool"]
    assert tool_names == trace.tool_names  # one tool message per call, in call order

    assert len(imported.trace_id) == 32 and int(imported.trace_id, 16) > 0
    assert imported.case_id == imported.trace_id
    assert imported.metadata["framework"] == "any-agent"
    assert imported.metadata["model"] == "mistral/mistral-small-latest"


def test_a_framework_that_says_its_answer_in_text_keeps_the_text_and_the_dump_answer(shared):
    path = shared("otel-genai-traces", "any-agent", "tests", "assets", "LANGCHAIN_trace.json")
    [imported] = from_otel(path)
    replies = [m.content for m in imported.trace.messages if m.role == "assistant" and m.content]
    assert replies[0].startswith("Here are the steps")
    assert imported.trace.structured["steps"][1]["description"] == "Wrote the year to a file."


# ------------------------------------------------------------------------- OTLP JSON


@pytest.fixture(scope="module")
def otlp():
    return {t.trace_id: t for t in from_otel(OTLP)}


def test_otlp_groups_spans_by_their_hex_trace_id(otlp):
    assert list(otlp) == [TRACE_A, TRACE_B]
    assert otlp[TRACE_A].metadata["spans"] == 6
    assert otlp[TRACE_B].metadata["spans"] == 1


def test_otlp_typed_attribute_values_are_decoded(otlp):
    trace = otlp[TRACE_A].trace
    assert trace.usage.input_tokens == 320  # intValue "120" (string) + "200"
    assert trace.usage.output_tokens == 45  # intValue 15 (number) + "30"
    notify = trace.tool_calls[1]
    assert notify.arguments == {"channel": "email", "urgent": True, "attempt": 2}  # kvlistValue
    assert [p.score for p in trace.passages] == [0.91, 0.42]  # doubleValue in a kvlist array


def test_otlp_trace_has_run_calls_passages_and_answer(otlp):
    imported = otlp[TRACE_A]
    trace = imported.trace
    assert imported.input == "Where is my order A-17?"
    assert trace.output == "Your order A-17 has shipped and arrives tomorrow."
    assert trace.latency_s == pytest.approx(3.5)
    assert trace.turns == 2
    assert trace.error is None

    lookup, notify = trace.tool_calls
    assert (lookup.name, lookup.id, lookup.arguments) == (
        "lookup_order",
        "call_1",
        {"order_id": "A-17"},
    )
    assert lookup.result == {"status": "shipped", "eta": "tomorrow"}
    assert lookup.ended_at - lookup.started_at == timedelta(milliseconds=200)
    assert (notify.name, notify.result) == ("notify_customer", None)
    assert notify.error == "TimeoutError: SMTP server did not answer"

    assert [(p.id, p.source) for p in trace.passages] == [
        ("doc-shipping", "orders-index"),
        ("doc-returns", "orders-index"),
    ]
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "You are a support agent."),
        ("user", "Where is my order A-17?"),
        ("assistant", None),
        ("tool", '{"status": "shipped", "eta": "tomorrow"}'),
        # notify_customer, which no turn asked for, failed before the second call, whose
        # input replays the history without it: never given to the model, no message
        ("assistant", "Your order A-17 has shipped and arrives tomorrow."),
    ]
    assert imported.metadata == {
        "source": "otel",
        "trace_id": TRACE_A,
        "service_name": "support-api",
        "framework": "opentelemetry.instrumentation.openai_v2",
        "agent_name": "support-bot",
        "model": "gpt-4o",
        "response_model": "gpt-4o-2024-08-06",
        "provider": "openai",
        "spans": 6,
    }


def test_otlp_root_error_is_the_trace_error(otlp):
    trace = otlp[TRACE_B].trace
    assert trace.error == "rate limited after retries"
    assert trace.output == "Hi! How can I help?"


def _spans_of(doc):
    return doc["resourceSpans"][0]["scopeSpans"][0]["spans"]


@pytest.mark.parametrize("shape", ["otlp-per-line", "span-per-line"])
def test_jsonl_reads_the_same_traces(tmp_path, otlp, shape):
    doc = json.loads(OTLP.read_text())
    scope = doc["resourceSpans"][0]
    if shape == "otlp-per-line":  # the OTLP file exporter: one export request per line
        lines = [
            {"resourceSpans": [{**scope, "scopeSpans": [{**scope["scopeSpans"][0], "spans": [s]}]}]}
            for s in _spans_of(doc)
        ]
    else:  # one bare span per line, ids and times as OTLP writes them
        lines = _spans_of(doc)
    path = tmp_path / "spans.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    again = {t.trace_id: t for t in from_otel(path)}
    assert list(again) == list(otlp)
    for trace_id, imported in otlp.items():
        mine, theirs = again[trace_id].trace, imported.trace
        assert mine.messages == theirs.messages
        assert mine.tool_calls == theirs.tool_calls
        assert mine.usage == theirs.usage
        assert mine.latency_s == theirs.latency_s


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        ({"trace_id": 1, "span_id": 2}, ("0" * 31 + "1", "0" * 15 + "2")),  # decimal integers
        ({"trace_id": "0xABC", "span_id": "0x0F"}, ("abc", "0f")),  # SDK to_json hex
        (
            {"trace_id": "W47/95gDgQPSabYzgT/GDA==", "span_id": "7uGbfsPBsXQ="},
            (TRACE_A, "eee19b7ec3c1b174"),
        ),
    ],
)
def test_span_ids_are_normalised_to_hex(ids, expected):
    span = {
        "name": "chat m",
        "context": ids,
        "attributes": {"gen_ai.operation.name": "chat", "gen_ai.input.messages": "hi"},
    }
    [imported] = from_otel({"spans": [span]})
    assert imported.trace_id == expected[0]


@pytest.mark.parametrize(
    ("start", "end", "latency"),
    [
        (1_700_000_000_000_000_000, 1_700_000_002_500_000_000, 2.5),  # nanoseconds
        ("1700000000000000000", "1700000001000000000", 1.0),  # nanoseconds as strings
        ("2024-05-01T10:00:00Z", "2024-05-01T10:00:04.250000Z", 4.25),  # ISO (SDK to_json)
        ([1_700_000_000, 0], [1_700_000_000, 500_000_000], 0.5),  # hrtime pairs
    ],
)
def test_span_times_in_every_written_form(start, end, latency):
    span = {
        "name": "invoke_agent a",
        "context": {"trace_id": 7, "span_id": 8},
        "start_time": start,
        "end_time": end,
        "attributes": {"gen_ai.operation.name": "invoke_agent"},
    }
    [imported] = from_otel([span])
    assert imported.trace.latency_s == pytest.approx(latency)


def test_a_chat_span_inside_a_chat_span_is_counted_once():
    def chat(span_id, parent, tokens):
        return {
            "name": "chat m",
            "context": {"trace_id": 1, "span_id": span_id},
            "parent": {"span_id": parent},
            "attributes": {
                "gen_ai.operation.name": "chat",
                "gen_ai.usage.input_tokens": tokens,
                "gen_ai.input.messages": '[{"role": "user", "content": "hi"}]',
                "gen_ai.output.messages": '[{"role": "assistant", "content": "hello"}]',
            },
        }

    [imported] = from_otel({"spans": [chat(1, None, 10), chat(2, 1, 10)]})
    assert imported.trace.usage.input_tokens == 10
    assert imported.trace.turns == 1
    assert [m.content for m in imported.trace.messages] == ["hi", "hello"]


def test_tool_calls_come_from_messages_when_no_tool_span_was_recorded():
    span = {
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": json.dumps(
            [
                {"role": "user", "content": "weather?"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "c1",
                            "function": {"name": "weather", "arguments": '{"city": "Oslo"}'},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "c1", "content": '{"temp": -3}'},
            ]
        ),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": "It is -3."}]),
    }
    [imported] = from_otel(span)
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "weather",
        {"city": "Oslo"},
        {"temp": -3},
        "c1",
    )
    assert imported.trace.messages[2].name == "weather"  # named after the call it answers


def test_old_flattened_prompt_and_completion_attributes():
    attrs = {
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4",
        "gen_ai.prompt.0.role": "system",
        "gen_ai.prompt.0.content": "Be brief.",
        "gen_ai.prompt.1.role": "user",
        "gen_ai.prompt.1.content": "2+2?",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "4",
        "gen_ai.usage.prompt_tokens": 11,
        "gen_ai.usage.completion_tokens": 1,
    }
    [imported] = from_otel({"name": "openai.chat", "attributes": attrs})
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", "Be brief."),
        ("user", "2+2?"),
        ("assistant", "4"),
    ]
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (11, 1)


# ---------------------------------------------------------------------- malformed input


@pytest.mark.parametrize(
    ("name", "text", "line", "message"),
    [
        ("bad.jsonl", '{"spans": []}\n{"resourceSpans": [\n', 2, "invalid JSON"),
        ("bad.json", '{"resourceSpans": [}', 1, "invalid JSON"),
        ("empty.jsonl", "\n\n", None, "empty"),
        ("nospans.json", '{"hello": "world"}', None, "no spans found"),
        ("list.json", "[1, 2]", None, "expected a JSON object"),
        (
            "attrs.json",
            '{"resourceSpans": [{"scopeSpans": [{"spans": '
            '[{"traceId": "ab", "attributes": 5}]}]}]}',
            None,
            "resourceSpans[0].scopeSpans[0].spans[0].attributes",
        ),
        (
            "anyvalue.jsonl",
            '{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "ab", "attributes": '
            '[{"key": "k", "value": {"weird": 1}}]}]}]}]}',
            1,
            "unknown AnyValue",
        ),
        (
            "time.json",
            '{"spans": [{"name": "x", "attributes": {}, "start_time": "soon"}]}',
            None,
            "timestamp",
        ),
    ],
)
def test_malformed_files_name_the_file_and_line(tmp_path, name, text, line, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        from_otel(path)
    assert info.value.file == str(path)
    assert info.value.line == line
    assert message in info.value.message


def test_a_missing_file_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        from_otel(tmp_path / "nope.json")


def test_haystacks_own_tracer_is_read():
    """Haystack's own OpenTelemetry tracer (content tracing on) writes only ``haystack.*``:
    the pipeline span is the run (its question the one text its inputs give the components),
    a component with ``replies`` the model call, a retriever's ``documents`` the passages
    (id, content, score, the meta's source among the document's keys); a prompt builder is
    no step."""

    def span(span_id, parent, name, start, attrs):
        return {
            "name": name,
            "context": {"trace_id": "6a" * 16, "span_id": f"{span_id:016x}"},
            "parent_id": f"{parent:016x}" if parent else None,
            "start_time": f"2024-06-01T12:00:{start:06.3f}Z",
            "end_time": f"2024-06-01T12:00:{start + 1:06.3f}Z",
            "status_code": "OK",
            "attributes": attrs,
        }

    question, prompt, reply = "How long?", "Context: Ships in 2 days.\nQ: How long?", "2 days."
    document = {"id": "d1", "content": "Ships in 2 days.", "score": 1.2, "source": "s.md"}
    meta = [
        {"model": "gpt-4o-mini-2024-07-18", "usage": {"prompt_tokens": 9, "completion_tokens": 3}}
    ]
    spans = [
        span(
            1,
            None,
            "haystack.pipeline.run",
            0,
            {
                "haystack.pipeline.input_data": json.dumps(
                    {"retriever": {"query": question}, "prompt_builder": {"question": question}}
                ),
                "haystack.pipeline.output_data": "{}",
            },
        ),
        span(
            2,
            1,
            "haystack.component.run",
            1,
            {
                "haystack.component.type": "InMemoryBM25Retriever",
                "haystack.component.input": json.dumps({"query": question}),
                "haystack.component.output": json.dumps({"documents": [document]}),
            },
        ),
        span(
            3,
            1,
            "haystack.component.run",
            2,
            {
                "haystack.component.type": "PromptBuilder",
                "haystack.component.output": json.dumps({"prompt": prompt}),
            },
        ),
        span(
            4,
            1,
            "haystack.component.run",
            3,
            {
                "haystack.component.type": "OpenAIGenerator",
                "haystack.component.input": json.dumps({"prompt": prompt, "system_prompt": None}),
                "haystack.component.output": json.dumps({"replies": [reply], "meta": meta}),
            },
        ),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert imported.input == question
    assert trace.output == reply
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", prompt),
        ("assistant", reply),
    ]
    assert [(p.id, p.text, p.source, p.score) for p in trace.passages] == [
        ("d1", "Ships in 2 days.", "s.md", 1.2)
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (9, 3)
    assert imported.metadata.get("model") == "gpt-4o-mini-2024-07-18"
