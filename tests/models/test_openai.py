"""The OpenAI-compatible provider, through `Model`, against a real local server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from fourfold.models import (
    DEFAULT_MAX_TOKENS,
    ChatMessage,
    ModelRequest,
    ModelResponse,
    ModelToolCall,
    Prices,
    ToolSpec,
    get_model,
)
from tests.helpers.model_builders import KEY_VAR, ask, config_for, run_one
from tests.helpers.openai_server import OpenAIServer, chat_reply, tool_call_reply

SCHEMA = {
    "type": "object",
    "properties": {"score": {"type": "integer"}, "evidence": {"type": "string"}},
    "required": ["score"],
}


def test_a_reply_with_usage_and_cost(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply("Paris.", usage=(1200, 300), model="gpt-4.1-mini-2025-04-14"))
    response = run_one(get_model(config_for(openai_server)), ask("Capital of France?"))
    assert response.text == "Paris."
    assert (response.input_tokens, response.output_tokens) == (1200, 300)
    # gpt-4.1-mini: $0.40 in, $1.60 out per million tokens.
    assert response.cost_usd == pytest.approx((1200 * 0.40 + 300 * 1.60) / 1e6)
    assert response.finish_reason == "stop"
    assert response.model == "gpt-4.1-mini-2025-04-14"
    assert response.raw["id"] == "chatcmpl-test"
    assert response.attempts == 1 and not response.cached
    assert 0 < response.latency_s < 5


@pytest.mark.parametrize(
    ("model", "prices", "expected"),
    [
        ("openai-compatible/gpt-4.1-mini", None, (1000 * 0.40 + 1000 * 1.60) / 1e6),
        ("openai-compatible/gpt-4o-2024-08-06", None, (1000 * 2.50 + 1000 * 10.0) / 1e6),
        ("openai-compatible/llama3.1", None, None),
        ("openai-compatible/llama3.1", Prices(input_per_mtok=1, output_per_mtok=2), 3000 / 1e6),
        (
            "openai-compatible/gpt-4.1-mini",
            Prices(input_per_mtok=0, output_per_mtok=0),
            0.0,
        ),
    ],
)
def test_cost_comes_from_the_price_table_or_the_config(
    openai_server: OpenAIServer, model: str, prices: Prices | None, expected: float | None
) -> None:
    openai_server.script(chat_reply("x", usage=(1000, 1000)))
    model_ = get_model(config_for(openai_server, model, prices=prices))
    response = run_one(model_)
    if expected is None:
        assert response.cost_usd is None
        assert model_.usage().cost_usd is None
    else:
        assert response.cost_usd == pytest.approx(expected)
        assert model_.usage().cost_usd == pytest.approx(expected)


def test_the_request_body(openai_server: OpenAIServer) -> None:
    config = config_for(openai_server, "vllm/Qwen2.5-7B", temperature=0.3, max_tokens=50)
    request = ModelRequest(
        model="ignored",
        messages=[
            ChatMessage(role="system", content="Be brief."),
            ChatMessage(role="user", content="Hi"),
        ],
        seed=7,
        extra={"top_p": 0.9},
    )
    run_one(get_model(config), request)
    body = openai_server.bodies[0]
    assert body == {
        "model": "Qwen2.5-7B",
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "Hi"},
        ],
        "temperature": 0.3,
        "max_tokens": 50,
        "seed": 7,
        "top_p": 0.9,
        # vLLM is a local server: its replies stream, so a loop is stopped as it starts.
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    assert openai_server.requests[0].path == "/v1/chat/completions"
    assert openai_server.requests[0].headers["content-type"] == "application/json"
    assert "authorization" not in openai_server.requests[0].headers


@pytest.mark.parametrize(
    ("set_on_request", "expected_temperature", "expected_max"),
    [
        ({}, 0.0, DEFAULT_MAX_TOKENS),
        ({"temperature": 1.0, "max_tokens": 9}, 1.0, 9),
    ],
)
def test_request_parameters_win_over_the_configs(
    openai_server: OpenAIServer,
    set_on_request: dict[str, Any],
    expected_temperature: float,
    expected_max: int | None,
) -> None:
    run_one(get_model(config_for(openai_server)), ask(**set_on_request))
    body = openai_server.bodies[0]
    assert body["temperature"] == expected_temperature
    assert body.get("max_tokens") == expected_max


def test_openai_itself_gets_max_completion_tokens_and_the_key(
    openai_server: OpenAIServer, key: str
) -> None:
    config = config_for(openai_server, "openai/gpt-4.1-mini", api_key_env=KEY_VAR, max_tokens=20)
    run_one(get_model(config))
    assert openai_server.bodies[0]["max_completion_tokens"] == 20
    assert "max_tokens" not in openai_server.bodies[0]
    assert openai_server.requests[0].headers["authorization"] == f"Bearer {key}"


def test_extra_headers_read_variables_from_the_environment(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FOURFOLD_TEST_ORG", "org-123")
    config = config_for(openai_server, headers={"OpenAI-Organization": "${FOURFOLD_TEST_ORG}"})
    run_one(get_model(config))
    assert openai_server.requests[0].headers["openai-organization"] == "org-123"


def test_a_response_schema_is_sent_as_json_schema_output(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply('{"score": 2, "evidence": "late"}'))
    request = ask(response_schema=SCHEMA, schema_name="verdict")
    response = run_one(get_model(config_for(openai_server)), request)
    body = openai_server.bodies[0]
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "verdict", "schema": SCHEMA, "strict": False},
    }
    assert body["messages"] == [{"role": "user", "content": "hello"}]
    assert response.parsed == {"score": 2, "evidence": "late"}


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ('{"score": 1}', {"score": 1}),
        ('```json\n{"score": 1}\n```', {"score": 1}),
        ('Here it is: {"score": 3} as asked.', {"score": 3}),
        ("no JSON here", None),
        ('{"score": ', None),
    ],
)
def test_where_json_schema_is_off_the_schema_is_asked_for_in_the_prompt(
    openai_server: OpenAIServer, text: str, parsed: Any
) -> None:
    openai_server.script(chat_reply(text))
    config = config_for(openai_server, json_schema_output=False)
    response = run_one(get_model(config), ask(response_schema=SCHEMA))
    body = openai_server.bodies[0]
    assert "response_format" not in body
    instruction = body["messages"][-1]
    assert instruction["role"] == "system"
    assert json.dumps(SCHEMA) in instruction["content"]
    assert response.text == text
    assert response.parsed == parsed


def test_no_schema_means_nothing_is_parsed(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply('{"score": 1}'))
    assert run_one(get_model(config_for(openai_server))).parsed is None


def test_tool_calls_round_trip(openai_server: OpenAIServer) -> None:
    tools = [
        ToolSpec(
            name="lookup_order",
            description="Find an order.",
            parameters={"type": "object", "properties": {"id": {"type": "string"}}},
        )
    ]
    openai_server.script(
        tool_call_reply(
            ("lookup_order", {"id": "A-1"}, "call_a"),
            ("lookup_order", '{"id": "A-', "call_b"),  # malformed arguments
        ),
        chat_reply("Order A-1 shipped."),
    )
    model = get_model(config_for(openai_server))
    first_request = ask("Where is A-1?", tools=tools)

    def follow_up(first: ModelResponse) -> ModelRequest:
        return ModelRequest(
            messages=[
                ChatMessage(role="user", content="Where is A-1?"),
                ChatMessage(role="assistant", tool_calls=first.tool_calls),
                ChatMessage(
                    role="tool", tool_call_id="call_a", name="lookup_order", content="shipped"
                ),
                ChatMessage(
                    role="tool", tool_call_id="call_b", name="lookup_order", content="error"
                ),
            ],
            tools=tools,
        )

    async def main() -> tuple[ModelResponse, ModelResponse]:
        async with model:
            first = await model.generate(first_request)
            return first, await model.generate(follow_up(first))

    first, second = asyncio.run(main())
    assert first.text is None
    assert first.finish_reason == "tool_calls"
    assert first.tool_calls == [
        ModelToolCall(id="call_a", name="lookup_order", arguments={"id": "A-1"}),
        ModelToolCall(id="call_b", name="lookup_order", raw_arguments='{"id": "A-'),
    ]
    assert openai_server.bodies[0]["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "lookup_order",
                "description": "Find an order.",
                "parameters": {"type": "object", "properties": {"id": {"type": "string"}}},
            },
        }
    ]
    assert second.text == "Order A-1 shipped."
    sent = openai_server.bodies[1]["messages"]
    assert sent[1] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_a",
                "type": "function",
                "function": {"name": "lookup_order", "arguments": '{"id": "A-1"}'},
            },
            {
                "id": "call_b",
                "type": "function",
                "function": {"name": "lookup_order", "arguments": '{"id": "A-'},
            },
        ],
    }
    assert sent[2] == {"role": "tool", "content": "shipped", "tool_call_id": "call_a"}
    assert sent[3] == {"role": "tool", "content": "error", "tool_call_id": "call_b"}


def test_content_given_as_parts_is_joined(openai_server: OpenAIServer) -> None:
    reply = chat_reply("unused")
    reply.body["choices"][0]["message"]["content"] = [
        {"type": "text", "text": "two "},
        {"type": "text", "text": "parts"},
    ]
    openai_server.script(reply)
    assert run_one(get_model(config_for(openai_server))).text == "two parts"


def test_a_reply_without_usage_counts_zero_tokens(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply("x", usage=None))
    response = run_one(get_model(config_for(openai_server)))
    assert (response.input_tokens, response.output_tokens) == (0, 0)
    assert response.cost_usd == 0.0
