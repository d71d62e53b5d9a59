"""Embedding calls: set aside from a run's model calls, not lost.

An embeddings span (the GenAI conventions' operation ``embeddings``, OpenLLMetry's
``llm.request.type`` ``embedding``, OpenInference's ``EMBEDDING`` span kind, the Vercel AI
SDK's ``ai.embed`` / ``ai.embedMany`` and their ``doEmbed`` spans, ai 6.0.326's telemetry) records a
request for vectors: its input is text to embed, said to no one, and its reply is no
message. So it gives a trace no message, tool call, model or usage: the run's model is the
one its model calls asked for, and its usage their tokens (an embedding's are input tokens
only, priced apart). What the embedding calls spent is kept in the metadata instead
(``embeddings``: how many, the first one's model, their input tokens when any span counts
them), as a team's own model calls are (``team_model_calls``).
"""

from __future__ import annotations

from typing import Any

from ._numbers import first_token_count
from ._spans import PLACEHOLDER_MODELS, Span, ancestors

__all__ = ["embedding_calls", "is_embedding"]

_TOKEN_KEYS = (
    "gen_ai.usage.input_tokens",
    "gen_ai.usage.prompt_tokens",
    "llm.token_count.prompt",
    "ai.usage.tokens",  # the AI SDK's
)
_MODEL_KEYS = (
    "gen_ai.request.model",
    "embedding.model_name",
    "gen_ai.response.model",
    "ai.model.id",
)
_AI_SDK_EMBEDS = frozenset({"ai.embed", "ai.embed.doEmbed", "ai.embedMany", "ai.embedMany.doEmbed"})
"""The Vercel AI SDK's embedding spans (``ai.operationId``, the head of ``operation.name``):
``embed`` / ``embedMany`` and the provider request each makes. No agent's run, though the
SDK names them by the ``functionId`` it names a ``generateText`` call by."""


def is_embedding(span: Span) -> bool:
    """Whether `span` is an embeddings request, by the operation its convention names.

    A LangSmith span's run type (``langsmith.span.kind``) decides: ``embedding`` is one, a
    ``retriever`` run (which LangSmith also names the operation ``embeddings``) is none.
    Without ``gen_ai.operation.name``, the GenAI span name ``embeddings {model}`` says it,
    or the AI SDK's operation id (``ai.embed``, ``ai.embedMany``...); a span naming another
    operation is none.

    Examples:
        >>> attrs = {"ai.operationId": "ai.embedMany", "ai.telemetry.functionId": "index"}
        >>> is_embedding(Span("t", "s", None, "ai.embedMany", 1, 2, "ok", None, attrs))
        True
        >>> attrs = {"operation.name": "ai.generateText policy_agent"}
        >>> is_embedding(Span("t", "s", None, "ai.generateText", 1, 2, "ok", None, attrs))
        False
    """
    attrs = span.attributes
    kind = attrs.get("langsmith.span.kind")
    if isinstance(kind, str) and kind:  # LangSmith's run type: its operation name calls a
        return kind == "embedding"  # retriever run "embeddings" too
    op = attrs.get("gen_ai.operation.name")
    if isinstance(op, str) and op:
        return op == "embeddings"
    if attrs.get("llm.request.type") == "embedding":
        return True
    if attrs.get("openinference.span.kind") == "EMBEDDING":
        return True
    vercel = str(attrs.get("ai.operationId") or attrs.get("operation.name") or "")
    if vercel.split(" ", 1)[0] in _AI_SDK_EMBEDS:
        return True
    return span.name.split(" ", 1)[0] == "embeddings"


def embedding_calls(spans: list[Span]) -> dict[str, Any] | None:
    """What the embedding calls among `spans` spent; None when there is none.

    ``calls``, the first one's ``model`` (the request model, else the one that answered; not
    a placeholder such as ``unknown``) and their ``input_tokens`` (left out when no span
    counts them: unknown, not zero). An embeddings span inside another is the same call
    recorded twice (LlamaIndex's ``get_query_embedding`` over ``_get_query_embedding``):
    counted once.
    """
    found = [s for s in spans if is_embedding(s)]
    ids = {s.span_id for s in found}
    by_id = {s.span_id: s for s in spans}
    found = [s for s in found if not any(a.span_id in ids for a in ancestors(s, by_id))]
    if not found:
        return None
    out: dict[str, Any] = {"calls": len(found)}
    model = next((m for s in found if (m := _model(s.attributes))), None)
    if model is not None:
        out["model"] = model
    counts = [n for s in found if (n := first_token_count(s.attributes, *_TOKEN_KEYS)) is not None]
    if counts:
        out["input_tokens"] = sum(counts)
    return out


def _model(attrs: dict[str, Any]) -> str | None:
    for key in _MODEL_KEYS:
        value = attrs.get(key)
        if isinstance(value, str) and value and value.strip().lower() not in PLACEHOLDER_MODELS:
            return value
    return None
