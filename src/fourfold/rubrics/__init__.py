"""Weighted rubrics: judge checks grouped into dimensions with an overall score.

A rubric (the suite's ``gate: rubrics:``) names judge checks the suite runs as its
dimensions, each with a weight; a trial's overall score is the weighted mean of its
dimension scores, undecided when any dimension did not decide. The gate holds each
dimension to its ``min_mean`` and the overall to ``overall``; compare reports each side's
mean, spread and 5th percentile per dimension and overall, with the paired difference.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._compare import RubricDelta, rubric_deltas
    from ._config import WEIGHT_TOLERANCE, Dimension, RubricConfig
    from ._scores import (
        DimensionVerdict,
        Distribution,
        LowTrial,
        RubricStatus,
        RubricVerdict,
        TrialRubric,
        distribution,
        judge_rubric,
        judge_rubrics,
        trial_rubric,
    )
    from ._validate import check_rubrics

__all__ = [
    "WEIGHT_TOLERANCE",
    "Dimension",
    "DimensionVerdict",
    "Distribution",
    "LowTrial",
    "RubricConfig",
    "RubricDelta",
    "RubricStatus",
    "RubricVerdict",
    "TrialRubric",
    "check_rubrics",
    "distribution",
    "judge_rubric",
    "judge_rubrics",
    "rubric_deltas",
    "trial_rubric",
]

# The gate loads the rubric rules with every suite; compare's statistics (numpy, scipy)
# load only when a comparison asks for them.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["RubricDelta", "rubric_deltas"], "._compare"),
        **dict.fromkeys(["WEIGHT_TOLERANCE", "Dimension", "RubricConfig"], "._config"),
        "check_rubrics": "._validate",
        **dict.fromkeys(
            [
                "DimensionVerdict",
                "Distribution",
                "LowTrial",
                "RubricStatus",
                "RubricVerdict",
                "TrialRubric",
                "distribution",
                "judge_rubric",
                "judge_rubrics",
                "trial_rubric",
            ],
            "._scores",
        ),
    },
)
