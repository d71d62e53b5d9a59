"""Krippendorff's alpha: agreement among any number of raters, with missing ratings.

Nominal, ordinal and interval levels, and a bootstrap interval over units. Split from
`_agreement` (Cohen's kappa and the pairwise figures), which it shares label order with.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Literal

import numpy as np

from ._agreement import _BLOCK, _numbers, _sorted_labels
from ._bootstrap import Interval, bootstrap_ci, interval_from_replicates, resample_indices
from ._result import FloatArray, as_floats, check_confidence, finite_or_none

__all__ = ["krippendorff_alpha", "krippendorff_alpha_ci"]


def krippendorff_alpha(
    data: Sequence[Sequence[Hashable | None]],
    *,
    level: Literal["nominal", "ordinal", "interval"] = "nominal",
) -> float | None:
    """Krippendorff's alpha for any number of raters, with missing ratings.

    ``alpha = 1 - (n - 1) * sum(o * d) / sum(n_c * n_k * d)`` over the coincidence
    matrix ``o`` of pairable values (Krippendorff 2011, "Computing Krippendorff's
    Alpha-Reliability"), with ``d`` the squared distance of the level: 0/1 for
    nominal, ``(c - k)**2`` for interval, and for ordinal the squared count of values
    between ``c`` and ``k`` (``sum(n_g, g=c..k) - (n_c + n_k) / 2``).

    Only items with at least two ratings count. Alpha is undefined (None) when fewer
    than two distinct values are pairable, where the ``krippendorff`` package raises
    ValueError.

    Args:
        data: One list per item of the ratings it received, None where a rater
            did not rate it. Raters need not line up across items.
        level: ``nominal`` (categories), ``ordinal`` (ordered; values must sort)
            or ``interval`` (numbers).

    Returns:
        Alpha (1 is perfect agreement, 0 is chance), or None when undefined.

    Examples:
        >>> data = [[1, 1, None], [2, 2, 2], [3, 3, 1], [None, 2, 2]]
        >>> round(krippendorff_alpha(data), 3), round(krippendorff_alpha(data, level="ordinal"), 3)
        (0.71, 0.277)
    """
    units = [[v for v in item if v is not None] for item in data]
    units = [u for u in units if len(u) >= 2]
    seen = {v for u in units for v in u}
    if len(seen) < 2:
        return None
    values = _sorted_labels(seen, "ratings") if level != "nominal" else _stable_labels(units)
    contributions = _coincidences(units, values)
    # Summed unit by unit in order (a cumulative sum adds strictly in sequence), as a
    # loop adding each unit's matrix would.
    coincidence = np.cumsum(contributions, axis=0)[-1]
    return finite_or_none(_alphas(coincidence[None], values, level)[0])


def krippendorff_alpha_ci(
    data: Sequence[Sequence[Hashable | None]],
    *,
    level: Literal["nominal", "ordinal", "interval"] = "nominal",
    rng: np.random.Generator,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> Interval:
    """Krippendorff's alpha with a bootstrap interval that resamples items.

    The same interval as ``bootstrap_ci(range(len(data)), statistic)`` with a
    `statistic` that computes `krippendorff_alpha` of the resampled items (the same
    draws from `rng`, bit for bit the same bounds), but each item's coincidences are
    computed once and every resample's alpha at once instead of rebuilding the
    coincidence matrix per resample. A resample where alpha is undefined is counted
    in `Interval.undefined`.

    Args:
        data: One list per item of the ratings it received, None where a rater
            did not rate it (as for `krippendorff_alpha`).
        level: ``nominal``, ``ordinal`` or ``interval``.
        rng: The random generator; the same seed gives the same interval.
        n_resamples: Bootstrap resamples.
        confidence: Nominal coverage of the interval (percentile method).

    Returns:
        Alpha on all items and its interval; `Interval.n` counts the items.

    Examples:
        >>> import numpy as np
        >>> data = [[1, 1, None], [2, 2, 2], [3, 3, 1], [None, 2, 2], [1, 2, 1], [3, 3, 3]]
        >>> ci = krippendorff_alpha_ci(data, level="ordinal", rng=np.random.default_rng(0))
        >>> round(ci.estimate, 3), ci.n, ci.low <= ci.estimate <= ci.high
        (0.531, 6, True)
    """
    check_confidence(confidence, n_resamples)
    n = len(data)
    estimate = krippendorff_alpha(data, level=level) if n else None
    if estimate is None or n == 1:
        return interval_from_replicates(
            estimate, np.full(n_resamples, np.nan), n=n, confidence=confidence
        )
    units = [[v for v in item if v is not None] for item in data]
    seen = {v for u in units if len(u) >= 2 for v in u}
    try:
        values: list[Hashable] = sorted(seen)  # type: ignore[type-var]
    except TypeError:
        # Unsortable categories (nominal only: the estimate refused them otherwise) are
        # coded in the order each resample first shows them, which differs between
        # resamples: compute each resample as the statistic would.
        def alpha_of(index: FloatArray) -> float:
            value = krippendorff_alpha([data[int(i)] for i in index], level=level)
            return np.nan if value is None else value

        return bootstrap_ci(
            np.arange(n, dtype=float),
            alpha_of,
            n_resamples=n_resamples,
            confidence=confidence,
            rng=rng,
        )
    contributions = _coincidences(units, values)
    draws = resample_indices(n, n_resamples, rng)
    k = len(values)
    replicates = np.empty(n_resamples)
    step = max(1, _BLOCK // (k * k))
    for start in range(0, n_resamples, step):
        block = draws[start : start + step]
        # Unit by unit in the order drawn, as the per-resample matrix is summed.
        coincidence = np.zeros((len(block), k, k))
        for column in block.T:
            coincidence += contributions[column]
        replicates[start : start + len(block)] = _alphas(coincidence, values, level)
    return interval_from_replicates(estimate, replicates, n=n, confidence=confidence)


def _coincidences(units: Sequence[Sequence[Hashable]], values: Sequence[Hashable]) -> FloatArray:
    """Each unit's share of the coincidence matrix: shape (units, k, k), zero when unpaired.

    ``(outer(c, c) - diag(c)) / (m - 1)`` for a unit with value counts ``c`` and ``m``
    ratings, element by element as Krippendorff (2011) defines it.
    """
    index = {v: i for i, v in enumerate(values)}
    k = len(values)
    lengths = np.array([len(u) for u in units], dtype=np.int64)
    codes = np.array([index[v] for u in units if len(u) >= 2 for v in u], dtype=np.int64)
    paired = lengths >= 2
    owner = np.repeat(np.arange(len(units))[paired], lengths[paired])
    counts = np.bincount(owner * k + codes, minlength=len(units) * k).reshape(len(units), k)
    c = counts.astype(float)
    out: FloatArray = c[:, :, None] * c[:, None, :]
    diagonal = np.arange(k)
    out[:, diagonal, diagonal] -= c
    out[paired] /= (lengths[paired] - 1).astype(float)[:, None, None]
    return out


def _alphas(coincidence: FloatArray, values: Sequence[Hashable], level: str) -> FloatArray:
    """Alpha for each coincidence matrix (shape (r, k, k)); NaN where undefined.

    A matrix is computed over the values it holds (those with a nonzero total), in
    `values` order, exactly as `krippendorff_alpha` computes it on the items behind
    it: a value no item of a resample has does not exist for that resample.
    """
    if level not in ("nominal", "ordinal", "interval"):
        raise ValueError(f"level must be nominal, ordinal or interval, got {level!r}")
    out = np.full(len(coincidence), np.nan)
    present = coincidence.sum(axis=2) > 0
    if np.all(present):  # the usual case: every value in every matrix
        groups = [(np.arange(len(coincidence)), np.arange(len(values)))]
    else:
        patterns, which = np.unique(present, axis=0, return_inverse=True)
        groups = [
            (np.flatnonzero(which.ravel() == p), np.flatnonzero(pattern))
            for p, pattern in enumerate(patterns)
        ]
    for rows, kept in groups:
        k = len(kept)
        if k < 2:
            continue
        # C order throughout: how numpy adds up a row depends on the memory layout.
        o = np.ascontiguousarray(coincidence[np.ix_(rows, kept, kept)])
        totals = o.sum(axis=2)
        n = totals.sum(axis=1)
        delta: FloatArray
        if level == "nominal":
            delta = 1 - np.eye(k)
        elif level == "interval":
            numbers = as_floats(_numbers([values[int(i)] for i in kept], "ratings"), name="ratings")
            delta = np.subtract.outer(numbers, numbers) ** 2
        else:
            cumulative = np.cumsum(totals, axis=1)
            lo = np.minimum.outer(np.arange(k), np.arange(k))
            hi = np.maximum.outer(np.arange(k), np.arange(k))
            between = cumulative[:, hi] - cumulative[:, lo] + totals[:, lo]
            delta = (between - (totals[:, :, None] + totals[:, None, :]) / 2) ** 2
        expected = np.ascontiguousarray(totals[:, :, None] * totals[:, None, :] * delta)
        observed = np.ascontiguousarray(o * delta)
        expected_sum = expected.reshape(len(rows), -1).sum(axis=1)
        defined = expected_sum != 0
        observed_sum = observed.reshape(len(rows), -1).sum(axis=1)
        alpha = 1 - (n - 1) * observed_sum / np.where(defined, expected_sum, 1)
        out[rows[defined]] = alpha[defined]
    return out


def _stable_labels(units: Sequence[Sequence[Hashable]]) -> list[Hashable]:
    seen = dict.fromkeys(v for unit in units for v in unit)
    try:
        return sorted(seen)  # type: ignore[type-var]
    except TypeError:
        return list(seen)
