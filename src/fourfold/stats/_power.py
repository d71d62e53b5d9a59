"""Power before spending: what drop a comparison can detect, and how many cases it needs.

Two designs, matching the tests `fourfold.compare` runs:

* **McNemar** (pass/fail, one trial per case on each side). Only discordant cases carry
  information. The noise is the *discordance* ``psi0``: the share of cases two runs of
  the same agent would decide differently. A true drop ``delta`` is modelled as extra
  one-way flips on top of the noise, so the cells are ``p10 = psi0/2 + delta`` and
  ``p01 = psi0/2`` (discordance ``psi = psi0 + delta``). statsmodels has no power for
  paired proportions, and Connor's normal approximation (Connor 1987, *Biometrics*
  43:207), the textbook sample size, overstates the power of the *exact* test compare
  runs by several points at a hundred cases (tests/stats/test_power.py simulates it).
  So the power is computed exactly: the discordant count is Binomial(n, psi), and given
  it the exact binomial test's rejection region has a binomial probability. Connor's
  formula only gives the search its starting point (and the answer past 20,000 cases).
* **Paired t / Wilcoxon** (per-case means: pass shares with repeats, or judge scores).
  The noise is the standard deviation of the per-case differences; the effect size is
  ``delta / sd`` and the power the paired t-test's (the noncentral t, as statsmodels'
  `TTestPower` computes it; statsmodels is not a dependency). compare tests per-case means
  with Wilcoxon's signed-rank test, whose asymptotic relative efficiency against t is
  at least 3/pi for normal data (Lehmann 1975): the t-test's cases are divided by 3/pi.

Both are held to an **exact floor**: an exact paired test cannot reach ``alpha`` unless
at least ``m`` cases moved, all the same way, with ``2 / 2**m < alpha`` (`smallest_p`).
A case's value moves by at least a *step* (1 for pass/fail, ``1/k`` for the pass share
of ``k`` repeats, nothing for scores), so no drop smaller than ``m * step / n`` is
detectable on ``n`` cases whatever the noise, and no test at all on fewer than ``m``
cases. Without this floor a noiseless agent would "detect" a one-case drop.

Drops are positive numbers on the value's scale (0.05 = 5 points of pass rate).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Literal

import numpy as np

from ._movement import smallest_p
from ._result import _Result, as_floats

__all__ = [
    "Noise",
    "PowerAnswer",
    "answer_power",
    "cases_needed",
    "detectable_drop",
    "measure_noise",
    "min_flips",
    "paired_power",
    "wilcoxon_efficiency",
]

Design = Literal["mcnemar", "wilcoxon"]
NoiseSource = Literal["repeats", "against", "assumed"]

wilcoxon_efficiency = 3 / math.pi
"""Asymptotic relative efficiency of Wilcoxon's signed-rank test against the t-test on
normal data (Lehmann 1975): it needs ``1 / (3/pi)`` ≈ 1.05 times the t-test's cases."""

_MAX_CASES = 10_000_000
_EXACT_UP_TO = 20_000
"""Beyond this many cases McNemar's power is Connor's approximation, not the exact sum."""


class PowerAnswer(_Result):
    """The two answers for one value (a layer's pass rate, a judge's score)."""

    design: Design
    """``mcnemar`` (pass/fail, one trial per case) or ``wilcoxon`` (per-case means)."""
    n_cases: int
    """Cases the comparison would pair."""
    alpha: float
    """The level each test is held to (the family's Holm level: alpha / tests)."""
    power: float
    """The target power."""
    noise: float
    """Discordance ``psi0`` (mcnemar) or the SD of per-case differences (wilcoxon)."""
    ceiling: float | None
    """The largest possible drop (the pass rate itself), None for scores."""
    detectable: float | None
    """The smallest drop detected with `power` on `n_cases`; None when no drop up to the
    ceiling is (too few cases)."""
    drop: float
    """The drop asked about."""
    needed: int | None
    """Cases needed to detect `drop` with `power`; None when `drop` exceeds the ceiling."""


class Noise(_Result):
    """How much a value moves by chance between two runs, measured from the data at hand."""

    design: Design
    """The test a comparison of such runs would use (`fourfold.stats.paired_difference`)."""
    noise: float
    """Discordance ``psi0`` (mcnemar) or the SD of per-case differences (wilcoxon)."""
    source: NoiseSource
    """``repeats``: from the spread of each case's repeats; ``against``: from the
    per-case differences with another run; ``assumed``: not measurable (one trial per
    case and no other run), so the runs are assumed uncorrelated, the worst case."""
    n_cases: int
    """Cases with values (on both sides, with another run)."""
    repeats: int
    """Trials per case (the median)."""
    mean: float
    """Mean over cases of the per-case mean: the pass rate, or the mean score."""
    binary: bool
    """Every value is 0 or 1 (pass/fail)."""
    repeat_discordance: float | None = None
    """Pass/fail with repeats: the chance two repeats of a case disagree, averaged over
    cases (what McNemar's discordance would be with one trial per case)."""

    @property
    def step(self) -> float:
        """The smallest move of one case's value (the exact floor in the module's docstring).

        ``1/k`` for pass/fail with ``k`` repeats, 0 for scores.
        """
        return 1.0 / max(1, self.repeats) if self.binary else 0.0


def measure_noise(
    values_by_case: Mapping[str, Sequence[float]],
    against_by_case: Mapping[str, Sequence[float]] | None = None,
) -> Noise | None:
    """Measure the chance variation of a value, per case, for `paired_power`.

    Pass/fail with one trial per case gives the McNemar design; its discordance is the
    share of cases the other run (`against_by_case`, another version or a rerun)
    decided differently, else ``2p(1-p)`` (the two runs uncorrelated: pairing then gains
    nothing, the worst a paired design does short of runs that disagree on purpose).
    Otherwise the design is Wilcoxon on per-case means, and the SD of the per-case
    differences is measured against the other run, or from the repeats: two runs of
    ``k`` repeats differ on a case by ``sqrt(2 s^2 / k)``, ``s^2`` the variance of the
    case's repeats averaged over cases. With one score per case and no other run, it is
    ``sqrt(2)`` times the SD of the scores (uncorrelated runs, again the worst case).

    Args:
        values_by_case: per case, its values (1/0 for pass/fail, or scores).
        against_by_case: another run's values, paired by case.

    Returns:
        The noise, or None when no case has values (on both sides).

    Examples:
        >>> measure_noise({"a": [1], "b": [0], "c": [1], "d": [1]}).noise
        0.375
        >>> n = measure_noise({"a": [1, 0], "b": [1, 1]})
        >>> n.design, n.source, round(n.noise, 3), n.repeat_discordance
        ('wilcoxon', 'repeats', 0.5, 0.5)
    """
    keys = [
        k
        for k in values_by_case
        if len(values_by_case[k]) and (against_by_case is None or len(against_by_case.get(k, ())))
    ]
    if not keys:
        return None
    rows = [as_floats(values_by_case[k], name=f"values of {k!r}") for k in keys]
    other = (
        None
        if against_by_case is None
        else [as_floats(against_by_case[k], name=f"other run's values of {k!r}") for k in keys]
    )
    every = [*rows, *(other or [])]
    binary = all(bool(np.all((r == 0) | (r == 1))) for r in every)
    repeats = int(np.median([len(r) for r in every]))
    means = np.array([float(r.mean()) for r in rows])

    def made(design: Design, noise: float, source: NoiseSource, disagree: float | None) -> Noise:
        return Noise(
            design=design,
            noise=noise,
            source=source,
            n_cases=len(keys),
            repeats=repeats,
            mean=float(means.mean()),
            binary=binary,
            repeat_discordance=disagree,
        )

    if binary and all(len(r) == 1 for r in every):
        if other is None:
            p = float(means.mean())
            return made("mcnemar", 2 * p * (1 - p), "assumed", None)
        flips = sum(r[0] != o[0] for r, o in zip(rows, other, strict=True))
        return made("mcnemar", flips / len(keys), "against", None)
    spread = [r for r in rows if len(r) >= 2]
    disagree = (
        float(np.mean([2 * r.mean() * (1 - r.mean()) * len(r) / (len(r) - 1) for r in spread]))
        if binary and spread
        else None
    )
    if other is not None:
        diffs = np.array([float(o.mean()) for o in other]) - means
        sd = float(np.std(diffs, ddof=1)) if len(diffs) >= 2 else 0.0
        source: NoiseSource = "against"
    elif spread:
        within = float(np.mean([np.var(r, ddof=1) for r in spread]))
        sd, source = math.sqrt(2 * within / repeats), "repeats"
    else:
        sd = math.sqrt(2) * float(np.std(means, ddof=1)) if len(means) >= 2 else 0.0
        source = "assumed"
    return made("wilcoxon", sd, source, disagree)


def min_flips(alpha: float) -> int:
    """The fewest cases that must move, all one way, for an exact paired test to reach `alpha`.

    Examples:
        >>> min_flips(0.05), min_flips(0.0125)
        (6, 8)
    """
    m = 1
    while smallest_p(m) >= alpha:
        m += 1
    return m


def paired_power(
    design: Design,
    n_cases: int,
    drop: float,
    noise: float,
    *,
    alpha: float,
    step: float | None = None,
) -> float:
    """The power of the paired test to detect `drop` on `n_cases` (the module's models).

    Args:
        design: ``mcnemar`` or ``wilcoxon``.
        n_cases: cases paired.
        drop: the true drop, > 0.
        noise: discordance (mcnemar) or SD of per-case differences (wilcoxon).
        alpha: the two-sided level.
        step: the smallest move of one case's value (default: 1 for mcnemar, 0 for
            wilcoxon, as for scores; give ``1/k`` for the pass shares of ``k`` repeats).

    Returns:
        The probability of a significant result, 0 below the exact floor.

    Examples:
        >>> round(paired_power("wilcoxon", 34, 0.5, 1.0, alpha=0.05), 2)
        0.79
    """
    _check(drop=drop, noise=noise, alpha=alpha)
    m = min_flips(alpha)
    if n_cases < m or n_cases * drop < m * _step(design, step) - 1e-12:
        return 0.0
    if design == "mcnemar":
        return _mcnemar_power(n_cases, drop, noise, alpha)
    if noise == 0:
        return 1.0
    effective = n_cases * wilcoxon_efficiency
    if effective < 2:
        return 0.0
    return _t_power(drop / noise, effective, alpha)


def cases_needed(
    design: Design,
    drop: float,
    noise: float,
    *,
    alpha: float,
    power: float = 0.8,
    step: float | None = None,
) -> int:
    """The fewest cases for which `paired_power` reaches `power` (`step` as there).

    Examples:
        >>> cases_needed("wilcoxon", 0.5, 1.0, alpha=0.05)  # t needs 34 (Cohen 1988)
        35
        >>> cases_needed("mcnemar", 0.1, 0.1, alpha=0.05)  # Connor's formula says 155
        168
    """
    _check(drop=drop, noise=noise, alpha=alpha, power=power)
    m = min_flips(alpha)
    floor = max(m, math.ceil(m * _step(design, step) / drop - 1e-9))
    if design == "mcnemar":
        n = _connor_cases(drop, noise, alpha=alpha, power=power)
        if n > _EXACT_UP_TO:
            return n  # the normal approximation is as good as exact here
        n = int(n * 0.9)  # the exact test needs a few more cases than Connor's formula
    elif noise == 0:
        n = 1
    else:
        from scipy.stats import norm

        # The normal approximation, a little under the t-test's need: a start to step from.
        z_cases = ((norm.ppf(1 - alpha / 2) + norm.ppf(power)) * noise / drop) ** 2
        n = math.floor(z_cases / wilcoxon_efficiency)
    n = max(n, floor, 2 if design == "wilcoxon" else 1)
    # Step up from the approximation until the power is there.
    while n < _MAX_CASES and paired_power(design, n, drop, noise, alpha=alpha, step=step) < power:
        n += 1
    return n


def _t_power(effect: float, nobs: float, alpha: float) -> float:
    """The two-sided one-sample (paired) t-test's power, from the noncentral t.

    statsmodels' ``TTestPower().power`` computes the same (tests/stats/test_power.py
    checks it); statsmodels is not a dependency of fourfold, so compare does not need it.
    """
    from scipy.stats import nct, t

    df = nobs - 1
    shift = effect * math.sqrt(nobs)
    upper, lower = t.isf(alpha / 2, df), t.ppf(alpha / 2, df)
    return float(nct.sf(upper, df, shift) + nct.cdf(lower, df, shift))


def _mcnemar_power(n: int, drop: float, noise: float, alpha: float) -> float:
    """The exact power of `mcnemar_exact` on `n` cases under the module's model.

    The discordant count ``m`` is Binomial(n, psi); given ``m``, the test rejects when the
    pass-to-fail count ``b`` is at most ``k`` or at least ``m - k``, ``k`` the largest
    count whose two-sided binomial p-value is below alpha; ``b`` is Binomial(m, p10 / psi).
    """
    from scipy.stats import binom

    psi = min(1.0, noise + drop)
    if psi <= 0:
        return 0.0
    m, k = _rejection_bounds(n, alpha)
    q = min(1.0, (noise / 2 + drop) / psi)  # a discordant case moved pass -> fail
    # b <= k or b >= m - k: two tails that never meet, as alpha < 1 keeps k below m / 2
    low_tail = np.where(k >= 0, binom.cdf(k, m, q), 0.0)
    high_tail = np.where(k >= 0, binom.sf(m - k - 1, m, q), 0.0)
    reject = low_tail + high_tail
    return float(np.clip(np.sum(binom.pmf(m, n, psi) * reject), 0.0, 1.0))


@functools.lru_cache(maxsize=256)
def _rejection_bounds(n: int, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """For each discordant count ``m`` of 0..n, the largest ``k`` with 2 P(B <= k) < alpha.

    It does not depend on the drop, so the bisection of `detectable_drop` (some 60 powers
    on the same `n`) computes it once. The arrays are shared: read-only.
    """
    from scipy.stats import binom

    m = np.arange(n + 1)
    k = binom.ppf(alpha / 2, m, 0.5) - 1  # the largest k with 2 P(B <= k) < alpha
    k = np.where(2 * binom.cdf(k + 1, m, 0.5) < alpha, k + 1, k)  # ppf's rounding, both ways
    m.flags.writeable = False
    k.flags.writeable = False
    return m, k


def _connor_cases(drop: float, noise: float, *, alpha: float, power: float) -> int:
    """Connor's (1987) normal-approximation sample size for McNemar's test."""
    from scipy.stats import norm

    psi = min(1.0, noise + drop)
    za, zb = norm.ppf(1 - alpha / 2), norm.ppf(power)
    spread = max(0.0, psi - drop * drop)
    return math.ceil(((za * math.sqrt(psi) + zb * math.sqrt(spread)) / drop) ** 2)


def detectable_drop(
    design: Design,
    n_cases: int,
    noise: float,
    *,
    alpha: float,
    power: float = 0.8,
    ceiling: float | None = None,
    step: float | None = None,
) -> float | None:
    """The smallest drop `paired_power` detects with `power` on `n_cases`.

    Args:
        design: ``mcnemar`` or ``wilcoxon``.
        n_cases: cases paired.
        noise: discordance (mcnemar) or SD of per-case differences (wilcoxon).
        alpha: the two-sided level.
        power: the target power.
        ceiling: the largest drop possible (a pass rate cannot fall below 0); for
            mcnemar it defaults to 1.
        step: the smallest move of one case's value (see `paired_power`).

    Returns:
        The drop, or None when none up to the ceiling is detectable.

    Examples:
        >>> round(detectable_drop("wilcoxon", 34, 1.0, alpha=0.05, power=0.79), 2)
        0.5
        >>> detectable_drop("mcnemar", 5, 0.1, alpha=0.05) is None  # 6 flips needed
        True
    """
    _check(drop=None, noise=noise, alpha=alpha, power=power)
    return _detectable_drop(design, n_cases, noise, alpha, power, ceiling, step)


@functools.lru_cache(maxsize=1024)
def _detectable_drop(
    design: Design,
    n_cases: int,
    noise: float,
    alpha: float,
    power: float,
    ceiling: float | None,
    step: float | None,
) -> float | None:
    """`detectable_drop` of valid arguments, each computed once per process.

    A bisection of some 60 exact powers (tens of milliseconds); a compare, its report and
    its page ask the same question of the same runs.
    """
    top = ceiling if ceiling is not None else (1.0 if design == "mcnemar" else None)
    m = min_flips(alpha)
    if n_cases < m:
        return None
    low = max(m * _step(design, step) / n_cases, 1e-9)
    if top is not None and low > top:
        return None

    def short(drop: float) -> bool:
        return paired_power(design, n_cases, drop, noise, alpha=alpha, step=step) < power

    if not short(low):
        return low
    high = top if top is not None else max(low, noise)
    while top is None and short(high):
        high *= 2
    if top is not None and short(high):
        return None
    for _ in range(60):  # bisection: power rises with the drop
        mid = (low + high) / 2
        low, high = (mid, high) if short(mid) else (low, mid)
    return high


def answer_power(
    design: Design,
    n_cases: int,
    noise: float,
    drop: float,
    *,
    alpha: float,
    power: float = 0.8,
    ceiling: float | None = None,
    step: float | None = None,
) -> PowerAnswer:
    """Both answers at once: the drop detectable on `n_cases`, the cases needed for `drop`.

    Examples:
        >>> a = answer_power("mcnemar", 40, 0.1, 0.1, alpha=0.0125, ceiling=0.9)
        >>> round(a.detectable, 3), a.needed
        (0.348, 229)
    """
    return PowerAnswer(
        design=design,
        n_cases=n_cases,
        alpha=alpha,
        power=power,
        noise=noise,
        ceiling=ceiling,
        detectable=detectable_drop(
            design, n_cases, noise, alpha=alpha, power=power, ceiling=ceiling, step=step
        ),
        drop=drop,
        needed=None
        if ceiling is not None and drop > ceiling
        else cases_needed(design, drop, noise, alpha=alpha, power=power, step=step),
    )


def _step(design: Design, step: float | None) -> float:
    if step is not None:
        return step
    return 1.0 if design == "mcnemar" else 0.0


def _check(*, drop: float | None, noise: float, alpha: float, power: float | None = None) -> None:
    if drop is not None and not drop > 0:
        raise ValueError(f"drop must be a positive number (0.05 = 5 points), got {drop}")
    if not noise >= 0 or not math.isfinite(noise):
        raise ValueError(f"noise must be a finite number ≥ 0, got {noise}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1 (e.g. 0.05), got {alpha}")
    if power is not None and not 0 < power < 1:
        raise ValueError(f"power must be between 0 and 1 (e.g. 0.8), got {power}")
