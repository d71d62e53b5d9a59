"""A workflow step's own model call, inside no agent (D15; tests/data/traces/crewai/).

A CrewAI Flow as openinference-instrumentation-crewai 1.1.21's event listener writes it: the
flow's kickoff CHAIN over a CHAIN per step, a step kicking off a crew (AGENT spans holding the
agents' LLM spans), another asking the model itself (an LLM span inside no AGENT). A step that
asks before any agent ran (``crewai-flow-router``: the ``@start`` step's question, which the
``@router`` step routes by) steers: no turn, its tokens counted. One that asks once the crew has
run (``crewai-flow``: a ``@listen`` step answering from its report) is a turn; and with no agent
run in the trace, every call is the conversation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "ef" * 16
QUESTION = "Weather in Paris?"
CLASSIFY = f"Is this a weather question? Answer weather or other: {QUESTION}"
SYSTEM = "You are Researcher."
TASK = f"Current Task: look up the weather for {QUESTION}"


def _span(n: int, name: str, attrs: dict[str, Any], start: float, end: float, **kw: Any) -> Any:
    return span(n, name, attrs, trace=TRACE, start=start, end=end, **kw)


def _chain(n: int, name: str, start: float, end: float, **attrs: Any) -> Any:
    parent = attrs.pop("parent", None)
    kind = {"openinference.span.kind": "CHAIN", **attrs}
    return _span(n, name, kind, start, end, parent=parent)


def _llm(n: int, parent: int, start: float, said: list[dict[str, Any]], reply: str) -> Any:
    """CrewAI's ``<model>.llm_call`` LLM span: its messages, its text reply, 10 in / 1 out."""
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "input.value": json.dumps(said),
        "output.value": reply,
        "llm.token_count.prompt": 10,
        "llm.token_count.completion": 1,
        **openinference_messages("llm.input_messages", said),
        **openinference_messages("llm.output_messages", [{"role": "assistant", "content": reply}]),
    }
    return _span(n, "gpt-4o-mini.llm_call", attrs, start, start + 0.5, parent=parent)


def _crew(first: int, parent: int, start: float) -> list[Any]:
    """A step's crew of one agent, whose one model call answers."""
    agent = {
        "openinference.span.kind": "AGENT",
        "graph.node.id": "Researcher",
        "input.value": TASK,
        "output.value": "Sunny.",
    }
    said = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": TASK}]
    kickoff = {"input.value": json.dumps({"question": QUESTION}), "parent": parent}
    return [
        _chain(first, "crew.kickoff", start, start + 2.0, **kickoff),
        _span(
            first + 1, "Researcher.look up.execute", agent, start + 0.1, start + 1.9, parent=first
        ),
        _llm(first + 2, first + 1, start + 0.2, said, "Sunny."),
    ]


def _flow(*, crew: bool, asks_after: bool = False) -> list[Any]:
    """A Flow whose ``classify`` step asks the model, then (with `crew`) a ``research`` step
    kicks off a crew; with `asks_after`, the question is asked by a step after the crew."""
    kickoff = {"input.value": json.dumps({"question": QUESTION}), "output.value": "Sunny."}
    spans = [_chain(1, "RoutedWeatherFlow.kickoff", 0.0, 9.0, **kickoff)]
    asked = 6.0 if asks_after else 1.0
    spans += [
        _chain(2, "RoutedWeatherFlow.classify", asked, asked + 1.0, parent=1),
        _llm(3, 2, asked + 0.1, [{"role": "user", "content": CLASSIFY}], "weather"),
    ]
    if not asks_after:
        route = {"input.value": json.dumps({"_0": "weather"}), "parent": 1}
        spans.append(_chain(4, "RoutedWeatherFlow.route", 2.5, 2.6, **route))
    if crew:
        spans.append(_chain(5, "RoutedWeatherFlow.research", 3.0, 5.5, parent=1))
        spans += _crew(6, 5, 3.1)
    return spans


def _said(imported: Any) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in imported.trace.messages]


def test_a_steps_call_before_every_agent_steers_them(tmp_path: Path) -> None:
    # the router's question is asked before the crew runs: no part of the conversation
    imported = import_one(tmp_path, _flow(crew=True))
    assert _said(imported) == [("system", SYSTEM), ("user", TASK), ("assistant", "Sunny.")]
    usage = imported.trace.usage  # its tokens were spent on the run
    assert (usage.input_tokens, usage.output_tokens) == (20, 2)
    assert imported.metadata["team_model_calls"] == 1  # set aside, not lost
    assert imported.input == QUESTION
    assert imported.trace.output == "Sunny."
    assert imported.metadata["agent_name"] == "Researcher"


def test_a_steps_call_after_the_crew_stays_a_turn(tmp_path: Path) -> None:
    # the sibling, crewai-flow's shape: a step asking once an agent has run is a turn
    imported = import_one(tmp_path, _flow(crew=True, asks_after=True))
    assert _said(imported) == [
        ("system", SYSTEM),
        ("user", TASK),
        ("assistant", "Sunny."),
        ("user", CLASSIFY),
        ("assistant", "weather"),
    ]
    assert "team_model_calls" not in imported.metadata


def test_a_steps_call_with_no_agent_in_the_trace_is_the_conversation(tmp_path: Path) -> None:
    # no agent run: nothing to steer, the call is the conversation
    imported = import_one(tmp_path, _flow(crew=False))
    assert _said(imported) == [("user", CLASSIFY), ("assistant", "weather")]
    assert "team_model_calls" not in imported.metadata
