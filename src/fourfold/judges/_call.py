"""One judge question: a model call, its reply read, and one repair attempt if it can't be.

Every call is recorded (`CallRecord`) whether it is served from the cache or not, so a
result says what its judgement cost and a reviewer can tell a fresh answer from a stored one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..checks import CheckContext
from ..errors import ConfigError, ProviderError, RunawayReplyError
from ..models import ChatMessage, Model, ModelRequest, ModelResponse, TokenLogprob
from ..runs import MODEL_CALLS_KEY, Verdict
from ._prompt import build_repair_messages
from ._reply import ParseFailure

__all__ = [
    "JUDGE_MAX_TOKENS",
    "Answer",
    "JudgeFailure",
    "ask",
    "error_verdict",
    "judge_model",
    "judge_request",
]

R = TypeVar("R")

JUDGE_MAX_TOKENS = 512
"""A judge's output cap unless its model config sets ``max_tokens``. A judge's reply is a
quote, one to three sentences and a verdict: about 100-250 tokens from every model
measured (docs/validation.md), so 512 never cuts an honest reply and ends a runaway one
early. A reasoning model spends the cap on its reasoning too: set ``max_tokens`` in its
config."""
_PARTIAL_CHARS = 2000


@dataclass(slots=True)
class Answer(Generic[R]):
    """What a judge answered, or why it could not answer, with every call it took."""

    reply: R | None = None
    """The reply, read and checked (None on failure)."""
    failure: JudgeFailure | None = None
    """Why there is no reply."""
    raw: list[str | None] = field(default_factory=list)
    """The text of every reply, in order (the first and, after a repair, the second; for
    a reply that ran away, as far as it went)."""
    calls: list[dict[str, Any]] = field(default_factory=list)
    """One record per model call: key, cached, tokens, cost, latency (the whole call,
    every attempt), attempts; a failed call has its error category under ``error``."""
    logprobs: list[TokenLogprob] | None = None
    """The log-probabilities of the reply that was read, when the request asked for them
    and the endpoint gave them."""

    @property
    def cost_usd(self) -> float:
        """What the calls cost (calls of models without a price count 0)."""
        return sum(c["cost_usd"] or 0.0 for c in self.calls)

    @property
    def last_raw(self) -> str | None:
        """The text of the last reply (None when there was none)."""
        return self.raw[-1] if self.raw else None


@dataclass(frozen=True, slots=True)
class JudgeFailure:
    """Why a judge gave no usable answer."""

    category: str
    """``score_out_of_scale``, ``unparseable`` or a `ProviderError.category`."""
    message: str


def _failed(key: str, exc: ProviderError) -> dict[str, Any]:
    """The record of a call that failed: no tokens, but the time and attempts it took."""
    return {
        "key": key,
        "cached": False,
        "input_tokens": 0,
        "output_tokens": 0,
        "cost_usd": None,
        "latency_s": exc.latency_s,
        "attempts": exc.attempts,
        "error": exc.category,
    }


def _record(key: str, response: ModelResponse) -> dict[str, Any]:
    return {
        "key": key,
        "cached": response.cached,
        "input_tokens": response.input_tokens,
        "output_tokens": response.output_tokens,
        "cost_usd": response.cost_usd,
        "latency_s": response.latency_s,
        "attempts": response.attempts,
    }


def judge_request(
    judge: Model,
    messages: list[ChatMessage],
    *,
    schema: dict[str, Any],
    schema_name: str,
    repeat: int,
    top_logprobs: int | None = None,
) -> ModelRequest:
    """A judge's request, with the model's name, temperature and output cap filled in.

    The cap is `JUDGE_MAX_TOKENS` unless the judge's config sets ``max_tokens``.
    `Model.generate` would fill the others in too; doing it here makes
    ``request.cache_key`` the key the model caches the reply under, so the recorded key
    finds it.
    """
    config = judge.config
    return ModelRequest(
        model=config.name,
        messages=messages,
        temperature=config.temperature,
        max_tokens=config.max_tokens if config.sets_max_tokens else JUDGE_MAX_TOKENS,
        response_schema=schema,
        schema_name=schema_name,
        cache_salt=f"repeat={repeat}",
        top_logprobs=top_logprobs,
    )


async def ask(
    judge: Model,
    request: ModelRequest,
    parse: Callable[[str | None], R | ParseFailure],
    *,
    shape: str,
    use_cache: bool,
) -> Answer[R]:
    """Send `request`; read the reply with `parse`, asking once more if it cannot be read.

    Args:
        judge: the judge model.
        request: the judge's request (see `judge_request`).
        parse: reads a reply's text into a reply or a `ParseFailure`.
        shape: the JSON the judge was asked for, shown again in the repair request.
        use_cache: False to bypass the response cache (``--no-cache``).

    Returns:
        The answer; a `ProviderError` becomes a failure with its category, never a raise.
    """
    answer: Answer[R] = Answer()
    messages: list[ChatMessage] = list(request.messages)
    current = request
    for attempt in range(2):
        # Hashed once, here, for the record; the model takes the key instead of hashing
        # the request again (of the judge's own work, hashing is the costliest step).
        key = current.cache_key(judge.config.provider)
        try:
            response = await judge.generate(current, use_cache=use_cache, cache_key=key)
        except ProviderError as exc:
            answer.calls.append(_failed(key, exc))
            if isinstance(exc, RunawayReplyError) and exc.partial is not None:
                answer.raw.append(exc.partial[:_PARTIAL_CHARS])
            answer.failure = JudgeFailure(exc.category, f"the judge model failed: {exc}")
            return answer
        answer.calls.append(_record(key, response))
        answer.raw.append(response.text)
        parsed = parse(response.text)
        if not isinstance(parsed, ParseFailure):
            answer.reply = parsed
            answer.logprobs = response.logprobs
            return answer
        if not parsed.repairable:
            answer.failure = JudgeFailure(
                parsed.kind, f"the judge's reply is unusable: {parsed.error}"
            )
            return answer
        if attempt == 1:
            answer.failure = JudgeFailure(
                "unparseable",
                f"the judge's reply could not be read, even after a repair request: {parsed.error}",
            )
            return answer
        current = request.model_copy(
            update={"messages": build_repair_messages(messages, response.text, parsed.error, shape)}
        )
    raise AssertionError("unreachable")  # pragma: no cover


def judge_model(ctx: CheckContext, name: str, base: dict[str, Any]) -> Model | Verdict:
    """The suite's model `name`, recorded in `base` as ``model``; or an error verdict.

    A suite without that model is a configuration mistake, but it is found only when the
    check runs, so it is reported on the result (category ``config``) like a judge error.
    """
    try:
        judge = ctx.model(name)
    except ConfigError as exc:
        return Verdict(
            status="error",
            explanation=exc.render(),
            metadata={**base, "error_category": "config"},
        )
    base["model"] = judge.name
    return judge


def error_verdict(answer: Answer[Any], base: dict[str, Any], **extra: Any) -> Verdict:
    """The ``error`` result of a judge that failed: no score, the failure's category."""
    assert answer.failure is not None
    return Verdict(
        status="error",
        explanation=answer.failure.message,
        metadata={
            **base,
            "error_category": answer.failure.category,
            MODEL_CALLS_KEY: answer.calls,
            **extra,
            "judge_cost_usd": answer.cost_usd,
        },
    )
