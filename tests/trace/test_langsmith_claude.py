"""LangSmith's Claude Agent SDK integration (``configure_claude_agent_sdk()``) over
OpenTelemetry, on small spans written as the integration writes them
(tests/data/traces/langsmith/langsmith-otel-claude-agent-sdk-*):

- the ``claude.conversation`` chain's ``{prompt, system}`` gives the system prompt, which the
  llm runs' Anthropic ``messages`` do not hold: the conversation's first message;
- a tool run's ``{"input": {...}}`` is the integration's wrapper around the arguments, and an
  MCP ``CallToolResult`` it returned is its content blocks' text;
- ``langsmith.metadata.model`` is the model asked for, not the dated answering model.

The same shapes on a LangSmith span the integration does not mark stay as recorded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
ASK = "What is the weather in Oslo?"
SYSTEM = "You are a weather assistant."
CLAUDE = {
    "langsmith.metadata.ls_integration": "claude-agent-sdk",
    "langsmith.metadata.model": "claude-sonnet-4-5",
}


def _span(n: int, kind: str, attrs: dict[str, Any], parent: int | None = None) -> Any:
    ops = {"llm": "chat", "tool": "execute_tool", "chain": "chain"}
    base = {"langsmith.span.kind": kind, "gen_ai.operation.name": ops[kind]}
    end = n + 0.5 if parent is not None else 20.0
    return span(n, f"run{n}", {**base, **attrs}, trace=TRACE, parent=parent, start=n, end=end)


def _spans(marks: dict[str, Any]) -> list[Any]:
    request = {"type": "tool_use", "id": "toolu_1", "name": "mcp__w__get", "input": {"c": "Oslo"}}
    first = {"role": "assistant", "content": [{"type": "text", "text": "Looking."}, request]}
    result = {"role": "tool", "content": "rain", "tool_call_id": "toolu_1"}
    dated = {"gen_ai.request.model": "claude-sonnet-4-5-20250929", "gen_ai.system": "anthropic"}
    conversation = {"prompt": ASK, "system": SYSTEM}
    return [
        _span(1, "chain", {**marks, "gen_ai.prompt": json.dumps(conversation)}),
        _span(
            2,
            "llm",
            {
                **marks,
                **dated,
                "gen_ai.prompt": json.dumps({"messages": [{"role": "user", "content": ASK}]}),
                "gen_ai.completion": json.dumps(first),
            },
            parent=1,
        ),
        _span(
            3,
            "tool",
            {
                **marks,
                "gen_ai.tool.name": "mcp__w__get",
                "gen_ai.tool.call.id": "toolu_1",
                "gen_ai.prompt": json.dumps({"input": {"c": "Oslo"}}),
                "gen_ai.completion": json.dumps({"content": [{"type": "text", "text": "rain"}]}),
            },
            parent=1,
        ),
        _span(
            4,
            "llm",
            {
                **marks,
                **dated,
                "gen_ai.prompt": json.dumps(
                    {"messages": [{"role": "user", "content": ASK}, first, result]}
                ),
                "gen_ai.completion": json.dumps({"role": "assistant", "content": "Rain."}),
            },
            parent=1,
        ),
    ]


def test_the_integrations_runs(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(CLAUDE))
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages][:2] == [("system", SYSTEM), ("user", ASK)]
    [call] = trace.tool_calls
    assert (call.arguments, call.result, call.id) == ({"c": "Oslo"}, "rain", "toolu_1")
    assert imported.metadata.get("model") == "claude-sonnet-4-5"


def test_the_same_shapes_unmarked_stay_as_recorded(tmp_path: Path) -> None:
    # a LangSmith run of another integration: its inputs are its own, its model the request's
    imported = import_one(tmp_path, _spans({"langsmith.metadata.model": "claude-sonnet-4-5"}))
    trace = imported.trace
    assert all(m.role != "system" for m in trace.messages)
    [call] = trace.tool_calls
    assert call.arguments == {"input": {"c": "Oslo"}}
    assert call.result == {"content": [{"type": "text", "text": "rain"}]}
    assert imported.metadata.get("model") == "claude-sonnet-4-5-20250929"
