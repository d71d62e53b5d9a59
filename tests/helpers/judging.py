"""Builders for the judge tests: a judge model on a script, a context that carries it.

Imported by the test modules beside it (pytest puts this folder on the path).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import fourfold.judges  # noqa: F401  (registers the rubric and pairwise checks)
from fourfold.cases import Case
from fourfold.checks import Check, CheckContext, CheckResult
from fourfold.models import (
    MemoryCache,
    MockOutput,
    MockProvider,
    MockResponder,
    Model,
    ModelConfig,
    get_model,
)
from fourfold.trace import Trace
from tests.helpers import make_case, make_trace


def reply(score: Any = 3, evidence: str | None = None, rationale: str = "because") -> str:
    """A rubric judge's reply as JSON text."""
    return json.dumps({"evidence": evidence, "rationale": rationale, "score": score})


def preference(winner: str, quote: str | None = None, rationale: str = "because") -> str:
    """A pairwise judge's reply as JSON text."""
    return json.dumps({"decisive_quote": quote, "rationale": rationale, "winner": winner})


def mock_judge(
    outputs: Sequence[MockOutput] | MockResponder,
    *,
    cache: MemoryCache | None = None,
    **config: Any,
) -> tuple[Model, MockProvider]:
    """A judge model answering from `outputs` (no retries unless asked), and its provider."""
    provider = MockProvider(outputs)
    settings = {"max_retries": 0, **config}
    model = get_model(ModelConfig(model="mock/judge", **settings), provider=provider, cache=cache)
    return model, provider


def judge_context(
    model: Model | None = None,
    *,
    trace: Trace | None = None,
    case: Case | None = None,
    repeat: int = 0,
    baseline: Trace | None = None,
    use_cache: bool = True,
) -> CheckContext:
    return CheckContext(
        case=case or make_case(),
        trace=trace or make_trace(output="Refunds take 30 days."),
        models={"judge": model} if model is not None else {},
        repeat=repeat,
        baseline=baseline,
        use_cache=use_cache,
    )


def run_judge(check: Check, ctx: CheckContext) -> CheckResult:
    return asyncio.run(check.run_async(ctx))
