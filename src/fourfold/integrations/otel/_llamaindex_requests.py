"""A LlamaIndex chat span's turns of calls its semconv parts record empty, from its entity input.

OpenLLMetry's LlamaIndex instrumentation (``opentelemetry.instrumentation.llamaindex``,
0.62.4) records an LLM's ``achat``/``astream_chat`` as a ``<LLM class>.task`` span (traceloop
task) that writes both the call's arguments as JSON (``traceloop.entity.input``: ``{"messages":
[<ChatMessage>...], "kwargs": {...}}``, each LlamaIndex ``ChatMessage`` as ``{role,
additional_kwargs, blocks: [{block_type: text, text} | {block_type: tool_call, tool_call_id,
tool_name, tool_kwargs}]}``) and the semconv ``gen_ai.input.messages``. On
llama-index-llms-google-genai's ``GoogleGenAI`` (the google-genai instrumentation suppressed
under it), the semconv parts drop Gemini's function calls: a turn that requested tools is
``{"role": "assistant", "parts": []}``, in the reply and in the next call's input alike. The
entity input holds that turn whole, its ``tool_call`` blocks the calls it requested.

The rule, `with_entity_requests`: on such a span, when the entity input's messages and the
semconv input messages have the same roles in the same order, an assistant message of the
semconv input that says nothing (no text, no calls) takes the calls of the ``tool_call``
blocks of the entity input's message at its place. The ids they carry stand as written
(GoogleGenAI writes the tool's name for an id Gemini does not give: `._name_ids` takes that
off). In a span dump that names no scope, a span with ``traceloop.entity.name`` is read so
too. Any other span, or lists that do not line up, are kept as they are. (The empty reply
itself is the turn the next input records: `._silent_replies`.)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .._messages import Msg, ToolRequest, parse_arguments, try_json

__all__ = ["with_entity_requests"]

_SCOPE = "opentelemetry.instrumentation.llamaindex"
_ENTITY_INPUT = "traceloop.entity.input"


def with_entity_requests(scope: str | None, attrs: dict[str, Any], inputs: list[Msg]) -> list[Msg]:
    """`inputs` (a chat span's semconv input) with the calls its entity input gives empty turns.

    Examples:
        >>> entity = ('{"messages": [{"role": "user", "blocks": [{"block_type": "text", '
        ...     '"text": "Hi"}]}, {"role": "assistant", "blocks": [{"block_type": "tool_call", '
        ...     '"tool_call_id": "f", "tool_name": "f", "tool_kwargs": {"x": 1}}]}]}')
        >>> given = [Msg("user", "Hi"), Msg("assistant")]
        >>> out = with_entity_requests("opentelemetry.instrumentation.llamaindex",
        ...     {"traceloop.entity.input": entity}, given)
        >>> [(r.name, r.arguments, r.id) for r in out[1].tool_calls]
        [('f', {'x': 1}, 'f')]
        >>> with_entity_requests("other", {"traceloop.entity.input": entity}, given)[1].tool_calls
        []
    """
    if not _openllmetry(scope, attrs) or not any(_silent(m) for m in inputs):
        return inputs
    entity = try_json(attrs.get(_ENTITY_INPUT))
    given = entity.get("messages") if isinstance(entity, dict) else None
    if not isinstance(given, list) or len(given) != len(inputs):
        return inputs
    pairs = zip(given, inputs, strict=True)
    if any(not isinstance(g, dict) or g.get("role") != m.role for g, m in pairs):
        return inputs
    out: list[Msg] = []
    for recorded, msg in zip(given, inputs, strict=True):
        calls = _requests(recorded) if _silent(msg) else []
        out.append(dataclasses.replace(msg, tool_calls=calls) if calls else msg)
    return out


def _openllmetry(scope: str | None, attrs: dict[str, Any]) -> bool:
    """Whether the span is OpenLLMetry's LlamaIndex instrumentation's.

    Its scope says so or, in a span dump that names no scope (the SDK's
    ``ConsoleSpanExporter``), it is a traceloop entity (``traceloop.entity.name``).
    """
    return scope == _SCOPE or (scope is None and "traceloop.entity.name" in attrs)


def _silent(msg: Msg) -> bool:
    """An assistant message with no text and no calls."""
    return msg.role == "assistant" and not (msg.content or "").strip() and not msg.tool_calls


def _requests(message: dict[str, Any]) -> list[ToolRequest]:
    """The calls a LlamaIndex ``ChatMessage``'s ``tool_call`` blocks request."""
    blocks = message.get("blocks")
    out: list[ToolRequest] = []
    for block in blocks if isinstance(blocks, list) else []:
        if not isinstance(block, dict) or block.get("block_type") != "tool_call":
            continue
        name = block.get("tool_name")
        if not isinstance(name, str) or not name:
            continue
        found = block.get("tool_call_id")
        out.append(
            ToolRequest(
                name,
                parse_arguments(block.get("tool_kwargs")),
                found if isinstance(found, str) and found else None,
            )
        )
    return out
