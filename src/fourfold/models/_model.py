"""`Model`: the one wrapper every caller uses, owning limits, retries, the cache and cost."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from types import TracebackType

from .._registry import lookup, register
from ..errors import (
    ModelTimeoutError,
    ProviderError,
    RateLimitError,
    ServerError,
)
from ._cache import ResponseCache
from ._config import ModelConfig, Prices
from ._limits import CallLimiter, limiter_for
from ._openai import OpenAICompatibleProvider
from ._prices import cost_usd, price_of
from ._runaway import find_loop, runaway_error
from ._types import ModelRequest, ModelResponse, Provider

__all__ = ["Model", "ModelUsage", "get_model"]

BACKOFF_BASE_S = 0.5
BACKOFF_CAP_S = 30.0
MAX_RETRY_AFTER_S = 600.0
"""A 429 that asks for a longer wait than this is not retried: the call fails at once."""

_RETRIED = (RateLimitError, ServerError, ModelTimeoutError)
_CUT_AT_CAP = ("length", "max_tokens")
"""Finish reasons of a reply cut at the output cap (OpenAI's, Anthropic's)."""


class _Clock:
    """When the first attempt of a call started (the start of its latency)."""

    def __init__(self) -> None:
        self.first: float | None = None

    def start(self) -> None:
        if self.first is None:
            self.first = time.perf_counter()

    def elapsed(self) -> float:
        return 0.0 if self.first is None else time.perf_counter() - self.first


@dataclass(frozen=True, slots=True)
class ModelUsage:
    """What a model has done so far (`Model.usage`)."""

    calls: int = 0
    """Calls that went to the provider (each may have taken several attempts)."""
    cache_hits: int = 0
    """Calls served from the cache."""
    retries: int = 0
    """Attempts beyond the first, over all calls."""
    errors: int = 0
    """Calls that failed after every attempt."""
    input_tokens: int = 0
    """Input tokens of the calls that went to the provider."""
    output_tokens: int = 0
    """Output tokens of the calls that went to the provider."""
    cost_usd: float | None = None
    """What those calls cost (None when the model has no price)."""


class Model:
    """A provider with everything a call needs around it; make one with `get_model`.

    `generate` fills in the model's name and the config's temperature and max_tokens, and
    then:

    - looks the request up in the cache (``request.cache_key(provider)``), unless
      ``use_cache=False``; a hit comes back with ``cached=True`` and ``latency_s=0``;
    - waits for one of `concurrency` slots, and for the requests- and tokens-per-minute
      buckets (tokens estimated as prompt characters / 4, corrected by the real usage);
    - makes one HTTP attempt, retrying rate limits, server errors, timeouts and lost
      connections with exponential backoff and full jitter (0.5 s doubling, at most 30 s,
      and never sooner than a ``Retry-After`` asks), `max_retries` times; auth errors, bad
      requests and unparseable replies are not retried;
    - refuses a reply cut at the output cap that ends in a loop (`find_loop`) with a
      `RunawayReplyError`, which is not retried either: greedy decoding loops the same
      way again (a streaming provider stops such a reply as soon as the loop shows);
    - prices the reply and puts it in the cache (also with ``use_cache=False``).

    A reply's ``latency_s`` is the whole call, from the start of its first attempt to the
    reply: failed attempts and the waits between them count, and ``attempts`` says how
    many there were. An error raised after the attempts carries the same two figures
    (`ProviderError.attempts`, `ProviderError.latency_s`).

    One `Model` belongs to one event loop at a time; `aclose` it (or use ``async with``)
    when done, which also flushes the cache. Keys never appear in its errors or repr.

    Args:
        config: the model's config.
        provider: the provider that makes the calls.
        cache: where replies are kept and looked up (None: no cache).
        rng: the source of the backoff's jitter.
        limiter: where attempts wait for the model's limits (default: this process's own,
            or the one `fourfold.models.shared_limits` provides while the model is built).
    """

    def __init__(
        self,
        config: ModelConfig,
        provider: Provider,
        *,
        cache: ResponseCache | None = None,
        rng: random.Random | None = None,
        limiter: CallLimiter | None = None,
    ) -> None:
        self.config = config
        self.provider = provider
        self.cache = cache
        self.prices: Prices | None = config.prices or price_of(config.name)
        self._rng = rng or random.Random()
        self.backoff_base_s = BACKOFF_BASE_S
        """The first retry waits up to this long; each next one up to twice as long."""
        self.backoff_cap_s = BACKOFF_CAP_S
        """No retry waits longer than this (unless a Retry-After asks for more)."""
        self._provider_key = config.provider
        self.limiter = limiter or limiter_for(config)
        """Where each attempt waits for a slot and the rate limits (see `shared_limits`)."""
        self._calls = 0
        self._cache_hits = 0
        self._retries = 0
        self._errors = 0
        self._input_tokens = 0
        self._output_tokens = 0
        self._cost = 0.0
        self._priced = False

    def __repr__(self) -> str:
        return f"Model({self.config.model!r}, provider={self.provider!r})"

    @property
    def name(self) -> str:
        """The model's full name, ``provider/name``."""
        return self.config.model

    @property
    def supports_json_schema(self) -> bool:
        """Whether a `response_schema` is sent as JSON-schema output (else asked in the prompt)."""
        return self.config.supports_json_schema

    async def generate(
        self, request: ModelRequest, *, use_cache: bool = True, cache_key: str | None = None
    ) -> ModelResponse:
        """Answer `request`, from the cache or the provider.

        Args:
            request: the call; its `model` is replaced by this model's name, and its
                temperature and max_tokens default to the config's.
            use_cache: look the request up in the cache first (the reply is stored
                either way).
            cache_key: ``request.cache_key(model.config.provider)``, when the caller has
                computed it already (to record it), so that it is not computed twice. It
                is used only when the request needs no filling in (as `judge_request`
                makes them); otherwise the key is computed again.

        Raises:
            ProviderError: the call failed; for retried kinds, after every attempt (the
                message counts them).
        """
        request, filled_in = self._prepare(request)
        cache = self.cache
        if cache is None:
            key = ""
        elif cache_key is not None and not filled_in:
            key = cache_key
        else:
            key = request.cache_key(self._provider_key)
        if cache is not None and use_cache:
            hit = cache.get(key)
            if hit is not None:
                self._cache_hits += 1
                return hit.model_copy(update={"cached": True, "latency_s": 0.0})
        response = await self._call(request)
        if cache is not None:
            cache.put(key, request, response, provider=self._provider_key)
        return response

    def cache_key_of(self, request: ModelRequest) -> str:
        """The key `generate` would look `request` up under (the model's defaults filled in).

        A dry run asks the store's cache with it, without sending anything.
        """
        return self._prepare(request)[0].cache_key(self._provider_key)

    def usage(self) -> ModelUsage:
        """A snapshot of the counters."""
        return ModelUsage(
            calls=self._calls,
            cache_hits=self._cache_hits,
            retries=self._retries,
            errors=self._errors,
            input_tokens=self._input_tokens,
            output_tokens=self._output_tokens,
            cost_usd=self._cost if self._priced else None,
        )

    async def aclose(self) -> None:
        """Flush the cache and close the provider's connections."""
        try:
            if self.cache is not None:
                self.cache.flush()
        finally:
            await self.provider.aclose()

    async def __aenter__(self) -> Model:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    # Machinery

    def _prepare(self, request: ModelRequest) -> tuple[ModelRequest, bool]:
        """`request` with the model's defaults filled in (a copy if any was), and whether any was.

        A request that needs none (a judge's, see `judge_request`) is sent as it is: nothing
        changes it on its way to the provider and the cache.
        """
        update: dict[str, object] = {}
        if request.model != self.config.name:
            update["model"] = self.config.name
        if request.temperature is None and self.config.temperature is not None:
            update["temperature"] = self.config.temperature
        if request.max_tokens is None and self.config.max_tokens is not None:
            update["max_tokens"] = self.config.max_tokens
        if not update:
            return request, False
        return request.model_copy(update=update), True

    async def _call(self, request: ModelRequest) -> ModelResponse:
        self._calls += 1
        attempts = self.config.max_retries + 1
        estimate = 0
        if self.config.tpm:
            estimate = sum(len(m.content or "") for m in request.messages) // 4 + 1
        clock = _Clock()
        for attempt in range(1, attempts + 1):
            try:
                response = await self._attempt(request, estimate, clock)
            except _RETRIED as exc:
                wait = self._backoff(attempt, exc)
                if attempt == attempts or wait is None:
                    self._errors += 1
                    elapsed = clock.elapsed()
                    error = _after_attempts(exc, attempt, elapsed, wait_too_long=wait is None)
                    raise _timed(error, attempt, elapsed) from exc
                self._retries += 1
                await asyncio.sleep(wait)
                continue
            except ProviderError as exc:
                self._errors += 1
                _timed(exc, attempt, clock.elapsed())
                raise
            return self._account(response, attempt, clock.elapsed())
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    async def _attempt(self, request: ModelRequest, estimate: int, clock: _Clock) -> ModelResponse:
        permit = await self.limiter.enter(estimate)
        clock.start()
        try:
            response = await self.provider.generate(request)
        except BaseException:
            await self.limiter.leave(permit, -estimate)  # a failed attempt used (about) nothing
            raise
        used = response.input_tokens + response.output_tokens
        # A reply without usage keeps the estimate.
        await self.limiter.leave(permit, used - estimate if used and self.config.tpm else 0)
        if response.finish_reason in _CUT_AT_CAP:
            loop = find_loop(response.text)
            if loop is not None:
                cap = f" (max_tokens={request.max_tokens})" if request.max_tokens else ""
                raise runaway_error(
                    self.name,
                    loop,
                    stopped_by=f"the output cap{cap}",
                    partial=response.text or "",
                )
        return response

    def _account(self, response: ModelResponse, attempts: int, latency: float) -> ModelResponse:
        cost = cost_usd(self.prices, response.input_tokens, response.output_tokens)
        # A copy: a scripted provider may hand out the same response object twice.
        response = response.model_copy(
            update={"latency_s": latency, "attempts": attempts, "cost_usd": cost}
        )
        self._input_tokens += response.input_tokens
        self._output_tokens += response.output_tokens
        if cost is not None:
            self._cost += cost
            self._priced = True
        return response

    def _backoff(self, attempt: int, exc: ProviderError) -> float | None:
        """Seconds to wait before the next attempt; None: do not retry."""
        ceiling = min(self.backoff_cap_s, self.backoff_base_s * 2 ** (attempt - 1))
        wait = self._rng.uniform(0.0, ceiling)
        if isinstance(exc, RateLimitError) and exc.retry_after is not None:
            if exc.retry_after > MAX_RETRY_AFTER_S:
                return None
            wait = max(wait, exc.retry_after)
        return wait


def _after_attempts(
    exc: ProviderError, attempts: int, elapsed: float, *, wait_too_long: bool
) -> ProviderError:
    """The last error again, its message counting the attempts and the time they took."""
    if wait_too_long:
        note = f" (not retried: the wait asked for is longer than {MAX_RETRY_AFTER_S:g}s)"
    else:
        note = (
            f" (gave up after {attempts} attempt{'s' if attempts > 1 else ''}, "
            f"{elapsed:.1f}s in all)"
        )
    if isinstance(exc, RateLimitError):
        return RateLimitError(str(exc) + note, status=exc.status, retry_after=exc.retry_after)
    return type(exc)(str(exc) + note, status=exc.status)


def _timed(exc: ProviderError, attempts: int, elapsed: float) -> ProviderError:
    """`exc` with what the failed call cost recorded on it."""
    exc.attempts = attempts
    exc.latency_s = elapsed
    return exc


# Providers by prefix: the factories `get_model` finds in the registry.


def _openai_compatible(config: ModelConfig) -> Provider:
    """Any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, ...)."""
    endpoint = config.endpoint
    assert endpoint is not None  # every OpenAI-style prefix has a default or requires a URL
    return OpenAICompatibleProvider(
        name=config.provider,
        base_url=endpoint,
        api_key_env=config.api_key_var,
        headers=config.headers,
        timeout=config.timeout,
        max_connections=config.concurrency,
        json_schema_output=config.supports_json_schema,
        stream=config.streams,
    )


def _anthropic(config: ModelConfig) -> Provider:
    """Anthropic's Messages API."""
    from ._anthropic import AnthropicProvider  # imported by the suites that use it

    endpoint = config.endpoint
    assert endpoint is not None
    return AnthropicProvider(
        name=config.provider,
        base_url=endpoint,
        api_key_env=config.api_key_var,
        headers=config.headers,
        timeout=config.timeout,
        max_connections=config.concurrency,
        json_schema_output=False,
    )


def _mock(config: ModelConfig) -> Provider:
    """A scripted mock that echoes the last user message (for tests and examples)."""
    from ._mock import MockProvider

    return MockProvider()


for _prefix in ("openai", "openai-compatible", "vllm", "ollama", "llamacpp", "lmstudio"):
    register("provider", _prefix, _openai_compatible)
register("provider", "anthropic", _anthropic)
register("provider", "mock", _mock)


def get_model(
    config: ModelConfig | str,
    *,
    cache: ResponseCache | None = None,
    provider: Provider | None = None,
) -> Model:
    """The `Model` for `config`.

    Args:
        config: the model's config, or just its name (``openai/gpt-4.1-mini``).
        cache: where replies are kept and looked up (None: no cache).
        provider: the provider to use instead of the one the name's prefix selects (a
            scripted `MockProvider`, typically).

    Raises:
        UnknownNameError: no provider is registered for the name's prefix.

    Examples:
        >>> import asyncio
        >>> from fourfold.models import MockProvider
        >>> model = get_model("mock/model", provider=MockProvider(["hello"]))
        >>> asyncio.run(model.generate(ModelRequest(messages=[]))).text
        'hello'
    """
    if isinstance(config, str):
        config = ModelConfig(model=config)
    if provider is None:
        provider = lookup("provider", config.provider).factory(config)
    return Model(config, provider, cache=cache)
