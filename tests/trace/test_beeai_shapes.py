"""BeeAI's RequirementAgent as openinference-instrumentation-beeai writes it (one span per
operation: tests/data/traces/beeai/beeai-2026-*), each rule on small spans written that way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "be" * 16


def _span(n: int, name: str, attrs: dict[str, Any], start: float) -> dict[str, Any]:
    return span(
        n, name, attrs, trace=TRACE, parent=1 if n > 1 else None, start=start, end=start + 0.1
    )


def _call(key: str, call_id: str, arguments: str) -> dict[str, Any]:
    return {
        f"{key}.tool_call.id": call_id,
        f"{key}.tool_call.function.name": "get_weather",
        f"{key}.tool_call.function.arguments": arguments,
    }


def _run() -> list[dict[str, Any]]:
    first_in = {
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.contents.0.message_content.type": "text",
        "llm.input_messages.0.message.contents.0.message_content.text": "Weather?",
    }
    replay = {
        **first_in,
        "llm.input_messages.1.message.role": "assistant",
        **_call("llm.input_messages.1.message.tool_calls.0", "c1", '{"city": "Paris"}'),
        **_call("llm.input_messages.1.message.tool_calls.1", "c2", '{"city": "Tokyo"}'),
    }
    for i, (cid, text) in enumerate([("c1", "sunny"), ("c2", "rain")], start=2):
        key = f"llm.input_messages.{i}.message"
        replay[f"{key}.role"] = "tool"
        replay[f"{key}.contents.0.message.tool_call_id"] = cid
        replay[f"{key}.contents.0.message_content.type"] = "text"
        replay[f"{key}.contents.0.message_content.text"] = text
    llm = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    both = '{"city": "Paris"}{"city": "Tokyo"}'
    return [
        _span(1, "weather_agent", {"openinference.span.kind": "AGENT", "agent.name": "w"}, 1.0),
        _span(
            2,
            "OpenAIChatModel",
            {
                **llm,
                **first_in,
                "llm.output_messages.0.message.role": "assistant",
                **_call("llm.output_messages.0.message.tool_calls.0", "c1", both),
            },
            1.1,
        ),
        *[
            _span(
                n,
                "get_weather",
                {
                    "openinference.span.kind": "TOOL",
                    "tool.name": "get_weather",
                    "input.value": f'{{"input": {{"city": "{city}"}}, "options": null}}',
                    "output.value": out,
                },
                1.2 + n / 100,
            )
            for n, city, out in [(3, "Paris", "sunny"), (4, "Tokyo", "rain")]
        ],
        _span(
            5,
            "OpenAIChatModel",
            {
                **llm,
                **replay,
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.content": "Sunny; rain.",
            },
            1.5,
        ),
    ]


def test_a_tool_messages_id_inside_its_part_is_its_id(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run())
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [("sunny", "c1"), ("rain", "c2")]


def test_a_tool_runs_input_and_options_are_the_arguments_input(tmp_path: Path) -> None:
    calls = import_one(tmp_path, _run()).trace.tool_calls
    assert [(c.arguments, c.id) for c in calls] == [
        ({"city": "Paris"}, "c1"),
        ({"city": "Tokyo"}, "c2"),
    ]


def test_parallel_calls_recorded_run_together_are_the_turn_a_later_input_replays(
    tmp_path: Path,
) -> None:
    roles = [m.role for m in import_one(tmp_path, _run()).trace.messages]
    assert roles == ["user", "assistant", "tool", "tool", "assistant"]
