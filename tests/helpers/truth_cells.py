"""A truth file's cells as the truth test compares them (tests/data/traces/README.md).

Shared by `tests/trace/test_import_truth.py`, which compares them with an import, and
`validation/reannotation.py`, which compares two annotations of one export.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

__all__ = ["FIELDS", "TRUTH_CELLS", "as_json", "message_cell"]

FIELDS = ["input", "messages", "tool_calls", "passages", "output", "usage", "model", "agent"]
"""The fields of a truth compared cell by cell."""


def as_json(value: Any) -> Any:
    """A value as JSON when it is text holding JSON (tool results, tool messages)."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def message_cell(
    role: str, content: Any, tool_call_id: str | None, requested: list[str] | None = None
) -> dict[str, Any]:
    out = {"role": role, "content": as_json(content) if role == "tool" else content}
    if tool_call_id is not None:
        out["tool_call_id"] = tool_call_id
    if requested:
        out["tool_calls"] = requested
    return out


TRUTH_CELLS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "input": lambda t: t["input"],
    "messages": lambda t: [
        message_cell(m["role"], m["content"], m.get("tool_call_id"), m.get("tool_calls"))
        for m in t["messages"]
    ],
    "tool_calls": lambda t: [{**c, "result": as_json(c["result"])} for c in t["tool_calls"]],
    "passages": lambda t: t["passages"],
    "output": lambda t: as_json(t["output"]) if not isinstance(t["output"], str) else t["output"],
    "usage": lambda t: t["usage"],
    "model": lambda t: t["model"],
    "agent": lambda t: t["agent"],
}
