"""Messages with parts that are not text: an image, a file, audio.

The contract (tests/data/traces/README.md, ``messages``): a message of text parts and
parts that are not text is its text parts' texts; a message of such parts alone is a
message whose content is null, in its place, whatever convention wrote it. A reply of
empty text alone says nothing and is no message.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fourfold.integrations.otel import from_otel

REPLY = [{"role": "assistant", "parts": [{"type": "text", "content": "A cat."}]}]
IMAGE_PARTS: list[dict[str, Any]] = [
    {"type": "blob", "modality": "image", "mime_type": "image/png", "content": "iVBOR"},
    {"type": "uri", "modality": "image", "uri": "https://example.com/cat.png"},
    {"type": "file", "modality": "image", "file_id": "file-1"},
    {"inline_data": {"mime_type": "image/png", "data": "iVBOR"}},
]
OPENAI_IMAGES: list[dict[str, Any]] = [
    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}},
    {"type": "input_image", "image_url": "data:image/png;base64,iVBOR"},
]


def _conversation(inputs: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    span = {
        "name": "chat gpt-4o",
        "attributes": {
            "gen_ai.operation.name": "chat",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(REPLY),
        },
    }
    [imported] = from_otel({"spans": [span]})
    return [(m.role, m.content) for m in imported.trace.messages]


@pytest.mark.parametrize("part", IMAGE_PARTS, ids=lambda p: str(p.get("type", "gemini")))
def test_a_message_of_an_image_alone_is_a_message_with_no_content(part: dict[str, Any]) -> None:
    asked = [{"role": "user", "parts": [part]}]
    assert _conversation(asked) == [("user", None), ("assistant", "A cat.")]


@pytest.mark.parametrize("part", IMAGE_PARTS, ids=lambda p: str(p.get("type", "gemini")))
def test_a_message_of_text_and_an_image_is_its_text(part: dict[str, Any]) -> None:
    asked = [{"role": "user", "parts": [{"type": "text", "content": "What is this?"}, part]}]
    assert _conversation(asked) == [("user", "What is this?"), ("assistant", "A cat.")]


@pytest.mark.parametrize("part", OPENAI_IMAGES, ids=lambda p: str(p["type"]))
def test_openai_content_items_read_the_same(part: dict[str, Any]) -> None:
    alone = [{"role": "user", "content": [part]}]
    assert _conversation(alone) == [("user", None), ("assistant", "A cat.")]
    mixed = [{"role": "user", "content": [part, {"type": "text", "text": "What is this?"}]}]
    assert _conversation(mixed) == [("user", "What is this?"), ("assistant", "A cat.")]


def test_a_turn_of_empty_text_alone_is_still_no_message() -> None:
    # Mastra 1.x writes a tool-call turn's reply as one empty text part: nothing said
    asked = [
        {"role": "user", "parts": [{"type": "text", "content": "Hi"}]},
        {"role": "assistant", "parts": [{"type": "text", "content": ""}]},
    ]
    assert _conversation(asked) == [("user", "Hi"), ("assistant", "A cat.")]


def test_openai_content_items_written_as_parts_keep_their_text() -> None:
    # LiteLLM converts a text content to a part ``{type: text, content}`` but passes a list
    # content's items through as they are: ``{type: text, text}`` beside an image_url item
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}}
    asked = [{"role": "user", "parts": [{"type": "text", "text": "What is this?"}, image]}]
    assert _conversation(asked) == [("user", "What is this?"), ("assistant", "A cat.")]


def test_an_answer_only_a_tool_span_records_goes_after_a_steps_images() -> None:
    # smolagents gives the model a step's images as a user message of images alone, between
    # the turn's requests and its observation: the answers stand where the observation does
    from fourfold.integrations._conversation import _after_request
    from fourfold.integrations._messages import Msg, ToolRequest

    request = ToolRequest("get_weather", {"city": "Paris"}, "call_w1")
    history = [
        Msg(role="user", content="Weather?"),
        Msg(role="assistant", tool_calls=[request]),
        Msg(role="user", content=None),
    ]
    assert _after_request(history, request) == 3
    history[2] = Msg(role="user", content="And Tokyo?")  # a user's words: the answer first
    assert _after_request(history, request) == 2
