"""A model call's response named by OpenInference's response object (`_response_names`), on
small spans written the way the anthropic SDK streamed under OpenInference writes them
(tests/data/traces/anthropic/anthropic-streamed-2026-12-06c.json):

openinference-instrumentation-anthropic's ``messages.stream`` LLM span records the final
``Message`` as ``output.value`` (its ``id``, no ``gen_ai.response.id``); the SDK's own
``anthropic.messages.create`` span beside it (not its child) names the same response and
records only the counts. One call, counted once; records that name other responses, or that
one after the other name the same, stay two calls.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._response_names import response_id
from fourfold.integrations._spans import Span
from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "ae" * 16
ASK = "What is the weather in Oslo?"


def _stream(n: int, reply_id: str, *, start: float, end: float) -> dict[str, Any]:
    """OpenInference's ``messages.stream`` span: messages, counts, the Message as JSON."""
    message = {
        "id": reply_id,
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5-20250929",
        "content": [{"type": "text", "text": "Sunny."}],
        "usage": {"input_tokens": 10, "output_tokens": 3},
    }
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.provider": "anthropic",
        "llm.request.model_name": "claude-sonnet-4-5",
        "llm.model_name": "claude-sonnet-4-5-20250929",
        **openinference_messages("llm.input_messages", [{"role": "user", "content": ASK}]),
        **openinference_messages(
            "llm.output_messages", [{"role": "assistant", "content": "Sunny."}]
        ),
        "llm.token_count.prompt": 10,
        "llm.token_count.completion": 3,
        "output.mime_type": "application/json",
        "output.value": json.dumps(message),
    }
    return span(n, "messages.stream", attrs, trace=TRACE, parent=1, start=start, end=end)


def _sdk(n: int, reply_id: str, *, start: float, end: float) -> dict[str, Any]:
    """The anthropic SDK's own span: the request, the response id and the counts, no message."""
    attrs = {
        "gen_ai.provider.name": "anthropic",
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "claude-sonnet-4-5",
        "gen_ai.request.stream": True,
        "gen_ai.response.id": reply_id,
        "gen_ai.response.model": "claude-sonnet-4-5-20250929",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    return span(n, "anthropic.messages.create", attrs, trace=TRACE, parent=1, start=start, end=end)


def _usage(tmp_path: Path, calls: list[dict[str, Any]]) -> tuple[int | None, int | None, int]:
    tmp_path.mkdir(exist_ok=True)
    root = span(1, "weather_loop", {}, trace=TRACE, start=0.0, end=9.0)
    trace = import_one(tmp_path, [root, *calls]).trace
    return trace.usage.input_tokens, trace.usage.output_tokens, trace.turns


def test_the_sdks_span_beside_the_stream_naming_its_message_is_the_same_call(
    tmp_path: Path,
) -> None:
    calls = [_stream(2, "msg_1", start=1.0, end=1.9), _sdk(3, "msg_1", start=1.1, end=1.8)]
    assert _usage(tmp_path, calls) == (10, 3, 1)


def test_records_of_other_responses_or_one_after_the_other_stay_two_calls(
    tmp_path: Path,
) -> None:
    other = [_stream(2, "msg_1", start=1.0, end=1.9), _sdk(3, "msg_2", start=1.1, end=1.8)]
    assert _usage(tmp_path / "other", other)[:2] == (20, 6)
    after = [_stream(2, "msg_1", start=1.0, end=1.9), _sdk(3, "msg_1", start=2.0, end=2.5)]
    assert _usage(tmp_path / "after", after)[:2] == (20, 6)


def test_the_response_id_is_the_attribute_else_a_response_objects() -> None:
    def named(attrs: dict[str, Any]) -> str | None:
        return response_id(Span("t", "s", None, "call", 1, 2, "unset", None, attrs))

    whole = json.dumps({"id": "msg_1", "model": "claude", "content": []})
    assert named({"gen_ai.response.id": "r1", "output.value": whole}) == "r1"
    assert named({"gen_ai.response.id": "", "output.value": whole}) == "msg_1"
    assert named({"output.value": {"id": "chatcmpl-1", "model": "gpt-4o", "choices": []}}) == (
        "chatcmpl-1"
    )
    # an output with an id but no model is not a model's response (a tool's row, a chain's)
    assert named({"output.value": json.dumps({"id": "row-7", "city": "Oslo"})}) is None
    assert named({"output.value": "Sunny."}) is None
    assert named({"output.value": json.dumps({"id": 7, "model": "m"})}) is None
