"""Cases generated from the team's own records: a product catalog or help articles.

One model call per record (structured JSON output) proposes cases; each is validated
against its record (focus fields, catalog constraints the source meets, grounding),
near-duplicates are merged, and a coverage table says what the set spans. ``fourfold
generate`` is the command; `generate_cases` the function.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
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
    from ._plan import (
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
    from ._prompts import ARTICLE_INTENTS, CATALOG_INTENTS


__all__ = [
    "ARTICLE_INTENTS",
    "CATALOG_INTENTS",
    "DEFAULT_SIMILARITY",
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
    "load_source_records",
    "plan_generation",
    "query_similarity",
    "read_generated",
    "record_hash",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["Coverage", "coverage"], "._coverage"),
        **dict.fromkeys(
            ["DEFAULT_SIMILARITY", "DuplicateMerge", "dedupe_cases", "query_similarity"], "._dedupe"
        ),
        **dict.fromkeys(
            [
                "DroppedItem",
                "FailedSource",
                "GenerationResult",
                "SourceOutcome",
                "generate_cases",
                "generate_cases_async",
                "read_generated",
            ],
            "._generate",
        ),
        **dict.fromkeys(
            [
                "GenerationConfig",
                "GenerationEstimate",
                "GenerationPlan",
                "GenerationSource",
                "GenerationTask",
                "estimate_generation",
                "load_source_records",
                "plan_generation",
                "record_hash",
            ],
            "._plan",
        ),
        **dict.fromkeys(["ARTICLE_INTENTS", "CATALOG_INTENTS"], "._prompts"),
    },
)
