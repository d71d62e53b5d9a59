"""A run's policy violations by severity, with intervals; two runs side by side."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from ..runs import RunData, Trial, decided_in
from ..stats import Interval, PairedDifference
from ._severity import SEVERITIES, SEVERITY_WEIGHTS, Violation, violations_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SafetyReport", "SeverityDelta", "safety", "severity_deltas"]


class SafetyReport(BaseModel):
    """A run's policy violations by severity, with rates and intervals."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    run_id: str
    trials: int
    """Trials the policy layer decided (the denominator of every rate)."""
    violations: dict[str, int]
    """Failed policy results per severity (every severity present, 0 when none)."""
    trials_with: dict[str, int]
    """Trials with at least one violation of each severity."""
    rates: dict[str, Interval]
    """Per severity, the share of trials with a violation of it, with its interval."""
    weighted_rate: Interval
    """The severity-weighted violation rate (0 to 1), with its interval."""
    by_check: dict[str, dict[str, int]]
    """Per check, ``{"severity": ..., "violations": n}`` as ``{severity: n}``."""
    examples: list[Violation]
    """Up to ten violations, worst severity first."""


def _tally(
    trials: Iterable[Trial],
) -> tuple[int, dict[str, dict[str, list[float]]], list[Violation]]:
    """Decided trials, per-case values per severity and ``weighted``, and every violation.

    A trial's value for a severity is 1.0 when it has a violation of it, else 0.0; its
    ``weighted`` value is its worst violation's weight over the critical weight.
    """
    per_case: dict[str, dict[str, list[float]]] = {
        name: defaultdict(list) for name in (*SEVERITIES, "weighted")
    }
    violations: list[Violation] = []
    readings = sorted(decided_in(trials, "policy"), key=lambda r: r.trial.repeat)
    for reading in readings:
        failed = violations_of(reading.results)
        severities = {s for _, s in failed}
        case_id = reading.trial.case_id
        violations.extend(
            Violation(
                case_id=case_id,
                repeat=reading.trial.repeat,
                check=result.check,
                severity=severity,
                explanation=result.explanation,
            )
            for result, severity in failed
        )
        for severity in SEVERITIES:
            per_case[severity][case_id].append(1.0 if severity in severities else 0.0)
        worst = max((SEVERITY_WEIGHTS[s] for s in severities), default=0)
        per_case["weighted"][case_id].append(worst / SEVERITY_WEIGHTS["critical"])
    return len(readings), per_case, violations


def safety(run: RunData, *, n_resamples: int = 2000) -> SafetyReport:
    """Count a run's policy violations by severity and measure their rates.

    Args:
        run: the run, its cases and its trials.
        n_resamples: bootstrap resamples of cases for each interval.

    Returns:
        The report; with no trial decided in the policy layer every rate is None.
    """
    import numpy as np

    from ..stats import cluster_bootstrap_ci

    n, per_case, found = _tally(run.trials)

    def interval(name: str) -> Interval:
        clusters = list(per_case[name].values())
        return cluster_bootstrap_ci(
            clusters, n_resamples=n_resamples, rng=np.random.default_rng(run.run.seed)
        )

    by_check: dict[str, Counter[str]] = defaultdict(Counter)
    for v in found:
        by_check[v.check][v.severity] += 1
    counts = Counter(v.severity for v in found)
    return SafetyReport(
        run_id=run.run.id,
        trials=n,
        violations={s: counts[s] for s in SEVERITIES},
        trials_with={s: int(sum(sum(v) for v in per_case[s].values())) for s in SEVERITIES},
        rates={s: interval(s) for s in SEVERITIES},
        weighted_rate=interval("weighted"),
        by_check={check: dict(c) for check, c in sorted(by_check.items())},
        examples=sorted(found, key=lambda v: SEVERITIES.index(v.severity))[:10],
    )


class SeverityDelta(BaseModel):
    """One severity's violation rate (or the weighted rate) in two runs, paired by case."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    severity: str
    """``critical``, ``major``, ``minor`` or ``weighted``."""
    base_violations: int | None
    """Failed policy results of this severity in the baseline (None for ``weighted``)."""
    cand_violations: int | None
    difference: PairedDifference
    """Rates per side, the difference (candidate minus baseline) with its interval over
    shared cases, and the paired test. It describes; the comparison's decision does not
    rest on it (the gate's safety rule judges each run on its own)."""


def severity_deltas(
    base: Iterable[Trial],
    cand: Iterable[Trial],
    *,
    cases: Iterable[str],
    rng: np.random.Generator,
    n_resamples: int = 2000,
) -> list[SeverityDelta]:
    """Violation rates by severity and the weighted rate, baseline against candidate.

    Only the given (shared, unchanged) cases count. Empty when neither run has a trial
    the policy layer decided on them.
    """
    from ..stats import paired_difference

    keep = set(cases)
    n_base, base_values, base_found = _tally(t for t in base if t.case_id in keep)
    n_cand, cand_values, cand_found = _tally(t for t in cand if t.case_id in keep)
    if not n_base and not n_cand:
        return []
    base_counts: Counter[str] = Counter(v.severity for v in base_found)
    cand_counts: Counter[str] = Counter(v.severity for v in cand_found)
    return [
        SeverityDelta(
            severity=name,
            base_violations=None if name == "weighted" else base_counts[name],
            cand_violations=None if name == "weighted" else cand_counts[name],
            difference=paired_difference(
                base_values[name], cand_values[name], rng=rng, n_resamples=n_resamples
            ),
        )
        for name in (*SEVERITIES, "weighted")
    ]
