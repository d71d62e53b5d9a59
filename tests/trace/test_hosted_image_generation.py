"""The Responses API's hosted image generation, as OpenInference records the model call.

The Agents SDK's ``ImageGenerationTool`` (``openai-agents-image-generation-2026-12-06p``, the
reading three blind readings settled on): the ``image_generation_call`` item is in no output
message, only in the ``Response`` (``output.value``); it is a call of ``image_generation``
with no arguments (its ``revised_prompt`` and size are the tool's, not the model's), a turn,
and a tool message of its ``result``, the image's base64 data, before the answer
(`otel/_hosted_search._unlisted_call`). A request the reply's messages already list is that
request, not a second one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

ANSWER = "Here is a sun icon."
IMAGE = "iVBORw0KGgoAAAANSUhEUg=="


def _attrs(item: dict[str, Any], **more: str) -> dict[str, Any]:
    said = {"type": "message", "content": [{"type": "output_text", "text": ANSWER}]}
    return {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Draw a sun.",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": ANSWER,
        "output.value": json.dumps({"object": "response", "output": [item, said]}),
        **more,
    }


def test_an_image_generation_item_is_a_call_with_the_image_its_result(tmp_path: Path) -> None:
    item = {
        "type": "image_generation_call",
        "id": "ig_1",
        "result": IMAGE,
        "revised_prompt": "A flat yellow sun",
        "size": "1024x1024",
    }
    trace = import_one(tmp_path, [span(1, "response", _attrs(item), trace="d1" * 16)]).trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "Draw a sun.", None),
        ("assistant", None, None),
        ("tool", IMAGE, "ig_1"),
        ("assistant", ANSWER, None),
    ]
    [call] = trace.tool_calls
    expected = ("image_generation", {}, IMAGE, "ig_1")
    assert (call.name, call.arguments, call.result, call.id) == expected


def test_an_image_request_the_reply_lists_is_not_added_again(tmp_path: Path) -> None:
    item = {"type": "image_generation_call", "id": "ig_2", "result": IMAGE}
    listed = {
        "llm.output_messages.0.message.tool_calls.0.tool_call.id": "ig_2",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": (
            "image_generation_call"
        ),
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": "{}",
    }
    trace = import_one(tmp_path, [span(1, "response", _attrs(item, **listed), trace="d2" * 16)])
    requests = [r.id for m in trace.trace.messages for r in m.tool_calls]
    assert requests == ["ig_2"]
    assert [(c.name, c.id) for c in trace.trace.tool_calls] == [("image_generation", "ig_2")]
