"""Haystack ``ChatMessage`` objects as its OpenTelemetry tracer serialises them.

A message is ``{role, meta, name, content: [parts]}``; a part ``{text}``, ``{tool_call:
...}`` or ``{tool_call_result: {result, origin, error}}``. The tool is ``get_weather``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["call", "message", "result_part"]


def message(role: str, *parts: dict[str, Any], meta: dict[str, Any] | None = None) -> Any:
    """A serialised ``ChatMessage`` with the given parts (its meta empty unless given)."""
    return {"role": role, "meta": meta or {}, "name": None, "content": list(parts)}


def call(city: str, call_id: str) -> dict[str, Any]:
    """A serialised ``ToolCall`` of ``get_weather`` for `city`."""
    return {"tool_name": "get_weather", "arguments": {"city": city}, "id": call_id, "extra": None}


def result_part(city: str, call_id: str, result: str, error: bool = False) -> dict[str, Any]:
    """A ``tool_call_result`` part: `result` of the call `call` builds."""
    return {"tool_call_result": {"result": result, "origin": call(city, call_id), "error": error}}
