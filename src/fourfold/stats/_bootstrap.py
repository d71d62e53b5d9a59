"""Bootstrap confidence intervals: over observations, and over clusters (cases).

One resampling engine serves every interval in `fourfold.stats`: draw
``rng.integers(0, n, size=(n_resamples, n))`` (the same draws as
``scipy.stats.bootstrap``, so the two agree exactly on one sample), evaluate the
statistic on each resample, and take quantiles. It is written here rather than
delegated to scipy because the agreement report and the paired comparison resample
*items* or *cases* and compute several statistics from the same draws, which scipy's
function does not do, and because scipy has no cluster bootstrap.

The mean (the default statistic, and the one comparisons use) is evaluated on all
resamples at once rather than by a call per resample, with the same floating-point
additions per resample (for the cluster mean: only when every sum is exact, see
`exact_integers`), so it gives the interval a call per resample would, to the bit.

A resample on which the statistic is undefined (NaN or None: kappa on a resample
where both raters used one label, say) is left out of the quantiles and counted in
`Interval.undefined`, so a rare degenerate resample cannot turn the interval into
NaN; when every resample is undefined the bounds are None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, SupportsFloat

import numpy as np
import numpy.typing as npt

from ._result import (
    FloatArray,
    _Result,
    as_floats,
    check_confidence,
    exact_integers,
    finite_or_none,
    flat_floats,
)

__all__ = ["Interval", "Statistic", "bootstrap_ci", "cluster_bootstrap_ci"]

Statistic = Callable[[FloatArray], SupportsFloat]
"""A statistic of one sample: a 1-D float array in, a number out (NaN when undefined)."""

IntervalMethod = Literal["percentile", "bca"]


class Interval(_Result):
    """A point estimate with a bootstrap confidence interval.

    Every number is None when the data cannot define it (see the None policy in
    `fourfold.stats`): no observations, or a statistic undefined on the full sample.
    """

    estimate: float | None
    """The statistic on the full sample."""
    low: float | None
    """Lower bound of the interval."""
    high: float | None
    """Upper bound of the interval."""
    confidence: float
    """Nominal coverage, e.g. 0.95."""
    n: int
    """Units resampled: observations, items, or clusters (cases) for a cluster bootstrap."""
    n_resamples: int
    """Resamples drawn."""
    undefined: int = 0
    """Resamples on which the statistic was undefined, left out of the quantiles."""
    method: IntervalMethod = "percentile"
    """How the bounds were read off the resampled statistics. ``bca`` falls back to
    ``percentile`` (and says so here) when its correction is undefined."""

    @property
    def half_width(self) -> float | None:
        """Half the interval's width, or None without bounds."""
        if self.low is None or self.high is None:
            return None
        return (self.high - self.low) / 2


def bootstrap_ci(
    values: Sequence[float] | FloatArray,
    statistic: Statistic = np.mean,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    method: IntervalMethod = "percentile",
    rng: np.random.Generator,
) -> Interval:
    """A bootstrap confidence interval for `statistic` of independent observations.

    Resamples the observations with replacement `n_resamples` times. With no
    observations every number is None; with one, the interval is degenerate (low =
    high = estimate) and nothing is drawn from `rng`.

    Args:
        values: The observations (finite numbers).
        statistic: A function of a 1-D array returning a number; NaN means undefined.
        n_resamples: How many resamples to draw.
        confidence: Nominal coverage of the interval, between 0 and 1.
        method: ``percentile``, or ``bca`` (bias-corrected and accelerated, Efron 1987;
            falls back to percentile when its correction is undefined).
        rng: The random generator; the same seed gives the same interval.

    Returns:
        The estimate and its interval.

    Examples:
        >>> import numpy as np
        >>> ci = bootstrap_ci([1, 0, 1, 1, 0, 1, 1, 1], rng=np.random.default_rng(0))
        >>> ci.estimate, ci.low, ci.high
        (0.75, 0.375, 1.0)
        >>> bootstrap_ci([], rng=np.random.default_rng(0)).estimate is None
        True
    """
    check_confidence(confidence, n_resamples)
    x = as_floats(values)
    n = len(x)
    estimate = finite_or_none(statistic(x)) if n else None
    if estimate is None or n == 1:
        return _degenerate(estimate, n, confidence, n_resamples, method)
    draws = rng.integers(0, n, size=(n_resamples, n))
    if statistic is np.mean:
        replicates = _row_means(x, draws)
    else:
        replicates = np.array([_value(statistic(x[row])) for row in draws])
    if method == "bca":
        bounds = _bca_bounds(x, statistic, estimate, replicates, confidence)
        if bounds is not None:
            return _interval(estimate, replicates, bounds, n, confidence, n_resamples, "bca")
    return interval_from_replicates(estimate, replicates, n=n, confidence=confidence)


def cluster_bootstrap_ci(
    clusters: Sequence[Sequence[float]],
    statistic: Statistic = np.mean,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    rng: np.random.Generator,
) -> Interval:
    """A bootstrap interval that resamples whole clusters (cases), not observations.

    Repeats of one case are not independent, so resampling trials would understate
    the uncertainty. Each resample draws clusters with replacement and evaluates
    `statistic` on all observations of the drawn clusters pooled together (the order
    of observations within a resample is unspecified: the statistic must not depend
    on it). The estimate is the statistic of all observations. Empty clusters carry
    no information and are ignored; `Interval.n` counts the others.

    Args:
        clusters: One sequence of observations per cluster.
        statistic: A function of a 1-D array returning a number; NaN means undefined.
        n_resamples: How many resamples to draw.
        confidence: Nominal coverage of the interval, between 0 and 1.
        rng: The random generator; the same seed gives the same interval.

    Returns:
        The estimate and its interval (percentile method).

    Examples:
        >>> import numpy as np
        >>> repeats = [[1, 1, 1], [0, 0, 1], [1, 1, 1], [0, 0, 0]]
        >>> ci = cluster_bootstrap_ci(repeats, rng=np.random.default_rng(0))
        >>> round(ci.estimate, 3), ci.n
        (0.583, 4)
        >>> ci.low < ci.estimate < ci.high
        True
    """
    check_confidence(confidence, n_resamples)
    pooled, sizes = flat_floats(clusters, lambda _: "each cluster")
    sizes = sizes[sizes > 0]
    m = len(sizes)
    estimate = finite_or_none(statistic(pooled)) if m else None
    if estimate is None or m == 1:
        return _degenerate(estimate, m, confidence, n_resamples, "percentile")
    draws = rng.integers(0, m, size=(n_resamples, m))
    starts = np.cumsum(sizes) - sizes
    # No resample sums more than m times the largest cluster's absolute sum.
    bound = m * float(np.add.reduceat(np.abs(pooled), starts).max())
    exact = exact_integers(pooled, bound) if statistic is np.mean else None
    if exact is not None:
        replicates = _cluster_means(*exact, starts, sizes, draws)
    else:
        replicates = np.empty(n_resamples)
        for i, row in enumerate(draws):
            # Each observation appears as often as its cluster was drawn: one np.repeat
            # instead of concatenating m arrays per resample.
            times = np.repeat(np.bincount(row, minlength=m), sizes)
            replicates[i] = _value(statistic(np.repeat(pooled, times)))
    return interval_from_replicates(estimate, replicates, n=m, confidence=confidence)


# Upper bound on the elements of one block of resamples held in memory at once.
_BLOCK = 1 << 22


def _row_means(x: FloatArray, draws: npt.NDArray[np.int64]) -> FloatArray:
    """``np.mean(x[row])`` for every row of `draws`, NaN where not finite.

    A mean along the contiguous last axis sums each row exactly as the mean of that
    row alone does (numpy's pairwise summation over the same elements in the same
    order), so this equals the call per row bit for bit.
    """
    n_resamples, n = draws.shape
    out = np.empty(n_resamples)
    step = max(1, _BLOCK // max(n, 1))
    for start in range(0, n_resamples, step):
        out[start : start + step] = x[draws[start : start + step]].mean(axis=1)
    out[~np.isfinite(out)] = np.nan
    return out


def _cluster_means(
    integers: npt.NDArray[np.int64],
    exponent: int,
    starts: npt.NDArray[np.int64],
    sizes: npt.NDArray[np.int64],
    draws: npt.NDArray[np.int64],
) -> FloatArray:
    """The pooled mean of every resample of clusters, from exact per-cluster sums.

    Only called when `exact_integers` vouched that every sum is exact: the pooled sum
    is then the same number however it is added up, and its division by the count is
    the one ``np.mean`` performs, so the result equals the mean of the pooled resample.
    """
    n_resamples, m = draws.shape
    cluster_sums = np.add.reduceat(integers, starts)
    out = np.empty(n_resamples)
    step = max(1, _BLOCK // m)
    for start in range(0, n_resamples, step):
        block = draws[start : start + step]
        rows = len(block)
        flat = (block + (np.arange(rows) * m)[:, None]).ravel()
        counts = np.bincount(flat, minlength=rows * m).reshape(rows, m)
        totals = counts @ cluster_sums
        out[start : start + rows] = np.ldexp(totals.astype(np.float64), -exponent) / (
            counts @ sizes
        )
    return out


def resample_indices(n: int, n_resamples: int, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Indices of `n_resamples` bootstrap resamples of `n` units, one resample per row."""
    return rng.integers(0, n, size=(n_resamples, n))


def interval_from_replicates(
    estimate: float | None,
    replicates: FloatArray,
    *,
    n: int,
    confidence: float,
) -> Interval:
    """A percentile interval from resampled statistics (NaN marks an undefined resample)."""
    if estimate is None or n <= 1:
        return _degenerate(estimate, n, confidence, len(replicates), "percentile")
    alpha = (1 - confidence) / 2
    return _interval(
        estimate, replicates, (alpha, 1 - alpha), n, confidence, len(replicates), "percentile"
    )


def _interval(
    estimate: float,
    replicates: FloatArray,
    probabilities: tuple[float, float],
    n: int,
    confidence: float,
    n_resamples: int,
    method: IntervalMethod,
) -> Interval:
    valid = replicates[np.isfinite(replicates)]
    low = high = None
    if len(valid):
        low, high = (float(q) for q in np.quantile(valid, probabilities))
    return Interval(
        estimate=estimate,
        low=low,
        high=high,
        confidence=confidence,
        n=n,
        n_resamples=n_resamples,
        undefined=len(replicates) - len(valid),
        method=method,
    )


def _degenerate(
    estimate: float | None, n: int, confidence: float, n_resamples: int, method: IntervalMethod
) -> Interval:
    return Interval(
        estimate=estimate,
        low=estimate,
        high=estimate,
        confidence=confidence,
        n=n,
        n_resamples=n_resamples,
        method=method,
    )


def _value(number: SupportsFloat | None) -> float:
    value = finite_or_none(number)
    return np.nan if value is None else value


def _bca_bounds(
    x: FloatArray,
    statistic: Statistic,
    estimate: float,
    replicates: FloatArray,
    confidence: float,
) -> tuple[float, float] | None:
    """The BCa quantile levels, or None when the correction is undefined.

    Follows Efron & Tibshirani (1993) 14.3 and 15.4, as scipy.stats.bootstrap does:
    bias from the share of resampled statistics below the estimate, acceleration
    from a jackknife.
    """
    # scipy.special costs ~0.4 s to import; only a BCa interval needs it.
    from scipy.special import ndtr, ndtri

    valid = replicates[np.isfinite(replicates)]
    if not len(valid):
        return None
    share = (np.count_nonzero(valid < estimate) + np.count_nonzero(valid <= estimate)) / (
        2 * len(valid)
    )
    if share <= 0 or share >= 1:
        return None
    z0 = float(ndtri(share))
    n = len(x)
    jackknife = np.array([_value(statistic(np.delete(x, i))) for i in range(n)])
    if not np.all(np.isfinite(jackknife)):
        return None
    u = (n - 1) * (jackknife.mean() - jackknife)
    den = float(np.sum(u**2)) / n**2
    if den == 0:
        return None
    accel = float(np.sum(u**3)) / n**3 / den**1.5 / 6
    z_alpha = float(ndtri((1 - confidence) / 2))
    lo = z0 + z_alpha
    hi = z0 - z_alpha
    return float(ndtr(z0 + lo / (1 - accel * lo))), float(ndtr(z0 + hi / (1 - accel * hi)))
