"""A team leader delegating through tools is the conversation; a generator's repr no result.

openlit's Agno team run with ``arun`` (``openlit/openlit-agno-team-fan-out-arun-2026-12-06t``):
the team is an ``invoke_workflow`` span, its leader's ``chat`` spans sit beside the members'
``invoke_agent`` spans, and its ``delegate_task_to_member`` spans record the async generator
the tool returned, ``<async_generator object ... at 0x...>``. The leader's calls request calls
the run executed, so they are turns (`integrations/_delegating_calls.py`), and the repr is no
value, so the result is the tool message the leader's next input gives
(`integrations/otel/_generator_reprs.py`). A team call that requests nothing a tool ran stays
the team's (D15).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import agent_attributes, chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "6e" * 16
QUESTION = "What is the weather in Paris?"
TASK = "Current weather in Paris?"
REPORT = "Paris is sunny at 22 C."
FINAL = "It is sunny in Paris, 22 C."
GENERATOR = "<async_generator object delegate.<locals>.adelegate at 0x7ff761ea6c40>"

REQUEST = {
    "role": "assistant",
    "parts": [{"type": "tool_call", "id": "d1", "name": "delegate", "arguments": {"task": TASK}}],
}
"""The leader's turn delegating the task (call d1)."""
ANSWER = {"role": "tool", "parts": [{"type": "tool_call_response", "id": "d1", "response": REPORT}]}
"""The member's answer to d1, as the leader's next input gives it."""


def _chat(n: int, parent: int, inputs: list[Any], output: Any, at: float) -> dict[str, Any]:
    attrs = chat_attributes(inputs, [output])
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=parent, start=at, end=at + 0.5)


def _spans(result: str, *, delegated: bool = True) -> list[dict[str, Any]]:
    """The team's workflow span, the leader's two calls, a delegation `result`, the member."""
    workflow = {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "team"}
    member = agent_attributes("weather_agent", [text("user", TASK)], [text("assistant", REPORT)])
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "delegate",
        "gen_ai.tool.call.id": "d1" if delegated else "other",
        "gen_ai.tool.call.arguments": json.dumps({"task": TASK}),
        "gen_ai.tool.call.result": result,
    }
    given = [text("system", "You lead a team."), text("user", QUESTION)]
    return [
        span(1, "invoke_workflow team", workflow, trace=TRACE, start=0, end=10),
        _chat(2, 1, given, REQUEST, 1),
        span(3, "execute_tool delegate", tool, trace=TRACE, parent=1, start=2, end=2.1),
        span(4, "invoke_agent weather_agent", member, trace=TRACE, parent=1, start=3, end=5),
        _chat(5, 4, [text("user", TASK)], text("assistant", REPORT), 3.5),
        _chat(6, 1, [*given, ANSWER], text("assistant", FINAL), 6),
    ]


def _said(imported: Any) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in imported.trace.messages]


def test_a_leader_delegating_through_tools_is_the_conversation(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(GENERATOR))
    assert _said(imported) == [
        ("system", "You lead a team."),
        ("user", QUESTION),
        ("assistant", None),
        ("tool", REPORT),
        ("assistant", FINAL),
        ("user", TASK),
        ("assistant", REPORT),
    ]
    [call] = [c for c in imported.trace.tool_calls if c.name == "delegate"]
    assert (call.id, call.result) == ("d1", REPORT)  # the repr was no value


def test_a_result_the_span_records_stays_the_calls(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans("handed on"))
    [call] = [c for c in imported.trace.tool_calls if c.name == "delegate"]
    assert call.result == "handed on"


def test_a_team_call_requesting_nothing_a_tool_ran_stays_the_teams(tmp_path: Path) -> None:
    # the executed tool answers another id: the leader's first call delegates nothing the run
    # ran, a steering call beside the agents; the final call after every agent answers
    imported = import_one(tmp_path, _spans(GENERATOR, delegated=False))
    said = _said(imported)
    assert ("user", QUESTION) not in said
    assert said[-1] == ("assistant", FINAL)
