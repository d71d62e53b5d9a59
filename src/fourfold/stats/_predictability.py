"""Predictability: how well a stated confidence predicts success.

Given, per trial, a confidence ``p`` in [0, 1] that the trial succeeds and whether it
did (``y`` in {0, 1}):

* **Brier score**: ``mean((p - y)**2)``, 0 is perfect, 0.25 is what a constant 0.5
  scores. Equal to scikit-learn's ``brier_score_loss``.
* **Expected calibration error** (Guo et al. 2017, "On Calibration of Modern Neural
  Networks"): the trials are put in `DEFAULT_BINS` equal-width bins of confidence,
  right-closed as scikit-learn's ``calibration_curve(strategy="uniform")`` puts them
  (bin ``m`` holds ``(m-1)/M < p <= m/M``, the first bin also holds 0), and
  ``ECE = sum over bins of (n_b / N) * |success rate_b - mean confidence_b|``. The bins
  are the points of a reliability diagram.
* **AUROC**: the chance that a random successful trial had a higher confidence than a
  random failed one (ties count one half), the Mann-Whitney form of scikit-learn's
  ``roc_auc_score``. 0.5 is no better than chance. None when every trial succeeded or
  every trial failed: there is nothing to rank.

Trials of one case are not independent (repeats), so the interval of each figure is a
cluster bootstrap over cases (`fourfold.stats.cluster_bootstrap_ci`'s scheme): each
resample draws cases with replacement and recomputes the figure on their pooled trials.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._bootstrap import Interval, interval_from_replicates, resample_indices
from ._result import FloatArray, IntArray, _Result, as_floats, check_confidence, check_same_length

if TYPE_CHECKING:
    from scipy import sparse

__all__ = [
    "DEFAULT_BINS",
    "CalibrationBin",
    "Predictability",
    "auroc",
    "brier_score",
    "calibration_bins",
    "expected_calibration_error",
    "predictability",
]

DEFAULT_BINS = 10
"""Equal-width confidence bins of the calibration error and the reliability diagram."""


class CalibrationBin(_Result):
    """One bin of a reliability diagram."""

    low: float
    """Lower edge (exclusive, except 0 for the first bin)."""
    high: float
    """Upper edge (inclusive)."""
    n: int
    """Trials whose confidence falls in the bin."""
    mean_confidence: float | None
    """Their mean confidence (None for an empty bin)."""
    success_rate: float | None
    """The share of them that succeeded (None for an empty bin)."""


class Predictability(_Result):
    """How well confidence predicted success, with cluster-bootstrap intervals over cases."""

    n_trials: int
    """Trials with a confidence and a verdict."""
    n_cases: int
    """Cases they belong to (the units resampled)."""
    success_rate: float | None
    """The share of trials that succeeded."""
    mean_confidence: float | None
    """The mean stated confidence."""
    brier: Interval
    """Brier score (lower is better)."""
    ece: Interval
    """Expected calibration error over `bins` (lower is better)."""
    auroc: Interval
    """AUROC of confidence for success (0.5 is chance, 1 a perfect ranking)."""
    bins: list[CalibrationBin]
    """The reliability diagram: every bin, empty ones included."""


def _pair(
    confidence: Sequence[float] | FloatArray,
    success: Sequence[bool] | Sequence[float] | FloatArray,
) -> tuple[FloatArray, FloatArray]:
    check_same_length(list(confidence), list(success), "confidence and success")
    p = as_floats(confidence, name="confidence")
    if np.any((p < 0) | (p > 1)):
        raise ValueError(
            "confidence must lie between 0 and 1; rescale a percentage (divide by 100)"
        )
    y = as_floats([float(s) for s in success], name="success")
    if np.any((y != 0) & (y != 1)):
        raise ValueError("success must be pass/fail (True/False or 1/0)")
    return p, y


def brier_score(
    confidence: Sequence[float] | FloatArray, success: Sequence[bool] | Sequence[float]
) -> float | None:
    """The mean squared difference between confidence and success (None with no trials).

    Examples:
        >>> round(brier_score([0.9, 0.2, 0.5], [True, False, True]), 4)
        0.1
    """
    p, y = _pair(confidence, success)
    return float(np.mean((p - y) ** 2)) if len(p) else None


def _bin_index(p: FloatArray, bins: int) -> IntArray:
    """Each confidence's bin: right-closed, as scikit-learn's ``calibration_curve``."""
    edges = np.linspace(0.0, 1.0, bins + 1)
    index: IntArray = np.searchsorted(edges[1:-1], p, side="left").astype(np.int64)
    return index


def calibration_bins(
    confidence: Sequence[float] | FloatArray,
    success: Sequence[bool] | Sequence[float] | FloatArray,
    bins: int = DEFAULT_BINS,
) -> list[CalibrationBin]:
    """The reliability diagram: every equal-width bin with its count, confidence and success.

    Examples:
        >>> [(b.n, b.success_rate) for b in calibration_bins([0.1, 0.9, 0.95], [0, 1, 0], 2)]
        [(1, 0.0), (2, 0.5)]
    """
    if bins < 1:
        raise ValueError(f"bins must be at least 1 (e.g. {DEFAULT_BINS}), got {bins}")
    p, y = _pair(confidence, success)
    index = _bin_index(p, bins)
    counts = np.bincount(index, minlength=bins)
    conf_sums = np.bincount(index, weights=p, minlength=bins)
    succ_sums = np.bincount(index, weights=y, minlength=bins)
    out = []
    for m in range(bins):
        n = int(counts[m])
        out.append(
            CalibrationBin(
                low=m / bins,
                high=(m + 1) / bins,
                n=n,
                mean_confidence=float(conf_sums[m] / n) if n else None,
                success_rate=float(succ_sums[m] / n) if n else None,
            )
        )
    return out


def expected_calibration_error(
    confidence: Sequence[float] | FloatArray,
    success: Sequence[bool] | Sequence[float],
    bins: int = DEFAULT_BINS,
) -> float | None:
    """``sum_b (n_b / N) |success rate_b - mean confidence_b|`` (None with no trials).

    Examples:
        >>> round(expected_calibration_error([0.1, 0.9, 0.95], [0, 1, 0], bins=2), 4)
        0.3167
    """
    p, y = _pair(confidence, success)
    if bins < 1:
        raise ValueError(f"bins must be at least 1 (e.g. {DEFAULT_BINS}), got {bins}")
    return _ece(p, y, bins)


def _ece(p: FloatArray, y: FloatArray, bins: int) -> float | None:
    if not len(p):
        return None
    index = _bin_index(p, bins)
    gaps = np.abs(
        np.bincount(index, weights=y, minlength=bins)
        - np.bincount(index, weights=p, minlength=bins)
    )
    # sum_b n_b/N * |sum_b(y)/n_b - sum_b(p)/n_b| = sum_b |sum_b(y) - sum_b(p)| / N
    return float(gaps.sum() / len(p))


def auroc(
    confidence: Sequence[float] | FloatArray, success: Sequence[bool] | Sequence[float]
) -> float | None:
    """The area under the ROC curve of confidence for success; None without both classes.

    Examples:
        >>> auroc([0.9, 0.8, 0.3, 0.8], [True, True, False, False])
        0.875
    """
    p, y = _pair(confidence, success)
    return _auroc(p, y)


def _auroc(p: FloatArray, y: FloatArray) -> float | None:
    positives = int(y.sum())
    negatives = len(y) - positives
    if positives == 0 or negatives == 0:
        return None
    # Mann-Whitney U from average ranks (ties share their mean rank, i.e. count one half).
    order = np.argsort(p, kind="mergesort")
    sorted_p = p[order]
    ranks = np.empty(len(p))
    _, first, counts = np.unique(sorted_p, return_index=True, return_counts=True)
    mean_rank = first + (counts + 1) / 2
    ranks[order] = np.repeat(mean_rank, counts)
    u = ranks[y == 1].sum() - positives * (positives + 1) / 2
    return float(u / (positives * negatives))


def _brier(p: FloatArray, y: FloatArray) -> float | None:
    return float(np.mean((p - y) ** 2)) if len(p) else None


_CELLS = 2_000_000
"""Resamples are computed in blocks of at most this many (resample, case) cells."""


@dataclass(frozen=True)
class _CaseSums:
    """Each case's share of every figure, so a resample's figure is a weighted sum.

    A resample draws case ``j`` ``c_j`` times; its pooled trials are each case's trials
    ``c_j`` times over. Every figure is then a ratio of sums over cases weighted by
    ``c_j``: the Brier score ``sum c_j sq_j / sum c_j n_j``; the calibration error
    ``sum_b |sum_j c_j (y_jb - p_jb)| / sum c_j n_j`` (``y_jb``, ``p_jb``: the successes
    and confidences of case j in bin b); the AUROC from the successes and failures at
    each distinct confidence. One matrix product gives them for a block of resamples, in
    place of pooling each resample's trials and scoring them one resample at a time
    (which took seconds on a run of thousands of cases).
    """

    n: FloatArray
    """Trials per case."""
    squares: FloatArray
    """Per case, the sum of ``(p - y)**2``."""
    bin_gaps: FloatArray
    """Cases x bins: the successes minus the confidences of the case's trials in the bin."""
    successes: sparse.csr_array
    """Cases x distinct confidences (ascending): successful trials at each."""
    failures: sparse.csr_array
    """Cases x distinct confidences: failed trials at each."""

    @property
    def groups(self) -> int:
        return int(self.successes.shape[1])

    @classmethod
    def of(cls, cases: Sequence[tuple[FloatArray, FloatArray]], bins: int) -> _CaseSums:
        # scipy.sparse costs a seventh of a second to import: computing needs it, importing not.
        from scipy import sparse

        sizes = np.array([len(p) for p, _ in cases])
        case = np.repeat(np.arange(len(cases)), sizes)
        p = np.concatenate([p for p, _ in cases])
        y = np.concatenate([y for _, y in cases])
        m = len(cases)
        index = _bin_index(p, bins)
        gaps = np.zeros((m, bins))
        np.add.at(gaps, (case, index), y - p)
        values, group = np.unique(p, return_inverse=True)
        shape = (m, len(values))
        return cls(
            n=sizes.astype(float),
            squares=np.bincount(case, weights=(p - y) ** 2, minlength=m).astype(float),
            bin_gaps=gaps,
            successes=sparse.csr_array((y, (case, group)), shape=shape),
            failures=sparse.csr_array((1 - y, (case, group)), shape=shape),
        )

    def replicates(self, draws: IntArray) -> dict[str, FloatArray]:
        """Brier, ECE and AUROC of each resample (a row of case indices) in `draws`."""
        r, m = draws.shape
        flat = (draws + np.arange(r)[:, None] * m).ravel()
        times = np.bincount(flat, minlength=r * m).reshape(r, m).astype(float)
        trials = times @ self.n
        wins = (self.successes.T @ times.T).T  # resamples x distinct confidences
        losses = (self.failures.T @ times.T).T
        below = np.cumsum(losses, axis=1) - losses / 2  # failures under, ties count half
        pairs = wins.sum(axis=1) * losses.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            auroc = np.where(pairs > 0, (wins * below).sum(axis=1) / pairs, np.nan)
        return {
            "brier": times @ self.squares / trials,
            "ece": np.abs(times @ self.bin_gaps).sum(axis=1) / trials,
            "auroc": auroc,
        }


def predictability(
    confidence_by_case: Sequence[Sequence[float]],
    success_by_case: Sequence[Sequence[bool]],
    *,
    bins: int = DEFAULT_BINS,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    rng: np.random.Generator,
) -> Predictability:
    """Brier score, calibration error and AUROC, each with a cluster bootstrap over cases.

    Args:
        confidence_by_case: Per case, the confidence of each of its trials (0 to 1).
        success_by_case: Per case, whether each of those trials succeeded (paired).
        bins: Equal-width bins of the calibration error and the reliability diagram.
        n_resamples: Bootstrap resamples (of cases).
        confidence: Nominal coverage of the intervals.
        rng: The random generator; the same seed gives the same intervals.

    Returns:
        The figures; with no trials every estimate is None. A resample whose trials all
        succeeded (or all failed) has no AUROC and is counted in ``auroc.undefined``.

    Examples:
        >>> import numpy as np
        >>> r = predictability([[0.9, 0.9], [0.2], [0.6, 0.4]], [[1, 1], [0], [1, 0]],
        ...                    rng=np.random.default_rng(0))
        >>> r.n_cases, r.n_trials, r.auroc.estimate
        (3, 5, 1.0)
    """
    check_confidence(confidence, n_resamples)
    if bins < 1:
        raise ValueError(f"bins must be at least 1 (e.g. {DEFAULT_BINS}), got {bins}")
    check_same_length(confidence_by_case, success_by_case, "confidence_by_case and success_by_case")
    cases: list[tuple[FloatArray, FloatArray]] = []
    for i, (conf, succ) in enumerate(zip(confidence_by_case, success_by_case, strict=True)):
        check_same_length(conf, succ, f"confidence and success of case {i}")
        p, y = _pair(conf, succ)
        if len(p):
            cases.append((p, y))
    p_all = np.concatenate([p for p, _ in cases]) if cases else np.empty(0)
    y_all = np.concatenate([y for _, y in cases]) if cases else np.empty(0)
    m = len(cases)
    figures = {"brier": _brier, "ece": lambda p, y: _ece(p, y, bins), "auroc": _auroc}
    estimates = {name: fn(p_all, y_all) for name, fn in figures.items()}
    replicates = {name: np.full(n_resamples, np.nan) for name in figures}
    if m > 1:
        draws = resample_indices(m, n_resamples, rng)
        per_case = _CaseSums.of(cases, bins)
        rows = max(1, _CELLS // max(m, per_case.groups))
        for start in range(0, n_resamples, rows):
            chunk = slice(start, start + rows)
            for name, values in per_case.replicates(draws[chunk]).items():
                replicates[name][chunk] = values
    intervals = {
        name: interval_from_replicates(
            estimates[name], replicates[name], n=m, confidence=confidence
        )
        for name in figures
    }
    return Predictability(
        n_trials=len(p_all),
        n_cases=m,
        success_rate=float(y_all.mean()) if len(y_all) else None,
        mean_confidence=float(p_all.mean()) if len(p_all) else None,
        brier=intervals["brier"],
        ece=intervals["ece"],
        auroc=intervals["auroc"],
        bins=calibration_bins(p_all, y_all, bins),
    )
