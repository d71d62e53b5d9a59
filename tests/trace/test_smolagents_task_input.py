"""A smolagents agent's task under openlit is the run's input, not its model's prompt.

openlit's smolagents instrumentation (``openlit-smolagents-tool-error-2026-12-06m``,
``openlit-smolagents-code-managed-2026-12-06n``, both blind readings of each): the
``invoke_agent`` span records the task as its one user message, and the model is given it
after smolagents' ``New task:`` line. The input is the task (`otel/_otel.py`, the run's own
input); before, it was the model's first user message, prefix and all. A CrewAI agent's one
user message under openlit is its task's prompt, not what the user asked: not read so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.genai_messages import text
from tests.helpers.span_builders import import_one, span

TRACE = "5a" * 16
TASK = "What is the weather in Paris and in Tokyo?"


def _user(said: str) -> str:
    return json.dumps([text("user", said)])


def _spans(provider: str) -> list[dict[str, Any]]:
    agent = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "weather_agent",
        "gen_ai.provider.name": provider,
        "gen_ai.input.messages": _user(TASK),
    }
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": _user(f"New task:\n{TASK}"),
        "gen_ai.output.messages": json.dumps([text("assistant", "Sunny; rainy.")]),
    }
    return [
        span(1, "invoke_agent weather_agent", agent, trace=TRACE, start=0.0, end=3.0),
        span(2, "chat gpt-4o-mini", chat, trace=TRACE, parent=1, start=1.0, end=2.0),
    ]


@pytest.mark.parametrize(
    ("provider", "expected"), [("smolagents", TASK), ("crewai", f"New task:\n{TASK}")]
)
def test_the_input_is_a_smolagents_agents_own_task(
    provider: str, expected: str, tmp_path: Path
) -> None:
    assert import_one(tmp_path, _spans(provider)).input == expected
