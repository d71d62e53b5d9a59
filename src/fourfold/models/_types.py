"""The provider contract: a request in, a response out.

A provider implements one method, ``async def generate(request) -> ModelResponse``.
Everything else a call needs — the concurrency limit, request and token rate limits,
retries with backoff, the response cache, cost — belongs to `Model`, which wraps a
provider, so providers stay small and are all treated alike.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ChatMessage",
    "ModelRequest",
    "ModelResponse",
    "ModelToolCall",
    "Provider",
    "TokenLogprob",
    "ToolSpec",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


_KEY_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, check_circular=False)
"""What `ModelRequest.cache_key` hashes the request with: the encoder
``json.dumps(..., sort_keys=True, ensure_ascii=False)`` makes, made once rather than per
call, and without the check for circular containers (a dumped model has none): the same
text."""


class ModelToolCall(_Model):
    """A tool call the model asked for."""

    id: str
    """The call id, echoed back with the tool's result."""
    name: str
    """The tool's name."""
    arguments: dict[str, Any] = Field(default_factory=dict)
    """The arguments, parsed from the model's JSON (``{}`` when it sent none)."""
    raw_arguments: str | None = None
    """The arguments exactly as the model sent them, when they did not parse."""


class ChatMessage(_Model):
    """One message of a chat request."""

    role: Literal["system", "user", "assistant", "tool"]
    content: str | None = None
    tool_calls: list[ModelToolCall] = Field(default_factory=list)
    """For an assistant message: the tools it called."""
    tool_call_id: str | None = None
    """For a tool message: the call it answers."""
    name: str | None = None
    """For a tool message: the tool's name."""


class ToolSpec(_Model):
    """A tool the model may call: its name, what it does and its JSON-Schema parameters."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})


class ModelRequest(_Model):
    """One call of a model."""

    model: str = ""
    """The model as the provider names it (without the ``provider/`` prefix); `Model` fills
    it in from its configuration."""
    messages: list[ChatMessage]
    temperature: float | None = None
    max_tokens: int | None = None
    response_schema: dict[str, Any] | None = None
    """Ask for JSON matching this schema (JSON-schema output where the provider supports it)."""
    schema_name: str = "reply"
    """The schema's name, for providers that want one."""
    tools: list[ToolSpec] = Field(default_factory=list)
    seed: int | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
    """Provider-specific parameters, passed through as they are."""
    cache_salt: str = ""
    """Part of the cache key but not sent: e.g. the repeat index, so repeats that measure
    consistency are never served from the cache."""
    top_logprobs: int | None = Field(default=None, ge=0, le=20)
    """Ask for the log-probability of each output token and of this many likeliest
    alternatives to it (None: do not ask). A provider that cannot give them answers without
    (`ModelResponse.logprobs` is None)."""

    def cache_key(self, provider: str) -> str:
        """A hash of everything that determines the reply.

        That is the provider, the model, the messages, the parameters and the salt.
        """
        dumped = self.model_dump(mode="json")
        if dumped["top_logprobs"] is None:
            del dumped["top_logprobs"]  # keys from before the field existed stay valid
        body = {"provider": provider, **dumped}
        digest = hashlib.sha256(_KEY_ENCODER.encode(body).encode()).hexdigest()
        return f"sha256:{digest}"


class TokenLogprob(_Model):
    """One output token with its log-probability and its likeliest alternatives."""

    token: str
    """The token's text."""
    logprob: float
    """Its natural-log probability."""
    top: dict[str, float] = Field(default_factory=dict)
    """The likeliest tokens at this position (the token itself among them), by text."""


class ModelResponse(_Model):
    """What came back."""

    text: str | None = None
    """The reply's text."""
    parsed: Any = None
    """The text parsed as JSON, when the request had a `response_schema` and the text held a
    JSON value (None otherwise: the caller decides how to repair or report it)."""
    tool_calls: list[ModelToolCall] = Field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    """Filled by `Model` from the price table (None when the model has no price)."""
    latency_s: float = 0.0
    """Seconds the call took (0 when served from the cache)."""
    finish_reason: str | None = None
    model: str | None = None
    """The model that answered, as the provider reports it."""
    raw: dict[str, Any] = Field(default_factory=dict)
    """The provider's response body as it came back."""
    cached: bool = False
    """True when served from the cache."""
    attempts: int = 1
    """How many HTTP attempts the call took (retries + 1)."""
    logprobs: list[TokenLogprob] | None = None
    """Each output token's log-probability, when the request asked (`top_logprobs`) and
    the provider gave them; None otherwise."""


@runtime_checkable
class Provider(Protocol):
    """A model provider: one method.

    Raises from `generate` are `ProviderError` subclasses only (translated at this
    boundary), so `Model` can decide what to retry.
    """

    name: str
    """The provider's prefix in model names (``openai``, ``anthropic``, ``mock``)."""

    async def generate(self, request: ModelRequest) -> ModelResponse:
        """Call the model once (no retries: `Model` retries)."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...
