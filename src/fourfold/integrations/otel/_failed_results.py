"""A tool's result that says the call failed, where the span does not say what went wrong.

Three shapes mark an MCP tool's failure on what the tool gave back rather than on the
span:

- Google ADK's ``execute_tool`` span for an MCP tool whose ``CallToolResult`` has
  ``isError: true`` gets ``error.type`` ``MCP_TOOL_ERROR`` and status ERROR whose
  description repeats that type (ADK writes the type, not the message, so no tool content
  lands outside its content toggle), with no ``exception`` event. The kind is not what went
  wrong; the result is, as the MCP server wrote it: the call's error is the failed result's
  text (its text blocks, as written).
- Google ADK's ``execute_tool`` span for a function tool whose response is a dict with an
  ``error`` key (an ``on_tool_error_callback``'s reply to the exception the tool raised,
  ``{"error": "unknown city: Tokio"}``, or the tool's own error dict; ADK 2.13) gets
  ``error.type`` ``TOOL_ERROR`` and status ERROR repeating it, with no ``exception`` event;
  its ``gen_ai.tool.call.result`` is that dict, what the model was given. The call's error
  is the status as written, ``TOOL_ERROR``, its result the dict (so ADK's own refusals of a
  call, its validation's and a rejected confirmation's, are read alike): seven of eight blind
  readings of the shape wrote it so (two of ``google-adk-bad-arguments``, two of
  ``google-adk-approval-denied``, three of ``google-adk-tool-error-callback``, whose first
  reading wrote ``TOOL_ERROR: unknown city: Tokio``, the rule until 2026-12-08).
- LangChain's tool, given ``handle_tool_error`` (langchain-mcp-adapters raises on an
  ``isError`` result), returns a ``ToolMessage`` with ``status: "error"``: the span ends OK,
  its output that message. The call failed, its error the message's text.

As when an MCP server's own span says the call failed (`.._repeated_tools`), the result
stays what the model got. An error that says more than its type (a status message of its
own, an exception event) is kept.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from .._spans import Span
from .._text_block import block_text
from ._shapes import langchain_tool_status

__all__ = ["failed_result_error"]


def failed_result_error(span: Span, error: str | None, output: Any, result: Any) -> str | None:
    """The call's error: `error` (the span's), or what the tool's output says failed.

    `output` is the tool's output as recorded, `result` as read: they say what failed where
    the span does not.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> span = Span("t", "s", None, "execute_tool get_station", None, None, "error",
        ...             "MCP_TOOL_ERROR", {"error.type": "MCP_TOOL_ERROR"})
        >>> failed = {"content": [{"type": "text", "text": "no station"}], "isError": True}
        >>> failed_result_error(span, "MCP_TOOL_ERROR", failed, failed)
        'no station'
        >>> failed_result_error(span, "MCP_TOOL_ERROR", None, {**failed, "isError": False})
        'MCP_TOOL_ERROR'
        >>> adk = Span("t", "s", None, "execute_tool get_weather", None, None, "error",
        ...            "TOOL_ERROR", {"error.type": "TOOL_ERROR"})
        >>> failed_result_error(adk, "TOOL_ERROR", None, {"error": "unknown city: Tokio"})
        'TOOL_ERROR'
        >>> failed_result_error(span, "ValueError: no station", None, failed)
        'ValueError: no station'
        >>> message = {"type": "tool", "data": {"content": "no station", "status": "error"}}
        >>> failed_result_error(span, None, message, "no station")
        'no station'
    """
    if error is None:
        return (_text(result) or "error") if langchain_tool_status(output) == "error" else None
    if error != span.attributes.get("error.type"):
        return error
    result = try_json(result) if isinstance(result, str) else result
    if not isinstance(result, dict):
        return error
    if result.get("isError") or result.get("is_error"):
        return _text(result.get("content")) or error
    return error  # ADK's TOOL_ERROR: the status as written, the dict the model's answer


def _text(value: Any) -> str | None:
    """A text, or the texts of a list of content blocks joined by newlines; else None."""
    if isinstance(value, str):
        return value if value.strip() else None
    texts = [block_text(b) for b in value] if isinstance(value, list) else []
    joined = "\n".join(t for t in texts if t is not None)
    return joined if joined.strip() else None
