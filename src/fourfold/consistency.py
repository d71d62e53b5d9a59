"""Consistency over repeats: how reliably a run's agent does the same thing on the same case.

`consistency` is a pure function of a stored run (no I/O, no randomness). With k repeats
per case it reports, per layer and per stratum (each ``key=value`` of the cases' strata):

* **pass^k and pass@k** for k = 1..K (`fourfold.stats.consistency_table`): the chance
  that k runs of a case *all* pass the layer, and that *at least one* does. A trial
  passes a layer as in the gate (`fourfold.runs.decided_in`); errored trials and
  trials the layer did not decide are not counted, so a case's ``n`` is its decided
  repeats.
* **outcome consistency** per case: the share of its repeats that reached the case's
  most common *functional outcome* in the layer (`fourfold.stats.outcome_consistency`).
  A trial's functional outcome in a layer is its pass/fail pattern over the layer's
  checks: which of them passed and which failed (skips and check errors left out). For
  the outcome layer that is the set of outcome results the trial reached. Two repeats
  that fail the layer for different reasons reached different outcomes; 1.0 means every
  repeat ended the same way.
* **per-case variance of scores**, per check that gives scores (a judge's 0-3, a
  precision): the sample variance of each case's scores over its repeats.
* **flaky cases**: cases that pass a layer on some repeats and fail it on others
  (``0 < c < n``), with the layers that flake.

The analysis is cheap and deterministic; `fourfold consistency RUN` computes it on
demand (and `fourfold show RUN` shows its per-layer rows when the run has repeats).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from statistics import fmean

from pydantic import BaseModel, ConfigDict

from .runs import LAYERS, Layer, RunData, Trial, decided_in
from .stats import (
    ConsistencyRow,
    case_variance,
    consistency_table,
    flaky_cases,
    outcome_consistency,
)

__all__ = [
    "CaseConsistency",
    "CheckVariance",
    "ConsistencyReport",
    "FlakyCase",
    "LayerConsistency",
    "consistency",
]

Outcome = tuple[tuple[str, str], ...]
"""A trial's functional outcome in a layer: ``((check, "pass" | "fail"), ...)``, sorted."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LayerConsistency(_Model):
    """pass^k, pass@k, outcome consistency and flaky cases of one layer (in one stratum)."""

    layer: Layer
    key: str | None = None
    """The stratum's key (None: every case of the run)."""
    value: str | None = None
    """The stratum's value."""
    n_cases: int
    """Cases with at least one decided trial in the layer."""
    repeats: int
    """The most decided trials of any case (K)."""
    table: list[ConsistencyRow]
    """pass^k and pass@k for k = 1..K."""
    outcome_consistency: float | None
    """Mean over cases of the per-case outcome consistency."""
    flaky: list[str]
    """Cases that passed some repeats and failed others, in the run's case order."""

    @property
    def stratum(self) -> str | None:
        """``key=value``, or None for the whole run."""
        return None if self.key is None else f"{self.key}={self.value}"

    def row(self, k: int) -> ConsistencyRow | None:
        """The row at `k`, if the table has one."""
        return next((r for r in self.table if r.k == k), None)


class CaseConsistency(_Model):
    """One case in one layer, over its repeats."""

    case_id: str
    layer: Layer
    passed: int
    """Repeats that passed the layer."""
    trials: int
    """Repeats the layer decided."""
    outcome_consistency: float
    """Share of those repeats that reached the modal functional outcome."""
    modal_outcome: list[str]
    """The modal outcome, as ``check:pass`` / ``check:fail``."""
    flaky: bool
    """``0 < passed < trials``."""


class CheckVariance(_Model):
    """How much one check's scores vary between repeats of a case."""

    check: str
    layer: Layer
    n_cases: int
    """Cases with at least two scores (where a variance is defined)."""
    mean_variance: float | None
    """Mean over those cases of the sample variance of their scores."""
    max_variance: float | None
    """The largest per-case variance."""
    cases: dict[str, float]
    """Per case with a defined variance, its sample variance (ddof = 1)."""


class FlakyCase(_Model):
    """A case that flakes in at least one layer."""

    case_id: str
    layers: list[Layer]
    """The layers it flakes in, in layer order."""
    shares: dict[str, float]
    """Per flaky layer, the share of its repeats that passed."""


class ConsistencyReport(_Model):
    """The consistency of one run over its repeats."""

    run_id: str
    repeats: int
    """The most decided repeats of any case in any layer (K)."""
    layers: list[LayerConsistency]
    """One row per layer with data, in layer order."""
    strata: list[LayerConsistency]
    """One row per stratum (key, value) and layer with data."""
    cases: list[CaseConsistency]
    """Per case and layer, in the run's case order then layer order."""
    scores: list[CheckVariance]
    """Per scored check, in layer order then by name."""
    flaky: list[FlakyCase]
    """Every case that flakes in some layer, in the run's case order."""

    def layer(self, layer: Layer) -> LayerConsistency | None:
        """The whole-run row of `layer`, if it has data."""
        return next((r for r in self.layers if r.layer == layer), None)


def consistency(run: RunData) -> ConsistencyReport:
    """Measure how consistent a run is over its repeats, per layer, stratum and case.

    Args:
        run: the run, its cases and its trials.

    Returns:
        The report; with one repeat per case every table has only k = 1 and nothing flakes.
    """
    order = [c.id for c in run.cases]
    known = set(order)
    order += sorted({t.case_id for t in run.trials} - known)
    outcomes = {layer: _outcomes(run.trials, layer, order) for layer in LAYERS}

    layers = [
        row
        for layer in LAYERS
        if (row := _layer_row(layer, outcomes[layer], order, None, None)) is not None
    ]
    members: dict[tuple[str, str], list[str]] = defaultdict(list)
    for case in run.cases:
        for key, value in case.strata.items():
            members[(key, value)].append(case.id)
    strata = [
        row
        for (key, value), ids in sorted(members.items())
        for layer in LAYERS
        if (row := _layer_row(layer, outcomes[layer], ids, key, value)) is not None
    ]

    cases: list[CaseConsistency] = []
    flaky: dict[str, dict[Layer, float]] = defaultdict(dict)
    for case_id in order:
        for layer in LAYERS:
            outs = outcomes[layer].get(case_id)
            if not outs:
                continue
            passed = sum(_passes(o) for o in outs)
            modal = max(_counts(outs).items(), key=lambda kv: (kv[1], -_first(outs, kv[0])))[0]
            is_flaky = 0 < passed < len(outs)
            if is_flaky:
                flaky[case_id][layer] = passed / len(outs)
            cases.append(
                CaseConsistency(
                    case_id=case_id,
                    layer=layer,
                    passed=passed,
                    trials=len(outs),
                    outcome_consistency=outcome_consistency({case_id: outs})[case_id],
                    modal_outcome=[f"{check}:{status}" for check, status in modal],
                    flaky=is_flaky,
                )
            )
    return ConsistencyReport(
        run_id=run.run.id,
        repeats=max((r.repeats for r in layers), default=0),
        layers=layers,
        strata=strata,
        cases=cases,
        scores=_score_variance(run.trials, order),
        flaky=[
            FlakyCase(case_id=case_id, layers=list(shares), shares=dict(shares))
            for case_id, shares in flaky.items()
        ],
    )


def _outcomes(trials: Iterable[Trial], layer: Layer, order: list[str]) -> dict[str, list[Outcome]]:
    """Per case, the functional outcome of each repeat the layer decided, in repeat order."""
    by_case: dict[str, list[tuple[int, Outcome]]] = defaultdict(list)
    for reading in decided_in(trials, layer):
        outcome = tuple(
            sorted((r.check, r.status) for r in reading.results if r.status in ("pass", "fail"))
        )
        by_case[reading.trial.case_id].append((reading.trial.repeat, outcome))
    return {
        case_id: [o for _, o in sorted(by_case[case_id], key=lambda ro: ro[0])]
        for case_id in order
        if case_id in by_case
    }


def _passes(outcome: Outcome) -> bool:
    return all(status == "pass" for _, status in outcome)


def _counts(outs: list[Outcome]) -> dict[Outcome, int]:
    counts: dict[Outcome, int] = defaultdict(int)
    for o in outs:
        counts[o] += 1
    return counts


def _first(outs: list[Outcome], outcome: Outcome) -> int:
    return outs.index(outcome)


def _layer_row(
    layer: Layer,
    outcomes: dict[str, list[Outcome]],
    ids: Iterable[str],
    key: str | None,
    value: str | None,
) -> LayerConsistency | None:
    chosen = {i: outcomes[i] for i in ids if i in outcomes}
    if not chosen:
        return None
    successes = {i: (sum(_passes(o) for o in outs), len(outs)) for i, outs in chosen.items()}
    per_case = outcome_consistency(chosen)
    return LayerConsistency(
        layer=layer,
        key=key,
        value=value,
        n_cases=len(chosen),
        repeats=max(n for _, n in successes.values()),
        table=consistency_table(successes),
        outcome_consistency=fmean(per_case.values()) if per_case else None,
        flaky=flaky_cases(successes),
    )


def _score_variance(trials: Iterable[Trial], order: list[str]) -> list[CheckVariance]:
    layers: dict[str, Layer] = {}
    scores: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for trial in sorted(trials, key=lambda t: t.repeat):
        if trial.status != "ok":
            continue
        for r in trial.results:
            if r.score is None or r.status not in ("pass", "fail"):
                continue
            layers.setdefault(r.check, r.layer)
            scores[r.check][trial.case_id].append(r.score)
    out = []
    for check in sorted(layers, key=lambda n: (LAYERS.index(layers[n]), n)):
        by_case = {c: scores[check][c] for c in order if c in scores[check]}
        variances = {c: v for c, v in case_variance(by_case).items() if v is not None}
        out.append(
            CheckVariance(
                check=check,
                layer=layers[check],
                n_cases=len(variances),
                mean_variance=fmean(variances.values()) if variances else None,
                max_variance=max(variances.values()) if variances else None,
                cases=variances,
            )
        )
    return out
