"""Any endpoint that speaks OpenAI's chat-completions API.

OpenAI itself, vLLM, Ollama, llama.cpp server, LM Studio, proxies.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .._json import json_object_or_none
from ._http import HttpProvider, json_value
from ._types import ChatMessage, ModelRequest, ModelResponse, ModelToolCall, TokenLogprob

if TYPE_CHECKING:
    import aiohttp

__all__ = ["OpenAICompatibleProvider", "schema_instruction"]


class OpenAICompatibleProvider(HttpProvider):
    """POSTs ``{base_url}/chat/completions``; one HTTP attempt per `generate`.

    Tools go out as ``tools`` and come back as ``tool_calls`` (their arguments parsed from
    JSON, kept raw when they do not parse). A `response_schema` is sent as
    ``response_format: json_schema`` (``strict: false``) where the endpoint takes it, and
    otherwise asked for in a system message; either way the reply's JSON is in `parsed`.

    Args:
        name: the provider prefix (``openai``, ``vllm``, ``openai-compatible``...).
        base_url: the API's base URL, up to and including ``/v1``.
        api_key_env: the environment variable holding the key (None: send no key).
        headers: extra headers (``${VAR}`` read from the environment).
        timeout: seconds one attempt may take.
        max_connections: the connection pool's size (the model's concurrency).
        json_schema_output: whether the endpoint takes ``response_format: json_schema``.
        stream: stream replies, stopping one that loops.
    """

    def __init__(
        self,
        *,
        name: str,
        base_url: str,
        api_key_env: str | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 60.0,
        max_connections: int = 16,
        json_schema_output: bool = True,
        stream: bool = False,
    ) -> None:
        super().__init__(
            name=name,
            base_url=base_url,
            api_key_env=api_key_env,
            headers=headers,
            timeout=timeout,
            max_connections=max_connections,
            json_schema_output=json_schema_output,
        )
        self.stream = stream

    async def generate(self, request: ModelRequest) -> ModelResponse:
        """Call the model once."""
        body = self.request_body(request)
        url = self.base_url + "/chat/completions"
        if not self.stream:
            return self.parse_reply(await self.post_json(url, body, model=request.model), request)
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
        model = request.model

        from ._stream import read_chat_stream  # only a streaming model reads streams

        async def read(response: aiohttp.ClientResponse) -> dict[str, Any]:
            return await read_chat_stream(
                response,
                model=model,
                label=self.label,
                timeout_message=lambda chars: self.timeout_message(model, streamed=chars),
            )

        return self.parse_reply(await self.post(url, body, model=model, stream=read), request)

    def request_body(self, request: ModelRequest) -> dict[str, Any]:
        """The chat-completions body for `request`."""
        messages = [_message(m) for m in request.messages]
        body: dict[str, Any] = {"model": request.model, "messages": messages}
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.max_tokens is not None:
            # OpenAI's own API wants the newer name (its reasoning models refuse the old).
            key = "max_completion_tokens" if self.name == "openai" else "max_tokens"
            body[key] = request.max_tokens
        if request.seed is not None:
            body["seed"] = request.seed
        if request.top_logprobs is not None:
            body["logprobs"] = True
            body["top_logprobs"] = request.top_logprobs
        if request.tools:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {
                        "name": t.name,
                        "description": t.description,
                        "parameters": t.parameters,
                    },
                }
                for t in request.tools
            ]
        if request.response_schema is not None:
            if self.json_schema_output:
                body["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {
                        "name": request.schema_name,
                        "schema": request.response_schema,
                        "strict": False,
                    },
                }
            else:
                messages.append(
                    {"role": "system", "content": schema_instruction(request.response_schema)}
                )
        if request.extra:
            body.update(request.extra)
        return body

    def parse_reply(self, data: dict[str, Any], request: ModelRequest) -> ModelResponse:
        """Read a chat-completions reply.

        Raises:
            UnparseableReplyError: no choices, no message, or neither text nor tool calls.
        """
        model = request.model
        choices = data.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            raise self.unparseable("has no choices", data, model=model)
        choice = choices[0]
        message = choice.get("message")
        if not isinstance(message, dict):
            raise self.unparseable("has no message in its first choice", data, model=model)
        text = _text(message.get("content"))
        tool_calls = [_tool_call(i, c) for i, c in enumerate(message.get("tool_calls") or [])]
        finish_reason = choice.get("finish_reason")
        if not text and not tool_calls and finish_reason == "length":
            cap = f" (max_tokens={request.max_tokens})" if request.max_tokens else ""
            raise self.unparseable(
                f"was cut at the output cap{cap} before it wrote any text; a reasoning "
                "model spends the cap on its reasoning: raise max_tokens in the model config",
                data,
                model=model,
            )
        if not text and not tool_calls:
            raise self.unparseable(
                f"has neither text nor tool calls (finish_reason {finish_reason!r})",
                data,
                model=model,
            )
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        assert isinstance(usage, dict)
        return ModelResponse(
            text=text,
            parsed=json_object_or_none(text) if request.response_schema is not None else None,
            tool_calls=tool_calls,
            input_tokens=_int(usage.get("prompt_tokens")),
            output_tokens=_int(usage.get("completion_tokens")),
            finish_reason=finish_reason if isinstance(finish_reason, str) else None,
            model=data.get("model") if isinstance(data.get("model"), str) else None,
            raw=_without_logprobs(data, choice),
            logprobs=None if request.top_logprobs is None else _logprobs(choice.get("logprobs")),
        )


def schema_instruction(schema: dict[str, Any]) -> str:
    """The system message asking for JSON where JSON-schema output is not available."""
    return (
        "Reply with one JSON object that matches this JSON Schema, and nothing else "
        "(no prose, no code fence):\n" + json.dumps(schema, ensure_ascii=False)
    )


def _message(message: ChatMessage) -> dict[str, Any]:
    out: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        out["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {
                    "name": call.name,
                    "arguments": call.raw_arguments
                    if call.raw_arguments is not None
                    else json.dumps(call.arguments, ensure_ascii=False),
                },
            }
            for call in message.tool_calls
        ]
    elif message.role == "tool":
        out["tool_call_id"] = message.tool_call_id
        if out["content"] is None:
            out["content"] = ""
    return out


def _text(content: Any) -> str | None:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts, as some servers send
        parts = [p.get("text") for p in content if isinstance(p, dict)]
        return "".join(p for p in parts if isinstance(p, str)) or None
    return None


def _tool_call(index: int, call: Any) -> ModelToolCall:
    function = call.get("function") if isinstance(call, dict) else None
    if not isinstance(function, dict):
        function = {}
    call_id = call.get("id") if isinstance(call, dict) else None
    raw = function.get("arguments")
    arguments: dict[str, Any] = {}
    raw_arguments: str | None = None
    if isinstance(raw, dict):
        arguments = raw
    elif isinstance(raw, str) and raw.strip():
        try:
            parsed = json_value(raw)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            arguments = parsed
        else:
            raw_arguments = raw
    return ModelToolCall(
        id=call_id if isinstance(call_id, str) and call_id else f"call_{index}",
        name=str(function.get("name") or ""),
        arguments=arguments,
        raw_arguments=raw_arguments,
    )


def _without_logprobs(data: dict[str, Any], choice: dict[str, Any]) -> dict[str, Any]:
    """The body without its first choice's token log-probabilities.

    They are kept once, typed, in `ModelResponse.logprobs` (and only when asked for): in
    the raw body they would double what is stored, and each token is a piece of the reply,
    where a secret split across tokens escapes a search of each string.
    """
    if "logprobs" not in choice:
        return data
    kept = {k: v for k, v in choice.items() if k != "logprobs"}
    return {**data, "choices": [kept, *data["choices"][1:]]}


def _logprobs(value: Any) -> list[TokenLogprob] | None:
    """A choice's ``logprobs.content`` as tokens; None when the endpoint sent none."""
    content = value.get("content") if isinstance(value, dict) else None
    if not isinstance(content, list) or not content:
        return None
    tokens: list[TokenLogprob] = []
    for entry in content:
        if not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
            return None  # a shape we do not know: no log-probabilities rather than wrong ones
        logprob = entry.get("logprob")
        if not isinstance(logprob, int | float):
            return None
        top: dict[str, float] = {}
        for alternative in entry.get("top_logprobs") or []:
            if isinstance(alternative, dict) and isinstance(alternative.get("token"), str):
                alt = alternative.get("logprob")
                if isinstance(alt, int | float):
                    top.setdefault(alternative["token"], float(alt))
        top.setdefault(entry["token"], float(logprob))
        tokens.append(TokenLogprob(token=entry["token"], logprob=float(logprob), top=top))
    return tokens


def _int(value: Any) -> int:
    return value if isinstance(value, int) and value >= 0 else 0
