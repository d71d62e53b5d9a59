"""A model call recorded under two conventions at once on one span: pydantic-ai's GenAI
attributes and OpenInference's rewrite of them beside (openinference-instrumentation-
pydantic-ai's ``OpenInferenceSpanProcessor``; tests/data/traces/pydantic-ai/
pydantic-ai-openinference-*). OpenInference's flattened messages fold the results of calls
answered in one request message into one tool message under the last call's id; the GenAI
record keeps a tool message per call, and is read (`fourfold.integrations.otel._two_records`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
_CALLS = [
    {"type": "tool_call", "id": "c1", "name": "get_weather", "arguments": '{"city": "Paris"}'},
    {"type": "tool_call", "id": "c2", "name": "get_weather", "arguments": '{"city": "Tokyo"}'},
]
_RESULTS = [
    {"type": "tool_call_response", "id": "c1", "name": "get_weather", "result": "sunny"},
    {"type": "tool_call_response", "id": "c2", "name": "get_weather", "result": "rain"},
]


def _chat(*, genai: bool = True, openinference: bool = True) -> dict[str, Any]:
    attrs: dict[str, Any] = {"gen_ai.request.model": "m"}
    if genai:
        attrs |= {
            "gen_ai.operation.name": "chat",
            "gen_ai.input.messages": json.dumps(
                [
                    {"role": "user", "parts": [{"type": "text", "content": "Weather?"}]},
                    {"role": "assistant", "parts": _CALLS},
                    {"role": "user", "parts": _RESULTS},
                ]
            ),
            "gen_ai.output.messages": json.dumps(
                [{"role": "assistant", "parts": [{"type": "text", "content": "Sunny, rain."}]}]
            ),
        }
    if openinference:
        oi = "llm.input_messages"
        attrs |= {
            "openinference.span.kind": "LLM",
            "llm.model_name": "m",
            f"{oi}.0.message.role": "user",
            f"{oi}.0.message.content": "Weather?",
            f"{oi}.1.message.role": "assistant",
            f"{oi}.1.message.tool_calls.0.tool_call.id": "c1",
            f"{oi}.1.message.tool_calls.0.tool_call.function.name": "get_weather",
            f"{oi}.1.message.tool_calls.0.tool_call.function.arguments": '{"city": "Paris"}',
            f"{oi}.1.message.tool_calls.1.tool_call.id": "c2",
            f"{oi}.1.message.tool_calls.1.tool_call.function.name": "get_weather",
            f"{oi}.1.message.tool_calls.1.tool_call.function.arguments": '{"city": "Tokyo"}',
            # OpenInference's rewrite: both results, one message, the last call's id
            f"{oi}.2.message.role": "tool",
            f"{oi}.2.message.tool_call_id": "c2",
            f"{oi}.2.message.contents.0.message_content.type": "text",
            f"{oi}.2.message.contents.0.message_content.text": "sunny",
            f"{oi}.2.message.contents.1.message_content.type": "text",
            f"{oi}.2.message.contents.1.message_content.text": "rain",
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": "Sunny, rain.",
        }
    return span(1, "chat m", attrs, trace=TRACE)


def _tools(imported: Any) -> list[tuple[str | None, str | None]]:
    return [(m.tool_call_id, m.content) for m in imported.trace.messages if m.role == "tool"]


def test_the_record_answering_each_call_is_read_not_the_folded_one(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_chat()])
    assert _tools(imported) == [("c1", "sunny"), ("c2", "rain")]
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "tool", "tool"] + [
        "assistant"
    ]


def test_openinference_alone_is_read_as_it_is(tmp_path: Path) -> None:
    # nothing else to read: the folded message stands (the results are not invented apart)
    imported = import_one(tmp_path, [_chat(genai=False)])
    assert [c for c, _ in _tools(imported)] == ["c2"]


def test_genai_alone_is_unchanged(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_chat(openinference=False)])
    assert _tools(imported) == [("c1", "sunny"), ("c2", "rain")]
