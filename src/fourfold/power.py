"""Power of a stored run: what drop its cases and noise can detect, and how many cases a drop needs.

`power_of` answers, per layer (pass rates) and per scored check (judge scores), the two
questions to ask before spending on another run: "with these cases and this noise, what
drop can a comparison detect?" and "how many cases does a drop of N points need?". The
noise is measured (`fourfold.stats.measure_noise`): from the repeats of each case, or
against another run on the same cases (`against`: a rerun or the previous version); with
one trial per case and no other run it is assumed at its worst and the row says so.

**Level.** The decision of `fourfold.compare` rests on the layers' tests, Holm-corrected
over the layers compared; the strictest step of Holm holds a test at ``alpha / m``, so the
layers are planned at ``alpha / m`` with ``m`` the layers with data. The checks belong to
the breakdown family and are planned at ``alpha / m`` over the scored checks (a lower
bound: the strata rows join that family too).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .runs import LAYERS, PAIRWISE_SCORES, Layer, RunData, Trial, layer_values
from .stats import Noise, PowerAnswer, answer_power, detectable_drop, measure_noise

__all__ = ["PowerReport", "PowerRow", "check_scores", "detectable_between", "power_of"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


class PowerRow(_Model):
    """One value's noise and the two answers."""

    kind: Literal["pass_rate", "score"]
    """A layer's pass rate, or a check's scores."""
    name: str
    """The layer, or the check's name."""
    layer: Layer
    noise: Noise
    """The measured noise and the design it implies."""
    answer: PowerAnswer
    """The drop detectable on these cases; the cases needed for the drop asked about."""


class PowerReport(_Model):
    """`power_of`'s answer for a run."""

    run: str
    against: str | None
    """The run the noise was measured against, if any."""
    alpha: float
    """The family's significance level (each test is planned at alpha / tests)."""
    power: float
    drop: float
    """The pass-rate drop asked about (0.05 = 5 points)."""
    score_drop: float
    """The score drop asked about, on the checks' own scale."""
    rows: list[PowerRow]
    """Layers first (in layer order), then scored checks by layer and name."""


def power_of(
    data: RunData,
    *,
    against: RunData | None = None,
    drop: float = 0.05,
    score_drop: float = 0.5,
    power: float = 0.8,
    alpha: float = 0.05,
) -> PowerReport:
    """What `data`'s cases and noise can detect, per layer and per scored check.

    Args:
        data: the run (its repeats measure the noise).
        against: another run of the same cases: the noise is the per-case difference with it.
        drop: the pass-rate drop to size for, as a share (0.05 = 5 points).
        score_drop: the score drop to size for, on the check's own scale.
        power: the target power.
        alpha: the family's significance level (see the module's docstring).

    Returns:
        The report.

    Raises:
        ValueError: a drop, power or alpha out of range.
    """
    if not 0 < drop <= 1:
        raise ValueError(f"drop must be between 0 and 1 (0.05 = 5 points), got {drop}")
    if not score_drop > 0:
        raise ValueError(f"score_drop must be positive, got {score_drop}")
    keep = {c.id for c in data.cases} or None
    if against is not None:
        same = _unchanged(data, against)
        keep = same if keep is None else keep & same
    layer_noise: list[tuple[Layer, Noise]] = []
    for layer in LAYERS:
        values = layer_values(data.trials, layer, cases=keep)
        other = None if against is None else layer_values(against.trials, layer, cases=keep)
        noise = measure_noise(values, other)
        if noise is not None:
            layer_noise.append((layer, noise))
    mine = check_scores(data.trials, keep)
    theirs = check_scores(against.trials, keep) if against is not None else None
    score_noise: list[tuple[str, Layer, Noise]] = []
    for (name, layer), values in sorted(
        mine.items(), key=lambda kv: (LAYERS.index(kv[0][1]), kv[0][0])
    ):
        other = None if theirs is None else theirs.get((name, layer), {})
        noise = measure_noise(values, other)
        if noise is not None:
            score_noise.append((name, layer, noise))

    rows: list[PowerRow] = []
    for layer, noise in layer_noise:
        level = alpha / len(layer_noise)
        rows.append(
            PowerRow(
                kind="pass_rate",
                name=layer,
                layer=layer,
                noise=noise,
                answer=answer_power(
                    noise.design,
                    noise.n_cases,
                    noise.noise,
                    drop,
                    alpha=level,
                    power=power,
                    ceiling=noise.mean,
                    step=noise.step,
                ),
            )
        )
    for name, layer, noise in score_noise:
        level = alpha / len(score_noise)
        rows.append(
            PowerRow(
                kind="score",
                name=name,
                layer=layer,
                noise=noise,
                answer=answer_power(
                    noise.design,  # 0/1 scores are tested as pass/fail
                    noise.n_cases,
                    noise.noise,
                    score_drop,
                    alpha=level,
                    power=power,
                    ceiling=noise.mean if noise.binary else None,
                    step=noise.step,
                ),
            )
        )
    return PowerReport(
        run=data.run.id,
        against=against.run.id if against is not None else None,
        alpha=alpha,
        power=power,
        drop=drop,
        score_drop=score_drop,
        rows=rows,
    )


def detectable_between(
    base: Mapping[str, Sequence[float]],
    cand: Mapping[str, Sequence[float]],
    *,
    alpha: float,
    power: float = 0.8,
) -> float | None:
    """The smallest drop a comparison of these two runs could detect, for `fourfold.compare`.

    The noise is measured between the two runs (their discordance, or the SD of their
    per-case differences), so a real move counts as noise here: the answer errs towards
    a larger drop, never a smaller one. None when no case has values on both sides, or
    when no drop up to the pass rate is detectable on so few cases.

    Args:
        base: the baseline's values per case.
        cand: the candidate's values per case.
        alpha: the level the decision holds the test to (Holm's strictest step).
        power: the target power.
    """
    noise = measure_noise(base, cand)
    if noise is None:
        return None
    return detectable_drop(
        noise.design,
        noise.n_cases,
        noise.noise,
        alpha=alpha,
        power=power,
        ceiling=noise.mean if noise.binary else None,
        step=noise.step,
    )


def check_scores(
    trials: list[Trial], keep: set[str] | None
) -> dict[tuple[str, Layer], dict[str, list[float]]]:
    """Per (check, layer), each case's scores: decided results with a score, pairwise left out.

    A pairwise judge's score is against its own baseline, so it says nothing of one run.
    """
    out: dict[tuple[str, Layer], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for trial in trials:
        if trial.status != "ok" or (keep is not None and trial.case_id not in keep):
            continue
        for r in trial.results:
            if r.status not in ("pass", "fail") or r.score is None:
                continue
            if r.metadata.get("verdict") in PAIRWISE_SCORES:
                continue
            out[(r.check, r.layer)][trial.case_id].append(float(r.score))
    return {key: dict(v) for key, v in out.items()}


def _unchanged(a: RunData, b: RunData) -> set[str]:
    hashes = {c.id: c.content_hash for c in b.cases}
    return {c.id for c in a.cases if hashes.get(c.id) == c.content_hash}
