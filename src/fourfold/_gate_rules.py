"""The gate's rules as a suite writes them: per layer, per judge, for errors and rubrics.

`fourfold.gate` decides with them; they live apart so that loading a suite (which
validates its ``gate:``) needs the rules, not the deciding. Users import them from
`fourfold.gate`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .rubrics import RubricConfig
from .runs import Layer
from .safety import SafetyRule

__all__ = ["GateConfig", "JudgeRule", "LayerRule"]


class _Config(BaseModel):
    model_config = ConfigDict(extra="forbid")


class JudgeRule(_Config):
    """A rule on one judge's scores, applied only when that judge ran.

    Unlike `LayerRule.score_check`, the judge need not be among the suite's checks: a run
    without its results is judged on the layer's other rules alone. But a judge that *ran*
    and never decided (every result an error) is not "did not run": the layer asks for
    review. And a suite that writes the rule must name a check it runs or a built-in
    judge (``rubric:grounding``), in the rule's layer: loading the suite refuses any other
    name, so a typo cannot switch the rule off.
    """

    check: str
    """The judge's check name (``rubric:grounding``)."""
    min_mean: float | None = None
    """The mean its scores must reach."""
    floor: float | None = None
    """No score may be at or below this (0 on a 0-3 scale: no case at 0)."""

    def describe(self) -> str:
        """The rule in a few words, for tables."""
        parts = []
        if self.min_mean is not None:
            parts.append(f"mean ≥ {self.min_mean:g}")
        if self.floor is not None:
            parts.append(f"none ≤ {self.floor:g}")
        return f"{self.check} {', '.join(parts) or 'reported'} if it ran"


class LayerRule(_Config):
    """How one layer passes."""

    hard: bool = False
    """Any failing trial fails the layer."""
    min_pass_rate: float | None = Field(default=None, ge=0, le=1)
    """The share of trials that must pass every check of this layer."""
    min_mean: float | None = None
    """The mean score the layer's scored results must reach."""
    floor: float | None = None
    """No scored result may be at or below this (e.g. 0 on a 0-3 grounding scale)."""
    score_check: str | None = None
    """Take scores from this check only (by default, every scored result in the layer).
    The suite must run it; for a judge the suite may not use, see `judge`."""
    critical: bool = True
    """A failing critical layer blocks; a failing non-critical one asks for review."""
    pass_rate_of: Literal["all", "deterministic"] = "all"
    """Which results the pass rate and the hard rule count: ``all``, or only those of
    deterministic checks (model-graded results, which list their model calls, are then
    left to `judge`)."""
    judge: JudgeRule | None = None
    """A rule on one judge's scores, applied only when the judge ran."""
    max_error_rate: float | None = Field(default=None, ge=0, le=1)
    """The share of this layer's trials allowed a result that could not decide (a check
    error, a judge error of any kind) before the layer asks for review. None: the gate's
    `GateConfig.max_error_rate`."""
    max_drop: Literal["noise"] | Annotated[float, Field(ge=0, le=1)] | None = None
    """With a baseline run: how far the layer's pass rate (the outcome layer's win rate,
    when the run had pairwise judges) may fall against it. ``noise``: no further than the
    noise margin measured from the baseline's repeats; a number: no further than that
    (0.05 = five points). Either way the drop must also be significant (p < the gate's
    alpha, Holm-corrected over the layers compared). None: no drop rule."""

    def describe(self) -> str:
        """The rule in a few words, for tables."""
        parts = []
        if self.hard:
            parts.append("no failures")
        if self.min_pass_rate is not None:
            parts.append(f"pass rate ≥ {self.min_pass_rate:.0%}")
        if (self.hard or self.min_pass_rate is not None) and self.pass_rate_of == "deterministic":
            parts[-1] += " (deterministic)"
        if self.min_mean is not None:
            parts.append(f"mean ≥ {self.min_mean:g}")
        if self.floor is not None:
            parts.append(f"none ≤ {self.floor:g}")
        if self.judge is not None:
            parts.append(self.judge.describe())
        if self.max_drop == "noise":
            parts.append("no drop beyond noise")
        elif self.max_drop is not None:
            parts.append(f"no drop beyond {self.max_drop:.0%}")
        if self.max_error_rate is not None:
            parts.append(f"errors ≤ {self.max_error_rate:.0%}")
        return ", ".join(parts) or "report only"


class GateConfig(_Config):
    """Per-layer rules (the suite's ``gate:`` section), and the tolerance for errors.

    `max_error_rate` is one knob for evidence that is missing: the share of trials whose
    agent errored, and, in each layer, the share of trials with a result that could not
    decide (a layer may set its own `LayerRule.max_error_rate`). Above it, the decision
    is at least review. A check that ran and never decided asks for review whatever the
    tolerance.
    """

    outcome: LayerRule = Field(
        default_factory=lambda: LayerRule(min_pass_rate=0.8, critical=False, max_drop="noise")
    )
    """Did it reach the right outcome for the user?"""
    trajectory: LayerRule = Field(default_factory=lambda: LayerRule(hard=True))
    """Did it call the right tools, in a sane order, within budget?"""
    grounding: LayerRule = Field(
        default_factory=lambda: LayerRule(
            min_pass_rate=0.95,
            pass_rate_of="deterministic",
            judge=JudgeRule(check="rubric:grounding", min_mean=2.5, floor=0),
        )
    )
    """Is what it said supported by what it retrieved?"""
    policy: LayerRule = Field(default_factory=lambda: LayerRule(hard=True))
    """Did it stay inside the rules?"""
    max_error_rate: float = Field(default=0.0, ge=0, le=1)
    """The share of errored trials (agent failures) tolerated before the gate asks for
    review; and, in each layer that does not set its own `LayerRule.max_error_rate`, the
    share of the layer's trials allowed a result that could not decide (a check that
    raised, a judge whose model failed, answered nonsense or does not exist). The default,
    0, asks for review on the first error: an error is evidence missing, never a pass."""
    alpha: float = Field(default=0.05, gt=0, lt=1)
    """Significance level of the drop rules (against a baseline)."""
    rubrics: dict[str, RubricConfig] = Field(default_factory=dict)
    """Weighted rubrics by name: judge checks grouped into dimensions with weights, a
    ``min_mean`` per dimension and an ``overall`` minimum (see `fourfold.rubrics`)."""
    safety: SafetyRule | None = None
    """Policy violations by severity (`fourfold.safety`): ``{block_on_critical: true,
    max_major_rate: 0.05}`` blocks on any critical violation and asks for review when more
    than 5% of trials have a major one. None: no rule beyond the policy layer's."""

    def rule(self, layer: Layer) -> LayerRule:
        """The rule of `layer`."""
        rule: LayerRule = getattr(self, layer)
        return rule

    def error_tolerance(self, layer: Layer) -> float:
        """The share of `layer`'s trials allowed a result that could not decide."""
        own = self.rule(layer).max_error_rate
        return self.max_error_rate if own is None else own
