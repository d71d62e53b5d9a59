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


def _adk_tool(n: int, call_id: str, city: str, result: str, **keys: str) -> dict[str, Any]:
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
            out: json.dumps({"result": result}),
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
