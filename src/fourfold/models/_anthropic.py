"""Anthropic's Messages API over plain HTTP (no SDK needed)."""

from __future__ import annotations

from typing import Any

from .._json import json_object_or_none
from ._http import HttpProvider
from ._openai import schema_instruction
from ._types import ChatMessage, ModelRequest, ModelResponse, ModelToolCall

__all__ = ["ANTHROPIC_VERSION", "AnthropicProvider"]

ANTHROPIC_VERSION = "2023-06-01"

DEFAULT_MAX_TOKENS = 4096
"""The Messages API requires max_tokens; this is sent when neither request nor config sets it."""


class AnthropicProvider(HttpProvider):
    """POSTs ``{base_url}/messages`` (``/v1/messages``); one HTTP attempt per `generate`.

    System messages go in the separate ``system`` field; tool calls and results travel as
    ``tool_use`` and ``tool_result`` blocks; consecutive messages of one role are merged,
    as the API wants turns to alternate. The API has no JSON-schema output, so a
    `response_schema` is asked for in the system prompt and the reply's JSON is parsed
    into `parsed`.

    Args: as `OpenAICompatibleProvider`'s.
    """

    def auth_headers(self, key: str) -> dict[str, str]:
        """The key goes in ``x-api-key``, with the API version."""
        return {"x-api-key": key, "anthropic-version": ANTHROPIC_VERSION}

    async def generate(self, request: ModelRequest) -> ModelResponse:
        """Call the model once."""
        url = self.base_url + ("/messages" if self.base_url.endswith("/v1") else "/v1/messages")
        data = await self.post_json(url, self.request_body(request), model=request.model)
        return self.parse_reply(data, request)

    def request_body(self, request: ModelRequest) -> dict[str, Any]:
        """The Messages-API body for `request`."""
        system = [m.content for m in request.messages if m.role == "system" and m.content]
        if request.response_schema is not None:
            system.append(schema_instruction(request.response_schema))
        body: dict[str, Any] = {
            "model": request.model,
            "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": _turns([m for m in request.messages if m.role != "system"]),
        }
        if system:
            body["system"] = "\n\n".join(system)
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.tools:
            body["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters}
                for t in request.tools
            ]
        if request.extra:
            body.update(request.extra)
        return body

    def parse_reply(self, data: dict[str, Any], request: ModelRequest) -> ModelResponse:
        """Read a Messages-API reply.

        Raises:
            UnparseableReplyError: no content blocks, or neither text nor tool calls.
        """
        model = request.model
        content = data.get("content")
        if not isinstance(content, list):
            raise self.unparseable("has no content", data, model=model)
        texts: list[str] = []
        calls: list[ModelToolCall] = []
        for i, block in enumerate(content):
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text" and isinstance(block.get("text"), str):
                texts.append(block["text"])
            elif block.get("type") == "tool_use":
                arguments = block.get("input")
                calls.append(
                    ModelToolCall(
                        id=str(block.get("id") or f"toolu_{i}"),
                        name=str(block.get("name") or ""),
                        arguments=arguments if isinstance(arguments, dict) else {},
                    )
                )
        text = "".join(texts) or None
        stop = data.get("stop_reason")
        if text is None and not calls:
            raise self.unparseable(
                f"has neither text nor tool calls (stop_reason {stop!r})", data, model=model
            )
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        assert isinstance(usage, dict)
        input_tokens = sum(
            _int(usage.get(k))
            for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        )
        return ModelResponse(
            text=text,
            parsed=json_object_or_none(text) if request.response_schema is not None else None,
            tool_calls=calls,
            input_tokens=input_tokens,
            output_tokens=_int(usage.get("output_tokens")),
            finish_reason=stop if isinstance(stop, str) else None,
            model=data.get("model") if isinstance(data.get("model"), str) else None,
            raw=data,
        )


def _turns(messages: list[ChatMessage]) -> list[dict[str, Any]]:
    """Messages as Messages-API turns: content blocks, tool results in user turns.

    Consecutive messages of one role are merged, as the API wants roles to alternate.
    """
    turns: list[dict[str, Any]] = []
    for message in messages:
        blocks: list[dict[str, Any]] = []
        if message.role == "tool":
            role = "user"
            blocks.append(
                {
                    "type": "tool_result",
                    "tool_use_id": message.tool_call_id or "",
                    "content": message.content or "",
                }
            )
        else:
            role = message.role
            if message.content:
                blocks.append({"type": "text", "text": message.content})
            for call in message.tool_calls:
                blocks.append(
                    {"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments}
                )
        if not blocks:
            continue
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})
    return turns


def _int(value: Any) -> int:
    return value if isinstance(value, int) and value >= 0 else 0
