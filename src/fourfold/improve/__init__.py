"""Judges improved from corrections, measured on a slice no proposal saw.

`improve_criterion` splits a criterion's labelled items (seeded, by case) into tuning and
held-out slices; a model proposes edits of the criterion from calibration's disagreement
clusters and the reviewers' overrides on the tuning slice; each proposal is judged on
the tuning items through the rubric judge and its cache; the best is judged on the
held-out items, and Cohen's kappa with people is reported before and after. A proposal
that does not raise the held-out kappa is reported as such (`Improvement.improved`).
"""

from .._lazy import publish
from ._improve import (
    IMPROVE_MAX_TOKENS,
    Improvement,
    Proposal,
    criterion_yaml,
    improve_criterion,
    improved_file,
)
from ._split import Item, Split, labelled_items, split_items

__all__ = [
    "IMPROVE_MAX_TOKENS",
    "Improvement",
    "Item",
    "Proposal",
    "Split",
    "criterion_yaml",
    "improve_criterion",
    "improved_file",
    "labelled_items",
    "split_items",
]

publish(__name__, __all__)
