"""A tool message a LangChain-serialised history marks failed, where no tool span ran.

LangChain 1.x's ``HumanInTheLoopMiddleware`` answers a call a person rejected with a
``ToolMessage`` of ``status: "error"`` ("User rejected the tool call for ..."); the tool never
runs, so no tool span records the call or its failure. The message stands in the graph state
and in the serialised messages of the spans that carry them: OpenInference's ``input.value``
and ``output.value``, OpenLLMetry's ``traceloop.entity.input`` and ``.output`` of the
middleware's task; the model calls' own message attributes drop the status. The contract's
``error`` rule: a result the trace marks failed is the call's error too (both readings of
``langgraph-approval-denied-2026-12-07zn`` and of its OpenLLMetry twin wrote the rejection so).
So each tool message of the conversation whose call id such a message names, marked with no
error of its own, takes the message's text as its error (`with_serialized_failures`), which
`._requested_calls` gives the call.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ._messages import Msg, result_text, try_json
from ._spans import Span

__all__ = ["serialized_failures", "with_serialized_failures"]

_KEYS = ("input.value", "output.value", "traceloop.entity.input", "traceloop.entity.output")
"""The attributes holding a run's serialised messages or state."""
_DEPTH = 8
"""How deep into a serialised value a message is looked for."""


def with_serialized_failures(messages: list[Msg], spans: list[Span]) -> list[Msg]:
    """`messages`, each tool message a serialised ``status: "error"`` names marked failed.

    Examples:
        >>> import json
        >>> state = {"messages": [{"type": "tool", "data": {"content": "User rejected it.",
        ...     "type": "tool", "tool_call_id": "call_a1", "status": "error"}}]}
        >>> span = Span("t", "s", None, "after_model", 1, 2, "ok", None,
        ...             {"output.value": json.dumps(state)})
        >>> said = [Msg("tool", "User rejected it.", tool_call_id="call_a1")]
        >>> [m.error for m in with_serialized_failures(said, [span])]
        ['User rejected it.']
    """
    failed = serialized_failures(spans)
    for msg in messages:
        if msg.role == "tool" and msg.error is None and msg.tool_call_id in failed:
            msg.error = failed[msg.tool_call_id]
    return messages


def serialized_failures(spans: list[Span]) -> dict[str, str]:
    """Call id -> the text of a serialised ``ToolMessage`` of ``status: "error"`` answering it."""
    out: dict[str, str] = {}
    for span in spans:
        for key in _KEYS:
            value = span.attributes.get(key)
            if not isinstance(value, str) or '"error"' not in value:
                continue  # no serialised status error: nothing to parse
            for item in _dicts(try_json(value), _DEPTH):
                if _rejection(item):
                    text = result_text(item["content"])
                    out.setdefault(item["tool_call_id"], text if text is not None else "")
    return out


def _rejection(item: dict[str, Any]) -> bool:
    """Whether `item` is a failed ``ToolMessage``'s fields, with its call id.

    Its ``data`` or ``kwargs``, as LangChain serialises it, with ``status: "error"``.
    """
    return (
        item.get("type") == "tool"
        and item.get("status") == "error"
        and isinstance(item.get("tool_call_id"), str)
        and "content" in item
    )


def _dicts(value: Any, depth: int) -> Iterator[dict[str, Any]]:
    """Every dict within `value`, `depth` levels down at most."""
    if depth < 0:
        return
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _dicts(item, depth - 1)
    elif isinstance(value, list):
        for item in value:
            yield from _dicts(item, depth - 1)
