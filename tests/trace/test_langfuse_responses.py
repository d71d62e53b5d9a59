"""Langfuse's OpenAI drop-in on the Responses API (``client.responses.create``), on small
spans written the way langfuse 5.2 writes them (tests/data/traces/langfuse/
langfuse-v5-responses-2026-12-06t.json).

The drop-in records the request's input items after the instructions as a leading system
item, inside ``{"input": [...], "tools": [...]}`` when tools were given and as the bare list
when not; and the reply's output items, a list of several or one item written alone. Read by
the Responses reader: a ``function_call`` item is an assistant turn requesting that one call
(its ``call_id``), a ``function_call_output`` item the tool message answering it; the
``@observe`` tool span's positional ``{args: [...]}`` leaves the arguments to that request.

Edges it must not fire on: a list of messages alone, and the Chat Completions record
``{"messages", "tools"}``, stay the message readers' (tests/trace/test_langfuse_observations.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._spans import Span
from fourfold.integrations.otel._langfuse import langfuse_call
from tests.helpers.span_builders import import_one, langfuse_observation, stepped_span

TRACE = "2e" * 16
ASK = "What is the weather in Oslo?"
SYSTEM = "You are a weather assistant."
ANSWER = "Oslo has snow at -3 C."
_CALL = {
    "arguments": '{"city": "Oslo"}',
    "call_id": "call_1",
    "name": "get_weather",
    "type": "function_call",
    "id": "fc_1",
    "status": "completed",
}
_RESULT = {"type": "function_call_output", "call_id": "call_1", "output": "snow, -3 C"}
_FIRST = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
_MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "status": "completed",
    "content": [{"type": "output_text", "text": ANSWER, "annotations": [], "logprobs": []}],
}


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _generation(input_: Any, output: Any) -> Any:
    return langfuse_observation(
        "generation",
        input_,
        output,
        **{
            "langfuse.observation.model.name": "gpt-4o-mini-2024-07-18",
            "langfuse.observation.usage_details": json.dumps(
                {"input_tokens": 20, "output_tokens": 5, "total_tokens": 25}
            ),
        },
    )


def _loop(tmp_path: Path, *, tools: bool) -> Any:
    """agent > generation (one function_call item, written alone), tool, generation."""
    second = [*_FIRST, _CALL, _RESULT]
    first_input: Any = {"input": _FIRST, "tools": []} if tools else _FIRST
    second_input: Any = {"input": second, "tools": []} if tools else second
    return import_one(
        tmp_path,
        [
            _span(
                1,
                "weather_agent",
                langfuse_observation("agent", {"args": [ASK], "kwargs": {}}, ANSWER),
            ),
            _span(2, "OpenAI-generation", _generation(first_input, _CALL), parent=1),
            _span(
                3,
                "get_weather",
                langfuse_observation("tool", {"args": ["Oslo"], "kwargs": {}}, "snow, -3 C"),
                parent=1,
            ),
            _span(4, "OpenAI-generation", _generation(second_input, _MESSAGE), parent=1),
        ],
    )


@pytest.mark.parametrize("tools", [True, False])
def test_the_drop_ins_responses_loop_is_read_from_its_items(tmp_path: Path, tools: bool) -> None:
    trace = _loop(tmp_path, tools=tools).trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow, -3 C", "call_1"),
        ("assistant", ANSWER, None),
    ]
    assert [r.id for r in trace.messages[2].tool_calls] == ["call_1"]  # not the item's fc_
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        "call_1",
    )
    assert trace.output == ANSWER


def _call_of(input_: Any, output: Any) -> Any:
    attrs = {
        "langfuse.observation.type": "generation",
        "langfuse.observation.input": json.dumps(input_),
        "langfuse.observation.output": json.dumps(output),
    }
    return langfuse_call(Span("t", "s", "p", "OpenAI-generation", None, None, "unset", None, attrs))


def test_several_output_items_are_a_turn_each() -> None:
    second = {**_CALL, "call_id": "call_2", "arguments": '{"city": "Bergen"}'}
    call = _call_of({"input": _FIRST, "tools": []}, [_CALL, second])
    assert [[r.id for r in m.tool_calls] for m in call.outputs] == [["call_1"], ["call_2"]]


def test_messages_alone_and_the_chat_record_are_left_to_the_message_readers() -> None:
    for asked in (_FIRST, {"input": _FIRST}, {"messages": _FIRST, "tools": []}):
        call = _call_of(asked, {"role": "assistant", "content": ANSWER})
        assert [(m.role, m.content) for m in call.inputs] == [("system", SYSTEM), ("user", ASK)]
        assert [(m.role, m.content) for m in call.outputs] == [("assistant", ANSWER)]
    # a text input with tools given: one user item
    call = _call_of({"input": ASK, "tools": []}, _MESSAGE)
    assert [(m.role, m.content) for m in call.inputs] == [("user", ASK)]
    assert [(m.role, m.content) for m in call.outputs] == [("assistant", ANSWER)]
