"""A weighted rubric, as the suite's ``gate: rubrics:`` section writes it.

A rubric groups judge checks the suite runs into named **dimensions**, each with a
weight, and gives every trial one **overall** score: the weighted mean of its dimension
scores. Each dimension is still its own judge call (one ``rubric`` check per criterion);
the rubric only reads their results. Its rules are gate rules: a ``min_mean`` per
dimension and a minimum mean of the overall score::

    gate:
      rubrics:
        answer:
          dimensions:
            completeness: {weight: 0.3, min_mean: 2}
            accuracy: {weight: 0.35, min_mean: 2.5}
            recency: 0.2                     # a weight alone
            actionability: {weight: 0.15, check: "rubric:next_step"}
          overall: 2.2

A dimension's check is ``rubric:<dimension>`` unless it names another. The weights must
be positive and sum to 1: a weight is the dimension's share of the overall score, and a
set that does not sum to 1 is most often a typo, which normalising would hide.

The rubric lives in the gate's config because every place that rebuilds a run's verdict
from the stored suite (the terminal summary, the HTML report, compare, the viewer) reads
``run.config["gate"]``: keeping the weights there makes them all read the same rubric.
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["WEIGHT_TOLERANCE", "Dimension", "RubricConfig"]

WEIGHT_TOLERANCE = 1e-6
"""How far from 1 the weights may sum (rounding of decimal weights, not a typo)."""


class _Config(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Dimension(_Config):
    """One dimension of a rubric: a judge check, its weight and its rule."""

    weight: float = Field(gt=0, le=1)
    """The dimension's share of the overall score (the rubric's weights sum to 1)."""
    check: str | None = None
    """The judge check whose scores this dimension takes (default ``rubric:<dimension>``)."""
    min_mean: float | None = None
    """The mean the dimension's scores must reach (None: reported, not gated)."""


class RubricConfig(_Config):
    """A named group of judge checks with weights, an overall score and gate rules."""

    dimensions: dict[str, Dimension] = Field(min_length=1)
    """The dimensions by name, each a weight (``recency: 0.2``) or a mapping."""
    overall: float | None = None
    """The mean the overall score (weighted mean of the dimensions) must reach."""
    critical: bool = True
    """A failing critical rubric blocks; a failing non-critical one asks for review."""

    @field_validator("dimensions", mode="before")
    @classmethod
    def _weight_shorthand(cls, value: object) -> object:
        if not isinstance(value, dict):
            return value
        out: dict[object, object] = {}
        for k, v in value.items():
            if isinstance(v, int | float) and not isinstance(v, bool):
                v = {"weight": v}
            elif not isinstance(v, dict):
                raise ValueError(
                    f"dimension {k!r} is {v!r}: give its weight (recency: 0.2) or a mapping "
                    "({weight: 0.2, min_mean: 2, check: 'rubric:recency'})"
                )
            out[k] = v
        return out

    @field_validator("dimensions")
    @classmethod
    def _weights_sum_to_one(cls, dimensions: dict[str, Dimension]) -> dict[str, Dimension]:
        if "overall" in dimensions:
            raise ValueError(
                "a dimension cannot be called 'overall': that is the name of the weighted "
                "score; rename the dimension (its judge check can stay: check: rubric:overall)"
            )
        total = math.fsum(d.weight for d in dimensions.values())
        if abs(total - 1.0) > WEIGHT_TOLERANCE:
            listed = " + ".join(f"{n} {d.weight:g}" for n, d in dimensions.items())
            raise ValueError(
                f"the weights sum to {total:g} ({listed}), not 1: a weight is the "
                "dimension's share of the overall score, so they must sum to 1 (they are "
                "not normalised, so that a typo cannot hide)"
            )
        return dimensions

    def check_of(self, dimension: str) -> str:
        """The judge check `dimension` takes its scores from."""
        own = self.dimensions[dimension].check
        return own if own is not None else f"rubric:{dimension}"

    def describe(self) -> str:
        """The rule in a few words, for tables."""
        parts = [
            f"{n} ≥ {d.min_mean:g}" for n, d in self.dimensions.items() if d.min_mean is not None
        ]
        parts += [] if self.overall is None else [f"overall ≥ {self.overall:g}"]
        return ", ".join(f"mean {p}" for p in parts) or "report only"
