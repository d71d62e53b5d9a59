"""A Responses API reply OpenInference flattens into one message: a turn an output item.

openinference-instrumentation-openai-agents writes a reply of two ``function_call`` items as
one assistant message requesting both (``llm.output_messages.0``); the ``Response`` in
``output.value`` holds them as two items, each a turn of its own (the contract). With
``previous_response_id`` (``openai-agents-previous-response-id-2026-12-06p``) no next input
replays the items, so the reply is read from the response: two turns, then both results
(`otel/_reply_items.item_turns`). A ``Response`` the Agents SDK built from a Chat Completions
stream (its id ``__fake_id__``) is one message requesting both calls, as its next request
writes it, and stays whole.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.span_builders import import_one, openinference_messages, span

SYSTEM = "You are a weather assistant."
CALLS = [("c1", "get_weather", {"city": "Paris"}), ("c2", "get_weather", {"city": "Tokyo"})]


def _spans(response_id: str) -> list[dict[str, Any]]:
    items = [
        {
            "type": "function_call",
            "id": f"fc_{n}",
            "call_id": c,
            "name": f,
            "arguments": json.dumps(a),
        }
        for n, (c, f, a) in enumerate(CALLS)
    ]
    first = {
        "openinference.span.kind": "LLM",
        **openinference_messages(
            "llm.input_messages",
            [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": "Paris and Tokyo?"},
            ],
        ),
        **openinference_messages(
            "llm.output_messages", [{"role": "assistant", "tool_calls": CALLS}]
        ),
        "output.value": json.dumps({"id": response_id, "object": "response", "output": items}),
    }
    second = {
        "openinference.span.kind": "LLM",
        **openinference_messages(
            "llm.input_messages",
            [
                {"role": "system", "content": SYSTEM},
                {"role": "tool", "tool_call_id": "c1", "content": "sunny"},
                {"role": "tool", "tool_call_id": "c2", "content": "rain"},
            ],
        ),
        **openinference_messages(
            "llm.output_messages", [{"role": "assistant", "content": "Sunny; rain."}]
        ),
    }
    trace = "e1" * 16
    return [
        span(1, "response", first, trace=trace, start=1.0, end=2.0),
        span(2, "response", second, trace=trace, start=3.0, end=4.0),
    ]


@pytest.mark.parametrize(
    ("response_id", "turns"),
    [("resp_1", [["c1"], ["c2"]]), ("__fake_id__", [["c1", "c2"]])],
)
def test_a_reply_s_calls_are_a_turn_each_unless_the_sdk_built_the_response(
    tmp_path: Path, response_id: str, turns: list[list[str]]
) -> None:
    trace = import_one(tmp_path, _spans(response_id)).trace
    requested = [[r.id for r in m.tool_calls] for m in trace.messages if m.tool_calls]
    assert requested == turns
    roles = [m.role for m in trace.messages]
    assert roles == ["system", "user", *["assistant"] * len(turns), "tool", "tool", "assistant"]
