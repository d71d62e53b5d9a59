"""Mastra on an MCP client's tools: ``gen_ai.tool.call.result`` is MCP's ``CallToolResult``.

Mastra 1.71 with @mastra/mcp 1.18, exported by @mastra/otel-exporter 1.4
(`mastra/mastra-mcp-2026-12-06f.json`), writes each MCP tool run as an ``execute_tool`` span of
``mastra.span.type`` ``mcp_tool_call`` whose result is the protocol's object, ``{"content":
[{"type": "text", "text": ...}]}``. The result is its content blocks read as any MCP content
(one text block: its text), as the AI SDK's is. Before, the object was the result. Rule:
`integrations/otel/_mastra_mcp.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ce" * 16


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _tool(result: Any, kind: str | None = "mcp_tool_call") -> list[dict[str, Any]]:
    """One ``execute_tool weather_get_weather`` span as @mastra/otel-exporter 1.4 writes it
    (`kind` its ``mastra.span.type``, None for a span of another framework)."""
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "weather_get_weather",
        "gen_ai.tool.call.id": "call_w1",
        "gen_ai.tool.call.arguments": '{"city":"Paris"}',
        "gen_ai.tool.call.result": json.dumps(result, separators=(",", ":")),
    }
    if kind is not None:
        attrs |= {"mastra.span.type": kind, "mastra.mcp_tool_call.server_name": "weather"}
    return [span(1, "execute_tool weather_get_weather", attrs, trace=TRACE, start=1, end=2)]


def test_an_mcp_tool_calls_one_text_block_is_its_result(tmp_path: Path) -> None:
    result = {"content": [_text("sunny, 22 C")]}
    calls = import_one(tmp_path, _tool(result)).trace.tool_calls
    assert [(c.name, c.id, c.result, c.error) for c in calls] == [
        ("weather_get_weather", "call_w1", "sunny, 22 C", None)
    ]


def test_an_mcp_result_marked_is_error_is_the_calls_error(tmp_path: Path) -> None:
    """MCP's ``isError`` on a span that ends OK: failed all the same, as the AI SDK's is."""
    failed = "no station in Oslo"
    calls = import_one(tmp_path, _tool({"content": [_text(failed)], "isError": True}))
    assert [(c.result, c.error) for c in calls.trace.tool_calls] == [(failed, failed)]


def test_an_mcp_result_holding_an_image_keeps_its_blocks(tmp_path: Path) -> None:
    image = {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}
    calls = import_one(tmp_path, _tool({"content": [_text("chart"), image]})).trace.tool_calls
    assert [c.result for c in calls] == [[_text("chart"), image]]


def test_a_mastra_tool_of_the_applications_own_keeps_its_object(tmp_path: Path) -> None:
    """A ``tool_call`` span (not MCP's) returning the same shape is not read so."""
    own = {"content": [_text("sunny, 22 C")]}
    calls = import_one(tmp_path, _tool(own, "tool_call")).trace.tool_calls
    assert [c.result for c in calls] == [own]


def test_another_frameworks_mcp_result_stays_as_written(tmp_path: Path) -> None:
    """Google ADK hands the model MCP's whole object on a span with no ``mastra.span.type``:
    that object stays the result (google-adk-mcp*)."""
    whole = {"content": [_text("sunny, 22 C")], "structuredContent": None, "isError": False}
    calls = import_one(tmp_path, _tool(whole, None)).trace.tool_calls
    assert [c.result for c in calls] == [whole]
