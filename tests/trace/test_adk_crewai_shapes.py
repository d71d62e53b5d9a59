"""Google ADK's and CrewAI's own span shapes (tests/data/traces/google-adk/, crewai/), each on
small spans written the way the framework writes them, so each rule is checked apart from the
export that showed it broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    start = kw.pop("start", float(n))
    return span(n, name, attrs, trace=TRACE, start=start, end=start + 0.5, **kw)


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def _adk_tool(n: int, call_id: str, city: str, value: str, **keys: str) -> dict[str, Any]:
    args = keys.get("args", "gen_ai.tool.call.arguments")
    out = keys.get("result", "gen_ai.tool.call.result")
    return _span(
        n,
        "execute_tool get_weather",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.id": call_id,
            args: json.dumps({"city": city}),
            out: json.dumps({"result": value}),
        },
        parent=1,
    )


def _merged(n: int) -> dict[str, Any]:
    """ADK's span for merging the parallel calls' responses into one event."""
    return _span(
        n,
        "execute_tool (merged)",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "(merged tools)",
            "gen_ai.tool.description": "(merged tools)",
            "gen_ai.tool.call.id": "0a17ffab-7709-4a0f-a91f-3dd834046984",
            "gcp.vertex.agent.tool_call_args": "N/A",
            "gcp.vertex.agent.tool_response": json.dumps(
                [
                    {"id": "c1", "name": "get_weather", "response": {"result": "sunny"}},
                    {"id": "c2", "name": "get_weather", "response": {"result": "rain"}},
                ]
            ),
        },
        parent=1,
    )


def test_adk_merged_tools_span_is_no_tool_call(tmp_path: Path) -> None:
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "invoke_agent weather_agent", agent, start=0.0),
            _adk_tool(2, "c1", "Paris", "sunny"),
            _adk_tool(3, "c2", "Tokyo", "rain"),
            _merged(4),
        ],
    )
    calls = [(c.name, c.id, c.result) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", "c1", {"result": "sunny"}),
        ("get_weather", "c2", {"result": "rain"}),
    ]


def test_gemini_contents_are_messages() -> None:
    # google-genai Content: roles user/model, parts text / function_call / function_response
    from fourfold.integrations._messages import parse_messages

    contents = [
        {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
        {
            "role": "model",
            "parts": [
                {"function_call": {"id": "c1", "name": "get_weather", "args": {"city": "Paris"}}}
            ],
        },
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "id": "c1",
                        "name": "get_weather",
                        "response": {"result": "sunny"},
                    }
                }
            ],
        },
        {"role": "model", "parts": [{"text": "thinking...", "thought": True}, {"text": "Sunny."}]},
    ]
    user, asked, answer, said = parse_messages(json.dumps(contents))
    assert (user.role, user.content) == ("user", "Weather in Paris?")
    assert (asked.role, asked.content) == ("assistant", None)
    assert [(r.id, r.name, r.arguments) for r in asked.tool_calls] == [
        ("c1", "get_weather", {"city": "Paris"})
    ]
    assert (answer.role, answer.tool_call_id, answer.result) == ("tool", "c1", {"result": "sunny"})
    assert (said.role, said.content) == ("assistant", "Sunny.")


def _call_llm(n: int, contents: list[Any], reply: dict[str, Any], usage: int) -> dict[str, Any]:
    """ADK's legacy model-call span: the request and the reply only as its own JSON."""
    request = {
        "model": "openai/gpt-4o-mini",
        "config": {"system_instruction": "Be brief.", "labels": {"adk_agent_name": "a"}},
        "contents": contents,
    }
    return _span(
        n,
        "call_llm",
        {
            "gen_ai.system": "gcp.vertex.agent",
            "gen_ai.request.model": "openai/gpt-4o-mini",
            "gcp.vertex.agent.llm_request": json.dumps(request),
            "gcp.vertex.agent.llm_response": json.dumps(
                {"model_version": "gpt-4o-mini-2024-07-18", "content": reply}
            ),
            "gen_ai.usage.input_tokens": usage,
            "gen_ai.usage.output_tokens": 5,
        },
        parent=1,
    )


def test_adk_call_llm_request_and_response_are_the_model_calls_messages(tmp_path: Path) -> None:
    question = {"role": "user", "parts": [{"text": "Weather in Paris?"}]}
    asked = {
        "role": "model",
        "parts": [
            {"function_call": {"id": "c1", "name": "get_weather", "args": {"city": "Paris"}}}
        ],
    }
    answered = {
        "role": "user",
        "parts": [
            {
                "function_response": {
                    "id": "c1",
                    "name": "get_weather",
                    "response": {"result": "sunny"},
                }
            }
        ],
    }
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"}
    imported = import_one(
        tmp_path,
        [
            _span(0, "invocation", {}, start=0.0),
            _span(1, "invoke_agent a", agent, start=0.1, parent=0),
            _call_llm(2, [question], asked, 10),
            _adk_tool(
                3,
                "c1",
                "Paris",
                "sunny",
                args="gcp.vertex.agent.tool_call_args",
                result="gcp.vertex.agent.tool_response",
            ),
            _call_llm(
                4, [question, asked, answered], {"role": "model", "parts": [{"text": "Sunny."}]}, 20
            ),
        ],
    )
    assert imported.input == "Weather in Paris?"
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Weather in Paris?", None),
        ("assistant", None, None),
        ("tool", '{"result": "sunny"}', "c1"),
        ("assistant", "Sunny.", None),
    ]
    assert imported.trace.output == "Sunny."
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (30, 10)
