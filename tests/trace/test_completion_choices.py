"""A reply written as Chat Completions choices: each choice is its message.

Shape from ``laminar/laminar-openai-2026-12-07.json`` and ``laminar-langgraph-2026-12-07``
(Laminar's SDK, scope ``lmnr.tracer``: ``gen_ai.output.messages`` as ``[{"finish_reason",
"index", "logprobs", "message": {...}}]``); and the edges the rule must not fire on: the
GenAI conventions' parts message with its ``finish_reason``, an object with a ``message``
and no finish reason, a ``gen_ai.choice`` event's body (tests/trace/test_reply_choices.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._messages import parse_messages
from tests.helpers.span_builders import import_one, stepped_span

_TRACE = "1a" * 16
_ASK = "What is the weather in Paris?"
_ANSWER = "Paris is sunny at 22 C."
_REQUEST = {
    "id": "call_w1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": json.dumps({"city": "Paris"})},
}


def _choice(message: dict[str, Any], finish: str | None, index: int = 0) -> dict[str, Any]:
    """One choice as the OpenAI client returns it (``model_dump()``)."""
    said = {
        "content": None,
        "refusal": None,
        "role": "assistant",
        "annotations": None,
        "audio": None,
        "function_call": None,
        "tool_calls": None,
        **message,
    }
    return {"finish_reason": finish, "index": index, "logprobs": None, "message": said}


def _chat(n: int, inputs: list[dict[str, Any]], replies: list[dict[str, Any]]) -> dict[str, Any]:
    attrs = {
        "lmnr.span.type": "LLM",
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(replies),
    }
    return stepped_span(n, "openai.chat", attrs, trace=_TRACE, parent=9)


def _loop() -> list[dict[str, Any]]:
    asked = [{"role": "user", "content": _ASK}]
    turn = {"role": "assistant", "tool_calls": [_REQUEST]}
    result = {"role": "tool", "tool_call_id": "call_w1", "content": "sunny, 22 C"}
    tool = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather"}
    tool |= {"gen_ai.tool.call.id": "call_w1", "gen_ai.tool.call.result": "sunny, 22 C"}
    return [
        _chat(1, asked, [_choice({"tool_calls": [_REQUEST]}, "tool_calls")]),
        stepped_span(2, "get_weather", tool, trace=_TRACE, parent=9),
        _chat(3, [*asked, turn, result], [_choice({"content": _ANSWER}, "stop")]),
        stepped_span(9, "loop", {"gen_ai.operation.name": "invoke_agent"}, trace=_TRACE),
    ]


def test_each_calls_choice_is_its_reply(tmp_path: Path) -> None:
    trace = import_one(tmp_path, _loop()).trace
    said = [(m.role, m.content, [c.id for c in m.tool_calls]) for m in trace.messages]
    assert said == [
        ("user", _ASK, []),
        ("assistant", None, ["call_w1"]),
        ("tool", "sunny, 22 C", []),
        ("assistant", _ANSWER, []),
    ]
    assert trace.output == _ANSWER


def test_several_choices_are_choices_the_answer_the_first(tmp_path: Path) -> None:
    asked = [{"role": "user", "content": _ASK}]
    replies = [_choice({"content": _ANSWER}, "stop"), _choice({"content": "Sunny."}, "stop", 1)]
    trace = import_one(tmp_path, [_chat(1, asked, replies)]).trace
    assert [m.content for m in trace.messages if m.role == "assistant"] == [_ANSWER, "Sunny."]
    assert trace.output == _ANSWER


def test_a_parts_message_with_its_finish_reason_is_read_as_before() -> None:
    # the GenAI conventions' output message: role, parts and finish_reason, no choice
    reply = {
        "role": "assistant",
        "parts": [
            {"type": "text", "content": "Checking."},
            {"type": "tool_call", "id": "call_w1", "name": "get_weather", "arguments": {}},
        ],
        "finish_reason": "tool_call",
    }
    [msg] = parse_messages(json.dumps([reply]), default_role="assistant")
    assert (msg.role, msg.content, [c.id for c in msg.tool_calls]) == (
        "assistant",
        "Checking.",
        ["call_w1"],
    )


def test_an_object_with_a_message_and_no_finish_reason_is_no_choice() -> None:
    assert parse_messages({"message": {"role": "assistant", "content": "Hi"}}) == []
    # a choice whose message is text (an event body's) is not read here either
    assert parse_messages({"finish_reason": "stop", "message": "Hi"}) == []
