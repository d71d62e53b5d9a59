"""A rubric in a comparison of two runs: per dimension and overall, both sides.

Each row gives each side's `Distribution` of trial scores on the shared cases (mean,
standard deviation, 5th percentile) and the paired difference exactly as `compare` treats
a judge's scores: repeats averaged per case, a case-cluster bootstrap interval, Wilcoxon's
signed-rank test with the paired t-test beside it, tested only with `min_cases` shared
cases. The rows are one Holm family of their own: a dimension repeats its judge check's
row in the breakdown, and folding the same scores into that family twice would make
every other check's correction depend on how the rubric was drawn. Like the breakdown,
the rows say where the scores moved; they do not decide (the candidate's own gate, with
its rubric rules, does).

A trial whose overall is undecided (a dimension did not decide) gives no overall value,
on either side, as in the gate.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

import numpy as np
from pydantic import BaseModel, ConfigDict

from ..runs import Trial
from ..stats import Movement, PairedDifference, holm, movement, paired_difference
from ._config import RubricConfig
from ._scores import Distribution, distribution, trial_rubric

__all__ = ["OVERALL", "RubricDelta", "rubric_deltas"]

OVERALL = "overall"
"""The `RubricDelta.dimension` of a rubric's overall row."""


class RubricDelta(BaseModel):
    """One dimension of a rubric (or its overall score), baseline against candidate."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    rubric: str
    dimension: str
    """The dimension's name, or ``overall``."""
    check: str | None
    """The judge check the dimension reads (None for the overall row)."""
    weight: float | None
    """The dimension's weight (None for the overall row)."""
    base: Distribution
    """The baseline's trial scores on the shared cases."""
    cand: Distribution
    """The candidate's."""
    difference: PairedDifference | None
    """Candidate minus baseline over cases, with interval and test (None: no shared case
    has a score on both sides)."""
    tested: bool
    """False with fewer than `min_cases` shared cases: described, not tested."""
    p_holm: float | None = None
    """Holm-corrected over the rubric rows."""
    movement: Movement = "no_data"
    """``regression`` / ``improvement`` when Holm p < alpha, else ``noise`` (or
    ``not_significant``); ``no_data`` when nothing was compared."""


def _values(
    trials: Iterable[Trial], keep: set[str], rubric: RubricConfig
) -> dict[str, dict[str, list[float]]]:
    """Per dimension (and ``overall``): the scores per case of the trials kept."""
    out: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for trial in trials:
        if trial.status != "ok" or trial.case_id not in keep:
            continue
        read = trial_rubric(trial, rubric)
        for name, score in read.scores.items():
            if score is not None:
                out[name][trial.case_id].append(score)
        if read.overall is not None:
            out[OVERALL][trial.case_id].append(read.overall)
    return out


def _flat(by_case: Mapping[str, list[float]]) -> list[float]:
    return [v for case in sorted(by_case) for v in by_case[case]]


def rubric_deltas(
    rubrics: Mapping[str, RubricConfig],
    base: Iterable[Trial],
    cand: Iterable[Trial],
    keep: set[str],
    *,
    rng: np.random.Generator,
    alpha: float = 0.05,
    min_cases: int = 5,
) -> list[RubricDelta]:
    """Every rubric's dimensions and overall, compared on the cases in `keep`.

    Args:
        rubrics: the rubrics, by name (the candidate's gate config).
        base: the baseline's trials.
        cand: the candidate's trials.
        keep: the shared, unchanged case ids.
        rng: the random generator behind the intervals.
        alpha: the significance level of the Holm-corrected p-values.
        min_cases: rows with fewer shared cases are described, not tested.

    Returns:
        Per rubric, its dimensions in order, then ``overall``.
    """
    base_list, cand_list = list(base), list(cand)
    rows: list[RubricDelta] = []
    for name, rubric in rubrics.items():
        b, c = _values(base_list, keep, rubric), _values(cand_list, keep, rubric)
        for dim in [*rubric.dimensions, OVERALL]:
            shared = {k for k in b[dim] if k in c[dim]}
            diff = (
                paired_difference(b[dim], c[dim], rng=rng) if shared else None
            )  # values only on the cases both sides scored, as paired_difference pairs them
            own = rubric.dimensions.get(dim)
            rows.append(
                RubricDelta(
                    rubric=name,
                    dimension=dim,
                    check=rubric.check_of(dim) if own is not None else None,
                    weight=own.weight if own is not None else None,
                    base=distribution(_flat({k: b[dim][k] for k in shared})),
                    cand=distribution(_flat({k: c[dim][k] for k in shared})),
                    difference=diff,
                    tested=diff is not None and diff.n_cases >= min_cases,
                )
            )
    tested = [
        (i, r.difference.test.p_value)
        for i, r in enumerate(rows)
        if r.tested and r.difference is not None and r.difference.test.p_value is not None
    ]
    adjusted = dict(zip([i for i, _ in tested], holm([p for _, p in tested]), strict=True))
    out = []
    for i, r in enumerate(rows):
        moved = None if r.difference is None else r.difference.diff
        p = adjusted.get(i)
        out.append(r.model_copy(update={"p_holm": p, "movement": movement(moved, p, alpha)}))
    return out
