"""A system prompt written afresh for each model call (the sixty-sixth round, `-2026-12-07zl`):
the two prompts are two messages, the conversation the last call's history with the earlier
prompt after it (the contract's rule for a system prompt a later input steps over); and where
the later input leaves out the turn that requested the tools (openlit's), that turn goes
before its results in that history, not after the answer with the earlier prompt
(`Conversation.in_order`). Its "turn left out" case fails without the rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "c1" * 16
FIRST, SECOND = "Use get_weather. Call 1.", "Use get_weather. Call 2."
QUESTION = text("user", "Weather in Paris and Tokyo?")
ASKED = {
    "role": "assistant",
    "parts": [
        {
            "type": "tool_call",
            "id": "call_w1",
            "name": "get_weather",
            "arguments": {"city": "Paris"},
        },
        {
            "type": "tool_call",
            "id": "call_w2",
            "name": "get_weather",
            "arguments": {"city": "Tokyo"},
        },
    ],
}
RESULTS = [
    {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_w1", "response": "sunny"}],
    },
    {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_w2", "response": "rain"}],
    },
]
ANSWER = "Sunny in Paris, rain in Tokyo."


def _said(imported: Any) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in imported.trace.messages]


@pytest.mark.parametrize("replayed", [True, False], ids=["turn replayed", "turn left out"])
def test_each_calls_system_prompt_is_a_message_the_earlier_after_the_answer(
    tmp_path: Path, replayed: bool
) -> None:
    first = span(
        1, "chat", chat_attributes([text("system", FIRST), QUESTION], [ASKED]), trace=TRACE
    )
    given = [text("system", SECOND), QUESTION, *([ASKED] if replayed else []), *RESULTS]
    second = span(
        2, "chat", chat_attributes(given, [text("assistant", ANSWER)]), trace=TRACE, start=3, end=4
    )
    imported = import_one(tmp_path, [first, second])
    assert _said(imported) == [
        ("system", SECOND),
        ("user", "Weather in Paris and Tokyo?"),
        ("assistant", None),
        ("tool", "sunny"),
        ("tool", "rain"),
        ("assistant", ANSWER),
        ("system", FIRST),
    ]
