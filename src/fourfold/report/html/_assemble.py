"""Assembling a report's data from a stored run (and, optionally, its baseline)."""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from pydantic import ValidationError

from ..._secrets import collect_secrets, redact
from ...calibration import ANALYSIS_KIND, CalibrationReport
from ...compare import Comparison, compare
from ...errors import RunNotFoundError
from ...forecast import ForecastCheck
from ...gate import GateConfig, LayerVerdict, evaluate_gate
from ...predictability import predictability
from ...reliability import reliability
from ...robustness import RobustnessReport, robustness
from ...runs import (
    LAYERS,
    Layer,
    Run,
    RunData,
    Trial,
    TrialCount,
    decided_in,
    is_model_graded,
    layer_values,
)
from ...safety import safety
from ...stats import cluster_bootstrap_ci, consistency_table, flaky_cases
from ...store import Store, load_run
from ...summary import (
    RunSummary,
    baseline_trials,
    incomplete_gate,
    stored_summary,
    summarize_costs,
)
from ._model import (
    CalibrationView,
    CheckStats,
    ComparisonView,
    ConsistencyLine,
    Distribution,
    ForestRow,
    LayerCard,
    LayerChange,
    ReportData,
    RunInfo,
    StratumStats,
)
from ._trial import layer_chars, trial_cost, trial_detail, trial_latency, trial_row

__all__ = ["build_report", "load_report"]

CONFIDENCE = 0.95


def load_report(
    store: Store,
    run_id: str,
    *,
    baseline: str | None = None,
    seed: int = 0,
    environ: Mapping[str, str] | None = None,
    n_resamples: int = 2000,
) -> ReportData:
    """Read a run (and a baseline run) from the store and assemble its report.

    A comparison with the baseline kept with the run (by ``fourfold compare``) is used
    when it was made with the same seed; otherwise it is computed (and not stored).
    Calibrations kept with the run give the confusion matrices.

    Args:
        store: the run store.
        run_id: the run (an id, a unique prefix, or ``latest``).
        baseline: the run to compare with, if any.
        seed: seed of the comparison's intervals (the same default as ``fourfold compare``).
        environ: the environment whose credentials must not appear (default ``os.environ``).
        n_resamples: bootstrap resamples behind the layers' intervals.

    Raises:
        RunNotFoundError: a run is not in the store.
    """
    cand = load_run(store, run_id)
    base = load_run(store, baseline) if baseline is not None else None
    comparison = None
    if base is not None:
        stored = store.get_analysis(cand.run.id, "comparison", base.run.id)
        if stored is not None and _reviewed_since(stored.created_at, cand, base):
            stored = None  # a review since changed what the comparison counts
        if stored is not None:
            try:
                comparison = Comparison.model_validate(stored.body)
            except ValidationError:
                comparison = None
            if comparison is not None and comparison.seed != seed:
                comparison = None
    calibrations = []
    for analysis in store.analyses(cand.run.id, ANALYSIS_KIND):
        try:
            calibrations.append(CalibrationReport.model_validate(analysis.body))
        except ValidationError:
            continue
    forecast = None
    stored_forecast = store.get_analysis(cand.run.id, "forecast", "")
    if stored_forecast is not None:
        try:
            forecast = ForecastCheck.model_validate(stored_forecast.body)
        except ValidationError:
            forecast = None  # written by another version: the report stands without it
    summary = _reviewed_summary(store, cand) if cand.reviews else None
    env = os.environ if environ is None else environ
    secrets = collect_secrets(cand.run.config, env)
    if base is not None:
        secrets += collect_secrets(base.run.config, env)
    return build_report(
        cand,
        baseline=base,
        comparison=comparison,
        calibrations=calibrations,
        summary=summary,
        seed=seed,
        secrets=secrets,
        n_resamples=n_resamples,
        forecast=forecast,
    )


def _reviewed_since(when: datetime, *runs: RunData) -> bool:
    """Whether any review of `runs` was stored after `when` (or at a time not known)."""
    at = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    for data in runs:
        for review in data.reviews:
            made = review.created_at
            if made is None:
                return True
            if (made if made.tzinfo is not None else made.replace(tzinfo=UTC)) >= at:
                return True
    return False


def _reviewed_summary(store: Store, data: RunData) -> RunSummary:
    """The run's summary with its reviews counted, its drop rules against its own baseline."""
    base_id = (data.run.summary or {}).get("baseline_run")
    baseline = None
    if isinstance(base_id, str):
        try:
            baseline = baseline_trials(data.cases, store.cases(base_id), store.trials(base_id))
        except RunNotFoundError:
            baseline = None
    count = TrialCount.of(data.run, data.cases, data.trials)
    return stored_summary(data.run, data.trials, count, data.reviews, baseline=baseline)


def build_report(
    run: RunData,
    *,
    baseline: RunData | None = None,
    comparison: Comparison | None = None,
    calibrations: Sequence[CalibrationReport] = (),
    summary: RunSummary | None = None,
    seed: int = 0,
    secrets: Iterable[str] = (),
    n_resamples: int = 2000,
    title: str | None = None,
    forecast: ForecastCheck | None = None,
) -> ReportData:
    """Assemble a report's data from runs in memory (no I/O).

    Args:
        run: the run reported on.
        baseline: the run to compare with; the comparison, the forest plot and the
            flipped cases need it.
        comparison: the comparison of `baseline` and `run`, if already made (computed
            here with `seed` otherwise).
        calibrations: calibrations of the run's judges (their confusion matrices).
        summary: the run's summary (default: the one stored with the run, else the
            gate judged now on the suite's rules).
        seed: seed of the comparison, when it is computed here.
        secrets: values masked wherever they occur in what the agent or judges wrote.
        n_resamples: bootstrap resamples behind the layers' intervals.
        title: the page's title (default: suite and agent version).
        forecast: the run's forecast beside what happened, as stored with it.
    """
    config = _gate_config(run.run)
    summary = summary or _summary(run, config)
    if baseline is not None and comparison is None:
        comparison = compare(
            baseline, run, rng=np.random.default_rng(seed), seed=seed, config=config
        )
    # From here on, judged results count as people's reviews leave them (`compare` reads
    # the reviews itself: a review is matched against the judge's score as stored).
    run = run.reviewed()
    baseline = baseline.reviewed() if baseline is not None else None
    cases = {c.id: c for c in run.cases}
    strata_names, strata_of = _strata_index(run)
    secret_list = [s for s in secrets if s]

    rows = [trial_row(t, strata_of.get(t.case_id, [])) for t in run.trials]
    details = {
        f"t{i}": trial_detail(t, cases.get(t.case_id), key=f"t{i}")
        for i, t in enumerate(run.trials)
    }
    flips: list[list[Any]] = []
    if baseline is not None and comparison is not None and comparison.flips:
        flips, base_details = _flips(comparison, run, baseline)
        details.update(base_details)
    index = {"layers": list(LAYERS), "strata": strata_names, "rows": rows, "flips": flips}
    if secret_list:
        index = redact(index, secret_list)
        details = redact(details, secret_list)

    repeats = _repeats(run.trials)
    predicted = predictability(run, n_resamples=n_resamples)
    violations = safety(run, n_resamples=n_resamples)
    return ReportData(
        title=title or _title(run.run, baseline.run if baseline else None),
        run=_info(run),
        baseline=_info(baseline) if baseline is not None else None,
        gate=summary.gate,
        costs=summary.costs,
        layers=_cards(run, summary, config, comparison, n_resamples),
        comparison=_comparison_view(comparison) if comparison is not None else None,
        checks=_check_stats(run.trials),
        strata=_stratum_stats(run),
        forest=_forest(comparison) if comparison is not None else [],
        consistency=_consistency(run) if repeats >= 2 else [],
        distributions=_distributions(run, baseline),
        calibrations=_calibrations(calibrations),
        index=index,
        details=details,
        generated_at=_made_at(),
        notes=list(comparison.notes) if comparison is not None else [],
        robustness=_robustness(run),
        forecast=forecast.lines() if forecast is not None else [],
        reviews=summary.reviews,
        reliability=reliability(
            run, n_resamples=n_resamples, predicted=predicted, violations=violations
        ),
        predictability=predicted,
        safety=violations,
    )


def _robustness(run: RunData) -> RobustnessReport | None:
    """The robustness report when the run holds perturbed variants of its cases."""
    report = robustness(run)
    return report if report.layers else None


def _made_at() -> str:
    """Now, or the time ``$SOURCE_DATE_EPOCH`` gives (the reproducible-builds convention).

    The report's only part that is not a function of the stored data: with the variable
    set, the same run gives the same bytes (a run loaded from an export is checked so).
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    when = datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)
    return when.isoformat(timespec="seconds")


def _gate_config(run: Run) -> GateConfig:
    try:
        return GateConfig.model_validate(run.config.get("gate") or {})
    except ValidationError:
        return GateConfig()


def _summary(run: RunData, config: GateConfig) -> RunSummary:
    summary: RunSummary | None = None
    if run.run.summary is not None:
        try:
            summary = RunSummary.model_validate(run.run.summary)
        except ValidationError:
            pass
    if summary is None:
        summary = RunSummary(
            gate=evaluate_gate(run.trials, config), costs=summarize_costs(run.trials)
        )
    # Trials missing: judged on what is there, and never deploy.
    count = TrialCount.of(run.run, run.cases, run.trials)
    if run.reviews:
        # Reviewed scores count (no drop rule: `load_report` reads the baseline for them).
        return stored_summary(run.run, run.trials, count, run.reviews)
    return summary.model_copy(update={"gate": incomplete_gate(summary.gate, run.run, count)})


def _title(run: Run, base: Run | None) -> str:
    head = f"{run.suite} · {run.agent_version}"
    return head if base is None else f"{head} vs {base.agent_version}"


def _repeats(trials: Sequence[Trial]) -> int:
    per_case: dict[str, int] = defaultdict(int)
    for t in trials:
        per_case[t.case_id] += 1
    return max(per_case.values(), default=0)


def _info(data: RunData) -> RunInfo:
    run = data.run
    return RunInfo(
        id=run.id,
        suite=run.suite,
        agent_version=run.agent_version,
        started_at=run.started_at.isoformat(timespec="seconds"),
        ended_at=None if run.ended_at is None else run.ended_at.isoformat(timespec="seconds"),
        status=run.status,
        seed=run.seed,
        package_version=run.package_version,
        git_sha=run.git_sha,
        trials=len(data.trials),
        cases=len({t.case_id for t in data.trials}),
        repeats=_repeats(data.trials),
        regraded_from=run.regraded_from,
    )


def _strata_index(run: RunData) -> tuple[list[str], dict[str, list[int]]]:
    names: dict[str, int] = {}
    of_case: dict[str, list[int]] = {}
    for case in run.cases:
        ids = []
        for key, value in sorted(case.strata.items()):
            ids.append(names.setdefault(f"{key}={value}", len(names)))
        of_case[case.id] = ids
    return list(names), of_case


def _counted_values(
    trials: Sequence[Trial], layer: Layer, config: GateConfig
) -> dict[str, list[float]]:
    """Per case, 1/0 per decided trial, counting the results the layer's rule counts."""
    deterministic = config.rule(layer).pass_rate_of == "deterministic"
    values: dict[str, list[float]] = defaultdict(list)
    counted = decided_in(trials, layer, counts=lambda r: not (deterministic and is_model_graded(r)))
    for reading in counted:
        values[reading.trial.case_id].append(1.0 if reading.passed else 0.0)
    return values


def _cards(
    run: RunData,
    summary: RunSummary,
    config: GateConfig,
    comparison: Comparison | None,
    n_resamples: int,
) -> list[LayerCard]:
    rng = np.random.default_rng(run.run.seed)
    cards = []
    for verdict in summary.gate.layers:
        values = _counted_values(run.trials, verdict.layer, config)
        low = high = None
        if values:
            ci = cluster_bootstrap_ci(
                list(values.values()), n_resamples=n_resamples, confidence=CONFIDENCE, rng=rng
            )
            low, high = ci.low, ci.high
        cards.append(
            LayerCard(
                layer=verdict.layer,
                status=verdict.status,
                critical=verdict.critical,
                rule=verdict.rule,
                trials=verdict.trials,
                passed=verdict.passed,
                failed=verdict.failed,
                check_errors=verdict.check_errors,
                pass_rate=verdict.pass_rate,
                low=low,
                high=high,
                confidence=CONFIDENCE,
                mean_score=verdict.mean_score,
                judge_mean=verdict.judge_mean,
                judge_scores=verdict.judge_scores,
                reasons=[*verdict.reasons, *verdict.undecided],
                change=_change(verdict, comparison),
                not_run=tuple(verdict.not_run),
            )
        )
    return cards


def _change(verdict: LayerVerdict, comparison: Comparison | None) -> LayerChange | None:
    if comparison is not None:
        d = comparison.layer(verdict.layer)
        diff = d.difference
        if diff is None:
            return None
        return LayerChange(
            base=diff.base_mean,
            cand=diff.cand_mean,
            diff=diff.diff,
            low=diff.interval.low,
            high=diff.interval.high,
            margin=None if d.noise is None else d.noise.margin,
            p_holm=d.p_holm,
            movement=d.verdict,
            confidence=diff.interval.confidence,
            detectable=d.detectable,
        )
    c = verdict.change
    if c is None:
        return None
    return LayerChange(
        base=c.base,
        cand=c.cand,
        diff=c.diff,
        low=None,
        high=None,
        margin=c.margin,
        p_holm=c.p_holm,
        movement=c.movement,
        metric=c.metric,
    )


def _comparison_view(c: Comparison) -> ComparisonView:
    return ComparisonView(
        decision=c.decision,
        reasons=list(c.reasons),
        improvements=list(c.improvements),
        notes=list(c.notes),
        shared=c.case_set.shared,
        added=len(c.case_set.added),
        removed=len(c.case_set.removed),
        edited=len(c.case_set.edited),
        flips=len(c.flips),
        regressed=sum(1 for f in c.flips if f.direction == "regressed"),
        fixed=sum(1 for f in c.flips if f.direction == "fixed"),
        family=c.family,
        safety=list(c.safety),
    )


def _check_stats(trials: Sequence[Trial]) -> list[CheckStats]:
    layers: dict[str, Layer] = {}
    counts: dict[str, dict[str, int]] = defaultdict(
        lambda: {"pass": 0, "fail": 0, "skip": 0, "error": 0}
    )
    scores: dict[str, list[float]] = defaultdict(list)
    for t in trials:
        for r in t.results:
            layers.setdefault(r.check, r.layer)
            counts[r.check][r.status] += 1
            if r.score is not None and r.status in ("pass", "fail"):
                scores[r.check].append(r.score)
    names = sorted(layers, key=lambda n: (LAYERS.index(layers[n]), n))
    return [CheckStats(n, layers[n], dict(counts[n]), scores.get(n, [])) for n in names]


def _stratum_stats(run: RunData) -> list[StratumStats]:
    members: dict[tuple[str, str], set[str]] = defaultdict(set)
    for case in run.cases:
        for key, value in case.strata.items():
            members[(key, value)].add(case.id)
    if not members:
        return []
    statuses: dict[str, list[tuple[Layer, str]]] = defaultdict(list)
    for layer in LAYERS:
        for reading in decided_in(run.trials, layer):
            statuses[reading.trial.case_id].append((layer, "pass" if reading.passed else "fail"))
    out = []
    for (key, value), ids in sorted(members.items()):
        passed: dict[str, int] = defaultdict(int)
        decided: dict[str, int] = defaultdict(int)
        for case_id in ids:
            for layer, outcome in statuses.get(case_id, []):
                decided[layer] += 1
                passed[layer] += outcome == "pass"
        out.append(
            StratumStats(
                key=key,
                value=value,
                cases=len(ids),
                pass_rates={
                    layer: passed[layer] / decided[layer] if decided[layer] else None
                    for layer in LAYERS
                },
                trials={layer: decided[layer] for layer in LAYERS},
            )
        )
    return out


def _forest(c: Comparison) -> list[ForestRow]:
    rows = []
    for d in c.layers:
        diff = d.difference
        if diff is None:
            continue
        rows.append(
            ForestRow(
                label=d.layer,
                group="layer",
                metric="pass",
                diff=diff.diff,
                low=diff.interval.low,
                high=diff.interval.high,
                margin=None if d.noise is None else d.noise.margin,
                movement=d.verdict,
                tested=True,
                n_cases=diff.n_cases,
                p_holm=d.p_holm,
            )
        )
    for k in c.checks:
        rows.append(
            ForestRow(
                label=f"{k.check} ({k.layer})",
                group="check",
                metric=k.metric,
                diff=k.difference.diff,
                low=k.difference.interval.low,
                high=k.difference.interval.high,
                margin=None,
                movement=k.movement,
                tested=k.tested,
                n_cases=k.difference.n_cases,
                p_holm=k.p_holm,
            )
        )
    for s in c.strata:
        rows.append(
            ForestRow(
                label=f"{s.key}={s.value} · {s.layer}",
                group="stratum",
                metric="pass",
                diff=s.difference.diff,
                low=s.difference.interval.low,
                high=s.difference.interval.high,
                margin=None,
                movement=s.movement,
                tested=s.tested,
                n_cases=s.difference.n_cases,
                p_holm=s.p_holm,
            )
        )
    return rows


def _consistency(run: RunData) -> list[ConsistencyLine]:
    """pass^k and pass@k per layer, as `fourfold.consistency` counts them.

    Per case, the trials the layer decided; a trial passes when its results there pass.
    """
    lines = []
    for layer in LAYERS:
        values = layer_values(run.trials, layer)
        if not values:
            continue
        successes = {case: (int(sum(v)), len(v)) for case, v in values.items()}
        lines.append(
            ConsistencyLine(
                layer=layer,
                rows=consistency_table(successes),
                n_cases=len(successes),
                flaky=len(flaky_cases(successes)),
            )
        )
    return lines


def _distributions(run: RunData, baseline: RunData | None) -> list[Distribution]:
    def values(data: RunData | None, of: str) -> list[float]:
        if data is None:
            return []
        out = []
        for t in data.trials:
            if of == "latency":
                v = trial_latency(t)
            elif of == "cost":
                v = trial_cost(t)
            else:
                n = t.trace.usage.recorded_tokens if t.trace is not None else None
                v = float(n) if n else None
            if v is not None:
                out.append(float(v))
        return out

    dists = []
    for name, of, unit in (
        ("latency", "latency", "s"),
        ("cost per trial", "cost", "USD"),
        ("tokens per trial", "tokens", "tokens"),
    ):
        mine = values(run, of)
        if mine:
            dists.append(Distribution(name, unit, mine, values(baseline, of)))
    return dists


def _calibrations(reports: Sequence[CalibrationReport]) -> list[CalibrationView]:
    views = []
    for report in reports:
        for part in (report.all_items, report.held_out):
            agreement = part.judge_human
            if agreement is None or agreement.n == 0:
                continue
            kappa = agreement.weighted_kappa if report.primary == "weighted_kappa" else None
            kappa = kappa or agreement.kappa
            views.append(
                CalibrationView(
                    criterion=report.criterion,
                    slice=part.slice,
                    labels=[
                        f"{label:g}" if isinstance(label, float) else str(label)
                        for label in agreement.labels
                    ],
                    matrix=[list(row) for row in agreement.confusion],
                    kappa=kappa.estimate,
                    statistic="κw" if report.primary == "weighted_kappa" else "κ",
                    verdict=report.verdict,
                    reason=report.reason,
                )
            )
    return views


def _flips(
    comparison: Comparison, run: RunData, baseline: RunData
) -> tuple[list[list[Any]], dict[str, dict[str, Any]]]:
    """The flips as rows for the page, and the baseline trials they show."""
    cand_keys: dict[str, list[list[Any]]] = defaultdict(list)
    for i, t in enumerate(run.trials):
        cand_keys[t.case_id].append([f"t{i}", t.repeat, _layer_chars(t)])
    flipped = {f.case_id for f in comparison.flips}
    base_cases = {c.id: c for c in baseline.cases}
    base_keys: dict[str, list[list[Any]]] = defaultdict(list)
    details: dict[str, dict[str, Any]] = {}
    for i, t in enumerate(baseline.trials):
        if t.case_id not in flipped:
            continue
        key = f"b{i}"
        base_keys[t.case_id].append([key, t.repeat, _layer_chars(t)])
        details[key] = trial_detail(t, base_cases.get(t.case_id), key=key)
    rows = [
        [
            f.case_id,
            f.layer,
            f.direction,
            f.base,
            f.cand,
            f.base_share,
            f.cand_share,
            list(f.checks),
            base_keys.get(f.case_id, []),
            cand_keys.get(f.case_id, []),
        ]
        for f in comparison.flips
    ]
    return rows, details


def _layer_chars(trial: Trial) -> str:
    return layer_chars(trial.results)
