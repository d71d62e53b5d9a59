"""A function the application ran itself, its result pasted into the next prompt's user text,
has no tool message (`integrations/_pasted_results.py`).

Semantic Kernel 1.45 with no agent (``semantic-kernel/semantic-kernel-kernel-invoke-
2026-12-06g.json``): the application asks the model for the city, runs the plugin function
itself with ``kernel.invoke`` (an ``execute_tool`` span, no call id: no turn requested it),
and asks the model again with the result written into a user message. Before, the function
got a tool message of its own, first in the conversation. Its tool call stays; a call a turn
requested, or whose result no later user text holds, keeps its tool message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "6a" * 16
QUESTION = "What is the weather in Paris?"
CITY_PROMPT = "Name the one city the user asks about."
SYSTEM = "You are a weather assistant."


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _chat(n: int, inputs: list[Any], outputs: list[Any]) -> Any:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=9, start=n, end=n + 0.5)


def _function(n: int, result: str, *, call_id: str | None = None) -> Any:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "WeatherPlugin-get_weather",
        "gen_ai.tool.call.arguments": json.dumps({"city": "Paris"}),
        "gen_ai.tool.call.result": result,
    }
    if call_id is not None:
        attrs["gen_ai.tool.call.id"] = call_id
    return span(
        n,
        "execute_tool WeatherPlugin-get_weather",
        attrs,
        trace=TRACE,
        parent=9,
        start=n,
        end=n + 0.5,
    )


def _app(spans: list[Any]) -> list[Any]:
    return [span(9, "answer_question", {}, trace=TRACE, start=0.5, end=9.0), *spans]


def _said(imported: Any) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in imported.trace.messages]


def test_a_result_the_application_pasted_into_user_text_is_no_tool_message(
    tmp_path: Path,
) -> None:
    first = _chat(
        1, [_text("system", CITY_PROMPT), _text("user", QUESTION)], [_text("assistant", "Paris")]
    )
    second = _chat(
        3,
        [
            _text("system", SYSTEM),
            _text("user", QUESTION),
            _text("user", "The weather in Paris: sunny, 22 C"),
        ],
        [_text("assistant", "Paris is sunny at 22 C.")],
    )
    imported = import_one(tmp_path, _app([first, _function(2, "sunny, 22 C"), second]))
    # the last call's history first, then what only the first call holds (the contract)
    assert _said(imported) == [
        ("system", SYSTEM),
        ("user", QUESTION),
        ("user", "The weather in Paris: sunny, 22 C"),
        ("assistant", "Paris is sunny at 22 C."),
        ("system", CITY_PROMPT),
        ("assistant", "Paris"),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "WeatherPlugin-get_weather",
        {"city": "Paris"},
        "sunny, 22 C",
        None,
    )


def test_a_result_no_later_user_text_holds_keeps_its_tool_message(tmp_path: Path) -> None:
    first = _chat(1, [_text("user", QUESTION)], [_text("assistant", "Paris")])
    second = _chat(3, [_text("user", QUESTION)], [_text("assistant", "It is fine.")])
    imported = import_one(tmp_path, _app([first, _function(2, "sunny, 22 C"), second]))
    assert ("tool", "sunny, 22 C") in _said(imported)


def test_user_text_written_before_the_function_ran_is_not_its_result(tmp_path: Path) -> None:
    # the question already says the result's words: no later prompt was given it
    asked = "Is it sunny, 22 C in Paris?"
    first = _chat(1, [_text("user", asked)], [_text("assistant", "Paris")])
    second = _chat(3, [_text("user", asked)], [_text("assistant", "Yes.")])
    imported = import_one(tmp_path, _app([first, _function(2, "sunny, 22 C"), second]))
    assert ("tool", "sunny, 22 C") in _said(imported)


def test_a_requested_call_keeps_its_tool_message_though_user_text_repeats_it(
    tmp_path: Path,
) -> None:
    # SK's function calling (the other semantic-kernel exports): the turn asked for the call
    turn = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "c1",
                "name": "WeatherPlugin-get_weather",
                "arguments": {"city": "Paris"},
            }
        ],
    }
    answer = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "c1", "response": "sunny, 22 C"}],
    }
    first = _chat(1, [_text("user", QUESTION)], [turn])
    second = _chat(
        3,
        [_text("user", QUESTION), turn, answer, _text("user", "Say: sunny, 22 C")],
        [_text("assistant", "Sunny, 22 C.")],
    )
    imported = import_one(
        tmp_path, _app([first, _function(2, "sunny, 22 C", call_id="c1"), second])
    )
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [("sunny, 22 C", "c1")]
