"""OpenAI's Responses API as OpenInference writes it (the Agents SDK's default model,
``openinference-instrumentation-openai-agents``: tests/data/traces/openai-agents/
openai-agents-responses-*): a response's parallel calls are function_call items, one
message on the reply, one message each when a later input replays them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5e" * 16


def _span(n: int, name: str, attrs: dict[str, Any], start: float) -> dict[str, Any]:
    return span(
        n, name, attrs, trace=TRACE, parent=1 if n > 1 else None, start=start, end=start + 0.1
    )


def _call(key: str, call_id: str, city: str) -> dict[str, Any]:
    return {
        f"{key}.tool_call.id": call_id,
        f"{key}.tool_call.function.name": "get_weather",
        f"{key}.tool_call.function.arguments": f'{{"city": "{city}"}}',
    }


def _run(*, interleaved: bool = False) -> list[dict[str, Any]]:
    """The weather run; the second input replays the calls before their results, or each
    call followed by its result (`interleaved`, as the Agents SDK's ``LitellmModel`` orders a
    Gemini model's history)."""
    asked = {
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.0.message.content": "Be brief.",
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": "Weather?",
    }
    first, second, sunny, rain = (2, 4, 3, 5) if interleaved else (2, 3, 4, 5)
    replay = {
        **asked,
        # each call its own assistant message (OpenInference keeps the call's index)
        f"llm.input_messages.{first}.message.role": "assistant",
        **_call(f"llm.input_messages.{first}.message.tool_calls.0", "c1", "Paris"),
        f"llm.input_messages.{second}.message.role": "assistant",
        **_call(f"llm.input_messages.{second}.message.tool_calls.0", "c2", "Tokyo"),
        f"llm.input_messages.{sunny}.message.role": "tool",
        f"llm.input_messages.{sunny}.message.tool_call_id": "c1",
        f"llm.input_messages.{sunny}.message.content": "sunny",
        f"llm.input_messages.{rain}.message.role": "tool",
        f"llm.input_messages.{rain}.message.tool_call_id": "c2",
        f"llm.input_messages.{rain}.message.content": "rain",
    }
    llm = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    return [
        _span(1, "weather_agent", {"openinference.span.kind": "AGENT", "agent.name": "w"}, 1.0),
        _span(
            2,
            "response",
            {
                **llm,
                **asked,
                # the reply: both calls on one assistant message
                "llm.output_messages.0.message.role": "assistant",
                **_call("llm.output_messages.0.message.tool_calls.0", "c1", "Paris"),
                **_call("llm.output_messages.0.message.tool_calls.1", "c2", "Tokyo"),
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
                    "input.value": f'{{"city": "{city}"}}',
                    "output.value": out,
                },
                1.2 + n / 100,
            )
            for n, city, out in [(3, "Paris", "sunny"), (4, "Tokyo", "rain")]
        ],
        _span(
            5,
            "response",
            {
                **llm,
                **replay,
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.content": "Sunny; rain.",
            },
            1.5,
        ),
    ]


def test_a_turn_a_later_input_replays_as_one_message_per_call_is_those_messages(
    tmp_path: Path,
) -> None:
    messages = import_one(tmp_path, _run()).trace.messages
    assert [(m.role, m.content) for m in messages] == [
        ("system", "Be brief."),
        ("user", "Weather?"),
        ("assistant", None),
        ("assistant", None),
        ("tool", "sunny"),
        ("tool", "rain"),
        ("assistant", "Sunny; rain."),
    ]
    calls = import_one(tmp_path, _run()).trace.tool_calls
    assert [(c.id, c.result) for c in calls] == [("c1", "sunny"), ("c2", "rain")]


def test_a_turn_a_later_input_replays_each_call_then_its_result_is_those_messages(
    tmp_path: Path,
) -> None:
    """openai-agents-gemini: the reply's one turn of two calls, replayed by the next input as
    call, result, call, result, is that turn, each call once (not the reply's message and
    the replay's two)."""
    trace = import_one(tmp_path, _run(interleaved=True)).trace
    assert [(m.role, [r.id for r in m.tool_calls], m.content) for m in trace.messages] == [
        ("system", [], "Be brief."),
        ("user", [], "Weather?"),
        ("assistant", ["c1"], None),
        ("tool", [], "sunny"),
        ("assistant", ["c2"], None),
        ("tool", [], "rain"),
        ("assistant", [], "Sunny; rain."),
    ]
    assert [(c.id, c.result) for c in trace.tool_calls] == [("c1", "sunny"), ("c2", "rain")]
