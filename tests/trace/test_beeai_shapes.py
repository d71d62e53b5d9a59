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


def test_the_span_of_a_tool_runs_error_event_is_no_tool_call(tmp_path: Path) -> None:
    """openinference-instrumentation-beeai writes a span for a failed run's error event (named
    ``error``, ``metadata.path`` the tool's path and ``error``) under the run's span."""
    tool = {"openinference.span.kind": "TOOL", "tool.name": "get_weather"}
    failed = {**tool, "input.value": '{"input": {"city": "Tokio"}, "options": null}'}
    event = {
        "openinference.span.kind": "TOOL",
        "metadata.path": "tool.custom.get_weather.error",
        "input.value": '{"error": "Tool Error", "input": {"city": "Tokio"}, "options": null}',
        "output.value": "ToolError: Tool Error",
    }
    spans = [
        _span(1, "weather_agent", {"openinference.span.kind": "AGENT", "agent.name": "w"}, 1.0),
        _span(2, "get_weather", {**failed, "output.value": "ToolError: Tool Error"}, 1.1),
        span(3, "error", event, trace=TRACE, parent=2, start=1.15, end=1.15),
    ]
    calls = import_one(tmp_path, spans).trace.tool_calls
    assert [(c.name, c.arguments) for c in calls] == [("get_weather", {"city": "Tokio"})]


def test_a_sub_agents_final_answer_is_not_its_callers_later_one(tmp_path: Path) -> None:
    """A ``HandoffTool``'s agent calls ``final_answer`` inside the run; its caller calls it
    again afterwards, the same arguments, no ids on the tool spans: each run takes the
    request its own agent made before it, not the caller's later one."""
    llm = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    done = '{"response": "Sunny."}'

    def asks(call_id: str, name: str, arguments: str, question: str) -> dict[str, Any]:
        return {
            **llm,
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": question,
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.tool_calls.0.tool_call.id": call_id,
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": name,
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": arguments,
        }

    def run(n: int, name: str, arguments: str, parent: int, start: float) -> dict[str, Any]:
        attrs = {
            "openinference.span.kind": "TOOL",
            "tool.name": name,
            "input.value": f'{{"input": {arguments}, "options": null}}',
            "output.value": "Sunny." if name == "weather_agent" else "Message has been sent",
        }
        return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.1)

    spans = [
        span(1, "triage", {"openinference.span.kind": "AGENT", "agent.name": "t"}, trace=TRACE),
        span(
            2,
            "llm",
            asks("h1", "weather_agent", '{"task": "Weather?"}', "Q?"),
            trace=TRACE,
            parent=1,
            start=1.1,
            end=1.15,
        ),
        span(
            3,
            "weather_agent",
            {
                "openinference.span.kind": "TOOL",
                "tool.name": "weather_agent",
                "input.value": '{"input": {"task": "Weather?"}, "options": null}',
                "output.value": "Sunny.",
            },
            trace=TRACE,
            parent=1,
            start=1.2,
            end=1.5,
        ),
        span(
            4,
            "llm",
            asks("f1", "final_answer", done, "Weather?"),
            trace=TRACE,
            parent=3,
            start=1.25,
            end=1.3,
        ),
        run(5, "final_answer", done, 3, 1.35),
        span(
            6,
            "llm",
            asks("f2", "final_answer", done, "Q?"),
            trace=TRACE,
            parent=1,
            start=1.6,
            end=1.65,
        ),
        run(7, "final_answer", done, 1, 1.7),
    ]
    calls = import_one(tmp_path, spans).trace.tool_calls
    assert [(c.name, c.id) for c in calls] == [
        ("weather_agent", "h1"),
        ("final_answer", "f1"),
        ("final_answer", "f2"),
    ]
