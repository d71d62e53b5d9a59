"""Whole runs of one agent under one application span, side by side (the sixtieth round,
`-2026-12-07zf`) or one after the other (the sixty-second, `-2026-12-07zh`): each run's
conversation whole, in the order the runs started, the system prompt once for each; the
first-started run's question the input, the last-started run's answer the output; the calls
in the order they were requested (`_whole_runs`). The runs sit under workflow spans of their
own, as the OpenAI Agents SDK's do, so no sibling rule finds them; the first two tests fail
without the rule, the last two if it reads too much."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "5b" * 16
SYSTEM = "You are a weather assistant."
CITY = {
    "p": ("Paris", "sunny, 22 C", "Paris is sunny at 22 C."),
    "k": ("Tokyo", "rain, 17 C", "Tokyo has rain at 17 C."),
}


def _asked(key: str) -> dict[str, Any]:
    city = CITY[key][0]
    part = {
        "type": "tool_call",
        "id": f"call_{key}1",
        "name": "get_weather",
        "arguments": {"city": city},
    }
    return {"role": "assistant", "parts": [part]}


def _result(key: str) -> dict[str, Any]:
    part = {"type": "tool_call_response", "id": f"call_{key}1", "response": CITY[key][1]}
    return {"role": "tool", "parts": [part]}


def _run(
    key: str,
    first: int,
    at: dict[str, tuple[float, float]],
    *,
    answers: bool,
    name: str = "weather_agent",
    system: str = SYSTEM,
) -> list[dict[str, Any]]:
    """One run of agent `name`: its workflow span, its agent span, two chats and a tool (span
    numbers from `first`; `at` the times of each: flow, agent, ask, tool, answer)."""
    city, result, answer = CITY[key]
    question = [text("system", system), text("user", f"What is the weather in {city}?")]
    agent: dict[str, Any] = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": name}
    if answers:
        agent["gen_ai.output.messages"] = json.dumps([text("assistant", answer)])
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": f"call_{key}1",
        "gen_ai.tool.call.arguments": json.dumps({"city": city}),
        "gen_ai.tool.call.result": result,
    }
    said = [*question, _asked(key), _result(key)]
    parts = [
        ("Agent workflow", {"gen_ai.operation.name": "invoke_workflow"}, 1, "flow"),
        (f"invoke_agent {name}", agent, first, "agent"),
        ("chat gpt-4o-mini", chat_attributes(question, [_asked(key)]), first + 1, "ask"),
        ("execute_tool get_weather", tool, first + 1, "tool"),
        (
            "chat gpt-4o-mini",
            chat_attributes(said, [text("assistant", answer)]),
            first + 1,
            "answer",
        ),
    ]
    out = []
    for n, (name, attrs, parent, what) in enumerate(parts):
        start, end = at[what]
        out.append(span(first + n, name, attrs, trace=TRACE, parent=parent, start=start, end=end))
    out[0]["parent_id"] = f"{1:016x}"
    for item in out[2:]:
        item["parent_id"] = f"{first + 1:016x}"
    return out


# Paris's run starts first and ends last; Tokyo's first model call starts first and its reply
# ends first: only the runs' start says which conversation is first, and only the replies' ends
# which call was requested first.
PARIS = {
    "flow": (1.0, 9.5),
    "agent": (1.1, 9.4),
    "ask": (1.5, 2.5),
    "tool": (2.6, 2.7),
    "answer": (3.1, 9.3),
}
TOKYO = {
    "flow": (1.05, 9.0),
    "agent": (1.15, 8.9),
    "ask": (1.3, 2.0),
    "tool": (2.1, 2.2),
    "answer": (3.0, 8.8),
}


# one after the other: Paris's run, then Tokyo's
FIRST = {
    "flow": (1.0, 4.0),
    "agent": (1.1, 3.9),
    "ask": (1.2, 2.0),
    "tool": (2.1, 2.2),
    "answer": (2.3, 3.8),
}
THEN = {
    "flow": (5.0, 8.0),
    "agent": (5.1, 7.9),
    "ask": (5.2, 6.0),
    "tool": (6.1, 6.2),
    "answer": (6.3, 7.8),
}


def _batch(
    *, answers: bool, paris: dict[str, Any] = PARIS, tokyo: dict[str, Any] = TOKYO
) -> list[dict[str, Any]]:
    batch = span(1, "handle_batch", {}, trace=TRACE, start=0.9, end=10.0)
    return [batch, *_run("p", 10, paris, answers=answers), *_run("k", 20, tokyo, answers=answers)]


def _said(imported: Any) -> list[tuple[str, str | None, list[str]]]:
    return [
        (m.role, m.content, [c.id for c in m.tool_calls or []]) for m in imported.trace.messages
    ]


CONVERSATIONS = [
    ("system", SYSTEM, []),
    ("user", "What is the weather in Paris?", []),
    ("assistant", None, ["call_p1"]),
    ("tool", "sunny, 22 C", []),
    ("assistant", "Paris is sunny at 22 C.", []),
    ("system", SYSTEM, []),
    ("user", "What is the weather in Tokyo?", []),
    ("assistant", None, ["call_k1"]),
    ("tool", "rain, 17 C", []),
    ("assistant", "Tokyo has rain at 17 C.", []),
]


@pytest.mark.parametrize("answers", [False, True], ids=["said", "recorded by the runs"])
def test_runs_side_by_side_are_conversations_apart_in_start_order(
    tmp_path: Path, answers: bool
) -> None:
    imported = import_one(tmp_path, _batch(answers=answers))
    assert _said(imported) == CONVERSATIONS
    assert imported.input == "What is the weather in Paris?"
    assert imported.trace.output == "Tokyo has rain at 17 C."
    assert [c.id for c in imported.trace.tool_calls] == ["call_k1", "call_p1"]


def test_runs_one_after_the_other_are_conversations_apart(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _batch(answers=False, paris=FIRST, tokyo=THEN))
    assert _said(imported) == CONVERSATIONS
    assert imported.input == "What is the weather in Paris?"
    assert imported.trace.output == "Tokyo has rain at 17 C."
    assert [c.id for c in imported.trace.tool_calls] == ["call_p1", "call_k1"]


def test_two_agents_side_by_side_are_conversations_apart_in_start_order(tmp_path: Path) -> None:
    """The sixty-seventh round: a weather agent and a travel agent at once, sharing nothing."""
    travel = "You are a travel assistant."
    batch = span(1, "handle_batch", {}, trace=TRACE, start=0.9, end=10.0)
    paris = _run("p", 10, PARIS, answers=False)
    tokyo = _run("k", 20, TOKYO, answers=False, name="travel_agent", system=travel)
    imported = import_one(tmp_path, [batch, *paris, *tokyo])
    assert _said(imported) == [*CONVERSATIONS[:5], ("system", travel, []), *CONVERSATIONS[6:]]
    assert imported.input == "What is the weather in Paris?"
    assert imported.trace.output == "Tokyo has rain at 17 C."
    assert [c.id for c in imported.trace.tool_calls] == ["call_k1", "call_p1"]


def test_runs_a_later_step_answers_from_are_steps_of_one_run(tmp_path: Path) -> None:
    """A LangGraph ``Send`` fan-out: the branches' runs, then a step of the graph that writes
    the answer from theirs; the answer is that step's, not the last-started branch's."""
    summary = [text("user", "Paris is sunny at 22 C. Tokyo has rain at 17 C.")]
    said = [text("assistant", "Sunny in Paris, rain in Tokyo.")]
    write = span(
        30,
        "chat gpt-4o-mini",
        chat_attributes(summary, said),
        trace=TRACE,
        parent=1,
        start=9.5,
        end=9.8,
    )
    imported = import_one(tmp_path, [*_batch(answers=False), write])
    assert imported.trace.output == "Sunny in Paris, rain in Tokyo."


def test_runs_that_share_the_question_are_not_side_by_side(tmp_path: Path) -> None:
    """Two runs asked the same question share more than a system prompt: one history."""
    spans = _batch(answers=False)
    tokyo = [s for s in spans if s["name"] == "chat gpt-4o-mini" and "Tokyo" in json.dumps(s)]
    for s in tokyo:
        s["attributes"]["gen_ai.input.messages"] = s["attributes"]["gen_ai.input.messages"].replace(
            "What is the weather in Tokyo?", "What is the weather in Paris?"
        )
    imported = import_one(tmp_path, spans)
    assert [m.role for m in imported.trace.messages].count("system") == 1
