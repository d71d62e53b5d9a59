"""Cases: what to ask the agent and what success means, loaded or generated from records."""

from ._case import Case
from ._coverage import Coverage, coverage
from ._dedupe import DEFAULT_SIMILARITY, DuplicateMerge, dedupe_cases, query_similarity
from ._generate import (
    DroppedItem,
    FailedSource,
    GenerationResult,
    SourceOutcome,
    generate_cases,
    generate_cases_async,
    read_generated,
)
from ._generate_plan import (
    GenerationConfig,
    GenerationEstimate,
    GenerationPlan,
    GenerationSource,
    GenerationTask,
    estimate_generation,
    load_source_records,
    plan_generation,
    record_hash,
)
from ._generate_prompts import ARTICLE_INTENTS, CATALOG_INTENTS
from ._load import load_cases

__all__ = [
    "ARTICLE_INTENTS",
    "CATALOG_INTENTS",
    "DEFAULT_SIMILARITY",
    "Case",
    "Coverage",
    "DroppedItem",
    "DuplicateMerge",
    "FailedSource",
    "GenerationConfig",
    "GenerationEstimate",
    "GenerationPlan",
    "GenerationResult",
    "GenerationSource",
    "GenerationTask",
    "SourceOutcome",
    "coverage",
    "dedupe_cases",
    "estimate_generation",
    "generate_cases",
    "generate_cases_async",
    "load_cases",
    "load_source_records",
    "plan_generation",
    "query_similarity",
    "read_generated",
    "record_hash",
]
