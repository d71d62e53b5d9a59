"""Model providers behind one contract, and `Model`, which every caller uses.

``get_model(ModelConfig(model="openai/gpt-4.1-mini"))`` gives a `Model`: the provider
(any OpenAI-compatible endpoint, Anthropic, or a scripted mock) with a concurrency limit,
requests- and tokens-per-minute limits, retries that honour ``Retry-After``, a response
cache and cost from a price table around it. A run spread over several processes builds
its models inside `shared_limits`, so that their limits hold for the whole run.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._anthropic import AnthropicProvider
    from ._cache import MemoryCache, ResponseCache
    from ._config import DEFAULT_MAX_TOKENS, ModelConfig, Prices
    from ._limits import CallLimiter, LimiterFactory, LocalLimiter, shared_limits
    from ._mock import MockOutput, MockProvider, MockResponder
    from ._model import Model, ModelUsage, get_model
    from ._openai import OpenAICompatibleProvider
    from ._prices import PRICES, price_of
    from ._types import (
        ChatMessage,
        ModelRequest,
        ModelResponse,
        ModelToolCall,
        Provider,
        TokenLogprob,
        ToolSpec,
    )


__all__ = [
    "DEFAULT_MAX_TOKENS",
    "PRICES",
    "AnthropicProvider",
    "CallLimiter",
    "ChatMessage",
    "LimiterFactory",
    "LocalLimiter",
    "MemoryCache",
    "MockOutput",
    "MockProvider",
    "MockResponder",
    "Model",
    "ModelConfig",
    "ModelRequest",
    "ModelResponse",
    "ModelToolCall",
    "ModelUsage",
    "OpenAICompatibleProvider",
    "Prices",
    "Provider",
    "ResponseCache",
    "TokenLogprob",
    "ToolSpec",
    "get_model",
    "price_of",
    "shared_limits",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "AnthropicProvider": "._anthropic",
        **dict.fromkeys(["MemoryCache", "ResponseCache"], "._cache"),
        **dict.fromkeys(["DEFAULT_MAX_TOKENS", "ModelConfig", "Prices"], "._config"),
        **dict.fromkeys(
            ["CallLimiter", "LimiterFactory", "LocalLimiter", "shared_limits"], "._limits"
        ),
        **dict.fromkeys(["MockOutput", "MockProvider", "MockResponder"], "._mock"),
        **dict.fromkeys(["Model", "ModelUsage", "get_model"], "._model"),
        "OpenAICompatibleProvider": "._openai",
        **dict.fromkeys(["PRICES", "price_of"], "._prices"),
        **dict.fromkeys(
            [
                "ChatMessage",
                "ModelRequest",
                "ModelResponse",
                "ModelToolCall",
                "Provider",
                "TokenLogprob",
                "ToolSpec",
            ],
            "._types",
        ),
    },
)
