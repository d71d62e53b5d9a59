"""Pipecat's fixed sentence for a function whose handler raised, on small span lists written
its way (tests/data/traces/pipecat/pipecat-otel-tool-error-2026-12-07h.json).

Pipecat (pipecat-ai 1.x, ``LLMService.FUNCTION_CALL_ERROR_MESSAGE_TEMPLATE``) settles a call
whose handler raised with ``The function `<name>` failed and returned no result.``, written
into the context as any result is (JSON: a string in its quotes). It makes no span for the
call: the tool message in a later ``llm`` span's ``input`` is all there is. That call failed:
its error is the sentence, its result the sentence too, what the model was given (the
contract's rule for a result the trace marks failed). Before, the call had no error.
Not marked so: the sentence naming another function, Pipecat's sentence for a function it
has no handler for (a result it settles as any other), and the same sentence in a tool
message another tracer recorded (`otel/_pipecat.py`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "6f" * 16
USER = "What is the weather in Tokio?"
FAILED = "The function `get_weather` failed and returned no result."


def _span(n: int, name: str, attrs: dict[str, Any], scope: str) -> dict[str, Any]:
    built = span(n, name, attrs, trace=TRACE, parent=None, start=float(n), end=float(n) + 0.5)
    built["instrumentation_scope"] = {"name": scope}
    return built


def _pipecat(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.output.type": "text",
        "stream": True,
        "input": json.dumps(history),
        "output": "I could not get the weather for Tokio.",
        "param.model": "gpt-4o-mini",
    }
    return [_span(1, "llm", attrs, "pipecat")]


def _openai(content: str, name: str = "get_weather") -> list[dict[str, Any]]:
    function = {"name": name, "arguments": json.dumps({"city": "Tokio"})}
    return [
        {"role": "user", "content": USER},
        {"role": "assistant", "tool_calls": [{"id": "call_e1", "function": function}]},
        {"role": "tool", "content": content, "tool_call_id": "call_e1"},
    ]


def _call(tmp_path: Path, spans: list[dict[str, Any]]) -> tuple[Any, Any, Any, Any]:
    [call] = import_one(tmp_path, spans).trace.tool_calls
    return call.name, call.result, call.error, call.id


def test_the_failed_functions_sentence_is_the_calls_error(tmp_path: Path) -> None:
    spans = _pipecat(_openai(json.dumps(FAILED)))
    assert _call(tmp_path, spans) == ("get_weather", FAILED, FAILED, "call_e1")
    tool = import_one(tmp_path, spans).trace.messages[-2]
    assert (tool.role, tool.content) == ("tool", json.dumps(FAILED))  # as written


def test_in_the_providers_shapes(tmp_path: Path) -> None:
    # Anthropic's tool_result, Bedrock's toolResult text, Gemini's {"value": ...} response
    asked = {"city": "Tokio"}
    anthropic = [
        {"role": "user", "content": USER},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "get_weather", "input": asked}],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": json.dumps(FAILED)}
            ],
        },
    ]
    converse = [
        {"role": "user", "content": [{"text": USER}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "t1", "name": "get_weather", "input": asked}}],
        },
        {
            "role": "user",
            "content": [
                {"toolResult": {"toolUseId": "t1", "content": [{"text": json.dumps(FAILED)}]}}
            ],
        },
    ]
    gemini = [
        {"role": "user", "parts": [{"text": USER}]},
        {
            "role": "model",
            "parts": [{"function_call": {"id": "t1", "name": "get_weather", "args": asked}}],
        },
        {
            "role": "user",
            "parts": [
                {
                    "function_response": {
                        "id": "t1",
                        "name": "get_weather",
                        "response": {"value": FAILED},
                    }
                }
            ],
        },
    ]
    for n, history in enumerate([anthropic, converse, gemini]):
        folder = tmp_path / str(n)
        folder.mkdir()
        name, _, error, call_id = _call(folder, _pipecat(history))
        assert (name, error, call_id) == ("get_weather", FAILED, "t1"), n


def test_another_functions_sentence_is_a_result(tmp_path: Path) -> None:
    spans = _pipecat(_openai(json.dumps(FAILED), name="get_time"))
    assert _call(tmp_path, spans) == ("get_time", FAILED, None, "call_e1")


def test_a_function_with_no_handler_is_answered_not_failed(tmp_path: Path) -> None:
    missing = "The function `get_weather` is not currently available."
    spans = _pipecat(_openai(json.dumps(missing)))
    assert _call(tmp_path, spans) == ("get_weather", missing, None, "call_e1")


def test_a_result_that_only_quotes_the_sentence_is_a_result(tmp_path: Path) -> None:
    said = f"Upstream said: {FAILED}"
    spans = _pipecat(_openai(json.dumps(said)))
    assert _call(tmp_path, spans) == ("get_weather", said, None, "call_e1")


def test_the_sentence_in_another_tracers_tool_message_is_a_result(tmp_path: Path) -> None:
    # an OpenInference LLM span whose input holds the same tool message: not Pipecat's span
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": USER,
        "llm.input_messages.1.message.role": "assistant",
        "llm.input_messages.1.message.tool_calls.0.tool_call.id": "call_e1",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "get_weather",
        "llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments": "{}",
        "llm.input_messages.2.message.role": "tool",
        "llm.input_messages.2.message.tool_call_id": "call_e1",
        "llm.input_messages.2.message.content": FAILED,
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "No weather.",
    }
    spans = [_span(1, "ChatCompletion", attrs, "openinference.instrumentation.openai")]
    assert _call(tmp_path, spans) == ("get_weather", FAILED, None, "call_e1")
