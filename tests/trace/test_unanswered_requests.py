"""A request nothing answers and no tool span executes is no tool call (`_unanswered`).

A tool call is a tool the run executed (tests/data/traces/README.md, ``tool_calls``): a tool
span, or a request a tool result in the trace answers. Before, a trace of model calls only
listed every request as a call, answered or not: a client that records each call as a trace
of its own (LiteLLM's streamed calls, its proxy's requests) had each call counted twice, in
the first call's trace and in the next one's, whose history answers it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace, import_traces
from tests.helpers.span_builders import import_one, span

FIRST, SECOND = "3a" * 16, "3b" * 16
ASK = "What is the weather in Oslo and in Rome?"
CALLS = [("c1", "Oslo", "snow"), ("c2", "Rome", "sunny")]


def _user() -> dict[str, Any]:
    return {"role": "user", "parts": [{"type": "text", "content": ASK}]}


def _requests() -> dict[str, Any]:
    parts = [
        {"type": "tool_call", "id": cid, "name": "get_weather", "arguments": {"city": city}}
        for cid, city, _ in CALLS
    ]
    return {"role": "assistant", "parts": parts}


def _results() -> list[dict[str, Any]]:
    return [
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": cid, "response": result}]}
        for cid, _, result in CALLS
    ]


def _call(n: int, trace: str, inputs: list[Any], output: dict[str, Any]) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([output]),
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=trace, start=float(n), end=n + 0.5)


def _answer() -> dict[str, Any]:
    return {"role": "assistant", "parts": [{"type": "text", "content": "Snow; sunny."}]}


def _import_all(tmp_path: Path, spans: list[dict[str, Any]]) -> dict[str, ImportedTrace]:
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(spans), encoding="utf-8")
    return {t.trace_id: t for t in import_traces(path)}


def test_requests_nothing_answers_are_no_tool_calls(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_call(1, FIRST, [_user()], _requests())])

    assert imported.trace.tool_calls == []  # before: both, as if they had run
    [turn] = [m for m in imported.trace.messages if m.role == "assistant"]
    assert [r.id for r in turn.tool_calls] == ["c1", "c2"]  # still the turn's requests


def test_answered_requests_are_tool_calls(tmp_path: Path) -> None:
    spans = [
        _call(1, FIRST, [_user()], _requests()),
        _call(2, FIRST, [_user(), _requests(), *_results()], _answer()),
    ]
    calls = import_one(tmp_path, spans).trace.tool_calls

    assert [(c.id, c.arguments, c.result) for c in calls] == [
        ("c1", {"city": "Oslo"}, "snow"),
        ("c2", {"city": "Rome"}, "sunny"),
    ]


def test_a_call_per_trace_is_counted_once_where_it_is_answered(tmp_path: Path) -> None:
    """LiteLLM's shape: the next trace's history holds the requests and their answers."""
    traces = _import_all(
        tmp_path,
        [
            _call(1, FIRST, [_user()], _requests()),
            _call(2, SECOND, [_user(), _requests(), *_results()], _answer()),
        ],
    )

    assert traces[FIRST].trace.tool_calls == []  # before: c1 and c2 here too
    assert [c.id for c in traces[SECOND].trace.tool_calls] == ["c1", "c2"]


def test_a_request_only_another_traces_result_answers_is_its_traces_call(
    tmp_path: Path,
) -> None:
    """openlit's shape: the next trace's input leaves the tool-call turn out."""
    traces = _import_all(
        tmp_path,
        [
            _call(1, FIRST, [_user()], _requests()),
            _call(2, SECOND, [_user(), *_results()], _answer()),
        ],
    )

    calls = traces[FIRST].trace.tool_calls
    assert [(c.id, c.arguments, c.result) for c in calls] == [
        ("c1", {"city": "Oslo"}, None),
        ("c2", {"city": "Rome"}, None),
    ]
    assert traces[SECOND].trace.tool_calls == []


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


def _asks(call_id: str, name: str) -> dict[str, Any]:
    return {"role": "assistant", "parts": [{"type": "tool_call", "id": call_id, "name": name}]}


def _says(call_id: str, result: str) -> dict[str, Any]:
    part = {"type": "tool_call_response", "id": call_id, "response": result}
    return {"role": "tool", "parts": [part]}


def test_answered_requests_without_tool_spans_go_in_the_order_asked(tmp_path: Path) -> None:
    """A manager delegates twice, its coworker asks for a tool between the two, no tool span
    runs any (CrewAI's hierarchical crew under OpenLLMetry:
    ``openllmetry/openllmetry-crewai-hierarchical-2026-12-05.json``). The manager's
    conversation stands before the coworker's, but its second delegation was asked after the
    coworker's call; before, the calls went in the conversations' order."""
    manager = [_text("system", "You manage."), _text("user", ASK)]
    coworker = [_text("system", "You look it up."), _text("user", "Oslo?")]
    delegated = [*manager, _asks("d1", "delegate"), _says("d1", "snow")]
    looked_up = [*coworker, _asks("w1", "get_weather"), _says("w1", "snow")]
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "manager"}
    spans = [
        span(1, "invoke_agent manager", agent, trace=FIRST, end=9),
        _call(2, FIRST, manager, _asks("d1", "delegate")),
        _call(3, FIRST, coworker, _asks("w1", "get_weather")),
        _call(4, FIRST, looked_up, _text("assistant", "snow")),
        _call(5, FIRST, delegated, _asks("d2", "delegate")),
        _call(6, FIRST, [*delegated, _asks("d2", "delegate"), _says("d2", "done")], _answer()),
    ]
    for model_call in spans[1:]:
        model_call["parent_id"] = spans[0]["context"]["span_id"]
    imported = import_one(tmp_path, spans)

    assert [c.id for c in imported.trace.tool_calls] == ["d1", "w1", "d2"]  # before: d1, d2, w1
