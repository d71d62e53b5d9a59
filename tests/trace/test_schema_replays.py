"""A structured-output turn replayed in the next input as its call's JSON: one message
(tests/data/traces/instructor/openinference-atomic-agents-2026-12-07g.json).

Instructor forces a call of the response model's tool; Atomic Agents keeps the parsed
object in its history and gives it back as assistant text, the call's arguments as compact
JSON. That text is the turn the model wrote, in other words: the conversation holds the turn
once, as written (no text, its one request). Text that is other JSON, a replay after another
history, and a call a tool message answers keep their messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "e3" * 16
SYSTEM = "You are a weather assistant."
USER = '{"chat_message":"What is the weather in Paris and in Tokyo?"}'
ASKED = {"tool_parameters": [{"city": "Paris"}, {"city": "Tokyo"}]}
REPLAY = '{"tool_parameters":[{"city":"Paris"},{"city":"Tokyo"}]}'
TOLD = '{"city":"Paris","weather":"sunny, 22 C"}'


def _chat(n: int, said: list[dict[str, Any]], call: str, name: str, args: Any) -> dict[str, Any]:
    forced = {"type": "function", "function": {"name": name}}  # instructor's tool_choice
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.invocation_parameters": json.dumps({"model": "gpt-4o-mini", "tool_choice": forced}),
        **openinference_messages("llm.input_messages", said),
        **openinference_messages(
            "llm.output_messages", [{"role": "assistant", "tool_calls": [(call, name, args)]}]
        ),
    }
    return span(n, "ChatCompletion", attrs, trace=TRACE, parent=1, start=float(n), end=n + 0.5)


def _run(replay: str = REPLAY, *, second_head: list[dict[str, Any]] | None = None) -> list[Any]:
    head = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": USER}]
    later = [
        *(head if second_head is None else second_head),
        {"role": "assistant", "content": replay},
        {"role": "system", "content": TOLD},
    ]
    root = span(1, "weather_loop", {}, trace=TRACE, start=0.0, end=9.0)
    final = {"final_answer": "Paris is sunny at 22 C."}
    return [
        root,
        _chat(2, head, "call_a1", "WeatherAgentOutputSchema", ASKED),
        _chat(3, later, "call_a2", "FinalAnswerSchema", final),
    ]


def _said(tmp_path: Path, spans: list[Any]) -> list[tuple[str, str | None, list[str]]]:
    trace = import_one(tmp_path, spans).trace
    return [(m.role, m.content, [r.id or "" for r in m.tool_calls]) for m in trace.messages]


def test_the_replay_is_the_turn(tmp_path: Path) -> None:
    # before: the turn, then its replay as a second assistant message
    assert _said(tmp_path, _run()) == [
        ("system", SYSTEM, []),
        ("user", USER, []),
        ("assistant", None, ["call_a1"]),
        ("system", TOLD, []),
        ("assistant", None, ["call_a2"]),
    ]


def test_text_that_is_other_json_is_a_message_of_its_own(tmp_path: Path) -> None:
    said = _said(tmp_path, _run('{"tool_parameters":[{"city":"Paris"}]}'))
    assert ("assistant", '{"tool_parameters":[{"city":"Paris"}]}', []) in said
    assert ("assistant", None, ["call_a1"]) in said


def test_a_replay_after_another_history_is_a_message_of_its_own(tmp_path: Path) -> None:
    other = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "Oslo?"}]
    said = _said(tmp_path, _run(second_head=other))
    assert ("assistant", REPLAY, []) in said
