"""A run that ends on an answer tool it never ran (`fourfold.integrations._answer_tool`), on
small spans written the way ai 7 (@ai-sdk/otel) writes them: an ``answer`` tool with no
``execute`` and ``stopWhen: hasToolCall('answer')`` (vercel-ai-sdk-v7-stop-when). The run's
output is the call's one text argument; a run that ends on a tool it executed (Haystack's
``exit_conditions``, the Agents SDK's ``stop_on_first_tool``) keeps no output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
ANSWER = "Paris is sunny at 22 C."


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    start = kw.pop("start", float(n))
    return span(n, name, attrs, trace=TRACE, start=start, end=kw.pop("end", start + 0.5), **kw)


def _parts(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "parts": list(parts)}


def _call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_call", "id": call_id, "name": name, "arguments": arguments}


def _response(call_id: str, text: str) -> dict[str, Any]:
    return {"type": "tool_call_response", "id": call_id, "response": text}


USER = _parts("user", {"type": "text", "content": "Weather in Paris?"})
WEATHER = _call("c1", "get_weather", {"city": "Paris"})
FINAL = _call("c2", "answer", {"answer": ANSWER})


def _chat(n: int, parent: int, inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    return _span(
        n,
        "chat m",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "m",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
        },
        parent=parent,
    )


def _tool(n: int, parent: int, call: dict[str, Any], result: str) -> dict[str, Any]:
    return _span(
        n,
        f"execute_tool {call['name']}",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": call["name"],
            "gen_ai.tool.call.id": call["id"],
            "gen_ai.tool.call.arguments": json.dumps(call["arguments"]),
            "gen_ai.tool.call.result": json.dumps(result),
        },
        parent=parent,
    )


def _run(final: dict[str, Any], *, ran: bool = False, **root: Any) -> list[dict[str, Any]]:
    """invoke_agent > step 1 (chat asking get_weather, its tool) > step 2 (chat asking
    `final`, and its tool span when `ran`); the root's output lists every call and result."""
    asked = _parts("assistant", WEATHER)
    results = [_response("c1", "sunny, 22 C")] + ([_response("c2", "done")] if ran else [])
    recorded = _parts("assistant", WEATHER, final, *results)
    spans = [
        _span(
            1,
            "invoke_agent m",
            {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "weather_agent",
                "gen_ai.request.model": "m",
                "gen_ai.input.messages": json.dumps([USER]),
                "gen_ai.output.messages": json.dumps([recorded]),
                **root.pop("attrs", {}),
            },
            start=0.0,
            end=9.0,
            **root,
        ),
        _span(2, "step 1", {"gen_ai.operation.name": "agent_step"}, parent=1),
        _chat(3, 2, [USER], [asked]),
        _tool(4, 2, WEATHER, "sunny, 22 C"),
        _span(5, "step 2", {"gen_ai.operation.name": "agent_step"}, parent=1),
        _chat(6, 5, [USER, asked, _parts("tool", results[0])], [_parts("assistant", final)]),
    ]
    if ran:
        spans.append(_tool(7, 5, final, "done"))
    return spans


def test_a_never_run_answer_call_the_run_ended_on_is_its_output(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run(FINAL))
    assert imported.trace.output == ANSWER
    # the request stays the last turn's; it ran nowhere, so it is no tool call
    assert [c.id for c in imported.trace.tool_calls] == ["c1"]
    last = imported.trace.messages[-1]
    assert (last.role, last.content, [r.id for r in last.tool_calls]) == ("assistant", None, ["c2"])


def test_a_final_tool_the_run_executed_gives_no_output(tmp_path: Path) -> None:
    # Haystack's exit_conditions, the Agents SDK's stop_on_first_tool: the tool ran, and
    # what it returned to the application is not in the trace
    imported = import_one(tmp_path, _run(FINAL, ran=True))
    assert imported.trace.output is None
    assert [c.id for c in imported.trace.tool_calls] == ["c1", "c2"]


def test_a_never_run_call_without_one_text_argument_is_no_answer(tmp_path: Path) -> None:
    two = _call("c2", "answer", {"answer": ANSWER, "confidence": "high"})
    number = _call("c2", "answer", {"answer": 22})
    for final in (two, number):
        assert import_one(tmp_path, _run(final)).trace.output is None


def test_a_run_that_raised_on_a_never_run_call_gave_no_answer(tmp_path: Path) -> None:
    # an aborted run: its last request never ran because the run failed, not because it ended
    failed = {"status": {"status_code": "ERROR", "description": "AbortError"}}
    spans = _run(FINAL)
    spans[0] |= failed
    imported = import_one(tmp_path, spans)
    assert imported.trace.output is None


def test_a_never_run_call_the_run_did_not_end_on_is_no_answer(tmp_path: Path) -> None:
    # the root records the unanswered request before a call it then executed
    spans = _run(FINAL)
    root = spans[0]["attributes"]
    recorded = _parts("assistant", FINAL, WEATHER, _response("c1", "sunny, 22 C"))
    root["gen_ai.output.messages"] = json.dumps([recorded])
    assert import_one(tmp_path, spans).trace.output is None
