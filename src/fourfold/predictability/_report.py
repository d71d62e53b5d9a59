"""Brier score, calibration error and AUROC of a run's confidence, per layer."""

from __future__ import annotations

from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..runs import LAYERS, Layer, RunData, decided_in
from ..stats import DEFAULT_BINS, Predictability
from ._confidence import confidence_config, stated_confidence

__all__ = ["ConfidenceSource", "LayerPredictability", "PredictabilityReport", "predictability"]

ConfidenceSource = Literal["stated", "agreement"]


class LayerPredictability(BaseModel):
    """The predictability of one layer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    layer: Layer
    source: ConfidenceSource
    """``stated`` (the agent's number) or ``agreement`` (share of repeats agreeing)."""
    source_detail: str
    """Where the confidence came from, in words."""
    left_out: int
    """Decided trials without a usable confidence (none stated, or a case with one repeat)."""
    figures: Predictability
    """Brier score, ECE, AUROC with intervals, and the reliability diagram."""


class PredictabilityReport(BaseModel):
    """How well confidence predicted success in one run, per layer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    run_id: str
    seed: int
    """The seed of the bootstrap intervals (the run's)."""
    layers: list[LayerPredictability]
    """One per layer with figures, in layer order."""

    def layer(self, layer: Layer) -> LayerPredictability | None:
        """The figures of `layer`, if it has any."""
        return next((row for row in self.layers if row.layer == layer), None)


def predictability(
    run: RunData, *, n_resamples: int = 2000, bins: int = DEFAULT_BINS
) -> PredictabilityReport:
    """Measure how well confidence (stated, else agreement over repeats) predicts success.

    Args:
        run: the run, its cases and its trials.
        n_resamples: bootstrap resamples of cases for each interval.
        bins: equal-width bins of the calibration error and the reliability diagram.

    Returns:
        The report; a layer without stated confidence and without repeats is left out.
    """
    import numpy as np

    from ..stats import predictability as figures

    where = confidence_config(run.run.config)
    order = {c.id: i for i, c in enumerate(run.cases)}
    rows: list[LayerPredictability] = []
    for layer in LAYERS:
        readings = list(decided_in(run.trials, layer))
        if not readings:
            continue
        by_case: dict[str, list[tuple[float | None, bool]]] = defaultdict(list)
        for reading in sorted(readings, key=lambda r: r.trial.repeat):
            by_case[reading.trial.case_id].append(
                (stated_confidence(reading.trial, where), reading.passed)
            )
        case_ids = sorted(by_case, key=lambda c: (order.get(c, len(order)), c))
        stated = any(conf is not None for pairs in by_case.values() for conf, _ in pairs)
        conf: list[list[float]] = []
        succ: list[list[bool]] = []
        if stated:
            source: ConfidenceSource = "stated"
            detail = where.describe()
            for case_id in case_ids:
                kept = [(c, s) for c, s in by_case[case_id] if c is not None]
                conf.append([c for c, _ in kept])
                succ.append([s for _, s in kept])
        else:
            source = "agreement"
            detail = "share of the case's repeats agreeing with the majority verdict"
            for case_id in case_ids:
                verdicts = [s for _, s in by_case[case_id]]
                if len(verdicts) < 2:
                    continue
                passed = sum(verdicts)
                share = max(passed, len(verdicts) - passed) / len(verdicts)
                conf.append([share] * len(verdicts))
                succ.append(verdicts)
            if not conf:
                continue
        used = sum(len(c) for c in conf)
        rows.append(
            LayerPredictability(
                layer=layer,
                source=source,
                source_detail=detail,
                left_out=len(readings) - used,
                figures=figures(
                    conf,
                    succ,
                    bins=bins,
                    n_resamples=n_resamples,
                    rng=np.random.default_rng(run.run.seed),
                ),
            )
        )
    return PredictabilityReport(run_id=run.run.id, seed=run.run.seed, layers=rows)
