"""The gate: per-layer verdicts, combined into ``deploy``, ``review`` or ``block``.

Each layer is judged on its own rule, and the decision never hides which layer moved:

* a **hard** layer fails when any trial fails it;
* a layer may need a minimum **pass rate** (share of trials whose checks in that layer
  all pass), a minimum **mean score**, and **no score below a floor** (scores from every
  scored result in the layer, or from one named check);
* a **judge rule** applies a mean and a floor to one judge's scores *only when that judge
  ran* (a suite without the judge is not failed for lacking it), and the pass rate may
  count only deterministic checks, leaving model-graded ones to the judge rule;
* a **weighted rubric** (`fourfold.rubrics`) holds each of its dimensions to a mean and
  its overall score (the weighted mean of the dimensions, undecided on a trial where a
  dimension did not decide) to another; it is judged beside the layers, and blocks or asks
  for review as a layer does;
* with a **baseline** run, a layer may not **drop** against it by more than the noise
  margin measured from the baseline's repeats (or a fixed amount), and the drop must be
  significant; the outcome layer is compared on the pairwise **win rate** when the run had
  pairwise judges, else on its pass rate;
* a **safety** rule (`fourfold.safety`) blocks on any critical policy violation and asks
  for review when majors (or the severity-weighted rate) are above a limit;
* a failing **critical** layer blocks; a failing non-critical layer asks for review;
* trials where the agent errored and results where a check could not decide are their own
  category: they are excluded from pass rates and counted. Above `max_error_rate`, errored
  trials ask for review; so, per layer, does a share of the layer's trials with a result
  that could not decide above the layer's tolerance, and so does a check (a judge above
  all) that ran and never decided. A layer whose checks ran and decided nothing has **no
  decision** and asks for review: it never passes for want of evidence (see
  `fourfold.runs.count_errors`). A layer no check feeds (or fed only by skips) has no data.

The default shape follows the articles the project grew from: policy and trajectory are
hard gates; grounding must pass on 95% of trials in its deterministic checks and, when
the ``rubric:grounding`` judge ran, score a mean of at least 2.5 with no case at 0; outcome
must pass on 80% of trials and must not drop against the baseline by more than the
measured noise (not critical: a regression there asks for review).

A layer the suite writes out replaces that layer's default rule whole (fields it leaves
out take the `LayerRule` defaults, not the layer's), as it always has: a suite that wrote
``outcome: {min_pass_rate: 0.7}`` keeps exactly that rule; add ``max_drop: noise`` to it to
gate on drops against a baseline as well.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from statistics import fmean
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from ._format import pct
from ._gate_rules import GateConfig, JudgeRule, LayerRule
from ._lazy import publish
from .rubrics import RubricVerdict, judge_rubrics
from .runs import (
    LAYERS,
    CheckErrors,
    CheckResult,
    Layer,
    Review,
    SkippedCheck,
    Trial,
    count_errors,
    describe_skipped,
    is_model_graded,
    is_pairwise,
    layer_status,
    layer_values,
    pairwise_values,
    reviewed_trials,
    without_checks,
)
from .safety import SafetyVerdict, judge_safety
from .stats import Movement

if TYPE_CHECKING:
    import numpy as np

# The baseline measures below import their statistics (numpy, scipy) when they run: a run
# without a baseline never needs them, and its start-up should not pay for them.

__all__ = [
    "EXIT_CODES",
    "BaselineChange",
    "Decision",
    "GateConfig",
    "GateReport",
    "JudgeRule",
    "LayerRule",
    "LayerStatus",
    "LayerVerdict",
    "WorstCase",
    "describe_change",
    "evaluate_gate",
]

Decision = Literal["deploy", "review", "block"]
EXIT_CODES: dict[Decision, int] = {"deploy": 0, "block": 1, "review": 3}
LayerStatus = Literal["pass", "fail", "review", "no_decision", "no_data", "not_run"]
"""A layer's verdict: ``pass``; ``fail`` (a rule broke: block if critical, else review);
``review`` (its rules held on what was decided, but too many results could not decide, or
a check never decided); ``no_decision`` (its checks ran and decided nothing: review);
``no_data`` (no check of the suite fed it); ``not_run`` (the suite has checks for it, and
the run's selection, ``--cadence commit`` say, ran none of them: neither pass nor fail)."""


class _Config(BaseModel):
    model_config = ConfigDict(extra="forbid")


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


class BaselineChange(_Config):
    """How a layer moved against the baseline run, on the cases both ran."""

    metric: Literal["pass_rate", "win_rate"]
    """``pass_rate``: the layer's pass rate on both sides, paired by case; ``win_rate``: the
    pairwise judges' win rate of this run against the baseline (0.5 = no change)."""
    base: float | None
    """The baseline's pass rate (mean over cases), or 0.5 for a win rate."""
    cand: float | None
    """This run's pass rate, or its win rate (mean over cases of the per-case win share)."""
    diff: float | None
    """``cand - base``: negative is a drop."""
    n_cases: int
    """Cases compared."""
    test: str
    """The paired test: ``mcnemar_exact`` or ``wilcoxon`` (for a win rate, Wilcoxon's
    signed-rank test of the per-case win shares against 0.5)."""
    p_value: float | None
    """The test's two-sided p-value."""
    p_holm: float | None
    """Holm-corrected over the layers this gate compared with the baseline."""
    margin: float | None
    """The noise margin the move is held against; None when not measured."""
    margin_source: Literal["split_half", "fixed", "not_measured"]
    """``split_half``: measured from repeats (the baseline's for a pass rate; this run's
    pairwise results for a win rate); ``fixed``: the rule's `max_drop`; ``not_measured``:
    no repeats to measure from, so any significant move counts."""
    movement: Movement
    """``regression``: worse beyond the margin and significant; ``improvement``: the same,
    better; ``no_data`` when nothing was compared; else ``noise`` (`fourfold.stats.movement`;
    the gate holds a drop it cannot test to its `LayerRule.max_drop`, so it never says
    ``underpowered``)."""


class LayerVerdict(_Config):
    """How one layer did on one run."""

    layer: Layer
    status: LayerStatus
    """See `LayerStatus`: ``no_data`` when no check of the suite fed this layer,
    ``no_decision`` when its checks ran and none decided."""
    rule: str
    """The rule, in words."""
    critical: bool
    trials: int
    """Trials with at least one decided (pass/fail) result in this layer (of the results
    the rule counts: see `LayerRule.pass_rate_of`)."""
    passed: int
    failed: int
    check_errors: int
    """Results of this layer where a check could not decide."""
    errors: list[CheckErrors] = Field(default_factory=list)
    """The checks of this layer with errored results: how many, of how many, and why."""
    undecided: list[str] = Field(default_factory=list)
    """Why the layer asks for review though no rule broke: errored results above the
    tolerance, a check that never decided, a drop that could not be measured."""
    pass_rate: float | None
    mean_score: float | None
    min_score: float | None
    judge_scores: int = 0
    """Scores of the judge named in the rule's `judge` (0 when it did not run)."""
    judge_mean: float | None = None
    """Their mean."""
    judge_min: float | None = None
    """The lowest of them."""
    change: BaselineChange | None = None
    """The move against the baseline run (None without one)."""
    reasons: list[str] = Field(default_factory=list)
    """Why the layer failed, one line per broken rule."""
    worst: list[WorstCase] = Field(default_factory=list)
    """The failing trials, worst first (at most ten)."""
    not_run: list[str] = Field(default_factory=list)
    """What the run's selection left out of this layer, and what the verdict rests on
    instead (``decided on deterministic checks only; 1 judge check not run (cadence
    commit): rubric:policy_compliance``); empty when every check of the layer ran."""


class GateReport(_Config):
    """The per-layer verdicts and the decision they add up to."""

    decision: Decision
    layers: list[LayerVerdict]
    trials: int
    errored_trials: int
    error_rate: float
    reasons: list[str]
    """Why the decision is not ``deploy`` (empty when it is)."""
    improvements: list[str] = Field(default_factory=list)
    """Layers that moved up against the baseline beyond noise, one line each."""
    baseline_trials: int | None = None
    """Trials of the baseline run the drop rules compared against (None without one)."""
    rubrics: list[RubricVerdict] = Field(default_factory=list)
    """Each weighted rubric's verdict: per dimension, overall, and its rules."""
    safety: SafetyVerdict | None = None
    """The safety rule's verdict, with the critical violations (None without the rule)."""
    not_run: list[str] = Field(default_factory=list)
    """Per layer, the checks the run's selection left out, one line each (``policy:
    decided on deterministic checks only; ...``): the decision rests on what ran."""

    @property
    def exit_code(self) -> int:
        """0 deploy, 1 block, 3 review."""
        return EXIT_CODES[self.decision]

    def layer(self, layer: Layer) -> LayerVerdict:
        """The verdict of `layer`."""
        return next(v for v in self.layers if v.layer == layer)


def evaluate_gate(
    trials: list[Trial],
    config: GateConfig,
    *,
    baseline: Sequence[Trial] | None = None,
    rng: np.random.Generator | None = None,
    not_run: Sequence[SkippedCheck] = (),
    baseline_not_run: Collection[str] = (),
    reviews: Sequence[Review] = (),
) -> GateReport:
    """Judge every layer on its rule and combine the verdicts.

    Args:
        trials: every trial of the run.
        config: the rules.
        baseline: the trials of the baseline run on the cases both runs share unchanged
            (the runner passes them when the run has ``--baseline``). With them, each
            layer's move against the baseline is measured and the `LayerRule.max_drop`
            rules apply; without them those rules are not evaluated.
        rng: the random generator for the noise margins (needed with `baseline`; the
            runner seeds it with the run's seed).
        not_run: the suite's checks the run left out (`fourfold.runs.RunSelection`). Each
            layer is decided on the checks that ran and says what it lacks; a layer none
            of whose checks ran is ``not_run``; a rule on a check that did not run does
            not apply; and the baseline is compared without those checks' results, so a
            judge that did not run never reads as a drop.
        baseline_not_run: the checks the baseline run left out (by name): the move
            against the baseline is measured on the checks both runs ran.
        reviews: people's reviews of the run's judged results (`Store.reviews`): each
            judged result counts as its reviews leave it (`fourfold.runs.effective_result`:
            an override's score and the status it earns, the judge's original kept in the
            result's ``metadata["review"]``).

    Raises:
        ValueError: `baseline` is given without `rng`.

    Examples:
        >>> evaluate_gate([], GateConfig()).decision
        'deploy'
    """
    if baseline is not None and rng is None:
        raise ValueError(
            "evaluate_gate needs rng= (a numpy Generator, e.g. np.random.default_rng(seed)) "
            "to measure noise margins against a baseline"
        )
    if reviews:
        trials = reviewed_trials(trials, reviews)
    ok = [t for t in trials if t.status == "ok"]
    errored = len(trials) - len(ok)
    error_rate = errored / len(trials) if trials else 0.0
    verdicts = [
        _judge_layer(layer, ok, config.rule(layer), config.error_tolerance(layer))
        for layer in LAYERS
    ]
    if baseline is not None and rng is not None:
        # Measured on the checks both runs ran: a judge one side did not run is no move.
        left_out = {s.check for s in not_run} | set(baseline_not_run)
        base = without_checks(baseline, left_out)
        cand = without_checks(ok, set(baseline_not_run))
        verdicts = _against_baseline(verdicts, cand, base, config, rng)
    if not_run:
        verdicts = [_mark_not_run(v, ok, config.rule(v.layer), not_run) for v in verdicts]

    reasons: list[str] = []
    decision: Decision = "deploy"
    for v in verdicts:
        if v.status == "fail":
            why = "; ".join(v.reasons)
            if v.critical:
                decision = "block"
                reasons.append(f"{v.layer} failed ({why}) and is critical")
            else:
                if decision == "deploy":
                    decision = "review"
                reasons.append(f"{v.layer} failed ({why}); not critical, so review")
        if v.undecided:
            # Missing evidence is never a pass, and never a block on its own: a person looks.
            if decision == "deploy":
                decision = "review"
            head = "has no decision" if v.status == "no_decision" else "needs review"
            reasons.append(f"{v.layer} {head}: {'; '.join(v.undecided)}")
    rubrics = judge_rubrics(config.rubrics, ok, tolerance=config.max_error_rate)
    decision = _rubric_decision(rubrics, decision, reasons)
    safety = None if config.safety is None else judge_safety(ok, config.safety)
    if safety is not None and safety.status != "pass":
        decision = "block" if safety.status == "block" else _at_least_review(decision)
        reasons.extend(f"safety: {why}" for why in safety.reasons)
    if error_rate > config.max_error_rate:
        if decision == "deploy":
            decision = "review"
        reasons.append(
            f"{errored} of {len(trials)} trials errored ({error_rate:.0%} > "
            f"{config.max_error_rate:.0%} allowed); errors are not counted as passes or failures"
        )
    elif trials and not ok:  # a tolerance of 100% still leaves nothing checked
        if decision == "deploy":
            decision = "review"
        reasons.append(f"all {errored} trials errored: no check ran, so nothing was checked")
    improvements = [
        f"{v.layer}: {describe_change(v.change)}"
        for v in verdicts
        if v.change is not None and v.change.movement == "improvement"
    ]
    return GateReport(
        decision=decision,
        layers=verdicts,
        trials=len(trials),
        errored_trials=errored,
        error_rate=error_rate,
        reasons=reasons,
        improvements=improvements,
        baseline_trials=None if baseline is None else len(baseline),
        rubrics=rubrics,
        safety=safety,
        not_run=[f"{v.layer}: {line}" for v in verdicts for line in v.not_run],
    )


def _at_least_review(decision: Decision) -> Decision:
    return "review" if decision == "deploy" else decision


def _rubric_decision(
    rubrics: list[RubricVerdict], decision: Decision, reasons: list[str]
) -> Decision:
    """Fold the rubrics' verdicts into the decision, as a layer's (appending to `reasons`)."""
    for r in rubrics:
        if r.status == "fail":
            why = "; ".join(r.reasons)
            if r.critical:
                decision = "block"
                reasons.append(f"rubric {r.name} failed ({why}) and is critical")
            else:
                decision = "review" if decision == "deploy" else decision
                reasons.append(f"rubric {r.name} failed ({why}); not critical, so review")
        if r.undecided:
            decision = "review" if decision == "deploy" else decision
            head = "has no decision" if r.status == "no_decision" else "needs review"
            reasons.append(f"rubric {r.name} {head}: {'; '.join(r.undecided)}")
    return decision


def _mark_not_run(
    verdict: LayerVerdict, trials: list[Trial], rule: LayerRule, not_run: Sequence[SkippedCheck]
) -> LayerVerdict:
    """Say what the selection left out of the layer; a layer with nothing run is ``not_run``.

    The verdict itself already rests on the results that exist (the checks that ran); this
    names what it lacks, so a pass on deterministic checks never reads as a pass of the
    judges too, and the rules on a check that did not run say they did not apply.
    """
    left = [s for s in not_run if s.layer == verdict.layer]
    if not left:
        return verdict
    ran = any(r.layer == verdict.layer for t in trials for r in t.results)
    lines: list[str] = []
    if not ran and verdict.status == "no_data":
        lines.append(f"not run: {describe_skipped(left)}")
        status: LayerStatus = "not_run"
    else:
        status = verdict.status
        head = (
            "decided on deterministic checks only"
            if all(s.model_graded for s in left)
            else "decided on the checks that ran"
        )
        lines.append(f"{head}; {describe_skipped(left)}")
    names = {s.check for s in left}
    named = [n for n in (rule.score_check, rule.judge.check if rule.judge else None) if n]
    lines.extend(f"the rule on {n} did not apply: it was not run" for n in named if n in names)
    return verdict.model_copy(update={"status": status, "not_run": lines})


def describe_change(change: BaselineChange) -> str:
    """A change against the baseline in one line (``pass rate 90% → 70% (−20 points) ...``)."""
    margin = (
        "noise margin not measured"
        if change.margin is None
        else f"{'max drop' if change.margin_source == 'fixed' else 'noise margin'} "
        f"±{_points(change.margin)}"
    )
    p = "—" if change.p_holm is None else f"{change.p_holm:.3g}"
    if change.metric == "win_rate":
        head = f"win rate {pct(change.cand)} against the baseline"
    else:
        head = f"pass rate {pct(change.base)} → {pct(change.cand)}"
    diff = "" if change.diff is None else f" ({_signed_points(change.diff)})"
    return f"{head}{diff}, {margin}, p = {p} (Holm) on {change.n_cases} cases"


def _points(value: float) -> str:
    return f"{value * 100:.1f} points"


def _signed_points(value: float) -> str:
    return f"{value * 100:+.1f} points"


def _against_baseline(
    verdicts: list[LayerVerdict],
    trials: list[Trial],
    baseline: list[Trial],
    config: GateConfig,
    rng: np.random.Generator,
) -> list[LayerVerdict]:
    """Measure each layer's move against the baseline and apply the drop rules."""
    base_ok = [t for t in baseline if t.status == "ok"]
    raw: dict[Layer, _Change] = {}
    for layer in LAYERS:
        measured = _change(layer, trials, base_ok, config.rule(layer), rng)
        if measured is not None:
            raw[layer] = measured
    from .stats import holm

    tested = [layer for layer, c in raw.items() if c.p_value is not None]
    adjusted = dict(zip(tested, holm([raw[lay].p_value or 0.0 for lay in tested]), strict=True))
    out = []
    for v in verdicts:
        c = raw.get(v.layer)
        if c is None:
            out.append(v)
            continue
        status: LayerStatus = v.status
        if c is _UNMEASURED:
            why = (
                "the drop against the baseline cannot be measured on the win rate: no "
                "pairwise result decided"
            )
            status = "review" if status == "pass" else status
            out.append(v.model_copy(update={"undecided": [*v.undecided, why], "status": status}))
            continue
        change = c.finish(adjusted.get(v.layer), config.alpha)
        rule = config.rule(v.layer)
        reasons = list(v.reasons)
        if rule.max_drop is not None and change.movement == "regression":
            reasons.append(f"dropped against the baseline: {describe_change(change)}")
        if reasons:
            status = "fail"
        out.append(v.model_copy(update={"change": change, "reasons": reasons, "status": status}))
    return out


class _Change:
    """A change before Holm: what `BaselineChange` holds, minus the verdict."""

    def __init__(
        self,
        metric: Literal["pass_rate", "win_rate"],
        base: float | None,
        cand: float | None,
        n_cases: int,
        test: str,
        p_value: float | None,
        margin: float | None,
        source: Literal["split_half", "fixed", "not_measured"],
    ) -> None:
        self.metric = metric
        self.base, self.cand, self.n_cases = base, cand, n_cases
        self.test, self.p_value = test, p_value
        self.margin, self.source = margin, source

    def finish(self, p_holm: float | None, alpha: float) -> BaselineChange:
        from .stats import movement

        diff = None if self.base is None or self.cand is None else self.cand - self.base
        return BaselineChange(
            metric=self.metric,
            base=self.base,
            cand=self.cand,
            diff=diff,
            n_cases=self.n_cases,
            test=self.test,
            p_value=self.p_value,
            p_holm=p_holm,
            margin=self.margin,
            margin_source=self.source,
            movement=movement(diff, p_holm, alpha, margin=self.margin),
        )


_UNMEASURED = _Change("win_rate", None, None, 0, "none", None, None, "not_measured")
"""Pairwise judges ran against the baseline and decided no pair: no win rate to hold the
layer to, and falling back on the pass rate would judge the layer on evidence the suite
did not ask for."""


def _change(
    layer: Layer,
    trials: list[Trial],
    baseline: list[Trial],
    rule: LayerRule,
    rng: np.random.Generator,
) -> _Change | None:
    from .stats import paired_difference, wilcoxon_signed_rank

    wins = pairwise_values(trials, layer) if layer == "outcome" else {}
    if not wins and layer == "outcome" and rule.max_drop is not None and _pairwise_ran(trials):
        return _UNMEASURED
    if wins:
        cases = sorted(wins)
        means = [fmean(wins[c]) for c in cases]
        test = wilcoxon_signed_rank([0.5] * len(means), means)
        margin, source = _margin(rule, wins, rng)
        return _Change(
            "win_rate", 0.5, fmean(means), len(cases), test.method, test.p_value, margin, source
        )
    base = layer_values(baseline, layer)
    cand = layer_values(trials, layer)
    if not any(c in base for c in cand):
        return None
    diff = paired_difference(base, cand, rng=rng)
    margin, source = _margin(rule, {c: v for c, v in base.items() if c in cand}, rng)
    return _Change(
        "pass_rate",
        diff.base_mean,
        diff.cand_mean,
        diff.n_cases,
        diff.test.method,
        diff.test.p_value,
        margin,
        source,
    )


def _pairwise_ran(trials: list[Trial]) -> bool:
    return any(
        r.layer == "outcome" and r.status != "skip" and is_pairwise(r)
        for t in trials
        for r in t.results
    )


def _margin(
    rule: LayerRule, values: Mapping[str, Sequence[float]], rng: np.random.Generator
) -> tuple[float | None, Literal["split_half", "fixed", "not_measured"]]:
    from .stats import noise_margin

    if isinstance(rule.max_drop, float):
        return rule.max_drop, "fixed"
    measured = noise_margin(values, rng=rng).margin
    return measured, "split_half" if measured is not None else "not_measured"


def _judge_layer(
    layer: Layer, trials: list[Trial], rule: LayerRule, tolerance: float
) -> LayerVerdict:
    passed = failed = check_errors = 0
    scores: list[float] = []
    judged: list[float] = []
    worst: list[WorstCase] = []
    for trial in trials:
        results = [r for r in trial.results if r.layer == layer]
        check_errors += sum(1 for r in results if r.status == "error")
        decided = [r for r in results if r.score is not None and r.status in ("pass", "fail")]
        scores.extend(
            r.score
            for r in decided
            if r.score is not None and (rule.score_check is None or r.check == rule.score_check)
        )
        if rule.judge is not None:
            judged.extend(
                r.score for r in decided if r.score is not None and r.check == rule.judge.check
            )
        counted = (
            results
            if rule.pass_rate_of == "all"
            else [r for r in results if not is_model_graded(r)]
        )
        trial_status = layer_status(counted)
        if trial_status == "pass":
            passed += 1
        elif trial_status == "fail":
            failed += 1
        # A judge the rule scores apart still names its failing trials among the worst.
        counted_ids = {id(r) for r in counted}
        failing = [
            r
            for r in results
            if r.status == "fail"
            and (id(r) in counted_ids or (rule.judge is not None and r.check == rule.judge.check))
        ]
        if failing:
            worst.append(_worst_case(trial, failing))
    decided_trials = passed + failed
    pass_rate = passed / decided_trials if decided_trials else None
    mean_score = fmean(scores) if scores else None
    min_score = min(scores) if scores else None
    judge_mean = fmean(judged) if judged else None
    judge_min = min(judged) if judged else None

    reasons = []
    if rule.hard and failed:
        reasons.append(f"{failed} failing trial{'s' if failed != 1 else ''}")
    if rule.min_pass_rate is not None and pass_rate is not None and pass_rate < rule.min_pass_rate:
        reasons.append(f"pass rate {pass_rate:.0%} < {rule.min_pass_rate:.0%}")
    if rule.min_mean is not None and mean_score is not None and mean_score < rule.min_mean:
        reasons.append(f"mean score {mean_score:.2f} < {rule.min_mean:g}")
    if rule.floor is not None and min_score is not None and min_score <= rule.floor:
        reasons.append(f"a score of {min_score:g} is at or below the floor {rule.floor:g}")
    if rule.judge is not None and judge_mean is not None and judge_min is not None:
        j = rule.judge
        if j.min_mean is not None and judge_mean < j.min_mean:
            reasons.append(f"{j.check} mean {judge_mean:.2f} < {j.min_mean:g}")
        if j.floor is not None and judge_min <= j.floor:
            low = sum(1 for s in judged if s <= j.floor)
            reasons.append(
                f"{j.check} scored {judge_min:g} (at or below {j.floor:g}) on {low} "
                f"trial{'s' if low != 1 else ''}"
            )

    worst.sort(key=lambda w: (w.score if w.score is not None else float("inf"), -len(w.checks)))
    errors = count_errors(trials, layer)
    undecided = errors.reasons(tolerance)
    status: LayerStatus
    if decided_trials == 0 and not scores and not judged:
        # Checks that ran and decided nothing are not "no data": that would read as clean.
        status = "no_decision" if errors.ran else "no_data"
        if status == "no_decision" and not undecided:  # errors spread thin, under a loose tolerance
            undecided = [f"none of its {errors.ran_trials} trials was decided: {errors.listed()}"]
    else:
        status = "fail" if reasons else ("review" if undecided else "pass")
    return LayerVerdict(
        layer=layer,
        status=status,
        rule=rule.describe(),
        critical=rule.critical,
        trials=decided_trials,
        passed=passed,
        failed=failed,
        check_errors=check_errors,
        errors=errors.checks,
        undecided=undecided,
        pass_rate=pass_rate,
        mean_score=mean_score,
        min_score=min_score,
        judge_scores=len(judged),
        judge_mean=judge_mean,
        judge_min=judge_min,
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


publish(__name__, ["GateConfig", "JudgeRule", "LayerRule"])  # defined in _gate_rules
