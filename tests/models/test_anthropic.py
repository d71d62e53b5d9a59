"""The Anthropic provider against the test server's ``/v1/messages``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from fourfold.errors import (
    AuthError,
    BadRequestError,
    ProviderError,
    RateLimitError,
    ServerError,
    UnparseableReplyError,
)
from fourfold.models import (
    ChatMessage,
    ModelConfig,
    ModelRequest,
    ModelResponse,
    ModelToolCall,
    ToolSpec,
    get_model,
)
from tests.helpers.model_builders import KEY_VAR, ask, config_for, fast, run_one
from tests.helpers.openai_server import (
    OpenAIServer,
    Reply,
    anthropic_reply,
    anthropic_tool_reply,
    error,
)

SCHEMA = {"type": "object", "properties": {"score": {"type": "integer"}}}


def _config(server: OpenAIServer, **fields: Any) -> ModelConfig:
    return config_for(server, "anthropic/claude-sonnet-4-5", api_key_env=KEY_VAR, **fields)


def test_a_reply_with_usage_and_cost(openai_server: OpenAIServer, key: str) -> None:
    openai_server.script(anthropic_reply("Bonjour.", usage=(2000, 100)))
    response = run_one(get_model(_config(openai_server)), ask("Say hello in French."))
    assert response.text == "Bonjour."
    assert (response.input_tokens, response.output_tokens) == (2000, 100)
    assert response.cost_usd == pytest.approx((2000 * 3 + 100 * 15) / 1e6)
    assert response.finish_reason == "end_turn"
    received = openai_server.requests[0]
    assert received.path == "/v1/messages"
    assert received.headers["x-api-key"] == key
    assert received.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in received.headers
    assert received.json == {
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "Say hello in French."}]}
        ],
        "temperature": 0.0,
    }


@pytest.mark.parametrize("base", ["{url}", "{url}/v1", "{url}/v1/"])
def test_the_base_url_may_or_may_not_end_in_v1(
    openai_server: OpenAIServer, key: str, base: str
) -> None:
    config = config_for(
        openai_server,
        "anthropic/claude-haiku-4-5",
        api_key_env=KEY_VAR,
    ).model_copy(update={"base_url": base.format(url=openai_server.url)})
    run_one(get_model(config))
    assert openai_server.requests[0].path == "/v1/messages"


def test_system_messages_tools_and_a_schema(openai_server: OpenAIServer, key: str) -> None:
    openai_server.script(anthropic_reply('{"score": 2}'))
    request = ModelRequest(
        messages=[
            ChatMessage(role="system", content="You grade answers."),
            ChatMessage(role="user", content="Grade this."),
        ],
        tools=[ToolSpec(name="search", description="Search.", parameters={"type": "object"})],
        response_schema=SCHEMA,
        max_tokens=300,
    )
    response = run_one(get_model(_config(openai_server)), request)
    body = openai_server.bodies[0]
    assert body["system"].startswith("You grade answers.\n\n")
    assert json.dumps(SCHEMA) in body["system"]
    assert body["max_tokens"] == 300
    assert body["tools"] == [
        {"name": "search", "description": "Search.", "input_schema": {"type": "object"}}
    ]
    assert [m["role"] for m in body["messages"]] == ["user"]
    assert "response_format" not in body
    assert response.parsed == {"score": 2}


def test_tool_use_round_trip(openai_server: OpenAIServer, key: str) -> None:
    openai_server.script(
        anthropic_tool_reply(
            ("toolu_1", "lookup", {"id": "A-1"}),
            ("toolu_2", "lookup", {"id": "B"}),
            text="Checking.",
        ),
        anthropic_reply("Both shipped."),
    )
    model = get_model(_config(openai_server))

    async def main() -> tuple[ModelResponse, ModelResponse]:
        async with model:
            first = await model.generate(ask("Where are A-1 and B?"))
            second = await model.generate(
                ModelRequest(
                    messages=[
                        ChatMessage(role="user", content="Where are A-1 and B?"),
                        ChatMessage(
                            role="assistant", content=first.text, tool_calls=first.tool_calls
                        ),
                        ChatMessage(role="tool", tool_call_id="toolu_1", content="shipped"),
                        ChatMessage(role="tool", tool_call_id="toolu_2", content="shipped too"),
                        ChatMessage(role="user", content="Summarise."),
                    ]
                )
            )
            return first, second

    first, second = asyncio.run(main())
    assert first.text == "Checking."
    assert first.finish_reason == "tool_use"
    assert first.tool_calls == [
        ModelToolCall(id="toolu_1", name="lookup", arguments={"id": "A-1"}),
        ModelToolCall(id="toolu_2", name="lookup", arguments={"id": "B"}),
    ]
    assert second.text == "Both shipped."
    assert openai_server.bodies[1]["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Where are A-1 and B?"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Checking."},
                {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"id": "A-1"}},
                {"type": "tool_use", "id": "toolu_2", "name": "lookup", "input": {"id": "B"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "shipped"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": "shipped too"},
                {"type": "text", "text": "Summarise."},
            ],
        },
    ]


@pytest.mark.parametrize(
    ("reply", "kind", "requests"),
    [
        (error(401, "invalid x-api-key", anthropic=True), AuthError, 1),
        (
            error(400, "messages: at least one message is required", anthropic=True),
            BadRequestError,
            1,
        ),
        (error(429, "rate_limit_error", anthropic=True, retry_after=0.01), RateLimitError, 2),
        (error(529, "Overloaded", anthropic=True), ServerError, 2),
        (Reply(200, {"type": "message", "content": "not a list"}), UnparseableReplyError, 1),
        (anthropic_reply(None), UnparseableReplyError, 1),
    ],
)
def test_errors(
    openai_server: OpenAIServer,
    key: str,
    reply: Reply,
    kind: type[ProviderError],
    requests: int,
) -> None:
    openai_server.handler = lambda body: reply
    with pytest.raises(kind) as caught:
        run_one(fast(get_model(_config(openai_server, max_retries=1))))
    assert type(caught.value) is kind
    assert len(openai_server.requests) == requests
    message = (
        reply.body["error"]["message"]
        if isinstance(reply.body, dict) and "error" in reply.body
        else None
    )
    if message:
        assert message in str(caught.value)
