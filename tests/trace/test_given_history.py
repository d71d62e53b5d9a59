"""Calls a run was given as memory are not its calls (`integrations/_given_history.py`).

Mastra's ``@mastra/memory``: each ``agent.generate`` on one thread is a trace of its own,
and the second run's model input replays the first run's call, with its id and result,
before the follow-up (``mastra/mastra-memory-2026-12-05.json``). Before, the replayed call,
answered in the trace and executed by no span of it, was listed as the second run's call
too: counted once per trace that remembered it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5c" * 16
FIRST, FOLLOW_UP = "What is the weather in Paris today?", "And tomorrow?"


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


def _request(call_id: str, day: str) -> dict[str, Any]:
    arguments = {"city": "Paris", "day": day}
    part = {"type": "tool_call", "id": call_id, "name": "get_forecast", "arguments": arguments}
    return {"role": "assistant", "parts": [part]}


def _result(call_id: str, result: str) -> dict[str, Any]:
    part = {"type": "tool_call_response", "id": call_id, "response": result}
    return {"role": "tool", "parts": [part]}


def _spans(follow_up: str) -> list[dict[str, Any]]:
    """The second run of a memory thread: its input `follow_up`, the first run replayed."""
    history = [
        _text("user", FIRST),
        _request("t1", "today"),
        _result("t1", "sunny, 22 C"),
        _text("assistant", "Paris is sunny at 22 C today."),
        _text("user", FOLLOW_UP),
    ]
    agent = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "weather_agent",
        "mastra.span.type": "agent_run",
        "mastra.agent_run.input": follow_up,
    }

    def chat(n: int, inputs: list[Any], output: dict[str, Any]) -> dict[str, Any]:
        attrs = {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps([output]),
        }
        return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=1, start=n, end=n + 0.5)

    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_forecast",
        "gen_ai.tool.call.id": "t2",
        "gen_ai.tool.call.arguments": json.dumps({"city": "Paris", "day": "tomorrow"}),
        "gen_ai.tool.call.result": "cloudy, 18 C",
    }
    answer = _text("assistant", "Tomorrow Paris will be cloudy at 18 C.")
    return [
        span(1, "invoke_agent weather_agent", agent, trace=TRACE, start=1, end=9),
        chat(2, history, _request("t2", "tomorrow")),
        span(3, "execute_tool get_forecast", tool, trace=TRACE, parent=1, start=3, end=3.5),
        chat(4, [*history, _request("t2", "tomorrow"), _result("t2", "cloudy, 18 C")], answer),
    ]


def test_a_call_replayed_before_the_runs_input_is_not_the_runs_call(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(FOLLOW_UP))

    assert [c.id for c in imported.trace.tool_calls] == ["t2"]  # before: t1 too
    requested = [r.id for m in imported.trace.messages for r in m.tool_calls]
    assert requested == ["t1", "t2"]  # the remembered turn is still the conversation's


def test_a_run_that_began_the_conversation_keeps_every_call(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(FIRST))  # its input said before both calls

    assert [c.id for c in imported.trace.tool_calls] == ["t1", "t2"]


def test_a_run_no_span_gives_the_input_of_began_after_the_replayed_conversation(
    tmp_path: Path,
) -> None:
    """No span gives the run's input apart (OpenInference's openai-agents spans on the Agents
    SDK's ``SQLiteSession``: ``openai-agents/openai-agents-session-2026-12-05.json``): its
    first model call, handed the answered ``t1`` and then the follow-up, says where it began."""
    spans = _spans(FOLLOW_UP)
    del spans[0]["attributes"]["mastra.agent_run.input"]
    imported = import_one(tmp_path, spans)

    assert imported.input == FOLLOW_UP  # before: the first question, the history's
    assert [c.id for c in imported.trace.tool_calls] == ["t2"]  # before: t1 too
