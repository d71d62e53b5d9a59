"""Scoring trials on a rubric, and the rubric's verdict in the gate.

A trial's **overall** score is the weighted mean of its dimension scores, computed only
when every dimension has a decided score on that trial. When one did not (its judge
erred, it was skipped, it did not run) the overall is **undecided** for that trial, with
the reason: it is never computed from the other dimensions. A judge that errs records an
error, never a score, and an overall made of three dimensions out of four would be a
score no judge gave. The overall is derived from the stored judge results every time it
is needed, never stored apart, so the gate, the report, compare and the export cannot
disagree about it.

The verdict follows the gate's conventions: a rule that breaks fails the rubric (block if
critical, else review); undecided trials above the gate's error tolerance ask for review;
a rubric whose judges ran and decided nothing has no decision; one whose judges did not
run has no data.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..runs import CheckResult, Trial
from ._config import RubricConfig

__all__ = [
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
]

RubricStatus = Literal["pass", "fail", "review", "no_decision", "no_data"]
"""As a layer's status (`fourfold.gate.LayerStatus`)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class Distribution(_Model):
    """Scores of one side: how many, their mean, spread and low tail."""

    n: int
    """Scores counted (one per trial that decided)."""
    mean: float | None
    sd: float | None
    """The sample standard deviation (None with fewer than two scores)."""
    p5: float | None
    """The 5th percentile (linear interpolation between the nearest scores)."""


def distribution(values: Iterable[float]) -> Distribution:
    """The `Distribution` of `values`.

    Examples:
        >>> d = distribution([1, 2, 3, 4])
        >>> d.mean, round(d.sd, 3), round(d.p5, 2)
        (2.5, 1.291, 1.15)
    """
    import numpy as np  # here: loading the rubric rules with a suite needs no statistics

    xs = list(values)
    if not xs:
        return Distribution(n=0, mean=None, sd=None, p5=None)
    return Distribution(
        n=len(xs),
        mean=math.fsum(xs) / len(xs),
        sd=statistics.stdev(xs) if len(xs) > 1 else None,
        p5=float(np.percentile(xs, 5)),
    )


@dataclass(frozen=True, slots=True)
class TrialRubric:
    """One trial read on one rubric."""

    case_id: str
    repeat: int
    scores: dict[str, float | None]
    """Each dimension's score (None when it did not decide on this trial)."""
    overall: float | None
    """The weighted mean of the dimension scores; None when any of them is missing."""
    why_undecided: str | None
    """Why `overall` is None, naming the dimensions (None when it was computed)."""
    ran: bool
    """Whether any dimension's judge gave a result on this trial (not only skips)."""


def _dimension_result(results: list[CheckResult], check: str) -> CheckResult | None:
    return next((r for r in results if r.check == check), None)


def _why_not(name: str, result: CheckResult | None) -> str:
    if result is None:
        return f"{name} did not run"
    if result.status == "error":
        category = result.metadata.get("error_category")
        return f"{name} erred" + (f" ({category})" if isinstance(category, str) else "")
    if result.status == "skip":
        return f"{name} was skipped"
    return f"{name} gave no score"


def trial_rubric(trial: Trial, rubric: RubricConfig) -> TrialRubric:
    """Score one trial on `rubric`: its dimension scores and, when all decided, the overall.

    Examples:
        >>> from datetime import datetime, UTC
        >>> from fourfold.runs import CheckResult, Trial
        >>> now = datetime(2026, 1, 1, tzinfo=UTC)
        >>> def res(check, score, status="pass"):
        ...     return CheckResult(check=check, layer="outcome", status=status, score=score)
        >>> rubric = RubricConfig(dimensions={"a": 0.75, "b": 0.25})
        >>> t = Trial(case_id="c", status="ok", started_at=now, ended_at=now,
        ...           results=[res("rubric:a", 3), res("rubric:b", 1, "fail")])
        >>> trial_rubric(t, rubric).overall
        2.5
        >>> t.results[1] = res("rubric:b", None, "error")
        >>> trial_rubric(t, rubric).why_undecided
        'b erred'
    """
    scores: dict[str, float | None] = {}
    missing: list[str] = []
    ran = False
    for name in rubric.dimensions:
        result = _dimension_result(trial.results, rubric.check_of(name))
        decided = (
            result is not None and result.status in ("pass", "fail") and result.score is not None
        )
        ran = ran or (result is not None and result.status != "skip")
        scores[name] = result.score if decided and result is not None else None
        if not decided:
            missing.append(_why_not(name, result))
    if missing:
        return TrialRubric(trial.case_id, trial.repeat, scores, None, "; ".join(missing), ran)
    overall = math.fsum(
        d.weight * (scores[n] or 0.0) for n, d in rubric.dimensions.items()
    ) / math.fsum(d.weight for d in rubric.dimensions.values())
    return TrialRubric(trial.case_id, trial.repeat, scores, overall, None, ran)


class DimensionVerdict(_Model):
    """One dimension over a run: its scores and its rule."""

    name: str
    check: str
    weight: float
    scores: Distribution
    """The dimension's decided scores, one per trial."""
    undecided: int
    """Trials on which this dimension did not decide (erred, skipped, did not run)."""
    min_mean: float | None = None
    passed: bool | None = None
    """Whether the mean reached `min_mean` (None: no rule, or no score)."""


class LowTrial(_Model):
    """A trial with one of the lowest overall scores: the evidence behind a failing mean."""

    case_id: str
    repeat: int
    overall: float
    scores: dict[str, float]
    """Each dimension's score on this trial."""

    def describe(self) -> str:
        """``case#repeat overall 1.30 (relevance 1, accuracy 2, ...)``."""
        parts = ", ".join(f"{n} {v:g}" for n, v in self.scores.items())
        return f"{self.case_id}#{self.repeat} overall {self.overall:.2f} ({parts})"


class RubricVerdict(_Model):
    """How one rubric did on one run: per dimension, overall, and its rules."""

    name: str
    status: RubricStatus
    rule: str
    """The rule, in words."""
    critical: bool
    trials: int
    """Trials counted (the agent answered and a dimension's judge gave a result)."""
    overall: Distribution
    """The overall scores of the trials on which every dimension decided."""
    undecided_trials: int
    """Trials whose overall is undecided: a dimension erred, was skipped or did not run."""
    overall_min: float | None = None
    """The mean the overall must reach (None: reported, not gated)."""
    overall_passed: bool | None = None
    """Whether it did (None: no rule, or no overall score)."""
    dimensions: list[DimensionVerdict]
    reasons: list[str] = Field(default_factory=list)
    """Why the rubric failed, one line per broken rule."""
    undecided: list[str] = Field(default_factory=list)
    """Why it asks for review though no rule broke (undecided trials above tolerance)."""
    examples: list[str] = Field(default_factory=list)
    """Up to three undecided trials and why (``case#repeat: accuracy erred (timeout)``)."""
    lowest: list[LowTrial] = Field(default_factory=list)
    """The trials with the lowest overall scores, lowest first (at most five)."""


def judge_rubric(
    name: str, rubric: RubricConfig, trials: Iterable[Trial], *, tolerance: float
) -> RubricVerdict:
    """The verdict of `rubric` over the trials the agent answered.

    Args:
        name: the rubric's name.
        rubric: its dimensions, weights and rules.
        trials: the run's trials; errored ones (the agent failed) are left out, as the
            gate counts them on their own.
        tolerance: the share of counted trials allowed an undecided overall before the
            rubric asks for review (the gate's `max_error_rate`).
    """
    read = [trial_rubric(t, rubric) for t in trials if t.status == "ok"]
    read = [r for r in read if r.ran]
    overall = distribution(r.overall for r in read if r.overall is not None)
    dims: list[DimensionVerdict] = []
    reasons: list[str] = []
    for dim, d in rubric.dimensions.items():
        got = [r.scores[dim] for r in read]
        scores = distribution(s for s in got if s is not None)
        passed = None
        if d.min_mean is not None and scores.mean is not None:
            passed = scores.mean >= d.min_mean
            if not passed:
                reasons.append(f"{dim} mean {scores.mean:.2f} < {d.min_mean:g}")
        dims.append(
            DimensionVerdict(
                name=dim,
                check=rubric.check_of(dim),
                weight=d.weight,
                scores=scores,
                undecided=sum(1 for s in got if s is None),
                min_mean=d.min_mean,
                passed=passed,
            )
        )
    overall_passed = None
    if rubric.overall is not None and overall.mean is not None:
        overall_passed = overall.mean >= rubric.overall
        if not overall_passed:
            reasons.append(f"overall mean {overall.mean:.2f} < {rubric.overall:g}")
    lost = [r for r in read if r.overall is None]
    undecided: list[str] = []
    if read and len(lost) / len(read) > tolerance:
        undecided.append(
            f"{len(lost)} of {len(read)} trials have no overall score ({len(lost) / len(read):.0%}"
            f" > {tolerance:.0%} allowed): a dimension did not decide, and the overall is never "
            "computed from the others"
        )
    status: RubricStatus
    if not read:
        status = "no_data"
    elif overall.n == 0 and all(d.scores.n == 0 for d in dims):
        status = "no_decision"
        if not undecided:  # a tolerance of 100% still leaves nothing decided
            undecided.append(f"none of its {len(read)} trials was decided")
    else:
        status = "fail" if reasons else ("review" if undecided else "pass")
    return RubricVerdict(
        name=name,
        status=status,
        rule=rubric.describe(),
        critical=rubric.critical,
        trials=len(read),
        overall=overall,
        undecided_trials=len(lost),
        overall_min=rubric.overall,
        overall_passed=overall_passed,
        dimensions=dims,
        reasons=reasons,
        undecided=undecided,
        examples=[f"{r.case_id}#{r.repeat}: {r.why_undecided}" for r in lost[:3]],
        lowest=_lowest(read),
    )


def _lowest(read: list[TrialRubric], n: int = 5) -> list[LowTrial]:
    scored = [r for r in read if r.overall is not None]
    scored.sort(key=lambda r: (r.overall, r.case_id, r.repeat))
    return [
        LowTrial(
            case_id=r.case_id,
            repeat=r.repeat,
            overall=r.overall,
            scores={k: v for k, v in r.scores.items() if v is not None},
        )
        for r in scored[:n]
        if r.overall is not None
    ]


def judge_rubrics(
    rubrics: Mapping[str, RubricConfig], trials: list[Trial], *, tolerance: float
) -> list[RubricVerdict]:
    """`judge_rubric` for each rubric, in the suite's order."""
    return [judge_rubric(n, r, trials, tolerance=tolerance) for n, r in rubrics.items()]
