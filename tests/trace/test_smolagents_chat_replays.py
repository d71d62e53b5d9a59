"""smolagents on a chat API under openlit: replays, run outputs, own tool ids, told errors.

The rules closed five GAPS cells of openlit's smolagents exports (``-06m``, ``-06n``,
``-06p``); these are the edges the corpus does not show: a tool span's own id it keeps when
no request has its arguments (and any id on another instrumentation's span), an
``Observation:`` user text with no restated turn before it, a failed call's error a user
text mentions without smolagents' ``Error:`` line, and a run span's output that is no
smolagents agent's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._failed_calls import error_observations
from fourfold.integrations._messages import Msg, ToolRequest
from fourfold.trace import ToolCall
from tests.helpers.genai_messages import text
from tests.helpers.span_builders import import_one, span

TRACE = "5b" * 16
UUID = "061f1036-7729-4729-8080-3a2dfe9b095e"
SMOLAGENTS = {"instrumentation_scope": {"name": "openlit.instrumentation.smolagents"}}
TASK = "New task:\nWhat is the weather in Paris?"
CALLING = (
    "Calling tools:\n[{'id': 'call_w1', 'type': 'function', 'function': "
    "{'name': 'get_weather', 'arguments': {'city': 'Paris'}}}]"
)


def _chat(inputs: list[Any], reply: dict[str, Any]) -> dict[str, Any]:
    return {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([reply]),
    }


def _asks(city: str) -> dict[str, Any]:
    return {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "call_w1",
                "name": "get_weather",
                "arguments": {"city": city},
            }
        ],
    }


def _tool(city: str) -> dict[str, Any]:
    return {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": UUID,
        "gen_ai.tool.call.arguments": json.dumps({"city": city}),
        "gen_ai.tool.call.result": "sunny, 22 C",
    }


def _run(
    ran: str, agent: dict[str, Any] | None = None, scope: dict[str, Any] = SMOLAGENTS
) -> list[dict[str, Any]]:
    first = [text("user", TASK)]
    second = [*first, text("assistant", CALLING), text("user", "Observation:\nsunny, 22 C")]
    run = agent or {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather"}
    return [
        span(1, "invoke_agent weather", run, trace=TRACE, start=0.0, end=9.0),
        span(2, "chat gpt-4o-mini", _chat(first, _asks("Paris")), trace=TRACE, parent=1),
        {
            **span(
                3, "execute_tool get_weather", _tool(ran), trace=TRACE, parent=1, start=3, end=4
            ),
            **scope,
        },
        span(
            4,
            "chat gpt-4o-mini",
            _chat(second, text("assistant", "Sunny.")),
            trace=TRACE,
            parent=1,
            start=5.0,
            end=6.0,
        ),
    ]


def test_a_tool_span_with_its_own_id_takes_the_request_with_its_arguments(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _run("Paris"))
    [call] = imported.trace.tool_calls
    assert call.id == "call_w1"
    roles = [(m.role, m.tool_call_id) for m in imported.trace.messages]
    assert roles == [("user", None), ("assistant", None), ("tool", "call_w1"), ("assistant", None)]
    assert imported.trace.messages[2].content == "Observation:\nsunny, 22 C"


def test_a_tool_span_no_request_asked_for_keeps_its_own_id(tmp_path: Path) -> None:
    ids = [c.id for c in import_one(tmp_path, _run("Lima")).trace.tool_calls]
    assert UUID in ids


def test_a_uuid_on_another_instrumentations_tool_span_is_its_id(tmp_path: Path) -> None:
    # only openlit's smolagents spans are known to make their own: elsewhere it is the call's
    ids = [c.id for c in import_one(tmp_path, _run("Paris", scope={})).trace.tool_calls]
    assert UUID in ids


def test_an_observation_with_no_restated_turn_before_it_stays_a_user_message(
    tmp_path: Path,
) -> None:
    inputs = [text("user", TASK), text("user", "Observation:\nsunny, 22 C")]
    spans = [span(1, "chat gpt-4o-mini", _chat(inputs, text("assistant", "Sunny.")), trace=TRACE)]
    roles = [m.role for m in import_one(tmp_path, spans).trace.messages]
    assert roles == ["user", "user", "assistant"]


def test_a_run_span_that_is_no_smolagents_agents_keeps_its_output_message(
    tmp_path: Path,
) -> None:
    agent = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "weather",
        "gen_ai.output.messages": json.dumps([text("assistant", "Paris: sunny.")]),
    }
    said = [m.content for m in import_one(tmp_path, _run("Paris", agent)).trace.messages]
    assert "Paris: sunny." in said
    agent["gen_ai.provider.name"] = "smolagents"
    imported = import_one(tmp_path, _run("Paris", agent))
    assert "Paris: sunny." not in [m.content for m in imported.trace.messages]
    assert imported.trace.output == "Paris: sunny."


def test_a_user_text_tells_a_failed_calls_error_only_after_smolagents_error_line() -> None:
    turn = Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}, "c1")])
    boom = ToolCall(name="f", id="c1", error="ToolError: f failed on 1")
    told = error_observations([turn, Msg("user", "Task.\nError:\nf failed on 1\nRetry.")], [boom])
    assert told.told == {id(boom)}
    quoted = error_observations([turn, Msg("user", "Why did f failed on 1 happen?")], [boom])
    assert quoted.told == set() and quoted.given_only_errors == set()
