"""AgentOps' AG2 spans (AgentOps 0.4.21), on small span lists written its way
(tests/data/traces/agentops/agentops-ag2-2026-12-07f.json).

Its ``ag2.tool.function.tool_usage`` spans name the tool type (``function``) as
``tool.name``, the function call as ``gen_ai.request.tools.0.name`` / ``.arguments`` (a JSON
string holding the arguments' JSON) and the function message AG2 returned as
``tool.result``. Its ``<model>.llm`` span writes no completion for a reply with no text: the
reply that requested the tools run after it, before the next model call.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "a2" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Paris and in Tokyo?"
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _llm(answer: str | None, system: str = "ag2") -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "agentops.span.kind": "llm",
        "agent.name": "weather_agent",
        "llm.client_call": "true",
        "gen_ai.prompt.0.role": "system",
        "gen_ai.prompt.0.content": SYSTEM,
        "gen_ai.prompt.1.role": "user",
        "gen_ai.prompt.1.content": ASK,
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.usage.prompt_tokens": "61",
        "gen_ai.usage.completion_tokens": "34",
        "gen_ai.system": system,
    }
    if answer is not None:
        attrs["gen_ai.completion.0.role"] = "assistant"
        attrs["gen_ai.completion.0.content"] = answer
    return attrs


def _tool(city: str, result: str, kind: str = "function") -> dict[str, Any]:
    return {
        "agentops.span.kind": "tool",
        "agent.name": "user_proxy",
        "tool.name": kind,
        "gen_ai.request.tools.0.name": "get_weather",
        "gen_ai.request.tools.0.arguments": json.dumps(json.dumps({"city": city})),
        "tool.status": "success",
        "tool.result": json.dumps({"name": "get_weather", "role": "function", "content": result}),
    }


def _chat(system: str = "ag2", kind: str = "function") -> list[dict[str, Any]]:
    chat = {"agentops.span.kind": "agent", "agent.initial_message": ASK}
    return [
        _span(1, "ag2.chat.user_proxy_to_weather_agent.workflow", chat, None),
        _span(2, "gpt-4o-mini.llm", _llm(None, system), 1),
        _span(3, f"ag2.tool.{kind}.tool_usage", _tool("Paris", "sunny, 22 C", kind), 1),
        _span(4, f"ag2.tool.{kind}.tool_usage", _tool("Tokyo", "rain, 17 C", kind), 1),
        _span(5, "gpt-4o-mini.llm", _llm(ANSWER, system), 1),
    ]


def test_the_tools_and_the_turn_that_requested_them(tmp_path: Path) -> None:
    # before: no tool call (the spans named `function`), and no turn requesting them
    trace = import_one(tmp_path, _chat()).trace
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny, 22 C", None),
        ("get_weather", {"city": "Tokyo"}, "rain, 17 C", None),
    ]
    said = [(m.role, m.content, [r.name for r in m.tool_calls]) for m in trace.messages]
    assert said == [
        ("system", SYSTEM, []),
        ("user", ASK, []),
        ("assistant", None, ["get_weather", "get_weather"]),
        ("tool", "sunny, 22 C", []),
        ("tool", "rain, 17 C", []),
        ("assistant", ANSWER, []),
    ]


def test_another_frameworks_llm_span_with_no_reply_requests_nothing(tmp_path: Path) -> None:
    # the same shapes under another framework's ``llm`` span: no turn is made up
    trace = import_one(tmp_path, _chat(system="langgraph")).trace
    assert not any(m.tool_calls for m in trace.messages)


def test_its_code_execution_is_no_named_call(tmp_path: Path) -> None:
    # ``run_code``'s span (tool.name ``code``) runs no named tool: not read as one
    trace = import_one(tmp_path, _chat(kind="code")).trace
    assert trace.tool_calls == []
    assert not any(m.tool_calls for m in trace.messages)
