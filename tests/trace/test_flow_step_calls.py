"""A Flow step's own model call when the step's span ended before its work began
(`fourfold.integrations._flow_step_calls`; tests/data/traces/openlit/openlit-crewai-flow-*).

openlit 1.45 writes a CrewAI Flow as ``invoke_workflow <Flow>`` over one ``invoke_agent <step>``
span per step, about 0.1 ms long, its output the coroutine's repr; the step's work hangs under
the flow span beside it: a crew (``invoke_workflow crew`` > ``invoke_agent <agent>`` > ``chat``),
then a ``@listen`` step's plain ``LLM.call`` (a ``chat`` span). That call is the step's turn,
after the crew's conversation; a call under the flow with no such step span before it stays a
team's call beside the agents (D15), and so does one an agent run came between.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
SYSTEM = "You are Weather researcher."
TASK = "Current Task: look up the weather in Paris"
REPORT = "Paris: sunny, 22 C."
PROMPT = f"Answer in one sentence from this research: {REPORT}"
ANSWER = "Paris is sunny at 22 C."
COROUTINE = "<coroutine object Flow._execute_method at 0x7f246443f130>"


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _run(n: int, op: str, name: str, out: str, parent: int | None, at: float, end: float) -> Any:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": op,
        "gen_ai.output.messages": json.dumps([_text("assistant", out)]),
    }
    if op == "invoke_agent" and out != COROUTINE:
        attrs["gen_ai.agent.name"] = name
    return span(n, f"{op} {name}", attrs, trace=TRACE, parent=parent, start=at, end=end)


def _chat(n: int, parent: int, said: list[Any], reply: str, at: float) -> Any:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(said),
        "gen_ai.output.messages": json.dumps([_text("assistant", reply)]),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 1,
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=parent, start=at, end=at + 0.5)


def _flow(*, step_span: str | None = COROUTINE) -> list[Any]:
    """The flow: ``research`` (a crew of one agent) then ``answer`` (a plain call) under the flow
    span; `step_span` the ``answer`` step span's output (None: no step span)."""
    asked = 5.0
    spans = [
        _run(1, "invoke_workflow", "WeatherFlow", ANSWER, None, 0.0, 9.0),
        _run(2, "invoke_agent", "research", COROUTINE, 1, 1.0, 1.0001),
        _run(3, "invoke_workflow", "crew", REPORT, 1, 1.1, 4.0),
        _run(4, "invoke_agent", "Weather researcher", REPORT, 3, 1.2, 3.9),
        _chat(5, 4, [_text("system", SYSTEM), _text("user", TASK)], REPORT, 1.3),
        _chat(7, 1, [_text("user", PROMPT)], ANSWER, asked + 0.1),
    ]
    if step_span is not None:
        spans.append(_run(6, "invoke_agent", "answer", step_span, 1, asked, asked + 0.0001))
    return spans


def _said(imported: Any) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in imported.trace.messages]


def test_the_call_after_a_step_span_that_ended_first_is_the_steps_turn(tmp_path: Path) -> None:
    # openlit-crewai-flow's shape: the crew's conversation, then the answer step's prompt, reply
    imported = import_one(tmp_path, _flow())
    assert _said(imported) == [
        ("system", SYSTEM),
        ("user", TASK),
        ("assistant", REPORT),
        ("user", PROMPT),
        ("assistant", ANSWER),
    ]
    assert "team_model_calls" not in imported.metadata
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (20, 2)


def test_a_call_beside_the_agents_with_no_step_span_before_it_stays_the_teams(
    tmp_path: Path,
) -> None:
    # unchanged: a call under a run holding agents, no step of its own, is a team's (D15)
    imported = import_one(tmp_path, _flow(step_span=None))
    assert ("user", PROMPT) not in _said(imported)
    assert imported.metadata["team_model_calls"] == 1


def test_a_step_span_that_says_something_does_not_claim_the_call(tmp_path: Path) -> None:
    # a run that recorded what it said is no step that ended before its work: read as before
    imported = import_one(tmp_path, _flow(step_span="Paris is sunny."))
    assert ("user", PROMPT) not in _said(imported)
    assert imported.metadata["team_model_calls"] == 1


def test_an_agent_run_between_the_step_span_and_the_call_keeps_it_the_teams(
    tmp_path: Path,
) -> None:
    # the step span is not the last run before the call: an agent ran since, read as before
    writer = _run(8, "invoke_agent", "Writer", "Noted.", 1, 5.02, 5.05)
    imported = import_one(tmp_path, [*_flow(), writer])
    assert ("user", PROMPT) not in _said(imported)
    assert imported.metadata["team_model_calls"] == 1
