"""Variants of cases that ask the same thing in other words, for measuring robustness.

``fourfold perturb CASES -o FILE --kinds typos,case,whitespace,reorder,paraphrase`` writes
each case followed by its variants: typos at a rate, other casing, other whitespace,
earlier turns or list items reordered, and (with a model) paraphrases. Each variant is
linked to its original (``metadata.perturbation``) and keeps everything the checks read,
so a run over the file measures how much the agent's verdicts depend on wording
(`fourfold.robustness`). Ids, numbers, e-mails, URLs and the case's expected values are
never perturbed (`protected_spans`). The deterministic kinds are reproducible from the seed.
"""

from .._lazy import publish
from ._paraphrase import PARAPHRASE_PROMPT, paraphrase_cases_async
from ._perturb import (
    DEFAULT_RATE,
    DETERMINISTIC_KINDS,
    KINDS,
    PerturbFailure,
    PerturbResult,
    perturb_case,
    perturb_cases,
    variant_id,
    variant_of,
    write_cases,
)
from ._protect import protected_spans, protected_terms

__all__ = [
    "DEFAULT_RATE",
    "DETERMINISTIC_KINDS",
    "KINDS",
    "PARAPHRASE_PROMPT",
    "PerturbFailure",
    "PerturbResult",
    "paraphrase_cases_async",
    "perturb_case",
    "perturb_cases",
    "protected_spans",
    "protected_terms",
    "variant_id",
    "variant_of",
    "write_cases",
]

publish(__name__, __all__)
