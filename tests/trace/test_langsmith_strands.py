"""Strands' own spans exported through LangSmith's ``LangSmithSpanExporter``, on small spans
written the way the exporter rewrites them, so each rule is checked apart from the export that
showed it (tests/data/traces/langsmith/langsmith-otel-strands-*):

- a rewritten ``execute_tool`` span's prompt and completion are a tool message each: the
  arguments (JSON text) and the result are their contents, not the wrappers;
- one tool message naming the first call of a turn that joins its calls' results one per line
  is a tool message per call, each its span's result; a message whose later calls are answered
  apart, or that says anything else, stays as it is;
- the rewritten ``invoke_agent`` chain run names the agent by ``gen_ai.agent.name``; a chain
  run whose operation is LangSmith's own ``chain`` names none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5a" * 16
ASK = "Weather in Oslo and Rome?"


def _strands(n: int, name: str, kind: str, attrs: dict[str, Any], parent: int | None) -> Any:
    base = {"langsmith.span.kind": kind, "gen_ai.system": "strands-agents"}
    end = 20.0 if parent is None else n + 0.5
    return span(n, name, {**base, **attrs}, trace=TRACE, parent=parent, start=n, end=end)


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "content": [{"type": "text", "text": text}]}


TURN = {
    "role": "assistant",
    "content": [
        {"type": "tool_use", "id": "t1", "name": "w", "input": {"c": "Oslo"}},
        {"type": "tool_use", "id": "t2", "name": "w", "input": {"c": "Rome"}},
    ],
}


def _tool(n: int, call_id: str, city: str, result: str) -> Any:
    asked = {"role": "tool", "content": json.dumps({"c": city}), "tool_call_id": call_id}
    return _strands(
        n,
        "execute_tool w",
        "tool",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "w",
            "gen_ai.tool.call.id": call_id,
            "gen_ai.prompt": json.dumps({"messages": [asked]}),
            "gen_ai.completion": json.dumps(
                {"role": "tool", "content": result, "name": "w", "tool_call_id": call_id}
            ),
        },
        1,
    )


def _run(tmp_path: Path, answers: list[dict[str, Any]], *, op: str = "invoke_agent") -> Any:
    prompt = [_text("user", ASK)]
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    spans = [
        _strands(
            1,
            "invoke_agent planner",
            "chain",
            {
                "gen_ai.operation.name": op,
                "gen_ai.agent.name": "planner",
                "gen_ai.prompt": json.dumps({"messages": prompt}),
                "gen_ai.completion": json.dumps({"role": "assistant", "content": "Done."}),
            },
            None,
        ),
        _strands(
            2,
            "chat",
            "llm",
            {**chat, "gen_ai.prompt": json.dumps({"messages": prompt}), "gen_ai.completion": TURN},
            1,
        ),
        _tool(3, "t1", "Oslo", "sunny"),
        _tool(4, "t2", "Rome", "rain"),
        _strands(
            5,
            "chat",
            "llm",
            {
                **chat,
                "gen_ai.prompt": json.dumps({"messages": [*prompt, TURN, *answers]}),
                "gen_ai.completion": json.dumps(_text("assistant", "Done.")),
            },
            1,
        ),
    ]
    for s in spans:
        s["attributes"] = {
            k: json.dumps(v) if isinstance(v, dict) else v for k, v in s["attributes"].items()
        }
    return import_one(tmp_path, spans)


def _tools(imported: Any) -> list[tuple[Any, Any]]:
    return [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]


def test_tool_span_messages_are_arguments_and_result(tmp_path: Path) -> None:
    imported = _run(tmp_path, [{"role": "tool", "content": "sunny\nrain", "tool_call_id": "t1"}])
    calls = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert calls == [("w", {"c": "Oslo"}, "sunny", "t1"), ("w", {"c": "Rome"}, "rain", "t2")]


def test_joined_results_are_a_message_per_call(tmp_path: Path) -> None:
    imported = _run(tmp_path, [{"role": "tool", "content": "sunny\nrain", "tool_call_id": "t1"}])
    assert _tools(imported) == [("sunny", "t1"), ("rain", "t2")]


def test_a_message_whose_later_call_is_answered_stays(tmp_path: Path) -> None:
    answers = [
        {"role": "tool", "content": "sunny\nrain", "tool_call_id": "t1"},
        {"role": "tool", "content": "rain", "tool_call_id": "t2"},
    ]
    assert _tools(_run(tmp_path, answers)) == [("sunny\nrain", "t1"), ("rain", "t2")]


def test_a_message_saying_other_text_stays(tmp_path: Path) -> None:
    answers = [{"role": "tool", "content": "rain\nsunny", "tool_call_id": "t1"}]
    assert _tools(_run(tmp_path, answers))[0] == ("rain\nsunny", "t1")


def test_rewritten_agent_span_names_the_agent(tmp_path: Path) -> None:
    answers = [{"role": "tool", "content": "sunny\nrain", "tool_call_id": "t1"}]
    assert _run(tmp_path, answers).metadata.get("agent_name") == "planner"


def test_langsmith_own_chain_names_no_agent(tmp_path: Path) -> None:
    answers = [{"role": "tool", "content": "sunny\nrain", "tool_call_id": "t1"}]
    assert _run(tmp_path, answers, op="chain").metadata.get("agent_name") is None


def test_space_joined_results_under_the_last_id_are_a_message_per_call(tmp_path: Path) -> None:
    """OpenInference's Strands processor's join (openinference-strands-2026-12-07c): the
    texts by a space under the last call's id; the same rule, read from the other end."""
    imported = _run(tmp_path, [{"role": "tool", "content": "sunny rain", "tool_call_id": "t2"}])
    assert _tools(imported) == [("sunny", "t1"), ("rain", "t2")]


def test_space_joined_results_under_the_first_id_stay(tmp_path: Path) -> None:
    answers = [{"role": "tool", "content": "sunny rain", "tool_call_id": "t1"}]
    assert _tools(_run(tmp_path, answers))[0] == ("sunny rain", "t1")
