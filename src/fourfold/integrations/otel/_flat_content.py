"""What a flattened message (``gen_ai.prompt.{i}.*`` / ``gen_ai.completion.{i}.*``) says.

An input entry that is a role alone (no content, no calls, no call id) says nothing: it is no
message (`only_said`). OpenLLMetry's Mistral instrumentation (opentelemetry-instrumentation-
mistralai) writes ``gen_ai.prompt.0.role`` ``user`` before reading the request's messages as
objects; given dicts, it fails on the first and writes nothing more (its error swallowed),
so every request's prompt is that placeholder alone, whatever the conversation held. A turn
of calls that OpenLLMetry's Cohere instrumentation sends back is a role alone too (it writes
only a message's content: the turn's plan and calls are dropped); the turn is its reply's
record. As a "parts" message of empty text alone is nothing said (`.._messages`).

A content written as JSON text of a provider's content-item list is that list's text
(`item_list_text`).

OpenLLMetry's Cohere instrumentation (opentelemetry-instrumentation-cohere) writes a v2
reply's ``message.content``, Cohere's list of items, as JSON text in
``gen_ai.completion.{i}.content``: ``[{"type": "text", "text": "..."}]``. What the model said
is the items' text, not that JSON.

It also appends the reply's ``tool_plan`` to that list as one more text item: the turn's
text as the trace records it, and so read (the contract: text a trace records as a turn's
content is its content; openlit, which writes the plan as ``gen_ai.content.reasoning``, keeps
it out). Until 2026-12-06 the plan was left out here; every annotator who met a Cohere turn
written so kept it as the turn's text.
"""

from __future__ import annotations

import json
from typing import Any

from .._messages import Msg

__all__ = ["item_list_text", "only_said"]


def item_list_text(content: Any) -> Any:
    r"""`content` as text when it is JSON text of text items; else `content` as it is.

    Examples:
        >>> item_list_text('[{"type": "text", "text": "Sunny."}]')
        'Sunny.'
        >>> item_list_text('[{"type": "text", "text": "A"}, {"type": "text", "text": "B"}]')
        'A\nB'
        >>> item_list_text('[1, 2]')
        '[1, 2]'
    """
    if not (isinstance(content, str) and content.startswith("[")):
        return content
    try:
        items = json.loads(content)
    except ValueError:
        return content
    if not (isinstance(items, list) and items and all(_text_item(i) for i in items)):
        return content
    return "\n".join(str(i["text"]) for i in items)


def _text_item(item: Any) -> bool:
    return (
        isinstance(item, dict) and item.get("type") == "text" and isinstance(item.get("text"), str)
    )


def only_said(messages: list[Msg]) -> list[Msg]:
    """`messages` (an input's flattened entries) without those that are a role alone.

    Examples:
        >>> said = only_said([Msg("user"), Msg("user", "Rain?"), Msg("assistant")])
        >>> [(m.role, m.content) for m in said]
        [('user', 'Rain?')]
    """
    return [
        m
        for m in messages
        if m.content or m.tool_calls or m.tool_call_id or m.result is not None or m.partial
    ]
