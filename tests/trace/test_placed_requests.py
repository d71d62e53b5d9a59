"""Requests no tool span ran stand in time among the calls tool spans ran (`_placed_requests`).

CrewAI 1.15's hierarchical crew under openlit
(``openlit/openlit-crewai-hierarchical-2026-12-06.json``): the manager's delegations are
``execute_tool`` spans, the coworker a delegation runs asks for its tools by native tool
calling, which makes no tool span (its next model input answers them). The conversation lists
the manager's requests before the coworker's; before, the coworker's calls went after both
delegations, as listed, though it asked for them while the first delegation's span was open.
Each rule on small spans written as openlit writes them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._messages import Msg, ToolRequest
from fourfold.integrations._placed_requests import replied_times, with_answered_requests
from fourfold.integrations._spans import Span, ns_to_datetime
from fourfold.integrations._steps import ModelCall
from fourfold.trace import ToolCall
from tests.helpers.span_builders import import_one, span

TRACE = "4c" * 16
ASK = "What is the weather in Oslo?"
_AGENT = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Crew Manager"}


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _asks(*calls: tuple[str, str]) -> dict[str, Any]:
    parts = [{"type": "tool_call", "id": cid, "name": name, "arguments": {}} for cid, name in calls]
    return {"role": "assistant", "parts": parts}


def _says(call_id: str, result: str) -> dict[str, Any]:
    part = {"type": "tool_call_response", "id": call_id, "response": result}
    return {"role": "tool", "parts": [part]}


def _chat(
    n: int, inputs: list[Any], output: dict[str, Any], at: tuple[float, float], parent: int
) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([output]),
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, start=at[0], end=at[1], parent=parent)


def _delegation(n: int, call_id: str, result: str, at: tuple[float, float]) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "delegate",
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": "{}",
        "gen_ai.tool.call.result": result,
    }
    return span(n, "execute_tool delegate", attrs, trace=TRACE, start=at[0], end=at[1], parent=1)


def _crew(coworker_ends: float = 5.0) -> list[dict[str, Any]]:
    """A manager that delegates twice; the first delegation's coworker asks for w1 inside it."""
    manager = [_text("system", "You manage."), _text("user", ASK)]
    coworker = [_text("system", "You look it up."), _text("user", "Oslo?")]
    first = [*manager, _asks(("d1", "delegate")), _says("d1", "snow")]
    second = [*first, _asks(("d2", "delegate")), _says("d2", "Snow in Oslo.")]
    looked_up = [*coworker, _asks(("w1", "get_weather")), _says("w1", "snow")]
    return [
        span(1, "invoke_agent agent", _AGENT, trace=TRACE, start=0.0, end=20.0),
        _chat(2, manager, _asks(("d1", "delegate")), (1.0, 2.0), 1),
        _delegation(3, "d1", "snow", (3.0, 10.0)),
        _chat(4, coworker, _asks(("w1", "get_weather")), (4.0, coworker_ends), 3),
        _chat(5, looked_up, _text("assistant", "snow"), (6.0, 7.0), 3),
        _chat(6, first, _asks(("d2", "delegate")), (11.0, 12.0), 1),
        _delegation(7, "d2", "Snow in Oslo.", (13.0, 16.0)),
        _chat(8, second, _text("assistant", "Snow in Oslo."), (17.0, 18.0), 1),
    ]


def test_a_request_made_inside_a_delegation_goes_inside_it(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _crew())

    calls = [(c.id, c.result) for c in imported.trace.tool_calls]
    assert calls == [("d1", "snow"), ("w1", "snow"), ("d2", "Snow in Oslo.")]  # before: d1, d2, w1


def test_a_request_stands_where_its_reply_ended(tmp_path: Path) -> None:
    """The coworker's reply written until after the second delegation started: after it."""
    imported = import_one(tmp_path, _crew(coworker_ends=13.5))

    assert [c.id for c in imported.trace.tool_calls] == ["d1", "d2", "w1"]


def test_with_no_tool_span_the_requests_go_in_the_order_asked(tmp_path: Path) -> None:
    """The sibling shape, a sequential crew (``openlit-crewai``): no span ran any call."""
    spans = [s for s in _crew() if s["attributes"]["gen_ai.operation.name"] != "execute_tool"]
    for chat in spans[1:]:
        chat["parent_id"] = spans[0]["context"]["span_id"]

    assert [c.id for c in import_one(tmp_path, spans).trace.tool_calls] == ["d1", "w1", "d2"]


def _at(seconds: int) -> int:
    return int(1.7e18) + seconds * 10**9


def _ran(call_id: str | None, started: int) -> ToolCall:
    return ToolCall(name="tool", id=call_id, started_at=ns_to_datetime(_at(started)))


def _asked(call_id: str) -> tuple[ToolCall, Msg]:
    return ToolCall(name="asked", id=call_id), Msg(role="tool", tool_call_id=call_id)


def test_a_request_listed_before_a_call_asked_earlier_goes_first() -> None:
    """A handoff's request, then the calls the agent it handed to ran (the Agents SDK)."""
    executed = [_ran("w1", 5), _ran("w2", 6)]
    requested = [_asked("h1"), _asked("w1"), _asked("w2")]
    replied = {"h1": _at(2), "w1": _at(4), "w2": _at(4)}

    placed = with_answered_requests(executed, requested, replied_at=replied)

    assert [c.id for c in placed] == ["h1", "w1", "w2"]


def test_a_request_listed_after_a_call_asked_later_binds_it_not() -> None:
    """The coworker's request listed after both delegations, asked between them."""
    executed = [_ran("d1", 3), _ran("d2", 13)]
    requested = [_asked("d1"), _asked("d2"), _asked("w1")]
    replied = {"d1": _at(2), "d2": _at(12), "w1": _at(5)}

    placed = with_answered_requests(executed, requested, replied_at=replied)

    assert [c.id for c in placed] == ["d1", "w1", "d2"]
    unknown = with_answered_requests(executed, requested, replied_at={"d1": _at(2)})
    assert [c.id for c in unknown] == ["d1", "d2", "w1"]  # no time: the order listed


def test_a_code_agents_interpreter_goes_before_the_tools_it_ran() -> None:
    """smolagents' python_interpreter: its request has no span, the tools it ran no request."""
    executed = [_ran(None, 5), _ran(None, 6)]

    placed = with_answered_requests(executed, [_asked("c1")], asked_at={"c1": _at(1)})

    assert [c.id for c in placed] == ["c1", None, None]


def test_the_time_a_request_was_replied_is_its_first_replys_end() -> None:
    def call(start: int, end: int | None, *ids: str) -> ModelCall:
        reply = Msg(role="assistant", tool_calls=[ToolRequest("f", {}, id=i) for i in ids])
        ended = None if end is None else _at(end)
        at = Span(TRACE, f"{start:016x}", None, "chat", _at(start), ended, "unset", None, {})
        return ModelCall(span=at, inputs=[], outputs=[reply])

    calls = [call(8, 9, "c1"), call(1, 3, "c1", "c2"), call(4, None, "c3")]

    assert replied_times(calls) == {"c1": _at(3), "c2": _at(3)}
