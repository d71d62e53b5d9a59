"""An MCP tool's result as Mastra records it: the ``CallToolResult``, read as its content blocks.

Mastra 1.x (@mastra/core 1.71.0) with @mastra/mcp 1.18.0's ``MCPClient`` runs an MCP server's
tools as the agent's own, and @mastra/otel-exporter 1.4.0 writes each run as an
``execute_tool <server>_<tool>`` span whose ``mastra.span.type`` is ``mcp_tool_call`` (a tool
of the application's own is ``tool_call``). Its ``gen_ai.tool.call.result`` is the MCP
``CallToolResult`` as JSON, ``{"content": [{"type": "text", "text": "sunny, 22 C"}]}``: the
result is its content blocks, read as the AI SDK's MCP result is (`._ai_sdk_mcp`, one text
block its text, a block that is not text keeping the list), its ``isError`` the call's error.

Only Mastra's ``mcp_tool_call`` spans are read so: Google ADK gives the model MCP's whole
object (``structuredContent``, ``isError``), which stays its result as written.
"""

from __future__ import annotations

from typing import Any

from ._ai_sdk_mcp import call_tool_result

__all__ = ["mastra_mcp_result"]

_MCP_TOOL_CALL = "mcp_tool_call"
"""Mastra's span type for a tool an MCP server ran (``mastra.span.type``)."""


def mastra_mcp_result(attrs: dict[str, Any]) -> tuple[Any, str | None] | None:
    """(result, error) of a Mastra MCP tool span whose result is MCP's ``CallToolResult``.

    None for any other span (a tool of the application's own, another framework's span).

    Examples:
        >>> said = '{"content": [{"type": "text", "text": "sunny, 22 C"}]}'
        >>> mastra_mcp_result({"mastra.span.type": "mcp_tool_call",
        ...     "gen_ai.tool.call.result": said})
        ('sunny, 22 C', None)
        >>> mastra_mcp_result({"mastra.span.type": "tool_call",
        ...     "gen_ai.tool.call.result": said}) is None
        True
        >>> mastra_mcp_result({"gen_ai.tool.call.result": said}) is None
        True
    """
    if attrs.get("mastra.span.type") != _MCP_TOOL_CALL:
        return None
    return call_tool_result(attrs.get("gen_ai.tool.call.result"))
