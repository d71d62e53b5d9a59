"""A run given the chat so far (the fifty-ninth round, `-2026-12-07ze`): the question it was
newly asked is its input, and an answer only the history holds is not its own
(`_given_history`). The misses of the round's first run; each test fails without its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "f1" * 16
HISTORY = [
    text("system", "You are a weather assistant."),
    text("user", "What is the weather in Paris?"),
    text("assistant", "Paris is sunny at 22 C."),
    text("user", "And in Tokyo?"),
]
ASKED = {
    "role": "assistant",
    "parts": [
        {
            "type": "tool_call",
            "id": "call_h1",
            "name": "get_weather",
            "arguments": {"city": "Tokyo"},
        }
    ],
}
RESULT = {
    "role": "tool",
    "parts": [{"type": "tool_call_response", "id": "call_h1", "response": "rain, 17 C"}],
}


def _chat(n: int, given: list[Any], said: list[Any]) -> dict[str, Any]:
    return span(
        n, "chat gpt-4o-mini", chat_attributes(given, said), trace=TRACE, start=n, end=n + 0.5
    )


def test_the_follow_up_is_the_input_of_a_run_given_the_chat(tmp_path: Path) -> None:
    first = _chat(1, HISTORY, [ASKED])
    second = _chat(2, [*HISTORY, ASKED, RESULT], [text("assistant", "Tokyo has rain at 17 C.")])
    imported = import_one(tmp_path, [first, second])
    assert imported.input == "And in Tokyo?"
    assert imported.trace.output == "Tokyo has rain at 17 C."


def test_an_answer_only_the_history_holds_is_not_the_runs(tmp_path: Path) -> None:
    """OpenLLMetry's openai-agents spans: each call's request, no reply."""
    first = _chat(1, HISTORY, [])
    second = _chat(2, [*HISTORY, ASKED, RESULT], [])
    tool = span(
        3,
        "get_weather.tool",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.arguments": json.dumps({"city": "Tokyo"}),
            "gen_ai.tool.call.result": "rain, 17 C",
        },
        trace=TRACE,
        start=1.6,
        end=1.8,
    )
    imported = import_one(tmp_path, [first, second, tool])
    assert imported.input == "And in Tokyo?"
    assert imported.trace.output is None
