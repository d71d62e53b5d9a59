"""Another agent's calls replayed to an agent are not its calls (`integrations/_others_turns.py`).

Semantic Kernel's ``AgentGroupChat`` hands each agent the whole chat, the weather agent's
tool-call turn and results among it, that turn an assistant message named ``weather_agent``;
the chat makes no span, so the writer's run is a trace of its own
(``semantic-kernel/semantic-kernel-agent-group-chat-2026-12-05.json``). Before, the replayed
requests, answered in the writer's trace and executed by no span of it, were listed as the
writer's calls: counted in both traces.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "7c" * 16
QUESTION = "What is the weather in Paris?"
REPORT = "Paris is sunny at 22 C."
ANSWER = "Good news: Paris is sunny."


def _spans(requester: str | None) -> list[dict[str, Any]]:
    """The writer's trace: its one model call handed the chat, whose tool-call turn is
    `requester`'s (named so; unnamed when None)."""
    asked: dict[str, Any] = {
        "role": "assistant",
        "parts": [{"type": "tool_call", "id": "w1", "name": "get_weather", "arguments": {}}],
    }
    if requester is not None:
        asked["name"] = requester
    history = [
        {"role": "system", "parts": [{"type": "text", "content": "You are a writer."}]},
        {"role": "user", "parts": [{"type": "text", "content": QUESTION}]},
        asked,
        {
            "role": "tool",
            "parts": [{"type": "tool_call_response", "id": "w1", "response": "sunny"}],
        },
        {
            "role": "assistant",
            "name": "weather_agent",
            "parts": [{"type": "text", "content": REPORT}],
        },
    ]
    reply = {"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "writer"}
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(history),
        "gen_ai.output.messages": json.dumps([reply]),
    }
    return [
        span(1, "invoke_agent writer", agent, trace=TRACE, start=1, end=9),
        span(2, "chat gpt-4o-mini", chat, trace=TRACE, parent=1, start=2, end=3),
    ]


def test_a_call_another_named_agent_requested_is_not_the_runs_call(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans("weather_agent"))

    assert imported.trace.tool_calls == []  # before: w1, the weather agent's
    requested = [r.id for m in imported.trace.messages for r in m.tool_calls]
    assert requested == ["w1"]  # its turn is still the conversation's
    assert imported.trace.output == ANSWER


def test_a_call_of_the_runs_own_or_an_unnamed_turn_stays(tmp_path: Path) -> None:
    for requester in ("writer", None):
        imported = import_one(tmp_path, _spans(requester))

        assert [c.id for c in imported.trace.tool_calls] == ["w1"], requester
