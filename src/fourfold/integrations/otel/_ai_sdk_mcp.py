"""An MCP tool's result as the Vercel AI SDK records it: the ``CallToolResult``, read as given.

ai 6 (6.0.326, with @ai-sdk/mcp 1.0.102's ``createMCPClient(...).tools()``) runs an MCP
server's tools as its own: the ``ai.toolCall`` span's ``ai.toolCall.result`` is the MCP
``CallToolResult`` as JSON, ``{"content": [{"type": "text", "text": "sunny, 22 C"}],
"isError": false}`` (with ``structuredContent`` and ``_meta`` when the server gives them),
while the model is given only its content blocks (the next prompt's ``tool-result`` output
``{type: "content", value: [...]}``, @ai-sdk/mcp's ``toModelOutput``). So the result is those
blocks, read as other frameworks' MCP content blocks are (`._shapes.text_blocks`: text-only
blocks are their text; a block that is not text, an image, keeps the list as recorded).

A result with ``isError: true`` is a failed call, though the span ends OK (the SDK hands it to
the model as any other result): its error is the blocks' text, as written (as
`._failed_results` reads Google ADK's failed MCP result); an error the span records itself
comes first.

Google ADK hands the model the whole object, which stays the result as written: only the AI
SDK's ``ai.toolCall.result`` is read so here, and Mastra's MCP tool spans by `._mastra_mcp`
through `call_tool_result`.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from .._messages import try_json
from .._text_block import block_text
from ._shapes import text_blocks

__all__ = ["ai_sdk_mcp_result", "call_tool_result"]

_KEYS = frozenset({"content", "isError", "structuredContent", "_meta"})
"""The keys of an MCP ``CallToolResult``; ``content`` is required."""


def ai_sdk_mcp_result(attrs: dict[str, Any]) -> tuple[Any, str | None] | None:
    """(result, error) of an AI SDK tool span whose result is an MCP ``CallToolResult``.

    None when ``ai.toolCall.result`` is not one (a tool of the application's own).

    Examples:
        >>> ok = '{"content": [{"type": "text", "text": "sunny, 22 C"}], "isError": false}'
        >>> ai_sdk_mcp_result({"ai.toolCall.result": ok})
        ('sunny, 22 C', None)
        >>> failed = {"content": [{"type": "text", "text": "no station"}], "isError": True}
        >>> ai_sdk_mcp_result({"ai.toolCall.result": failed})
        ('no station', 'no station')
        >>> ai_sdk_mcp_result({"ai.toolCall.result": '{"content": "sunny", "score": 1}'}) is None
        True
        >>> ai_sdk_mcp_result({"gen_ai.tool.call.result": ok}) is None
        True
    """
    return call_tool_result(attrs.get("ai.toolCall.result"))


def call_tool_result(raw: Any) -> tuple[Any, str | None] | None:
    """(result, error) of an MCP ``CallToolResult`` (as JSON text or parsed), else None.

    The result its content blocks read as text (`._shapes.text_blocks`), the error their text
    when ``isError`` is true.

    Examples:
        >>> call_tool_result('{"content": [{"type": "text", "text": "rain, 17 C"}]}')
        ('rain, 17 C', None)
        >>> call_tool_result("rain, 17 C") is None
        True
    """
    parsed = try_json(raw) if isinstance(raw, str) else raw
    if not _is_call_tool_result(parsed):
        return None
    content = parsed["content"]
    result = text_blocks(content)
    if parsed.get("isError") is not True:
        return result, None
    texts = [t for t in (block_text(b) for b in content) if t is not None]
    return result, "\n".join(texts) if texts else "error"


def _is_call_tool_result(value: Any) -> TypeGuard[dict[str, Any]]:
    """An MCP ``CallToolResult``: content blocks (each typed), and no key MCP does not give.

    Examples:
        >>> _is_call_tool_result({"content": [{"type": "image", "data": "iVBO"}]})
        True
        >>> _is_call_tool_result({"content": [{"text": "a"}]}), _is_call_tool_result([])
        (False, False)
    """
    if not (isinstance(value, dict) and set(value) <= _KEYS):
        return False
    content = value.get("content")
    return isinstance(content, list) and all(
        isinstance(b, dict) and isinstance(b.get("type"), str) for b in content
    )
