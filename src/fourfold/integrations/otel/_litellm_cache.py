"""LiteLLM's cache hits: a call answered from LiteLLM's own response cache called no model.

With a cache on (``litellm.cache``, the proxy's ``cache: true``), a request LiteLLM has seen
before is answered with the stored reply, usage and all, and no provider is called. Its call
span (the proxy's ``litellm_request``) is written as any other call's, the stored reply's
``gen_ai.usage.*`` included; what tells it apart is the call's ``hidden_params`` (JSON text),
whose ``cache_key`` LiteLLM sets only on a reply it took from the cache (its caching handler,
on a hit; ``null`` otherwise), with ``response_cost`` 0 and no provider headers beside it.
Such a call spent no tokens: its counts are zero, so a cached repeat of an earlier request
adds nothing to the trace's usage.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .._messages import try_json
from .._steps import ModelCall

__all__ = ["served_from_cache", "without_cached_usage"]


def served_from_cache(attrs: dict[str, Any]) -> bool:
    """Whether a LiteLLM call span says its reply came from LiteLLM's cache.

    Examples:
        >>> served_from_cache({"hidden_params": '{"cache_key": "01a1b7", "response_cost": 0.0}'})
        True
        >>> served_from_cache({"hidden_params": '{"cache_key": null, "response_cost": 3e-05}'})
        False
        >>> served_from_cache({"hidden_params": "not json"}), served_from_cache({})
        (False, False)
    """
    hidden = try_json(attrs.get("hidden_params"))
    return isinstance(hidden, dict) and bool(hidden.get("cache_key"))


def without_cached_usage(call: ModelCall) -> ModelCall:
    """`call` with no tokens spent when LiteLLM answered it from its cache.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> span = Span("t", "s", None, "litellm_request", 0, 1, "ok", None,
        ...             {"hidden_params": '{"cache_key": "01a1b7"}'})
        >>> cached = without_cached_usage(ModelCall(span, [], [], 61, 34))
        >>> cached.input_tokens, cached.output_tokens
        (0, 0)
        >>> span.attributes["hidden_params"] = '{"cache_key": null}'
        >>> without_cached_usage(ModelCall(span, [], [], 61, 34)).input_tokens
        61
    """
    if not served_from_cache(call.span.attributes):
        return call
    return dataclasses.replace(call, input_tokens=0, output_tokens=0)
