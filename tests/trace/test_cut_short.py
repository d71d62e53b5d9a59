"""A run cut short: an export holding only the spans that had ended (a backend holding a run
still going, a process that died), its agent's and its workflow's spans not in it. The three
misses of the fifty-fourth round's first run (`-2026-12-07z`), one test each, each failing
without its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes
from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "c5" * 16
RESULTS = ["sunny, 22 C", "rain, 17 C"]
GONE = 99  # the agent's span: never ended, not exported
QUESTION = "What is the weather in Paris and in Tokyo?"
CALLS = [
    ("call_w1", "get_weather", {"city": "Paris"}),
    ("call_w2", "get_weather", {"city": "Tokyo"}),
]


def _tool(n: int, parent: int, attrs: dict[str, Any]) -> dict[str, Any]:
    return span(n, "get_weather", attrs, trace=TRACE, parent=parent, start=n, end=n + 0.5)


def test_smolagents_steps_alone_are_no_run(tmp_path: Path) -> None:
    """`otel._openinference._smolagents_step`: a ``Step <n>`` CHAIN's input is the step's repr
    and its output the step's observations, neither the question nor the answer."""
    step = span(
        1,
        "Step 1",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"memory_step": "ActionStep(step_number=1, error=None)"}),
            "output.value": "sunny, 22 C\nrain, 17 C",
        },
        trace=TRACE,
        parent=GONE,
        start=1.0,
        end=9.0,
    )
    said = [{"role": "system", "content": "Solve the task."}, {"role": "user", "content": QUESTION}]
    model = span(
        2,
        "OpenAIModel.generate",
        {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            **openinference_messages("llm.input_messages", said),
            **openinference_messages(
                "llm.output_messages", [{"role": "assistant", "tool_calls": CALLS}]
            ),
        },
        trace=TRACE,
        parent=1,
        start=2.0,
        end=2.5,
    )
    tools = [
        _tool(
            3 + i,
            1,
            {
                "openinference.span.kind": "TOOL",
                "tool.name": "get_weather",
                "input.value": json.dumps({"kwargs": args}),
                "output.value": result,
            },
        )
        for i, ((_, _, args), result) in enumerate(zip(CALLS, RESULTS, strict=True))
    ]
    imported = import_one(tmp_path, [step, model, *tools])
    assert imported.input == QUESTION
    assert imported.trace.output is None


def _genai(n: int, name: str, attrs: dict[str, Any]) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=GONE, start=n, end=n + 0.5)


def test_the_agent_its_calls_and_tools_name(tmp_path: Path) -> None:
    """`_span_agents.span_agent`: pydantic-ai and ADK write ``gen_ai.agent.name`` on every
    span of a run; with the agent's own span gone, they still name it."""
    asked = {"role": "user", "parts": [{"type": "text", "content": QUESTION}]}
    reply = {
        "role": "assistant",
        "parts": [
            {"type": "tool_call", "id": cid, "name": name, "arguments": args}
            for cid, name, args in CALLS
        ],
    }
    named = {"gen_ai.agent.name": "weather_agent"}
    chat = _genai(
        1,
        "chat gpt-4o-mini",
        {**named, **chat_attributes([asked], [reply], usage=None)},
    )
    tools = [
        _genai(
            2 + i,
            "execute_tool get_weather",
            {
                **named,
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": name,
                "gen_ai.tool.call.id": cid,
                "gen_ai.tool.call.arguments": json.dumps(args),
                "gen_ai.tool.call.result": result,
            },
        )
        for i, ((cid, name, args), result) in enumerate(zip(CALLS, RESULTS, strict=True))
    ]
    trace = import_one(tmp_path, [chat, *tools]).trace
    assert trace.metadata["agent_name"] == "weather_agent"
    assert [(c.id, c.result) for c in trace.tool_calls] == [
        ("call_w1", "sunny, 22 C"),
        ("call_w2", "rain, 17 C"),
    ]


def test_results_no_turn_requests_are_no_messages(tmp_path: Path) -> None:
    """`_contentless_calls.requests_unrecorded`: a call that records its request and no reply
    (OpenLLMetry's openai-agents), cut short before the next call would replay the turn that
    asked for the tools: no message requests them, so their results are no messages."""
    asked = [
        {"role": "system", "parts": [{"type": "text", "content": "Be brief."}]},
        {"role": "user", "parts": [{"type": "text", "content": QUESTION}]},
    ]
    call = _genai(
        1,
        "openai.response",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": json.dumps(asked),
        },
    )
    tools = [
        _genai(
            2 + i,
            "get_weather.tool",
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "get_weather",
                "gen_ai.tool.call.arguments": json.dumps(args),
                "gen_ai.tool.call.result": result,
            },
        )
        for i, ((_, _, args), result) in enumerate(zip(CALLS, RESULTS, strict=True))
    ]
    trace = import_one(tmp_path, [call, *tools]).trace
    assert [m.role for m in trace.messages] == ["system", "user"]
    assert [c.result for c in trace.tool_calls] == ["sunny, 22 C", "rain, 17 C"]
