"""Agno's reasoning reply, replayed to the main agent's model inside ``<thinking>`` tags.

Shapes from ``openlit/openlit-agno-reasoning-2026-12-06q.json``: the reasoning agent's call
answers with its reasoning; the main agent's call is given it back as an assistant message
``<thinking>\\n...\\n</thinking>``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

_TRACE = "a7" * 16
_SYSTEM = "You are a weather assistant."
_ASK = "What is the weather in Paris?"
_REASONING = "The user asks about Paris. I will answer from what I know."


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


def _chat(n: int, parent: int, inputs: list[dict[str, Any]], reply: str) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([_text("assistant", reply)]),
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=_TRACE, parent=parent, start=float(n))


def _run(replayed: str) -> list[dict[str, Any]]:
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    asked = [_text("system", _SYSTEM), _text("user", _ASK)]
    return [
        span(1, "invoke_agent weather_agent", agent, trace=_TRACE, start=0.5, end=9.0),
        _chat(2, 1, asked, _REASONING),
        _chat(3, 1, [*asked, _text("assistant", replayed)], "Paris is sunny."),
    ]


def test_the_replayed_reasoning_is_the_reasoning_turn_in_its_own_words(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run(f"<thinking>\n{_REASONING}\n</thinking>"))
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", _SYSTEM),
        ("user", _ASK),
        ("assistant", _REASONING),
        ("assistant", "Paris is sunny."),
    ]


def test_a_thinking_message_of_other_words_is_a_message_of_its_own(tmp_path: Path) -> None:
    other = "<thinking>\nSomething else entirely.\n</thinking>"
    imported = import_one(tmp_path, _run(other))
    assert [m.content for m in imported.trace.messages if m.role == "assistant"] == [
        _REASONING,
        other,
        "Paris is sunny.",
    ]
