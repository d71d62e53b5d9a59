"""A team's last call, after its agents, answers the run; a run's input is said once.

Semantic Kernel's ``MagenticOrchestration`` (``semantic-kernel/semantic-kernel-magentic-
2026-12-05.json``): the manager's model calls run inside no agent span (the team's, D15);
its last, made after the weather agent's run ended, asks for the final answer, which the
orchestration returns as the run's result and says to no agent (`integrations/_team_answer.py`).
Before, the weather agent's report was the output. The agent is given the manager's task
ledger and instruction as assistant messages, no user message, which its model calls hold
too; its run's input was said again before them (`integrations/_said_first.py`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import agent_attributes, chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "5d" * 16
SYSTEM = "You are a weather assistant. Use get_weather for every city the user asks about."
LEDGER = "We are working to address the following user request: the weather in Paris."
INSTRUCTION = "Look up the current weather in Paris with get_weather."
REPORT = "Paris is sunny at 22 C."
FINAL = "In Paris it is sunny at 22 C."

REQUEST = {
    "role": "assistant",
    "parts": [
        {"type": "tool_call", "id": "w1", "name": "get_weather", "arguments": {"city": "Paris"}}
    ],
}
"""The weather agent's turn asking for Paris's weather (call w1)."""
RESULT = {
    "role": "tool",
    "parts": [{"type": "tool_call_response", "id": "w1", "response": "sunny, 22 C"}],
}
"""The tool's answer to w1."""


def _chat(n: int, parent: int, inputs: list[Any], output: Any, at: float) -> dict[str, Any]:
    attrs = chat_attributes(inputs, [output])
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=parent, start=at, end=at + 0.5)


def _spans(final: Any | None) -> list[dict[str, Any]]:
    """The manager's ledger call, the agent's run, then (when given) the manager's `final`."""
    given = [text("assistant", LEDGER), text("assistant", INSTRUCTION)]
    agent = agent_attributes("weather_agent", given, [text("assistant", REPORT)])
    request, result = REQUEST, RESULT
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "w1",
        "gen_ai.tool.call.arguments": json.dumps({"city": "Paris"}),
        "gen_ai.tool.call.result": "sunny, 22 C",
    }
    history = [text("system", SYSTEM), *given]
    ledger = text("assistant", json.dumps({"is_request_satisfied": False}))
    spans = [
        span(1, "agent_runtime process MagenticManagerActor", {}, trace=TRACE, start=0, end=10),
        _chat(2, 1, [text("user", "Is the request satisfied?")], ledger, 1),
        span(3, "agent_runtime process weather_agent", {}, trace=TRACE, parent=1, start=2, end=6),
        span(4, "invoke_agent weather_agent", agent, trace=TRACE, parent=3, start=2, end=6),
        _chat(5, 4, history, request, 2.5),
        span(6, "execute_tool get_weather", tool, trace=TRACE, parent=4, start=3.5, end=4),
        _chat(7, 4, [*history, request, result], text("assistant", REPORT), 4.5),
    ]
    if final is not None:
        spans.append(_chat(8, 1, [text("user", "Provide the final answer.")], final, 7))
    return spans


def _said(imported: Any) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in imported.trace.messages]


def test_the_teams_last_call_after_its_agents_is_the_answer(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(text("assistant", FINAL)))

    assert imported.trace.output == FINAL  # before: the weather agent's report
    assert _said(imported)[-2:] == [("assistant", REPORT), ("assistant", FINAL)]
    assert imported.trace.usage.input_tokens == 40  # the team's calls counted
    assert imported.metadata["agent_name"] == "weather_agent"


def test_a_run_input_its_calls_hold_is_said_once(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(text("assistant", FINAL)))

    said = _said(imported)
    assert said[:3] == [("system", SYSTEM), ("assistant", LEDGER), ("assistant", INSTRUCTION)]
    assert said.count(("assistant", LEDGER)) == 1  # before: twice, the run's input again


def test_a_team_call_before_its_agents_end_is_bookkeeping(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(None))

    assert imported.trace.output == REPORT
    assert ("assistant", json.dumps({"is_request_satisfied": False})) not in _said(imported)


def test_a_team_call_asking_for_a_tool_is_no_answer(tmp_path: Path) -> None:
    asks = {"role": "assistant", "parts": [{"type": "tool_call", "id": "m1", "name": "ask"}]}
    imported = import_one(tmp_path, _spans(asks))

    assert imported.trace.output == REPORT


WRITER = "You are a writer. Turn the weather report into one friendly sentence."
TASK = "What is the weather in Paris?"
WRITE = "Turn the weather agent's report into one friendly sentence."
WROTE = "Good news: Paris is sunny (22 C)."


def _two_agents() -> list[dict[str, Any]]:
    """MagenticOne's shape (`autogen/autogen-magentic-team-2026-12-06.json`): the weather agent,
    then a writer given the report, then the orchestrator's final answer, the writer's words."""
    request, result = REQUEST, RESULT
    weather = [text("system", SYSTEM), text("user", TASK), text("user", INSTRUCTION)]
    writer = [
        text("system", WRITER),
        text("user", TASK),
        text("user", INSTRUCTION),
        text("user", REPORT),
        text("user", WRITE),
    ]
    ledger = text("assistant", json.dumps({"is_request_satisfied": False}))
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "w1",
    }
    final = text("assistant", WROTE)
    return [
        span(1, "autogen process MagenticOneOrchestrator", {}, trace=TRACE, start=0, end=20),
        _chat(2, 1, [text("user", "Plan the work.")], ledger, 1),
        span(
            3,
            "invoke_agent weather_agent",
            _agent("weather_agent"),
            trace=TRACE,
            parent=1,
            start=2,
            end=6,
        ),
        _chat(4, 3, weather, request, 2.5),
        span(5, "execute_tool get_weather", tool, trace=TRACE, parent=3, start=3.5, end=4),
        _chat(6, 3, [*weather, request, result], text("assistant", REPORT), 4.5),
        span(7, "invoke_agent writer", _agent("writer"), trace=TRACE, parent=1, start=7, end=9),
        _chat(8, 7, writer, text("assistant", WROTE), 7.5),
        _chat(9, 1, [text("user", "Provide the final answer.")], final, 10),
    ]


def _agent(name: str) -> dict[str, Any]:
    return {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": name}


def test_the_teams_answer_after_two_agents_is_the_last_message(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _two_agents())
    said = _said(imported)

    assert imported.trace.output == WROTE
    # the last history (the writer's) first, the weather agent's own turns after it, and the
    # orchestrator's final answer last (before: right after the writer's reply)
    assert said[-1] == ("assistant", WROTE)
    assert said.index(("system", SYSTEM)) < len(said) - 1
    assert said.count(("assistant", WROTE)) == 2
    assert said[-2] == ("assistant", REPORT)
