"""The LiteLLM proxy's Anthropic-format route, ``/v1/messages``, served through the Responses API.

``litellm-proxy-anthropic-messages-2026-12-06n`` (both blind readings): the proxy's
``litellm_request`` span names its operation for the function that served it,
``anthropic_messages`` (`otel._litellm_ops`: a chat); its input holds the client's Anthropic
blocks as parts (``tool_use`` with ``id``/``name``/``input``, ``tool_result`` with
``tool_use_id``: `_messages._from_parts`); its ``raw_gen_ai_request`` child holds the
Responses API's reply (``llm.None.object`` ``response``, ``llm.None.output`` its items), the
only place the first reply's call ids are (`otel._litellm_native`). Before, nothing of the
run was read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "4b" * 16
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris and in Tokyo?"


def _request(
    n: int, start: float, said: list[Any], reply: list[Any], usage: tuple[int, int]
) -> Any:
    attrs = {
        "gen_ai.operation.name": "anthropic_messages",
        "llm.request.type": "anthropic_messages",
        "gen_ai.system": "",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.system_instructions": SYSTEM,
        "gen_ai.input.messages": json.dumps(said),
        "gen_ai.output.messages": json.dumps(reply),
        "gen_ai.usage.input_tokens": usage[0],
        "gen_ai.usage.output_tokens": usage[1],
    }
    return span(n, "litellm_request", attrs, trace=TRACE, start=start, end=start + 1.0)


def _raw(n: int, parent: int, start: float, output: list[dict[str, Any]]) -> Any:
    attrs = {"llm.None.object": "response", "llm.None.output": repr(output)}
    return span(
        n, "raw_gen_ai_request", attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5
    )


USER = {"role": "user", "parts": [{"type": "text", "content": QUESTION}]}
CALLS = [
    {
        "type": "function_call",
        "call_id": f"call_w{i}",
        "name": "get_weather",
        "arguments": json.dumps({"city": c}),
    }
    for i, c in ((1, "Paris"), (2, "Tokyo"))
]


def test_the_first_request_is_a_call_whose_ids_only_the_raw_reply_holds(tmp_path: Path) -> None:
    first = _request(1, 1.0, [USER], [{"role": "assistant", "parts": []}], (61, 34))
    for i, city in enumerate(("Paris", "Tokyo")):  # the calls as LiteLLM's older keys, no ids
        first["attributes"][f"gen_ai.completion.{i}.function_call.name"] = "get_weather"
        first["attributes"][f"gen_ai.completion.{i}.function_call.arguments"] = json.dumps(
            {"city": city}
        )
    spans = [
        first,
        _raw(2, 1, 1.2, CALLS),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, [r.id for r in m.tool_calls]) for m in trace.messages] == [
        ("system", []),
        ("user", []),
        ("assistant", ["call_w1", "call_w2"]),
    ]
    assert imported.input == QUESTION
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (61, 34)


def test_the_next_request_replays_anthropic_blocks_as_parts(tmp_path: Path) -> None:
    asked = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_use",
                "id": "call_w1",
                "name": "get_weather",
                "input": {"city": "Paris"},
            },
            {
                "type": "tool_use",
                "id": "call_w2",
                "name": "get_weather",
                "input": {"city": "Tokyo"},
            },
        ],
    }
    results = {
        "role": "user",
        "parts": [
            {"type": "tool_result", "tool_use_id": "call_w1", "content": "sunny, 22 C"},
            {
                "type": "tool_result",
                "tool_use_id": "call_w2",
                "content": "rain, 17 C",
                "is_error": True,
            },
        ],
    }
    answer = {"role": "assistant", "parts": [{"type": "text", "content": "Sunny and rainy."}]}
    trace = import_one(
        tmp_path, [_request(1, 1.0, [USER, asked, results], [answer], (118, 21))]
    ).trace
    assert [(m.role, m.tool_call_id, m.content) for m in trace.messages][2:] == [
        ("assistant", None, None),
        ("tool", "call_w1", "sunny, 22 C"),
        ("tool", "call_w2", "rain, 17 C"),
        ("assistant", None, "Sunny and rainy."),
    ]
    assert [(c.id, c.arguments, c.result) for c in trace.tool_calls][0] == (
        "call_w1",
        {"city": "Paris"},
        "sunny, 22 C",
    )
    assert trace.tool_calls[1].error == "rain, 17 C"
