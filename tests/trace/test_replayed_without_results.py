"""A later model input that replays the history past a tool run without its result.

The OpenAI Agents SDK on the Responses API under the OpenTelemetry project's
opentelemetry-instrumentation-openai-agents-v2 0.1.0
(``openai-agents-otel-responses-preamble-2026-12-06m``, both blind readings): a reply of a
text and two function calls is recorded as its text alone, and the next call's input replays
that text as the repr of its ``output_text`` part (``{'annotations': [], 'text': ..., 'type':
'output_text', 'logprobs': []}``) and holds neither the calls nor their results. The repr is
the reply's text, one turn with it (`_messages._repr_items`); and the tool runs, which no turn
requests, get no tool message: the input made after them runs through the place one would
take and holds none, so the model was never given them (`Conversation.replayed_without`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import text
from tests.helpers.span_builders import import_one, span

TRACE = "9a" * 16
QUESTION = "What is the weather in Paris and in Tokyo?"
PREAMBLE = "I'll look up the weather in both cities."
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."


def _chat(n: int, start: float, said: list[dict[str, Any]], reply: str) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(said),
        "gen_ai.output.messages": json.dumps([text("assistant", reply)]),
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=1, start=start, end=start + 0.5)


def _tool(n: int, start: float, city: str, result: str) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.arguments": json.dumps({"city": city}),
        "gen_ai.tool.call.result": result,
    }
    return span(
        n, "execute_tool get_weather", attrs, trace=TRACE, parent=1, start=start, end=start + 0.1
    )


def _spans(replayed: dict[str, Any]) -> list[dict[str, Any]]:
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    return [
        span(1, "invoke_agent weather_agent", agent, trace=TRACE, start=0.0, end=9.0),
        _chat(2, 1.0, [text("user", QUESTION)], PREAMBLE),
        _tool(3, 2.0, "Paris", "sunny, 22 C"),
        _tool(4, 2.2, "Tokyo", "rain, 17 C"),
        _chat(5, 3.0, [text("user", QUESTION), replayed], ANSWER),
    ]


PART = repr({"annotations": [], "text": PREAMBLE, "type": "output_text", "logprobs": []})


def test_a_replayed_output_text_part_is_the_reply_and_unrequested_results_were_never_given(
    tmp_path: Path,
) -> None:
    trace = import_one(tmp_path, _spans(text("assistant", PART))).trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", QUESTION),
        ("assistant", PREAMBLE),
        ("assistant", ANSWER),
    ]
    assert [(c.arguments, c.result) for c in trace.tool_calls] == [
        ({"city": "Paris"}, "sunny, 22 C"),
        ({"city": "Tokyo"}, "rain, 17 C"),
    ]


def test_a_run_whose_later_input_records_no_history_keeps_the_results(tmp_path: Path) -> None:
    spans = _spans(text("assistant", PREAMBLE))
    spans[-1] = _chat(5, 3.0, [], ANSWER)  # an input not recorded: nothing says what was given
    roles = [m.role for m in import_one(tmp_path, spans).trace.messages]
    assert roles == ["user", "assistant", "tool", "tool", "assistant"]
