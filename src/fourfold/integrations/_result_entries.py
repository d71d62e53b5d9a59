"""A tool message whose content lists several results, each naming the call it answers.

Semantic Kernel's diagnostics log a chat history's messages one log record each
(``gen_ai.tool.message``, ``{role, content, tool_call_id}``). A connector that sends a turn's
function results to the model as one message (SK 1.45's Gemini connector: one ``Content``
holding a ``function_response`` part per call) can have them merged into ONE tool message in a
later history, written as ``{"role": "tool", "content": [{"tool_call_id": ..., "content":
...}, ...], "tool_call_id": <the first entry's>}``, where an earlier call's history gave the
same results as one tool message each (semantic-kernel-google-tool-error).

Each entry names its own call and carries its own result: the message is those tool messages,
one per entry, in the order listed, each answering its id, so the same messages the earlier
history holds, not a further one joining their texts. The message's own ``tool_call_id``, when
it has one, must be one of the entries' (the first's, as SK writes it): a result that merely
holds such objects under some other call's id is that call's value, kept whole.
"""

from __future__ import annotations

from typing import Any

__all__ = ["result_entries"]


def result_entries(data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The tool messages a tool message listing ``{tool_call_id, content}`` entries holds.

    None when `data` is no such message: not a tool message, a content that is no non-empty
    list of objects each with a string ``tool_call_id`` and a ``content``, or a message
    id that none of the entries names.

    Examples:
        >>> merged = {"role": "tool", "tool_call_id": "f_0", "content": [
        ...     {"tool_call_id": "f_0", "content": "sunny"},
        ...     {"tool_call_id": "f_1", "content": "error: unknown city"}]}
        >>> [(m["tool_call_id"], m["content"]) for m in result_entries(merged) or []]
        [('f_0', 'sunny'), ('f_1', 'error: unknown city')]
        >>> result_entries({**merged, "tool_call_id": "other"}) is None  # another call's value
        True
        >>> result_entries({**merged, "role": "user"}) is None
        True
        >>> result_entries({"role": "tool", "content": [{"tool_call_id": "f_0"}]}) is None
        True
        >>> result_entries({"role": "tool", "tool_call_id": "f_0", "content": []}) is None
        True
    """
    if str(data.get("role") or "").lower() != "tool":
        return None
    content = data.get("content")
    if not isinstance(content, list) or not content:
        return None
    if not all(
        isinstance(entry, dict)
        and isinstance(entry.get("tool_call_id"), str)
        and entry["tool_call_id"]
        and "content" in entry
        for entry in content
    ):
        return None
    own = data.get("tool_call_id")
    if own and own not in {entry["tool_call_id"] for entry in content}:
        return None
    return [
        {"role": "tool", "tool_call_id": entry["tool_call_id"], "content": entry["content"]}
        for entry in content
    ]
