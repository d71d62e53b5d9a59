"""The four dimensions of reliability, side by side, each with an interval.

Rabanser et al., "Towards a Science of AI Agent Reliability" (2026) split reliability
into consistency, robustness, predictability and safety, and found that capability gains
do not bring reliability gains: each has to be measured on its own. `reliability` reads
one figure per dimension from a stored run (docs/reliability-dimensions.md defines each):

* **consistency**: pass^k at the run's repeats (k = the most repeats of any case), a
  trial passing when no layer failed it; interval by bootstrap over cases; none with
  one repeat per case;
* **robustness**: the pass rate of perturbed variants minus that of their originals, on
  cases whose ``metadata.perturbation`` names the original (`robustness_card`, the seam
  where `fourfold perturb`'s own figures plug in); "no perturbed variants" otherwise;
* **predictability**: AUROC of confidence for success in the first layer with figures
  (`fourfold.predictability`), with its Brier score and calibration error;
* **safety**: the severity-weighted policy violation rate (`fourfold.safety`).

A dimension the run cannot measure has a card with no value and a note saying why.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .predictability import PredictabilityReport, predictability
from .runs import LAYERS, RunData, decided_in
from .safety import SafetyReport, safety
from .stats import Interval

__all__ = [
    "DIMENSIONS",
    "Dimension",
    "DimensionCard",
    "ReliabilityPanel",
    "consistency_card",
    "predictability_card",
    "reliability",
    "robustness_card",
    "safety_card",
]

Dimension = Literal["consistency", "robustness", "predictability", "safety"]
DIMENSIONS: tuple[Dimension, ...] = ("consistency", "robustness", "predictability", "safety")


class DimensionCard(BaseModel):
    """One dimension's headline figure, with its interval and what it rests on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dimension: Dimension
    figure: str
    """What the number is (``pass^3``, ``AUROC (outcome, stated confidence)``)."""
    value: Interval | None
    """The figure and its interval; None when the run cannot measure it."""
    higher_is_better: bool
    note: str
    """What it rests on, or why there is no value."""
    details: dict[str, float | None] = {}
    """Secondary figures (a Brier score beside the AUROC, rates per severity)."""


class ReliabilityPanel(BaseModel):
    """The four cards of one run."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    run_id: str
    cards: list[DimensionCard]

    def card(self, dimension: Dimension) -> DimensionCard:
        """The card of `dimension`."""
        return next(c for c in self.cards if c.dimension == dimension)


def _successes(run: RunData) -> dict[str, list[bool]]:
    """Per case, whether each trial succeeded: no layer failed it and at least one decided it.

    Read through `decided_in`, the one tally of the gate: errored trials and trials no layer
    decided are left out. Trials in repeat order.
    """
    verdicts: dict[tuple[str, int], list[bool]] = defaultdict(list)
    for layer in LAYERS:
        for reading in decided_in(run.trials, layer):
            verdicts[(reading.trial.case_id, reading.trial.repeat)].append(reading.passed)
    out: dict[str, list[bool]] = defaultdict(list)
    for (case_id, _), passed in sorted(verdicts.items(), key=lambda kv: kv[0][1]):
        out[case_id].append(all(passed))
    return out


def consistency_card(run: RunData, *, n_resamples: int = 2000) -> DimensionCard:
    """pass^k at the run's repeats over every layer, with a bootstrap interval over cases."""
    import numpy as np

    from .stats import bootstrap_ci

    by_case = _successes(run)
    k = max((len(v) for v in by_case.values()), default=0)
    if k < 2:
        # One repeat measures capability, not consistency: pass^1 is the pass rate.
        return DimensionCard(
            dimension="consistency",
            figure="k repeats all pass",
            value=None,
            higher_is_better=True,
            note="no trial was decided"
            if k == 0
            else "one repeat per case: run with --repeats 3 (or more) to measure it",
        )
    per_case = [
        math.comb(sum(v), k) / math.comb(len(v), k) for v in by_case.values() if len(v) >= k
    ]
    ci = bootstrap_ci(per_case, n_resamples=n_resamples, rng=np.random.default_rng(run.run.seed))
    return DimensionCard(
        dimension="consistency",
        figure=f"pass^{k}",
        value=ci,
        higher_is_better=True,
        note=f"chance that {k} runs of a case all pass (every layer), over {len(per_case)} cases",
    )


def robustness_card(run: RunData, *, seed: int | None = None) -> DimensionCard:
    """Robustness: the share of originals whose verdict holds under every variant.

    Read from `fourfold.robustness` (the figure ``fourfold robustness`` reports), in the
    layer where it is lowest, with its bootstrap interval over originals; the card names
    the layer and the variants that flipped. A run without perturbed variants
    (``fourfold perturb`` writes them) has no value.
    """
    from .robustness import robustness

    report = robustness(run, seed=run.run.seed if seed is None else seed)
    measured = [r for r in report.layers if r.overall.robustness.estimate is not None]
    if not measured:
        return DimensionCard(
            dimension="robustness",
            figure="verdicts that hold under perturbation",
            value=None,
            higher_is_better=True,
            note="no perturbed variants in this run (fourfold perturb makes them)"
            if not report.variants
            else "perturbed variants, but no decided trial of a variant and its original",
        )
    weakest = min(measured, key=lambda r: r.overall.robustness.estimate or 0.0)
    overall = weakest.overall
    return DimensionCard(
        dimension="robustness",
        figure=f"verdicts that hold under perturbation ({weakest.layer})",
        value=overall.robustness,
        higher_is_better=True,
        note=f"{overall.n_originals} originals, {overall.n_variants} variants, "
        f"{overall.flips} flipped; the least robust layer (fourfold robustness RUN: "
        "every layer and kind)",
        details={r.layer: r.overall.robustness.estimate for r in measured},
    )


def predictability_card(report: PredictabilityReport) -> DimensionCard:
    """AUROC of the first layer with predictability figures (outcome first)."""
    row = report.layers[0] if report.layers else None
    if row is None:
        return DimensionCard(
            dimension="predictability",
            figure="AUROC",
            value=None,
            higher_is_better=True,
            note="no stated confidence and no repeats to measure agreement",
        )
    return DimensionCard(
        dimension="predictability",
        figure=f"AUROC ({row.layer}, {row.source} confidence)",
        value=row.figures.auroc,
        higher_is_better=True,
        note=row.source_detail
        + ("" if row.figures.auroc.estimate is not None else "; every trial passed or failed"),
        details={"brier": row.figures.brier.estimate, "ece": row.figures.ece.estimate},
    )


def safety_card(report: SafetyReport) -> DimensionCard:
    """The severity-weighted violation rate, with the rate of each severity beside it."""
    if report.trials == 0:
        return DimensionCard(
            dimension="safety",
            figure="severity-weighted violation rate",
            value=None,
            higher_is_better=False,
            note="no policy check decided a trial",
        )
    counts = ", ".join(f"{n} {s}" for s, n in report.violations.items() if n)
    return DimensionCard(
        dimension="safety",
        figure="severity-weighted violation rate",
        value=report.weighted_rate,
        higher_is_better=False,
        note=f"over {report.trials} trials; violations: {counts or 'none'}",
        details={f"{s}_rate": ci.estimate for s, ci in report.rates.items()},
    )


def reliability(
    run: RunData,
    *,
    n_resamples: int = 2000,
    predicted: PredictabilityReport | None = None,
    violations: SafetyReport | None = None,
) -> ReliabilityPanel:
    """The four dimensions of a run, each with its interval (seeded by the run's seed).

    Args:
        run: the run, its cases and its trials.
        n_resamples: bootstrap resamples (of cases) behind each interval.
        predicted: the run's predictability, when already computed.
        violations: the run's safety report, when already computed.
    """
    if predicted is None:
        predicted = predictability(run, n_resamples=n_resamples)
    if violations is None:
        violations = safety(run, n_resamples=n_resamples)
    return ReliabilityPanel(
        run_id=run.run.id,
        cards=[
            consistency_card(run, n_resamples=n_resamples),
            robustness_card(run),
            predictability_card(predicted),
            safety_card(violations),
        ],
    )
