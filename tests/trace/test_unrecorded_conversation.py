"""A trace whose conversation no span records (`fourfold.integrations._unrecorded_conversation`),
on small spans written the way Semantic Kernel 1.45's agent diagnostics write an
``OpenAIResponsesAgent`` run (tests/data/traces/semantic-kernel/semantic-kernel-responses-agent-*):
an ``invoke_agent`` span, its input messages ``[]`` and its answer as one output message, over
two ``execute_tool`` spans and no model-call span.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None, at: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=at, end=at + 0.5)


def _agent(*, answer: bool = True) -> Any:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "weather_agent",
        "gen_ai.input.messages": "[]",
    }
    if answer:
        said = {"role": "assistant", "content": ANSWER, "name": "weather_agent"}
        attrs["gen_ai.output.messages"] = json.dumps([said])
    return _span(1, "invoke_agent weather_agent", attrs, None, 1.0)


def _tool(n: int, call_id: str, city: str, result: str, at: float) -> Any:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "WeatherPlugin-get_weather",
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": json.dumps({"city": city}),
        "gen_ai.tool.call.result": result,
    }
    return _span(n, "execute_tool WeatherPlugin-get_weather", attrs, 1, at)


def _chat(n: int, at: float) -> Any:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "m",
        "gen_ai.input.messages": json.dumps(
            [{"role": "user", "parts": [{"type": "text", "content": "Weather?"}]}]
        ),
        "gen_ai.output.messages": json.dumps(
            [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
        ),
    }
    return _span(n, "chat m", attrs, 1, at)


def _tools() -> list[Any]:
    return [
        _tool(2, "fc_2", "Paris", "sunny, 22 C", 2.0),
        _tool(3, "fc_3", "Tokyo", "rain, 17 C", 2.1),
    ]


def test_a_run_with_no_model_call_recorded_has_no_messages(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_agent(), *_tools()])
    assert imported.trace.messages == []
    assert imported.trace.output == ANSWER  # the agent span's answer is the run's output
    calls = [(c.id, c.name, c.arguments, c.result) for c in imported.trace.tool_calls]
    assert calls == [
        ("fc_2", "WeatherPlugin-get_weather", {"city": "Paris"}, "sunny, 22 C"),
        ("fc_3", "WeatherPlugin-get_weather", {"city": "Tokyo"}, "rain, 17 C"),
    ]


def test_a_model_call_records_the_conversation_and_the_tools_answer_in_it(
    tmp_path: Path,
) -> None:
    # the same run with its model call traced (SK's ChatCompletionAgent): messages as before
    imported = import_one(tmp_path, [_agent(), *_tools(), _chat(4, 3.0)])
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert ("tool", "sunny, 22 C") in said and ("tool", "rain, 17 C") in said
    assert said[-1] == ("assistant", ANSWER)


def test_a_run_recording_no_messages_keeps_its_tools_results(tmp_path: Path) -> None:
    # MLflow's smolagents autolog: the run records no messages, so the results are all said
    imported = import_one(tmp_path, [_agent(answer=False), *_tools()])
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [("tool", "sunny, 22 C"), ("tool", "rain, 17 C")]
