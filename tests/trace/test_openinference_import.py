from __future__ import annotations

import json
from typing import Any

import pytest

from fourfold.integrations import from_openinference, from_otel

FIXTURES = (
    "otel-genai-traces",
    "openinference",
    "js",
    "packages",
    "openinference-genai",
    "test",
    "__fixtures__",
)


def _same_content(a, b) -> None:
    assert a.trace.messages == b.trace.messages
    assert a.trace.tool_calls == b.trace.tool_calls
    assert a.trace.usage == b.trace.usage
    assert a.trace.output == b.trace.output
    assert a.input == b.input


@pytest.fixture
def golden_otel(shared):
    [imported] = from_otel(shared(*FIXTURES, "otel_genai_client_span_tool_calls.json"))
    return imported


def test_the_golden_otel_span_imports_the_conversation(golden_otel):
    trace = golden_otel.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "Weather in Paris?", None),
        ("assistant", "Absolutely! Let me check the weather for you.", None),
        ("tool", "rainy, 57°F", "1234"),
        ("assistant", "The weather in Paris is currently rainy with a temperature of 57°F.", None),
    ]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"location": "Paris"},
        "rainy, 57°F",
        "1234",
    )
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (97, 52)
    assert golden_otel.metadata["model"] == "gpt-4"  # the request model
    assert golden_otel.metadata["response_model"] == "gpt-4-0613"
    assert golden_otel.metadata["provider"] == "openai"


@pytest.mark.parametrize(
    ("reader", "name"),
    [
        (from_openinference, "openinference_client_span_tool_calls.json"),  # flattened messages
        (
            from_openinference,
            "openinference_client_span_input_output_only.json",
        ),  # input.value only
        (
            from_otel,
            "otel_genai_deprecated_client_span_tool_calls.json",
        ),  # gen_ai.prompt/completion
    ],
)
def test_the_converted_span_imports_the_same(shared, golden_otel, reader, name):
    [imported] = reader(shared(*FIXTURES, name))
    _same_content(imported, golden_otel)


def test_the_otel_tool_execution_span_is_one_tool_call(shared):
    [imported] = from_otel(shared(*FIXTURES, "otel_genai_tool_execution_span.json"))
    [call] = imported.trace.tool_calls
    assert (call.name, call.id, call.arguments) == ("get_weather", "1234", {"city": "New York"})
    assert call.result["status"] == "success"


def _agent_spans() -> list[dict]:
    def span(span_id, parent, name, start, end, attrs, status=None):
        return {
            "name": name,
            "context": {"trace_id": "1f" * 16, "span_id": f"{span_id:016x}"},
            "parent_id": f"{parent:016x}" if parent else None,
            "start_time": f"2024-06-01T12:00:{start:06.3f}Z",
            "end_time": f"2024-06-01T12:00:{end:06.3f}Z",
            "status_code": status or "OK",
            "attributes": attrs,
        }

    return [
        span(
            1,
            None,
            "agent",
            0,
            9,
            {
                "openinference.span.kind": "AGENT",
                "input.value": "Can I return shoes after 40 days?",
                "output.value": "No: returns are accepted within 30 days.",
            },
        ),
        span(
            2,
            1,
            "retrieve",
            1,
            2,
            {
                "openinference.span.kind": "RETRIEVER",
                "input.value": "return window shoes",
                "retrieval.documents.0.document.id": "policy-returns",
                "retrieval.documents.0.document.content": "Returns are accepted within 30 days.",
                "retrieval.documents.0.document.score": 0.88,
                "retrieval.documents.0.document.metadata": '{"source": "help-centre"}',
                "retrieval.documents.1.document.content": "Shoes must be unworn.",
            },
        ),
        span(
            3,
            1,
            "ChatOpenAI",
            2,
            4,
            {
                "openinference.span.kind": "LLM",
                "llm.model_name": "gpt-4o-mini",
                "llm.input_messages.0.message.role": "system",
                "llm.input_messages.0.message.content": "Answer from the policy.",
                "llm.input_messages.1.message.role": "user",
                "llm.input_messages.1.message.content": "Can I return shoes after 40 days?",
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.tool_calls.0.tool_call.id": "call_9",
                "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "order_age",
                "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": (
                    '{"order": "R-9"}'
                ),
                "llm.token_count.prompt": 50,
                "llm.token_count.completion": 7,
                "llm.cost.total": 0.0001,
            },
        ),
        span(
            4,
            1,
            "order_age",
            4,
            5,
            {
                "openinference.span.kind": "TOOL",
                "tool.name": "order_age",
                "tool.parameters": json.dumps(
                    {"type": "object", "properties": {"order": {"type": "string"}}}
                ),
                "input.value": '{"order": "R-9"}',
                "output.value": '{"days": 40}',
            },
        ),
        span(
            5,
            1,
            "lookup_crm",
            5,
            6,
            {
                "openinference.span.kind": "TOOL",
                "tool.name": "lookup_crm",
                "input.value": '{"order": "R-9"}',
            },
            status="ERROR",
        ),
        span(
            6,
            1,
            "ChatOpenAI",
            6,
            8.5,
            {
                "openinference.span.kind": "LLM",
                "llm.input_messages.0.message.role": "user",
                "llm.input_messages.0.message.content": "Can I return shoes after 40 days?",
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.content": "No: returns are accepted within 30 days.",
                "llm.token_count.prompt": 80,
                "llm.token_count.completion": 12,
                "llm.cost.prompt": 0.0002,
                "llm.cost.completion": 0.0001,
            },
        ),
        span(7, 1, "embed", 1, 1.5, {"openinference.span.kind": "EMBEDDING"}),
    ]


def test_an_openinference_agent_trace():
    [imported] = from_openinference({"spans": _agent_spans()})
    trace = imported.trace
    assert imported.trace_id == "1f" * 16
    assert imported.input == "Can I return shoes after 40 days?"
    assert trace.output == "No: returns are accepted within 30 days."
    assert trace.latency_s == pytest.approx(9.0)
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (130, 19)
    assert trace.usage.cost_usd == pytest.approx(0.0004)
    assert trace.turns == 2

    order_age, crm = trace.tool_calls
    assert (order_age.name, order_age.arguments, order_age.result) == (
        "order_age",
        {"order": "R-9"},
        {"days": 40},
    )
    assert order_age.id == "call_9"  # borrowed from the model's request of that tool
    assert (crm.name, crm.error) == ("lookup_crm", "error")

    assert [(p.id, p.source, p.score) for p in trace.passages] == [
        ("policy-returns", "help-centre", 0.88),
        (f"{2:016x}:1", None, None),
    ]
    assert [m.role for m in trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert trace.messages[3].tool_call_id == "call_9"


def test_nested_attributes_read_like_flattened_ones():
    flat = _agent_spans()
    nested = json.loads(json.dumps(flat))
    llm = nested[2]["attributes"]
    llm.clear()
    llm.update(
        {
            "openinference": {"span": {"kind": "LLM"}},
            "llm": {
                "model_name": "gpt-4o-mini",
                "input_messages": [
                    {"message": {"role": "system", "content": "Answer from the policy."}},
                    {"message": {"role": "user", "content": "Can I return shoes after 40 days?"}},
                ],
                "output_messages": [
                    {
                        "message": {
                            "role": "assistant",
                            "tool_calls": [
                                {
                                    "tool_call": {
                                        "id": "call_9",
                                        "function": {
                                            "name": "order_age",
                                            "arguments": '{"order": "R-9"}',
                                        },
                                    }
                                }
                            ],
                        }
                    }
                ],
                "token_count": {"prompt": 50, "completion": 7},
                "cost": {"total": 0.0001},
            },
        }
    )
    [a] = from_openinference(flat)
    [b] = from_openinference(nested)
    _same_content(a, b)


@pytest.mark.parametrize(
    ("value", "messages"),
    [
        ("plain question", [("user", "plain question")]),
        ('{"input": "wrapped question"}', [("user", "wrapped question")]),
        ('{"messages": [{"role": "user", "content": "chat form"}]}', [("user", "chat form")]),
        ('{"unrelated": 1}', []),
    ],
)
def test_an_llm_span_without_messages_reads_input_value(value, messages):
    [imported] = from_openinference({"openinference.span.kind": "LLM", "input.value": value})
    assert [(m.role, m.content) for m in imported.trace.messages] == messages


def test_the_model_is_the_one_llm_request_model_name_asked_for():
    """openinference-instrumentation-anthropic writes the request's model as
    ``llm.request.model_name`` and the answering model as ``llm.model_name``: the run's
    model is the one it asked for."""
    spans = [
        {
            "name": "messages.create",
            "context": {"trace_id": "2e" * 16, "span_id": f"{1:016x}"},
            "parent_id": None,
            "start_time": "2024-06-01T12:00:00.000Z",
            "end_time": "2024-06-01T12:00:01.000Z",
            "status_code": "OK",
            "attributes": {
                "openinference.span.kind": "LLM",
                "llm.request.model_name": "claude-sonnet-4-5",
                "llm.model_name": "claude-sonnet-4-5-20250929",
                "llm.input_messages.0.message.role": "user",
                "llm.input_messages.0.message.content": "Hi",
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.content": "Hello",
            },
        }
    ]
    [imported] = from_openinference({"spans": spans})
    assert imported.metadata.get("model") == "claude-sonnet-4-5"


def test_a_tool_result_the_request_marks_is_error_is_a_failed_call():
    """openinference-instrumentation-anthropic writes a ``tool_result`` as a plain role-``tool``
    message in ``llm.input_messages``; only the request in ``input.value`` says
    ``is_error``. With no tool span, the call the model asked for failed: its error is the
    result's text, which is also what the model got."""
    request = {
        "model": "claude-sonnet-4-5",
        "messages": [
            {"role": "user", "content": "Weather in Tokio?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}
                ],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_1",
                        "content": "ValueError: unknown city",
                        "is_error": True,
                    }
                ],
            },
        ],
    }
    attrs = {
        "openinference.span.kind": "LLM",
        "input.value": json.dumps(request),
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Tokio?",
        "llm.input_messages.1.message.role": "assistant",
        "llm.input_messages.1.message.tool_calls.0.tool_call.id": "toolu_1",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "get_weather",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments": "{}",
        "llm.input_messages.2.message.role": "tool",
        "llm.input_messages.2.message.tool_call_id": "toolu_1",
        "llm.input_messages.2.message.content": "ValueError: unknown city",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "I could not find Tokio.",
    }
    [imported] = from_openinference(attrs)
    [call] = imported.trace.tool_calls
    assert (call.id, call.result, call.error) == (
        "toolu_1",
        "ValueError: unknown city",
        "ValueError: unknown city",
    )
    request["messages"][2]["content"][0]["is_error"] = False
    [imported] = from_openinference({**attrs, "input.value": json.dumps(request)})
    assert imported.trace.tool_calls[0].error is None


def test_a_converse_tool_result_with_status_error_is_a_failed_call():
    """openinference-instrumentation-bedrock writes a ``toolResult`` as a plain role-``tool``
    message; only the request in ``input.value`` (the Converse messages) says
    ``"status": "error"``, Bedrock's mark of a failed tool (openinference-bedrock-tool-error):
    the call failed, its error the result's text."""
    request = [
        {"role": "user", "content": [{"text": "Weather in Tokio?"}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "t1", "name": "get_weather", "input": {}}}],
        },
        {
            "role": "user",
            "content": [
                {
                    "toolResult": {
                        "toolUseId": "t1",
                        "content": [{"text": "ValueError: unknown city"}],
                        "status": "error",
                    }
                }
            ],
        },
    ]
    attrs = {
        "openinference.span.kind": "LLM",
        "input.value": json.dumps(request),
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.contents.0.message_content.type": "text",
        "llm.input_messages.0.message.contents.0.message_content.text": "Weather in Tokio?",
        "llm.input_messages.1.message.role": "assistant",
        "llm.input_messages.1.message.tool_calls.0.tool_call.id": "t1",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "get_weather",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments": "{}",
        "llm.input_messages.2.message.role": "tool",
        "llm.input_messages.2.message.tool_call_id": "t1",
        "llm.input_messages.2.message.content": "ValueError: unknown city",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "I could not find Tokio.",
    }
    [imported] = from_openinference(attrs)
    [call] = imported.trace.tool_calls
    assert (call.id, call.error) == ("t1", "ValueError: unknown city")
    del request[2]["content"][0]["toolResult"]["status"]
    [imported] = from_openinference({**attrs, "input.value": json.dumps(request)})
    assert imported.trace.tool_calls[0].error is None


def _claude_on_bedrock_attrs() -> dict[str, Any]:
    """An ``invoke_model`` call of Claude as openinference-instrumentation-bedrock records it
    (openinference-bedrock-invoke): the reply in ``output.value`` one Messages API message,
    and in ``llm.output_messages`` one assistant message per content block."""
    reply = {
        "type": "message",
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Looking both up."},
            {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Paris"}},
            {"type": "tool_use", "id": "t2", "name": "get_weather", "input": {"city": "Tokyo"}},
        ],
    }
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "claude-sonnet-4-5-20250929",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Paris and Tokyo?",
        "output.value": json.dumps(reply),
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "Looking both up.",
    }
    for n, (call, city) in enumerate([("t1", "Paris"), ("t2", "Tokyo")], start=1):
        out = f"llm.output_messages.{n}.message."
        attrs[out + "role"] = "assistant"
        attrs[out + "tool_call_id"] = ""
        attrs[out + "tool_calls.0.tool_call.id"] = call
        attrs[out + "tool_calls.0.tool_call.function.name"] = "get_weather"
        attrs[out + "tool_calls.0.tool_call.function.arguments"] = json.dumps({"city": city})
    return attrs


def test_a_reply_written_one_message_per_block_is_one_assistant_turn():
    """The blocks of one Claude reply, each written as an output message of its own, say
    together what the reply in ``output.value`` says: one turn, its text and both calls."""
    [imported] = from_openinference(_claude_on_bedrock_attrs())
    [turn] = [m for m in imported.trace.messages if m.role == "assistant"]
    assert turn.content == "Looking both up."
    assert [r.id for r in turn.tool_calls] == ["t1", "t2"]
    attrs = _claude_on_bedrock_attrs()
    attrs["llm.output_messages.0.message.content"] = "Something else."  # not the reply's blocks
    [imported] = from_openinference(attrs)
    assert len([m for m in imported.trace.messages if m.role == "assistant"]) == 3


def test_a_user_message_answering_a_request_by_its_id_is_that_calls_result():
    """openinference-instrumentation-bedrock writes a Claude ``tool_result`` block as a
    ``user`` message with ``message.tool_call_id`` (openinference-bedrock-invoke): it is the
    result of the call it names; a user message naming no requested call stays the user's."""
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Paris?",
        "llm.input_messages.1.message.role": "assistant",
        "llm.input_messages.1.message.tool_calls.0.tool_call.id": "t1",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "get_weather",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments": "{}",
        "llm.input_messages.2.message.role": "user",
        "llm.input_messages.2.message.content": "sunny, 22 C",
        "llm.input_messages.2.message.tool_call_id": "t1",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "Paris is sunny.",
    }
    [imported] = from_openinference(attrs)
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "tool", "assistant"]
    [call] = imported.trace.tool_calls
    assert (call.id, call.result) == ("t1", "sunny, 22 C")
    [imported] = from_openinference({**attrs, "llm.input_messages.2.message.tool_call_id": "t9"})
    assert imported.trace.messages[2].role == "user"


def test_one_tool_message_of_the_requests_results_is_those_results_by_id():
    """openinference-instrumentation-bedrock on ``invoke_model_with_response_stream`` writes
    the user message of two ``tool_result`` blocks as one tool message of two contents and no
    ``tool_call_id`` (openinference-bedrock-invoke-streamed); ``input.value``, the request as
    sent, names each result's call: two results, each its call's. Before, one result, the
    texts joined, answering no call."""
    request = {
        "anthropic_version": "bedrock-2023-05-31",
        "messages": [
            {"role": "user", "content": "Weather in Paris and Tokyo?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {}},
                    {"type": "tool_use", "id": "t2", "name": "get_weather", "input": {}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "t1", "content": "sunny"},
                    {"type": "tool_result", "tool_use_id": "t2", "content": "rain"},
                ],
            },
        ],
    }
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "input.value": json.dumps(request),
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Paris and Tokyo?",
        "llm.input_messages.1.message.role": "assistant",
        "llm.input_messages.2.message.role": "tool",
        "llm.input_messages.2.message.contents.0.message_content.text": "sunny",
        "llm.input_messages.2.message.contents.1.message_content.text": "rain",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.contents.0.message_content.text": "Sunny, then rain.",
    }
    for n, call in enumerate(["t1", "t2"]):
        asked = f"llm.input_messages.1.message.tool_calls.{n}.tool_call."
        attrs[asked + "id"] = call
        attrs[asked + "function.name"] = "get_weather"
        attrs[asked + "function.arguments"] = "{}"
    [imported] = from_openinference(attrs)
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [("sunny", "t1"), ("rain", "t2")]
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        ("t1", "sunny"),
        ("t2", "rain"),
    ]
    # contents that are not the request's results stay one message
    attrs["llm.input_messages.2.message.contents.1.message_content.text"] = "snow"
    [imported] = from_openinference(attrs)
    assert [m.content for m in imported.trace.messages if m.role == "tool"] == ["sunny\nsnow"]


def _gemini_request(responses: list[dict[str, Any]]) -> dict[str, Any]:
    calls = [{"function_call": {"name": "get_weather", "args": {"city": c}}} for c in ("P", "T")]
    answers = [{"function_response": {"name": "get_weather", "response": r}} for r in responses]
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "Weather?"}]},
            {"role": "model", "parts": calls},
            {"role": "user", "parts": answers},
        ]
    }


def test_a_gemini_function_response_with_an_error_fails_its_call_without_ids():
    """openinference-instrumentation-google-genai writes function responses as role-``tool``
    messages with no call id; the request (google-genai ``contents``) answers the failed call
    with ``{"error": ...}``, the Gemini API's key for a function's error details
    (openinference-google-genai-tool-error). No ids on either side: the request's results
    and the recorded tool messages pair by position."""
    responses = [{"result": "sunny"}, {"error": "ValueError: unknown city"}]
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "input.value": json.dumps(_gemini_request(responses)),
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather?",
        "llm.input_messages.1.message.role": "model",
        "llm.output_messages.0.message.role": "model",
        "llm.output_messages.0.message.content": "Sunny in P; T is unknown.",
    }
    for j, city in enumerate(("P", "T")):
        prefix = f"llm.input_messages.1.message.tool_calls.{j}.tool_call.function"
        attrs[f"{prefix}.name"] = "get_weather"
        attrs[f"{prefix}.arguments"] = json.dumps({"city": city})
    for i, response in enumerate(responses, start=2):
        attrs[f"llm.input_messages.{i}.message.role"] = "tool"
        attrs[f"llm.input_messages.{i}.message.name"] = "get_weather"
        attrs[f"llm.input_messages.{i}.message.content"] = json.dumps(response)
    [imported] = from_openinference(attrs)
    assert [(c.arguments, c.error) for c in imported.trace.tool_calls] == [
        ({"city": "P"}, None),
        ({"city": "T"}, "ValueError: unknown city"),
    ]


def test_a_retrievers_document_ids_only_in_its_output_are_the_passage_ids():
    """openinference-instrumentation-langchain writes a RETRIEVER span's documents as
    ``retrieval.documents.<i>.document.{content, metadata}`` with no id; LangChain's
    ``Document.id`` is only in ``output.value`` (``{"documents": [{"id", "page_content"}]}``).
    The passage takes that id when the output's document at its position has its text."""
    documents = [
        {"id": "doc-shipping", "metadata": {}, "page_content": "Ships in 2 days."},
        {"id": None, "metadata": {}, "page_content": "Refunds within 30 days."},
        {"id": "doc-other", "metadata": {}, "page_content": "Not the third passage's text."},
    ]
    spans = [
        {
            "name": "KeywordRetriever",
            "context": {"trace_id": "3d" * 16, "span_id": f"{1:016x}"},
            "parent_id": None,
            "start_time": "2024-06-01T12:00:00.000Z",
            "end_time": "2024-06-01T12:00:01.000Z",
            "status_code": "OK",
            "attributes": {
                "openinference.span.kind": "RETRIEVER",
                "input.value": "shipping",
                "output.value": json.dumps({"documents": documents}),
                "retrieval.documents.0.document.content": "Ships in 2 days.",
                "retrieval.documents.0.document.metadata": '{"source": "shipping.md"}',
                "retrieval.documents.1.document.content": "Refunds within 30 days.",
                "retrieval.documents.2.document.content": "Warranty: one year.",
            },
        }
    ]
    [imported] = from_openinference({"spans": spans})
    assert [(p.id, p.source) for p in imported.trace.passages] == [
        ("doc-shipping", "shipping.md"),
        (f"{1:016x}:1", None),
        (f"{1:016x}:2", None),
    ]


def test_a_retrieval_recorded_by_two_nested_retriever_spans_is_one_retrieval():
    """A retriever span inside another (LlamaIndex's ``retrieve`` over ``_retrieve``, a
    wrapper over the retriever it delegates to) that records the same documents again is the
    same retrieval: its passages once, in the outer span's order. A later retrieval of its
    own, beside them, still counts."""

    def retriever(span_id, parent, start, texts):
        attrs = {"openinference.span.kind": "RETRIEVER", "input.value": "shipping"}
        for i, (doc_id, text) in enumerate(texts):
            attrs[f"retrieval.documents.{i}.document.id"] = doc_id
            attrs[f"retrieval.documents.{i}.document.content"] = text
        return {
            "name": f"retriever-{span_id}",
            "context": {"trace_id": "4c" * 16, "span_id": f"{span_id:016x}"},
            "parent_id": f"{parent:016x}" if parent else None,
            "start_time": f"2024-06-01T12:00:{start:06.3f}Z",
            "end_time": f"2024-06-01T12:00:{start + 1:06.3f}Z",
            "status_code": "OK",
            "attributes": attrs,
        }

    ship, refund, warranty = ("d1", "Ships in 2 days."), ("d2", "Refunds."), ("d3", "Warranty.")
    spans = [
        {
            "name": "query",
            "context": {"trace_id": "4c" * 16, "span_id": f"{9:016x}"},
            "parent_id": None,
            "start_time": "2024-06-01T12:00:00.000Z",
            "end_time": "2024-06-01T12:00:09.000Z",
            "status_code": "OK",
            "attributes": {"openinference.span.kind": "CHAIN", "input.value": "shipping"},
        },
        retriever(1, 9, 1, [ship, refund]),
        retriever(2, 1, 1.5, [refund, ship]),  # the same documents again, inside
        retriever(3, 9, 4, [warranty]),  # another retrieval, beside it
    ]
    [imported] = from_openinference({"spans": spans})
    assert [p.id for p in imported.trace.passages] == ["d1", "d2", "d3"]


def test_a_passage_a_nested_retriever_span_gives_again_is_the_same_passage():
    """A fusion retriever (LlamaIndex's ``QueryFusionRetriever``) records what it kept of its
    sub-retrievers' documents, and each sub-retriever's span inside it records its own: a
    passage an enclosing retrieval span already gave (same id and text, whatever its score)
    is that passage, once, as the outer span gave it; a document only an inner span
    returned was dropped by the fusion, and is no passage: the run was given what the
    enclosing span returned. Under an enclosing span that records no document, the inner
    spans' documents are the passages."""

    def retriever(span_id, parent, start, docs, ids=True):
        attrs = {"openinference.span.kind": "RETRIEVER", "input.value": "shipping"}
        for i, (doc_id, text, score) in enumerate(docs):
            if ids:
                attrs[f"retrieval.documents.{i}.document.id"] = doc_id
            attrs[f"retrieval.documents.{i}.document.content"] = text
            attrs[f"retrieval.documents.{i}.document.score"] = score
        return {
            "name": f"retriever-{span_id}",
            "context": {"trace_id": "4d" * 16, "span_id": f"{span_id:016x}"},
            "parent_id": f"{parent:016x}" if parent else None,
            "start_time": f"2024-06-01T12:00:{start:06.3f}Z",
            "end_time": f"2024-06-01T12:00:{start + 1:06.3f}Z",
            "status_code": "OK",
            "attributes": attrs,
        }

    spans = [
        retriever(1, None, 0, [("d1", "Ships.", 0.033), ("d3", "Warranty.", 0.016)]),
        retriever(2, 1, 0.5, [("d1", "Ships.", 0.99), ("d3", "Warranty.", 0.99)]),
        retriever(3, 1, 1.5, [("d1", "Ships.", 1.0), ("d2", "Refunds.", 0.0)]),
        # the same text under another id is another document
        retriever(4, 1, 2.5, [("d9", "Ships.", 0.5)]),
    ]
    [imported] = from_openinference({"spans": spans})
    assert [(p.id, p.score) for p in imported.trace.passages] == [("d1", 0.033), ("d3", 0.016)]

    unnamed = [
        retriever(1, None, 0, [("", "Ships.", 0.033)], ids=False),
        retriever(2, 1, 0.5, [("", "Ships.", 0.99), ("", "Refunds.", 0.1)], ids=False),
    ]
    [imported] = from_openinference({"spans": unnamed})
    assert [(p.text, p.score) for p in imported.trace.passages] == [("Ships.", 0.033)]

    empty_outer = [retriever(1, None, 0, []), retriever(2, 1, 0.5, [("d2", "Refunds.", 0.1)])]
    [imported] = from_openinference({"spans": empty_outer})
    assert [p.id for p in imported.trace.passages] == ["d2"]


def _haystack_spans() -> list[dict]:
    """A Haystack RAG pipeline as openinference-instrumentation-haystack writes it: the
    ``Pipeline.run`` CHAIN (inputs and outputs by component), a RETRIEVER, a ``PromptBuilder``
    typed LLM (a template and the rendered prompt, no model) and the generator's LLM span."""

    def span(span_id, parent, name, start, attrs):
        return {
            "name": name,
            "context": {"trace_id": "5b" * 16, "span_id": f"{span_id:016x}"},
            "parent_id": f"{parent:016x}" if parent else None,
            "start_time": f"2024-06-01T12:00:{start:06.3f}Z",
            "end_time": f"2024-06-01T12:00:{start + 1:06.3f}Z",
            "status_code": "OK",
            "attributes": attrs,
        }

    question, prompt, reply = (
        "How long?",
        "Context: Ships in 2 days.\nQuestion: How long?",
        "2 days.",
    )
    return [
        span(
            1,
            None,
            "Pipeline.run",
            0,
            {
                "openinference.span.kind": "CHAIN",
                "input.value": json.dumps(
                    {
                        "data": {
                            "retriever": {"query": question},
                            "prompt_builder": {"question": question},
                        },
                        "include_outputs_from": None,
                    }
                ),
                "output.value": json.dumps(
                    {"llm": {"replies": [reply], "meta": [{"model": "gpt-4o-mini"}]}}
                ),
            },
        ),
        span(
            2,
            1,
            "InMemoryBM25Retriever.run",
            1,
            {
                "openinference.span.kind": "RETRIEVER",
                "retrieval.documents.0.document.id": "d1",
                "retrieval.documents.0.document.content": "Ships in 2 days.",
                "retrieval.documents.0.document.score": 1.2,
            },
        ),
        span(
            3,
            1,
            "PromptBuilder.run",
            2,
            {
                "openinference.span.kind": "LLM",
                "llm.prompt_template.template": "Context: {{ documents }}\nQ: {{ question }}",
                "llm.prompt_template.variables": json.dumps({"question": question}),
                "output.value": prompt,
            },
        ),
        span(
            4,
            1,
            "OpenAIGenerator.run",
            3,
            {
                "openinference.span.kind": "LLM",
                "llm.model_name": "gpt-4o-mini",
                "llm.input_messages.0.message.role": "user",
                "llm.input_messages.0.message.content": prompt,
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.content": reply,
            },
        ),
    ]


def test_a_prompt_builder_typed_llm_is_no_model_call():
    """An LLM span with a prompt template and no model, messages or counts only renders the
    prompt: its output is no assistant message."""
    [imported] = from_openinference({"spans": _haystack_spans()})
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Context: Ships in 2 days.\nQuestion: How long?"),
        ("assistant", "2 days."),
    ]
    assert [(p.id, p.score) for p in imported.trace.passages] == [("d1", 1.2)]


def test_a_haystack_pipelines_input_and_answer():
    """``Pipeline.run``'s input is its inputs by component: the question is the one text they
    are given; its output is the outputs by component: the answer is the generator's reply."""
    [imported] = from_openinference({"spans": _haystack_spans()})
    assert imported.input == "How long?"
    assert imported.trace.output == "2 days."
    assert imported.trace.structured is None


@pytest.mark.parametrize("method", ["__call__", "acall"])
def test_a_tool_span_named_after_its_call_names_the_tool(method: str) -> None:
    # DSPy's tools under openinference-instrumentation-dspy: a TOOL span "get_weather.__call__"
    # (in a program run with acall, "get_weather.acall": Tool.acall) with no tool.name, its
    # input {"kwargs": {...}}
    spans = [
        {
            "name": f"get_weather.{method}",
            "context": {"trace_id": "0x" + "ab" * 16, "span_id": "0x" + "01" * 8},
            "parent_id": None,
            "start_time": 1,
            "end_time": 2,
            "status": {"status_code": "OK"},
            "attributes": {
                "openinference.span.kind": "TOOL",
                "input.value": json.dumps({"kwargs": {"city": "Paris"}}),
                "output.value": json.dumps("sunny"),
            },
        }
    ]
    [imported] = from_openinference(spans)
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result) == ("get_weather", {"city": "Paris"}, "sunny")


def test_an_async_dspy_react_step_tells_its_observation_in_the_next_prompt() -> None:
    # ReAct run with acall (tests/data/traces/dspy/dspy-react-acall): ReAct.aforward, LM.acall,
    # get_weather.acall. The tool is named, and its observation, inside the next step's user
    # message, is no tool message of its own
    def span(n: int, parent: int | None, name: str, attrs: dict[str, Any]) -> dict[str, Any]:
        return {
            "name": name,
            "context": {"trace_id": "0x" + "ab" * 16, "span_id": f"0x{n:016x}"},
            "parent_id": f"0x{parent:016x}" if parent else None,
            "start_time": n,
            "end_time": n + 1 if parent else 10,
            "status": {"status_code": "OK"},
            "attributes": attrs,
        }

    def lm(user: str, reply: str) -> dict[str, Any]:
        return {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            "llm.input_messages.0.message.role": "system",
            "llm.input_messages.0.message.content": "Your input fields are: question, trajectory",
            "llm.input_messages.1.message.role": "user",
            "llm.input_messages.1.message.content": user,
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": reply,
        }

    step = '[[ ## tool_name_0 ## ]]\nget_weather\n\n[[ ## tool_args_0 ## ]]\n{"city": "Oslo"}'
    spans = [
        span(1, None, "ReAct.aforward", {"openinference.span.kind": "CHAIN"}),
        span(2, 1, "LM.acall", lm("[[ ## trajectory ## ]]\n", step)),
        span(
            3,
            1,
            "get_weather.acall",
            {
                "openinference.span.kind": "TOOL",
                "input.value": json.dumps({"kwargs": {"city": "Oslo"}}),
                "output.value": json.dumps("snow"),
            },
        ),
        span(4, 1, "LM.acall", lm(f"{step}\n\n[[ ## observation_0 ## ]]\nsnow", "finish")),
    ]
    [imported] = from_openinference(spans)
    assert [c.name for c in imported.trace.tool_calls] == ["get_weather"]
    assert [m.role for m in imported.trace.messages] == [
        "system",
        "user",
        "assistant",
        "user",
        "assistant",
    ]


def test_a_modules_keyword_arguments_give_the_runs_input() -> None:
    # openinference-instrumentation-dspy writes ReAct.forward(**input_args) as
    # {"input_args": {"question": ...}}: its one text value is what the user asked, not the
    # first user message (DSPy's prompt, the question inside its field markers)
    def span(n: int, parent: int | None, name: str, attrs: dict[str, Any]) -> dict[str, Any]:
        return {
            "name": name,
            "context": {"trace_id": "0x" + "ab" * 16, "span_id": f"0x{n:016x}"},
            "parent_id": f"0x{parent:016x}" if parent else None,
            "start_time": n,
            "end_time": 10 - n if parent else 10,
            "status": {"status_code": "OK"},
            "attributes": attrs,
        }

    question = "What is the weather in Paris?"
    prompt = f"[[ ## question ## ]]\n{question}\n\n[[ ## trajectory ## ]]\n\n\nRespond..."
    spans = [
        span(
            1,
            None,
            "ReAct.forward",
            {
                "openinference.span.kind": "CHAIN",
                "input.value": json.dumps({"input_args": {"question": question}}),
            },
        ),
        span(
            2,
            1,
            "LM.__call__",
            {
                "openinference.span.kind": "LLM",
                "llm.model_name": "gpt-4o-mini",
                "llm.input_messages.0.message.role": "user",
                "llm.input_messages.0.message.content": prompt,
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.content": "[[ ## answer ## ]]\nSunny.",
            },
        ),
    ]
    [imported] = from_openinference(spans)
    assert imported.input == question
    assert imported.trace.messages[0].content == prompt


def test_a_langchain_agent_that_raised_is_named_by_its_metadata() -> None:
    # LangChain 1.x's create_agent(name=...) under openinference-instrumentation-langchain:
    # the root AGENT span's metadata names the agent (lc_agent_name); a run that raised has
    # no output state whose replies would name it
    spans = [
        {
            "name": "weather_agent",
            "context": {"trace_id": "0x" + "cd" * 16, "span_id": "0x" + "01" * 8},
            "parent_id": None,
            "start_time": 1,
            "end_time": 2,
            "status": {"status_code": "ERROR", "description": "ValueError('unknown city')"},
            "attributes": {
                "openinference.span.kind": "AGENT",
                "input.value": json.dumps({"messages": [{"role": "user", "content": "Tokio?"}]}),
                "metadata": json.dumps(
                    {"ls_integration": "langchain_create_agent", "lc_agent_name": "weather_agent"}
                ),
            },
        }
    ]
    [imported] = from_openinference(spans)
    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.trace.output is None
