"""Paired comparison of two runs on the same cases: tests, effect sizes, the difference.

Differences are always candidate minus baseline, so a positive difference means the
candidate scores higher. In every test result ``b`` counts the pairs where the
candidate is lower (for pass/fail: passed in the baseline, failed in the candidate)
and ``c`` those where it is higher.

When a paired test has no evidence of a difference at all (no discordant pairs, every
difference zero), its p-value is 1.0 rather than None: the data are exactly what no
change would produce. Undefined quantities are None (see `fourfold.stats`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import numpy as np

from ._bootstrap import Interval, bootstrap_ci
from ._result import (
    FloatArray,
    _Result,
    as_floats,
    check_same_length,
    finite_or_none,
    flat_floats,
    row_means,
)

__all__ = [
    "PairedDifference",
    "TestResult",
    "cohen_h",
    "cohens_dz",
    "mcnemar_exact",
    "paired_difference",
    "paired_t",
    "wilcoxon_signed_rank",
]

# Differences of per-case means such as 2/3 - 1/3 come out a few ulps apart; rounding
# keeps truly tied differences tied for the signed-rank test (scipy's advice).
_DECIMALS = 12


class TestResult(_Result):
    """A paired significance test."""

    __test__: ClassVar[bool] = False  # not a pytest test class, despite the name

    method: Literal["mcnemar_exact", "wilcoxon", "paired_t"]
    """Which test."""
    statistic: float | None
    """McNemar: the smaller discordant count; Wilcoxon: the smaller signed-rank sum;
    t: the t statistic (candidate minus baseline). None when undefined."""
    p_value: float | None
    """Two-sided p-value; 1.0 when no pair differs; None when undefined."""
    n: int
    """Pairs tested."""
    n_discordant: int
    """Pairs that differ."""
    b: int
    """Pairs where the candidate is lower (pass to fail)."""
    c: int
    """Pairs where the candidate is higher (fail to pass)."""


class PairedDifference(_Result):
    """Candidate minus baseline on the cases both runs have, with interval and tests.

    Repeats of a case are averaged first; cases are the units of the interval and the
    tests, so a case run ten times does not count as ten independent observations.
    """

    kind: Literal["binary", "score"]
    """``binary`` when every value is 0 or 1 (pass/fail), else ``score``."""
    n_cases: int
    """Cases present, with at least one value, on both sides."""
    base_trials: int
    """Values on the baseline side of those cases."""
    cand_trials: int
    """Values on the candidate side of those cases."""
    base_mean: float | None
    """Mean over cases of the baseline's per-case mean (pass rate when binary)."""
    cand_mean: float | None
    """The same for the candidate."""
    diff: float | None
    """``cand_mean - base_mean``."""
    interval: Interval
    """Bootstrap interval of `diff`, resampling cases."""
    test: TestResult
    """Exact McNemar for pass/fail with one trial per case; else Wilcoxon signed-rank
    on per-case means."""
    t_test: TestResult | None
    """The paired t-test on per-case means, beside Wilcoxon (scores only)."""
    effect_size: float | None
    """Cohen's h of the two pass rates (binary) or Cohen's d_z of the per-case
    differences (scores)."""
    effect_size_name: Literal["cohen_h", "cohens_dz"]
    """Which effect size."""


def mcnemar_exact(base: Sequence[bool | int], cand: Sequence[bool | int]) -> TestResult:
    """McNemar's exact test for paired pass/fail outcomes.

    Only discordant pairs carry information: under no change, a pair that flipped is
    equally likely to have flipped either way, so ``b ~ Binomial(b + c, 1/2)``. The
    p-value is ``scipy.stats.binomtest``'s two-sided one (equal to statsmodels'
    ``mcnemar(table, exact=True)``). Without discordant pairs p = 1.0.

    Args:
        base: Baseline outcome per case (True or 1 = pass).
        cand: Candidate outcome per case, paired with `base`.

    Returns:
        The test, with ``statistic = min(b, c)``.

    Examples:
        >>> result = mcnemar_exact([1, 1, 1, 0, 1, 0, 1, 1], [0, 0, 0, 0, 1, 0, 0, 1])
        >>> result.b, result.c, result.p_value
        (4, 0, 0.125)
    """
    from scipy import stats as sps  # ~1 s to import: only here

    check_same_length(base, cand, "base and cand")
    x, y = _booleans(base, "base"), _booleans(cand, "cand")
    b = int(np.sum(x & ~y))
    c = int(np.sum(~x & y))
    p = 1.0 if b + c == 0 else float(sps.binomtest(b, b + c, 0.5).pvalue)
    return TestResult(
        method="mcnemar_exact",
        statistic=float(min(b, c)),
        p_value=min(p, 1.0),
        n=len(x),
        n_discordant=b + c,
        b=b,
        c=c,
    )


def wilcoxon_signed_rank(base: Sequence[float], cand: Sequence[float]) -> TestResult:
    """Wilcoxon's signed-rank test on paired scores (``scipy.stats.wilcoxon``).

    Zero differences are dropped (Wilcoxon's convention, scipy's default); when every
    difference is zero there is nothing to rank and p = 1.0 (scipy would return NaN).
    The p-value is scipy's ``method="auto"``: exact for up to 50 pairs without ties,
    an exhaustive permutation test for up to 13 pairs with ties, else the normal
    approximation. The permutation test is run here with its statistic computed for
    every sign flip at once (scipy computes it flip by flip: a second for 13 pairs, in
    every compare of a small run): the same p-value, bit for bit.

    Args:
        base: Baseline score per case.
        cand: Candidate score per case, paired with `base`.

    Returns:
        The test.

    Examples:
        >>> result = wilcoxon_signed_rank([1, 2, 3, 4, 5], [2, 3, 4, 5, 7])
        >>> result.c, result.p_value
        (5, 0.0625)
        >>> wilcoxon_signed_rank([1, 2], [1, 2]).p_value
        1.0
    """
    from scipy import stats as sps  # ~1 s to import: only here

    d = _differences(base, cand)
    nonzero = d[d != 0]
    b, c = int(np.sum(nonzero < 0)), int(np.sum(nonzero > 0))
    if not len(nonzero):
        statistic, p = 0.0, 1.0
    elif len(nonzero) <= _EXHAUSTIVE_PAIRS and _has_ties(nonzero):
        # scipy's "auto" would run this permutation test with its statistic called once
        # per sign flip (8,192 calls, a second, for 13 pairs); here it is called once.
        ranks = sps.rankdata(np.abs(nonzero))
        statistic = float(min(np.sum(ranks[nonzero > 0]), np.sum(ranks[nonzero < 0])))
        p = float(
            sps.permutation_test(
                (nonzero,),
                _positive_rank_sum,
                permutation_type="samples",
                vectorized=True,
                n_resamples=_PERMUTATIONS,
                alternative="two-sided",
                axis=-1,
            ).pvalue
        )
    else:
        result = sps.wilcoxon(nonzero)
        statistic, p = float(result.statistic), float(result.pvalue)
    return TestResult(
        method="wilcoxon",
        statistic=statistic,
        p_value=min(p, 1.0),
        n=len(d),
        n_discordant=len(nonzero),
        b=b,
        c=c,
    )


def paired_t(base: Sequence[float], cand: Sequence[float]) -> TestResult | None:
    """The paired t-test (``scipy.stats.ttest_rel(cand, base)``); None with fewer than 2 pairs.

    With every difference zero, t = 0 and p = 1.0. With every difference equal but
    not zero the t statistic is infinite and both statistic and p-value are None
    (scipy returns NaN there).

    Args:
        base: Baseline score per case.
        cand: Candidate score per case, paired with `base`.

    Returns:
        The test, or None with fewer than two pairs.

    Examples:
        >>> result = paired_t([1, 2, 3, 4], [2, 2, 4, 5])
        >>> round(result.statistic, 3), round(result.p_value, 3)
        (3.0, 0.058)
    """
    from scipy import stats as sps  # ~1 s to import: only here

    d = _differences(base, cand)
    if len(d) < 2:
        return None
    b, c = int(np.sum(d < 0)), int(np.sum(d > 0))
    statistic: float | None
    p: float | None
    if not np.any(d):
        statistic, p = 0.0, 1.0
    elif np.all(d == d[0]):
        statistic = p = None
    else:
        result = sps.ttest_rel(as_floats(cand, name="cand"), as_floats(base, name="base"))
        statistic, p = finite_or_none(result.statistic), finite_or_none(result.pvalue)
    return TestResult(
        method="paired_t", statistic=statistic, p_value=p, n=len(d), n_discordant=b + c, b=b, c=c
    )


def cohens_dz(diffs: Sequence[float]) -> float | None:
    """Cohen's d_z: the mean paired difference over its standard deviation (ddof=1).

    The standard effect size for paired scores (Cohen 1988; Lakens 2013). None with
    fewer than two differences, or when they are all equal and not zero; 0.0 when
    they are all zero.

    Examples:
        >>> cohens_dz([1, 2, 3])
        2.0
    """
    d = as_floats(diffs, name="diffs")
    if len(d) < 2:
        return None
    sd = float(np.std(d, ddof=1))
    mean = float(np.mean(d))
    if sd == 0:
        return 0.0 if mean == 0 else None
    return mean / sd


def cohen_h(p_base: float, p_cand: float) -> float:
    """Cohen's h between two proportions: ``2 asin(sqrt(p_cand)) - 2 asin(sqrt(p_base))``.

    The effect size for pass rates (Cohen 1988): unlike the raw difference it weighs
    a move from 0.95 to 0.99 more than one from 0.50 to 0.54, and it reads on the
    same small/medium/large scale (0.2/0.5/0.8) as d. The raw difference is
    `PairedDifference.diff`.

    Examples:
        >>> round(cohen_h(0.5, 0.75), 3)
        0.524
    """
    for name, p in (("p_base", p_base), ("p_cand", p_cand)):
        if not 0 <= p <= 1:
            raise ValueError(f"{name} must be a proportion between 0 and 1, got {p}")
    return 2 * math.asin(math.sqrt(p_cand)) - 2 * math.asin(math.sqrt(p_base))


def paired_difference(
    base_by_case: Mapping[Any, Sequence[float]],
    cand_by_case: Mapping[Any, Sequence[float]],
    *,
    rng: np.random.Generator,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> PairedDifference:
    """Compare two runs case by case: means, difference, interval, test, effect size.

    Cases are paired by key; a case missing on either side, or with no values there,
    is left out (say which with the case-set comparison, not here). Each side's
    repeats of a case are averaged, and the case is the unit from then on: the
    interval is a cluster bootstrap over cases (resampling the per-case differences),
    and the test runs on per-case values.

    The test: with pass/fail values and exactly one trial per case on both sides,
    exact McNemar. With repeats, the per-case pass shares are no longer 0/1, so
    Wilcoxon's signed-rank test on the per-case means (it needs no normality, and
    the shares are bounded and often tied); for scores, Wilcoxon too, with the paired
    t-test beside it.

    Cases are taken in sorted key order (insertion order when keys do not sort), so
    the interval does not depend on how the mappings were built.

    Args:
        base_by_case: The baseline's values per case (1/0 or True/False for pass/fail).
        cand_by_case: The candidate's values per case.
        rng: The random generator; the same seed gives the same interval.
        n_resamples: Bootstrap resamples.
        confidence: Nominal coverage of the interval.

    Returns:
        The comparison.

    Examples:
        >>> import numpy as np
        >>> base = {"a": [1], "b": [1], "c": [0], "d": [1]}
        >>> cand = {"a": [1], "b": [0], "c": [0], "d": [0]}
        >>> result = paired_difference(base, cand, rng=np.random.default_rng(0))
        >>> result.kind, result.diff, result.test.method, result.test.p_value
        ('binary', -0.5, 'mcnemar_exact', 0.5)
    """
    keys = _shared_keys(base_by_case, cand_by_case)
    base, base_lengths = flat_floats(
        [base_by_case[k] for k in keys], lambda i: f"baseline values of {keys[i]!r}"
    )
    cand, cand_lengths = flat_floats(
        [cand_by_case[k] for k in keys], lambda i: f"candidate values of {keys[i]!r}"
    )
    binary = bool(np.all((base == 0) | (base == 1)) and np.all((cand == 0) | (cand == 1)))
    single = bool(np.all(base_lengths == 1) and np.all(cand_lengths == 1))
    base_means = row_means(base, base_lengths)
    cand_means = row_means(cand, cand_lengths)
    diffs = cand_means - base_means
    n = len(keys)

    interval = bootstrap_ci(diffs, n_resamples=n_resamples, confidence=confidence, rng=rng)
    base_mean = float(base_means.mean()) if n else None
    cand_mean = float(cand_means.mean()) if n else None
    test = (
        mcnemar_exact(base_means.astype(bool).tolist(), cand_means.astype(bool).tolist())
        if binary and single
        else wilcoxon_signed_rank(base_means.tolist(), cand_means.tolist())
    )
    effect: float | None = None
    if not binary:
        effect = cohens_dz(diffs.tolist())
    elif base_mean is not None and cand_mean is not None:
        effect = cohen_h(base_mean, cand_mean)
    return PairedDifference(
        kind="binary" if binary else "score",
        n_cases=n,
        base_trials=len(base),
        cand_trials=len(cand),
        base_mean=base_mean,
        cand_mean=cand_mean,
        diff=interval.estimate,
        interval=interval,
        test=test,
        t_test=None if binary else paired_t(base_means.tolist(), cand_means.tolist()),
        effect_size=effect,
        effect_size_name="cohen_h" if binary else "cohens_dz",
    )


_EXHAUSTIVE_PAIRS = 13
"""Up to this many pairs with ties, scipy's ``wilcoxon(method="auto")`` tries every sign
flip (2**13 is under `_PERMUTATIONS`); `wilcoxon_signed_rank` does the same, vectorised."""
_PERMUTATIONS = 9999
"""scipy's ``PermutationMethod()`` default: at or above 2**n, every sign flip is tried."""


def _has_ties(d: FloatArray) -> bool:
    """Whether two differences have the same size (scipy's ``has_ties`` of the ranks)."""
    return len(np.unique(np.abs(d))) < len(d)


def _positive_rank_sum(d: FloatArray, axis: int) -> FloatArray:
    """The sum of the ranks of ``|d|`` where ``d > 0``, along `axis`, for every row at once.

    The statistic scipy's permutation test of ``wilcoxon`` uses (its ``r_plus``): the ranks
    of ``|d|`` (ties averaged) do not change when signs flip, only which ones are added.
    """
    from scipy import stats as sps

    ranks: FloatArray = sps.rankdata(np.abs(d), axis=axis)
    total: FloatArray = np.sum(ranks * (d > 0), axis=axis)
    return total


def _differences(base: Sequence[float], cand: Sequence[float]) -> FloatArray:
    check_same_length(base, cand, "base and cand")
    d: FloatArray = np.round(as_floats(cand, name="cand") - as_floats(base, name="base"), _DECIMALS)
    return d


def _booleans(values: Sequence[bool | int], name: str) -> np.ndarray[Any, np.dtype[np.bool_]]:
    bad = [v for v in values if v not in (0, 1)]
    if bad:
        raise ValueError(
            f"{name} must be pass/fail outcomes (True/False or 1/0), got {bad[0]!r}; "
            "use wilcoxon_signed_rank for scores"
        )
    return np.array([bool(v) for v in values], dtype=bool)


def _shared_keys(a: Mapping[Any, Sequence[float]], b: Mapping[Any, Sequence[float]]) -> list[Any]:
    keys = [k for k in a if k in b and len(a[k]) and len(b[k])]
    try:
        return sorted(keys)
    except TypeError:
        return keys
