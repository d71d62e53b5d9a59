"""Power: checked against statsmodels, Cohen's table, and simulations of the exact tests."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fourfold.stats import (
    answer_power,
    cases_needed,
    detectable_drop,
    mcnemar_exact,
    measure_noise,
    min_flips,
    paired_power,
    wilcoxon_signed_rank,
)
from fourfold.stats._power import _connor_cases, _t_power, wilcoxon_efficiency

# The reference implementations (scipy, statsmodels) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.


def test_the_paired_t_numbers_are_statsmodels_and_cohens() -> None:
    from statsmodels.stats.power import TTestPower

    # Cohen (1988) / G*Power: a paired t-test needs 34 pairs for d = 0.5 at alpha 0.05
    # (two-sided) and 80% power. Wilcoxon needs 1 / (3/pi) times as many.
    t_cases = TTestPower().solve_power(effect_size=0.5, alpha=0.05, power=0.8)
    assert math.ceil(t_cases) == 34
    needed = cases_needed("wilcoxon", 0.5, 1.0, alpha=0.05, power=0.8)
    assert needed == math.ceil(t_cases / wilcoxon_efficiency)
    assert paired_power("wilcoxon", needed, 0.5, 1.0, alpha=0.05) >= 0.8
    assert paired_power("wilcoxon", needed - 1, 0.5, 1.0, alpha=0.05) < 0.8
    # detectable and needed are inverses of each other
    drop = detectable_drop("wilcoxon", needed, 1.0, alpha=0.05)
    assert drop is not None and drop <= 0.5
    assert drop == pytest.approx(0.5, abs=0.01)


@pytest.mark.parametrize(
    ("effect", "nobs", "alpha"), [(0.5, 34, 0.05), (0.2, 100.5, 0.0125), (1.3, 3.2, 0.05)]
)
def test_the_t_power_is_statsmodels_ttest_power(effect: float, nobs: float, alpha: float) -> None:
    from statsmodels.stats.power import TTestPower

    expected = TTestPower().power(effect_size=effect, nobs=nobs, alpha=alpha)
    assert _t_power(effect, nobs, alpha) == pytest.approx(expected, rel=1e-9)
    wilcoxon = paired_power("wilcoxon", 40, effect, 1.0, alpha=alpha)
    assert wilcoxon == pytest.approx(
        TTestPower().power(effect_size=effect, nobs=40 * wilcoxon_efficiency, alpha=alpha)
    )


def _simulated_mcnemar_power(
    n: int, noise: float, drop: float, alpha: float, rng: np.random.Generator, runs: int = 4000
) -> float:
    """Share of simulated paired samples whose exact McNemar test is significant."""
    from scipy import stats as sps

    p10, p01 = noise / 2 + drop, noise / 2
    cells = rng.multinomial(n, [p10, p01, 1 - p10 - p01], size=runs)
    b, c = cells[:, 0], cells[:, 1]
    # mcnemar_exact's p-value, for every sample at once (checked against it below)
    p = np.where(b + c > 0, np.minimum(1.0, 2 * sps.binom.cdf(np.minimum(b, c), b + c, 0.5)), 1.0)
    for i in range(5):
        one = mcnemar_exact([1] * b[i] + [0] * c[i], [0] * b[i] + [1] * c[i])
        assert one.p_value == pytest.approx(p[i])
    return float(np.mean(p < alpha))


@pytest.mark.parametrize(
    ("n", "noise", "drop", "alpha"),
    [(100, 0.10, 0.10, 0.05), (200, 0.20, 0.08, 0.0125), (60, 0.05, 0.15, 0.05)],
)
def test_mcnemar_power_matches_a_simulation_of_the_exact_test(
    n: int, noise: float, drop: float, alpha: float
) -> None:
    simulated = _simulated_mcnemar_power(n, noise, drop, alpha, np.random.default_rng(7))
    # the exact power against the exact test it plans for
    assert paired_power("mcnemar", n, drop, noise, alpha=alpha) == pytest.approx(
        simulated, abs=0.03
    )


def test_cases_needed_for_mcnemar_are_what_the_exact_test_needs() -> None:
    # Connor (1987): ((1.96 sqrt(.2) + 0.8416 sqrt(.2 - .01)) / .1)^2 = 154.6, the textbook
    # answer; the exact test compare runs falls short of 80% there, so more are asked for.
    assert _connor_cases(0.1, 0.1, alpha=0.05, power=0.8) == 155
    n = cases_needed("mcnemar", 0.1, 0.1, alpha=0.05, power=0.8)
    assert n == 168
    rng = np.random.default_rng(3)
    assert _simulated_mcnemar_power(155, 0.1, 0.1, 0.05, rng) < 0.8
    assert _simulated_mcnemar_power(n, 0.1, 0.1, 0.05, rng) == pytest.approx(0.8, abs=0.025)


def test_the_exact_floor_no_drop_under_the_flips_a_test_needs() -> None:
    from scipy import stats as sps

    # 6 one-way flips are needed at alpha 0.05 (2/2^6 = 0.031), 8 at 0.0125
    assert (min_flips(0.05), min_flips(0.0125)) == (6, 8)
    # a noiseless agent: every discordant case is the drop, so the exact test finds it
    # when at least 6 of the 40 cases flip, which happens with 80% chance at this drop
    noiseless = detectable_drop("mcnemar", 40, 0.0, alpha=0.05)
    assert noiseless is not None and noiseless > 6 / 40
    assert sps.binom.sf(5, 40, noiseless) == pytest.approx(0.8, abs=1e-6)
    # the t approximation has no such floor of its own: the exact one is all there is.
    # Pass shares of 3 repeats move by thirds: 8 cases losing one repeat each at 0.0125
    assert detectable_drop("wilcoxon", 40, 0.0, alpha=0.0125, step=1 / 3) == pytest.approx(8 / 120)
    assert cases_needed("wilcoxon", 0.05, 0.0, alpha=0.05, step=1.0) == 120  # 6 flips / 0.05
    # scores move by any amount: the floor is the 6 cases themselves
    assert cases_needed("wilcoxon", 0.05, 0.0, alpha=0.05) == 6
    assert paired_power("wilcoxon", 5, 1.0, 0.1, alpha=0.05) == 0.0
    # fewer cases than the flips needed: nothing is detectable
    assert detectable_drop("mcnemar", 5, 0.1, alpha=0.05) is None
    assert paired_power("mcnemar", 5, 1.0, 0.0, alpha=0.05) == 0.0
    # ...which is what the exact test says: 5 of 5 flipped is p = 0.0625
    assert wilcoxon_signed_rank([1] * 5, [0] * 5).p_value == pytest.approx(0.0625)


def test_more_noise_or_a_stricter_level_needs_a_larger_drop() -> None:
    quiet = detectable_drop("mcnemar", 100, 0.05, alpha=0.05)
    loud = detectable_drop("mcnemar", 100, 0.30, alpha=0.05)
    strict = detectable_drop("mcnemar", 100, 0.05, alpha=0.0125)
    assert quiet is not None and loud is not None and strict is not None
    assert quiet < loud and quiet < strict


def test_a_ceiling_bounds_the_drop() -> None:
    # a pass rate of 10% cannot fall by 20 points
    assert detectable_drop("mcnemar", 20, 0.3, alpha=0.05, ceiling=0.1) is None
    answer = answer_power("mcnemar", 20, 0.3, 0.2, alpha=0.05, ceiling=0.1)
    assert answer.detectable is None and answer.needed is None


def test_measure_noise_from_repeats_another_run_or_the_worst_case() -> None:
    # one trial per case, no other run: the runs assumed independent, 2p(1-p)
    single = measure_noise({"a": [1], "b": [1], "c": [0], "d": [1]})
    assert single is not None
    assert (single.design, single.source) == ("mcnemar", "assumed")
    assert single.noise == pytest.approx(2 * 0.75 * 0.25)
    # against another run: the share of cases that differ
    against = measure_noise(
        {"a": [1], "b": [1], "c": [0], "d": [1]}, {"a": [1], "b": [0], "c": [0], "d": [1]}
    )
    assert against is not None
    assert (against.design, against.source, against.noise) == ("mcnemar", "against", 0.25)
    # repeats: the within-case variance of the repeats, for two runs of k repeats
    flaky = measure_noise({"a": [1, 0, 1, 0], "b": [1, 1, 1, 1]})
    assert flaky is not None and flaky.design == "wilcoxon" and flaky.source == "repeats"
    within = (np.var([1, 0, 1, 0], ddof=1) + 0.0) / 2
    assert flaky.noise == pytest.approx(math.sqrt(2 * within / 4))
    assert flaky.repeat_discordance == pytest.approx((2 * 0.5 * 0.5 * 4 / 3 + 0) / 2)
    # scores, one per case, no other run: sqrt(2) times the SD of the scores
    scores = measure_noise({"a": [3.0], "b": [1.0], "c": [2.0]})
    assert scores is not None and scores.source == "assumed" and not scores.binary
    assert scores.noise == pytest.approx(math.sqrt(2) * 1.0)
    assert measure_noise({}) is None and measure_noise({"a": [1]}, {"b": [1]}) is None


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cases_needed("wilcoxon", 0.0, 1.0, alpha=0.05), "drop must be a positive"),
        (lambda: cases_needed("wilcoxon", 0.1, -1.0, alpha=0.05), "noise must be"),
        (lambda: detectable_drop("mcnemar", 10, 0.1, alpha=1.5), "alpha must be between"),
        (lambda: detectable_drop("mcnemar", 10, 0.1, alpha=0.05, power=1.0), "power must be"),
    ],
)
def test_bad_arguments_say_what_is_wrong(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
