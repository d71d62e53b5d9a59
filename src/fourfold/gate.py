"""The gate: per-layer verdicts, combined into ``deploy``, ``review`` or ``block``.

Each layer is judged on its own rule, and the decision never hides which layer moved:

* a **hard** layer fails when any trial fails it;
* a layer may need a minimum **pass rate** (share of trials whose checks in that layer
  all pass), a minimum **mean score**, and **no score below a floor** (scores from every
  scored result in the layer, or from one named check);
* a failing **critical** layer blocks; a failing non-critical layer asks for review;
* trials where the agent errored and results where a check could not decide are their own
  category: they are excluded from pass rates, counted, and above `max_error_rate` they
  ask for review.

The default shape follows the articles the project grew from: policy and trajectory are
hard gates, grounding must pass on 95% of trials, and outcome on 80% (non-critical).
"""

from __future__ import annotations

from collections.abc import Iterable
from statistics import fmean
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .checks import LAYERS, CheckResult, Layer
from .store import Trial

__all__ = [
    "Decision",
    "GateConfig",
    "GateReport",
    "LayerRule",
    "LayerVerdict",
    "WorstCase",
    "evaluate_gate",
    "layer_status",
]

Decision = Literal["deploy", "review", "block"]
EXIT_CODES: dict[Decision, int] = {"deploy": 0, "block": 1, "review": 3}


class _Config(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


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
    """Take scores from this check only (by default, every scored result in the layer)."""
    critical: bool = True
    """A failing critical layer blocks; a failing non-critical one asks for review."""

    def describe(self) -> str:
        """The rule in a few words, for tables."""
        parts = []
        if self.hard:
            parts.append("no failures")
        if self.min_pass_rate is not None:
            parts.append(f"pass rate ≥ {self.min_pass_rate:.0%}")
        if self.min_mean is not None:
            parts.append(f"mean ≥ {self.min_mean:g}")
        if self.floor is not None:
            parts.append(f"none ≤ {self.floor:g}")
        return ", ".join(parts) or "report only"


class GateConfig(_Config):
    """Per-layer rules (the suite's ``gate:`` section)."""

    outcome: LayerRule = Field(default_factory=lambda: LayerRule(min_pass_rate=0.8, critical=False))
    """Did it reach the right outcome for the user?"""
    trajectory: LayerRule = Field(default_factory=lambda: LayerRule(hard=True))
    """Did it call the right tools, in a sane order, within budget?"""
    grounding: LayerRule = Field(default_factory=lambda: LayerRule(min_pass_rate=0.95))
    """Is what it said supported by what it retrieved?"""
    policy: LayerRule = Field(default_factory=lambda: LayerRule(hard=True))
    """Did it stay inside the rules?"""
    max_error_rate: float = Field(default=0.0, ge=0, le=1)
    """The share of errored trials (agent failures) tolerated before the gate asks for review."""

    def rule(self, layer: Layer) -> LayerRule:
        """The rule of `layer`."""
        rule: LayerRule = getattr(self, layer)
        return rule


class WorstCase(_Config):
    """A trial that failed a layer, with what failed."""

    case_id: str
    repeat: int
    checks: list[str]
    """The checks of the layer that failed."""
    explanation: str
    """The first failing check's explanation."""
    evidence: str | None = None
    """The first piece of evidence, if any."""
    score: float | None = None
    """The lowest score among the failing results."""


class LayerVerdict(_Config):
    """How one layer did on one run."""

    layer: Layer
    status: Literal["pass", "fail", "no_data"]
    """``no_data`` when no check of the suite feeds this layer."""
    rule: str
    """The rule, in words."""
    critical: bool
    trials: int
    """Trials with at least one decided (pass/fail) result in this layer."""
    passed: int
    failed: int
    check_errors: int
    """Results of this layer where a check could not decide."""
    pass_rate: float | None
    mean_score: float | None
    min_score: float | None
    reasons: list[str] = Field(default_factory=list)
    """Why the layer failed, one line per broken rule."""
    worst: list[WorstCase] = Field(default_factory=list)
    """The failing trials, worst first (at most ten)."""


class GateReport(_Config):
    """The per-layer verdicts and the decision they add up to."""

    decision: Decision
    layers: list[LayerVerdict]
    trials: int
    errored_trials: int
    error_rate: float
    reasons: list[str]
    """Why the decision is not ``deploy`` (empty when it is)."""

    @property
    def exit_code(self) -> int:
        """0 deploy, 1 block, 3 review."""
        return EXIT_CODES[self.decision]

    def layer(self, layer: Layer) -> LayerVerdict:
        """The verdict of `layer`."""
        return next(v for v in self.layers if v.layer == layer)


def layer_status(results: Iterable[CheckResult]) -> Literal["pass", "fail", "error", "skip"]:
    """One trial's status in one layer.

    ``fail`` if any result fails, else ``error`` if a check could not decide, else
    ``pass`` if any passed, else ``skip``.
    """
    statuses = {r.status for r in results}
    for status in ("fail", "error", "pass"):
        if status in statuses:
            return status
    return "skip"


def evaluate_gate(trials: list[Trial], config: GateConfig) -> GateReport:
    """Judge every layer on its rule and combine the verdicts.

    Examples:
        >>> evaluate_gate([], GateConfig()).decision
        'deploy'
    """
    ok = [t for t in trials if t.status == "ok"]
    errored = len(trials) - len(ok)
    error_rate = errored / len(trials) if trials else 0.0
    verdicts = [_judge_layer(layer, ok, config.rule(layer)) for layer in LAYERS]

    reasons: list[str] = []
    decision: Decision = "deploy"
    for v in verdicts:
        if v.status != "fail":
            continue
        why = "; ".join(v.reasons)
        if v.critical:
            decision = "block"
            reasons.append(f"{v.layer} failed ({why}) and is critical")
        else:
            if decision == "deploy":
                decision = "review"
            reasons.append(f"{v.layer} failed ({why}); not critical, so review")
    if error_rate > config.max_error_rate:
        if decision == "deploy":
            decision = "review"
        reasons.append(
            f"{errored} of {len(trials)} trials errored ({error_rate:.0%} > "
            f"{config.max_error_rate:.0%} allowed); errors are not counted as passes or failures"
        )
    return GateReport(
        decision=decision,
        layers=verdicts,
        trials=len(trials),
        errored_trials=errored,
        error_rate=error_rate,
        reasons=reasons,
    )


def _judge_layer(layer: Layer, trials: list[Trial], rule: LayerRule) -> LayerVerdict:
    passed = failed = check_errors = 0
    scores: list[float] = []
    worst: list[WorstCase] = []
    for trial in trials:
        results = [r for r in trial.results if r.layer == layer]
        trial_status = layer_status(results)
        check_errors += sum(1 for r in results if r.status == "error")
        scores.extend(
            r.score
            for r in results
            if r.score is not None
            and r.status in ("pass", "fail")
            and (rule.score_check is None or r.check == rule.score_check)
        )
        if trial_status == "pass":
            passed += 1
        elif trial_status == "fail":
            failed += 1
            worst.append(_worst_case(trial, [r for r in results if r.status == "fail"]))
    decided = passed + failed
    pass_rate = passed / decided if decided else None
    mean_score = fmean(scores) if scores else None
    min_score = min(scores) if scores else None

    reasons = []
    if rule.hard and failed:
        reasons.append(f"{failed} failing trial{'s' if failed != 1 else ''}")
    if rule.min_pass_rate is not None and pass_rate is not None and pass_rate < rule.min_pass_rate:
        reasons.append(f"pass rate {pass_rate:.0%} < {rule.min_pass_rate:.0%}")
    if rule.min_mean is not None and mean_score is not None and mean_score < rule.min_mean:
        reasons.append(f"mean score {mean_score:.2f} < {rule.min_mean:g}")
    if rule.floor is not None and min_score is not None and min_score <= rule.floor:
        reasons.append(f"a score of {min_score:g} is at or below the floor {rule.floor:g}")

    worst.sort(key=lambda w: (w.score if w.score is not None else float("inf"), -len(w.checks)))
    status: Literal["pass", "fail", "no_data"]
    status = "no_data" if decided == 0 and not scores else ("fail" if reasons else "pass")
    return LayerVerdict(
        layer=layer,
        status=status,
        rule=rule.describe(),
        critical=rule.critical,
        trials=decided,
        passed=passed,
        failed=failed,
        check_errors=check_errors,
        pass_rate=pass_rate,
        mean_score=mean_score,
        min_score=min_score,
        reasons=reasons,
        worst=worst[:10],
    )


def _worst_case(trial: Trial, failing: list[CheckResult]) -> WorstCase:
    first = failing[0]
    scored = [r.score for r in failing if r.score is not None]
    return WorstCase(
        case_id=trial.case_id,
        repeat=trial.repeat,
        checks=[r.check for r in failing],
        explanation=first.explanation,
        evidence=first.evidence[0].text if first.evidence else None,
        score=min(scored) if scored else None,
    )
