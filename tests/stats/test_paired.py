"""Paired tests and the paired difference, against statsmodels and scipy."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fourfold.stats import (
    bootstrap_ci,
    cohen_h,
    cohens_dz,
    mcnemar_exact,
    paired_difference,
    paired_t,
    wilcoxon_signed_rank,
)

# The reference implementations (scipy, statsmodels) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.


def _pass_fail(seed: int, n: int, p_base: float, p_cand: float) -> tuple[list[bool], list[bool]]:
    rng = np.random.default_rng(seed)
    base = rng.uniform(size=n) < p_base
    flip = rng.uniform(size=n)
    cand = np.where(base, flip > (p_base - p_cand) / max(p_base, 1e-9), flip < 0.15)
    return base.tolist(), cand.tolist()


def _scores(seed: int, n: int, shift: float, ties: bool = False) -> tuple[list[float], list[float]]:
    rng = np.random.default_rng(seed)
    base = rng.normal(2, 0.6, n)
    cand = base + rng.normal(shift, 0.5, n)
    if ties:
        base, cand = np.round(base), np.round(cand)
    return base.tolist(), cand.tolist()


# --- McNemar ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "n", "p_base", "p_cand"),
    [
        (0, 50, 0.8, 0.6),
        (1, 200, 0.7, 0.72),
        (2, 15, 0.5, 0.9),
        (3, 400, 0.9, 0.85),
        (4, 8, 0.5, 0.5),
    ],
)
def test_mcnemar_matches_statsmodels(seed, n, p_base, p_cand) -> None:
    from statsmodels.stats.contingency_tables import mcnemar

    base, cand = _pass_fail(seed, n, p_base, p_cand)
    result = mcnemar_exact(base, cand)
    b = sum(x and not y for x, y in zip(base, cand, strict=True))
    c = sum(y and not x for x, y in zip(base, cand, strict=True))
    both = sum(x and y for x, y in zip(base, cand, strict=True))
    table = [[both, b], [c, n - both - b - c]]
    ref = mcnemar(table, exact=True)
    assert (result.b, result.c, result.n_discordant, result.n) == (b, c, b + c, n)
    assert result.statistic == ref.statistic
    assert result.p_value == pytest.approx(ref.pvalue, rel=1e-9)


@pytest.mark.parametrize(
    ("base", "cand", "b", "c", "p"),
    [
        ([1, 1, 0, 0], [1, 1, 0, 0], 0, 0, 1.0),  # identical runs: no discordant pair
        ([], [], 0, 0, 1.0),
        ([True] * 6, [False] * 6, 6, 0, 2 / 64),
        ([0] * 6, [1] * 6, 0, 6, 2 / 64),
        ([1, 0], [0, 1], 1, 1, 1.0),
        ([1], [0], 1, 0, 1.0),
    ],
)
def test_mcnemar_edge_cases(base, cand, b, c, p) -> None:
    result = mcnemar_exact(base, cand)
    assert (result.b, result.c) == (b, c)
    assert result.p_value == pytest.approx(p)


@pytest.mark.parametrize("bad", [[0.5, 1], [2, 0]])
def test_mcnemar_refuses_scores(bad) -> None:
    with pytest.raises(ValueError, match="pass/fail"):
        mcnemar_exact(bad, [1, 1])


# --- Wilcoxon -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "n", "shift", "ties"),
    [
        (0, 30, 0.3, False),
        (1, 10, 0.0, False),
        (2, 80, -0.2, False),
        # scipy's own answer with ties at 12 pairs is a permutation test: a second
        pytest.param(3, 12, 0.5, True, marks=pytest.mark.slow),
        (4, 60, 0.2, True),
    ],
)
def test_wilcoxon_matches_scipy(seed, n, shift, ties) -> None:
    from scipy import stats as sps

    base, cand = _scores(seed, n, shift, ties)
    result = wilcoxon_signed_rank(base, cand)
    ref = sps.wilcoxon(np.subtract(cand, base))  # zero_method="wilcox": zeros dropped
    assert result.statistic == pytest.approx(float(ref.statistic))
    assert result.p_value == pytest.approx(float(ref.pvalue), rel=1e-9)
    d = np.subtract(cand, base)
    assert (result.b, result.c, result.n_discordant) == (
        np.sum(d < 0),
        np.sum(d > 0),
        np.sum(d != 0),
    )


@pytest.mark.parametrize(
    "d",
    [
        [1.0, 1.0],
        [1.0, -1.0, 1.0, 1.0, 1.0],
        [-1.0, -1.0, -1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0],  # pass/fail: all tied
        [2 / 3, 1 / 3, -1 / 3, 1 / 3, 1.0, 2 / 3, 1 / 3, 1 / 3],  # means of three repeats
        [2.0, -1.0, 1.0, 3.0, 1.0, -2.0, 1.0],
        [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, -4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 6.5],  # 14: normal
    ],
)
def test_wilcoxon_with_ties_is_scipys_exhaustive_permutation_test(d: list[float]) -> None:
    from scipy import stats as sps

    # Up to 13 pairs with ties, scipy tries every sign flip; fourfold does the same with
    # its statistic vectorised. The p-values must be scipy's to the last bit.
    result = wilcoxon_signed_rank([0.0] * len(d), d)
    ref = sps.wilcoxon(np.round(d, 12))
    assert (result.statistic, result.p_value) == (float(ref.statistic), float(ref.pvalue))


@pytest.mark.parametrize(
    ("base", "cand"),
    [([1.0, 2.0, 3.0], [1.0, 2.0, 3.0]), ([], []), ([0.5], [0.5])],
)
def test_wilcoxon_all_zero_differences_give_p_one(base, cand) -> None:
    # scipy cannot rank nothing (it returns NaN); no difference at all is p = 1.
    result = wilcoxon_signed_rank(base, cand)
    assert (result.statistic, result.p_value, result.n_discordant) == (0.0, 1.0, 0)


def test_wilcoxon_keeps_rounding_noise_tied() -> None:
    from scipy import stats as sps

    # 0.1 - 0.3 is -0.19999999999999998, not -0.2: unrounded, it would rank below the
    # two +0.2 differences (W- = 1); as the tie it is, the three share rank 2.
    result = wilcoxon_signed_rank([0.0, 0.0, 0.3, 0.0], [0.2, 0.2, 0.1, 0.5])
    assert result.statistic == 2.0
    assert float(sps.wilcoxon([0.2, 0.2, 0.1 - 0.3, 0.5]).statistic) == 1.0


# --- paired t -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "n", "shift"), [(0, 30, 0.3), (1, 5, 0.0), (2, 100, -0.1), (3, 2, 1.0)]
)
def test_paired_t_matches_scipy(seed, n, shift) -> None:
    from scipy import stats as sps

    base, cand = _scores(seed, n, shift)
    result = paired_t(base, cand)
    ref = sps.ttest_rel(cand, base)
    assert result is not None
    assert result.statistic == pytest.approx(float(ref.statistic))
    assert result.p_value == pytest.approx(float(ref.pvalue))


@pytest.mark.parametrize(
    ("base", "cand", "statistic", "p"),
    [
        ([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 0.0, 1.0),  # no difference at all
        ([1.0, 2.0, 3.0], [2.0, 3.0, 4.0], None, None),  # constant shift: t is infinite
    ],
)
def test_paired_t_degenerate_differences(base, cand, statistic, p) -> None:
    result = paired_t(base, cand)
    assert result is not None
    assert (result.statistic, result.p_value) == (statistic, p)


@pytest.mark.parametrize(("base", "cand"), [([], []), ([1.0], [2.0])])
def test_paired_t_needs_two_pairs(base, cand) -> None:
    assert paired_t(base, cand) is None


# --- effect sizes -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("diffs", "expected"),
    [
        ([1.0, 2.0, 3.0], 2.0),
        ([0.5, -0.5, 0.5, -0.5], 0.0),
        ([0.0, 0.0], 0.0),
        ([1.0, 1.0], None),
        ([1.0], None),
        ([], None),
    ],
)
def test_cohens_dz(diffs, expected) -> None:
    assert cohens_dz(diffs) == (pytest.approx(expected) if expected is not None else None)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cohens_dz_is_t_over_root_n(seed) -> None:
    base, cand = _scores(seed, 25, 0.3)
    t = paired_t(base, cand)
    assert t is not None and t.statistic is not None
    assert cohens_dz(np.subtract(cand, base).tolist()) == pytest.approx(t.statistic / math.sqrt(25))


@pytest.mark.parametrize(
    ("p_base", "p_cand"),
    [(0.5, 0.5), (0.0, 1.0), (1.0, 0.0), (0.5, 0.75), (0.95, 0.99), (0.3, 0.1)],
)
def test_cohen_h_matches_statsmodels(p_base, p_cand) -> None:
    from statsmodels.stats.proportion import proportion_effectsize

    assert cohen_h(p_base, p_cand) == pytest.approx(proportion_effectsize(p_cand, p_base))


def test_cohen_h_weighs_moves_near_the_ceiling_more() -> None:
    assert cohen_h(0.95, 0.99) > cohen_h(0.50, 0.54)
    assert cohen_h(0.0, 1.0) == pytest.approx(math.pi)


@pytest.mark.parametrize(("p_base", "p_cand"), [(-0.1, 0.5), (0.5, 1.5)])
def test_cohen_h_refuses_non_proportions(p_base, p_cand) -> None:
    with pytest.raises(ValueError, match="proportion"):
        cohen_h(p_base, p_cand)


# --- paired difference --------------------------------------------------------------


def _runs(seed: int, cases: int, repeats: int, p_base: float, p_cand: float):
    rng = np.random.default_rng(seed)
    difficulty = rng.uniform(-0.3, 0.3, cases)
    base = {
        f"c{i}": (rng.uniform(size=repeats) < p_base + d).astype(int).tolist()
        for i, d in enumerate(difficulty)
    }
    cand = {
        f"c{i}": (rng.uniform(size=repeats) < p_cand + d).astype(int).tolist()
        for i, d in enumerate(difficulty)
    }
    return base, cand


def test_binary_single_trial_uses_mcnemar() -> None:
    base, cand = _runs(0, 60, 1, 0.7, 0.5)
    result = paired_difference(base, cand, rng=np.random.default_rng(0), n_resamples=300)
    keys = sorted(base)
    expected = mcnemar_exact([base[k][0] for k in keys], [cand[k][0] for k in keys])
    assert result.kind == "binary"
    assert result.test == expected
    assert result.t_test is None
    assert result.effect_size_name == "cohen_h"
    assert result.effect_size == pytest.approx(cohen_h(result.base_mean, result.cand_mean))
    assert (result.n_cases, result.base_trials, result.cand_trials) == (60, 60, 60)


def test_binary_repeats_use_wilcoxon_on_case_means() -> None:
    base, cand = _runs(1, 40, 4, 0.7, 0.5)
    result = paired_difference(base, cand, rng=np.random.default_rng(0), n_resamples=300)
    keys = sorted(base)
    base_means = [float(np.mean(base[k])) for k in keys]
    cand_means = [float(np.mean(cand[k])) for k in keys]
    assert result.kind == "binary"
    assert result.test == wilcoxon_signed_rank(base_means, cand_means)
    assert result.t_test is None
    assert result.base_mean == pytest.approx(np.mean(base_means))
    assert result.diff == pytest.approx(np.mean(cand_means) - np.mean(base_means))
    assert (result.base_trials, result.cand_trials) == (160, 160)


def test_scores_use_wilcoxon_with_t_beside_it() -> None:
    rng = np.random.default_rng(2)
    base = {i: rng.integers(0, 4, 3).tolist() for i in range(30)}
    cand = {i: rng.integers(1, 4, 3).tolist() for i in range(30)}
    result = paired_difference(base, cand, rng=np.random.default_rng(0), n_resamples=300)
    base_means = [float(np.mean(base[k])) for k in range(30)]
    cand_means = [float(np.mean(cand[k])) for k in range(30)]
    assert result.kind == "score"
    assert result.test == wilcoxon_signed_rank(base_means, cand_means)
    assert result.t_test == paired_t(base_means, cand_means)
    assert result.effect_size_name == "cohens_dz"
    assert result.effect_size == pytest.approx(
        cohens_dz(np.subtract(cand_means, base_means).tolist())
    )


def test_interval_is_a_bootstrap_over_cases() -> None:
    base, cand = _runs(3, 50, 3, 0.6, 0.6)
    result = paired_difference(base, cand, rng=np.random.default_rng(9), n_resamples=400)
    diffs = [np.mean(cand[k]) - np.mean(base[k]) for k in sorted(base)]
    expected = bootstrap_ci(diffs, n_resamples=400, rng=np.random.default_rng(9))
    assert result.interval == expected
    assert result.interval.n == 50


def test_pairs_only_cases_with_values_on_both_sides() -> None:
    base = {"a": [1], "b": [0], "c": [1], "d": []}
    cand = {"a": [1], "b": [1], "d": [1], "e": [0]}
    result = paired_difference(base, cand, rng=np.random.default_rng(0), n_resamples=100)
    assert result.n_cases == 2
    assert (result.base_mean, result.cand_mean, result.diff) == (0.5, 1.0, 0.5)


def test_no_shared_cases() -> None:
    result = paired_difference({"a": [1]}, {"b": [1]}, rng=np.random.default_rng(0))
    assert result.n_cases == 0
    assert (result.base_mean, result.cand_mean, result.diff, result.effect_size) == (None,) * 4
    assert (result.interval.low, result.interval.high) == (None, None)
    assert result.test.p_value == 1.0


def test_identical_runs() -> None:
    base, _ = _runs(4, 30, 1, 0.6, 0.6)
    result = paired_difference(base, dict(base), rng=np.random.default_rng(0), n_resamples=100)
    assert result.diff == 0.0
    assert (result.interval.low, result.interval.high) == (0.0, 0.0)
    assert result.test.p_value == 1.0
    assert result.effect_size == 0.0


def test_result_does_not_depend_on_mapping_order() -> None:
    base, cand = _runs(5, 30, 2, 0.6, 0.4)
    shuffled = dict(reversed(list(base.items())))
    a = paired_difference(base, cand, rng=np.random.default_rng(1), n_resamples=200)
    b = paired_difference(shuffled, cand, rng=np.random.default_rng(1), n_resamples=200)
    assert a == b


def test_same_seed_same_result_different_seed_different_interval() -> None:
    base, cand = _runs(6, 30, 2, 0.6, 0.4)
    a = paired_difference(base, cand, rng=np.random.default_rng(1), n_resamples=200)
    b = paired_difference(base, cand, rng=np.random.default_rng(1), n_resamples=200)
    c = paired_difference(base, cand, rng=np.random.default_rng(2), n_resamples=200)
    assert a == b
    assert a.interval != c.interval
    assert a.test == c.test


def test_detects_a_real_regression() -> None:
    base, cand = _runs(7, 200, 1, 0.8, 0.55)
    result = paired_difference(base, cand, rng=np.random.default_rng(0), n_resamples=500)
    assert result.interval.high < 0
    assert result.test.p_value < 0.001
    assert result.test.b > result.test.c


def _one_by_one(base, cand, seed: int, n_resamples: int):
    """The comparison's means and interval computed case by case, the plain way."""
    keys = sorted(k for k in base if k in cand and len(base[k]) and len(cand[k]))
    base_means = np.array([np.mean(np.asarray(base[k], dtype=float)) for k in keys])
    cand_means = np.array([np.mean(np.asarray(cand[k], dtype=float)) for k in keys])
    interval = bootstrap_ci(
        cand_means - base_means,
        lambda x: float(np.mean(x)),  # not np.mean itself: the per-resample path
        n_resamples=n_resamples,
        rng=np.random.default_rng(seed),
    )
    return base_means, cand_means, interval


@pytest.mark.parametrize(
    ("repeats", "kind"),
    [(1, "binary"), (5, "binary"), ((1, 9), "binary"), (3, "score"), ((2, 20), "score")],
)
def test_means_and_interval_equal_the_case_by_case_computation(repeats, kind) -> None:
    rng = np.random.default_rng(31)

    def values() -> list[float]:
        r = repeats if isinstance(repeats, int) else int(rng.integers(*repeats))
        if kind == "binary":
            return (rng.uniform(size=r) < 0.6).astype(float).tolist()
        return rng.normal(2.0, 0.7, r).tolist()

    base = {f"c{i:03d}": values() for i in range(80)}
    cand = {f"c{i:03d}": values() for i in range(80)}
    result = paired_difference(base, cand, rng=np.random.default_rng(4), n_resamples=300)
    base_means, cand_means, interval = _one_by_one(base, cand, 4, 300)
    assert result.base_mean == float(base_means.mean())
    assert result.cand_mean == float(cand_means.mean())
    assert result.interval.model_dump_json() == interval.model_dump_json()
    assert (result.base_trials, result.cand_trials) == (
        sum(len(v) for v in base.values()),
        sum(len(v) for v in cand.values()),
    )


class _Values(list):
    """A sequence type the bulk conversion does not take: converted case by case."""


def test_any_sequence_type_gives_the_same_comparison() -> None:
    base, cand = _runs(8, 40, 3, 0.6, 0.5)
    expected = paired_difference(base, cand, rng=np.random.default_rng(2), n_resamples=200)
    for convert in (tuple, np.array, _Values):
        result = paired_difference(
            {k: convert(v) for k, v in base.items()},
            {k: convert(v) for k, v in cand.items()},
            rng=np.random.default_rng(2),
            n_resamples=200,
        )
        assert result == expected


@pytest.mark.parametrize(
    ("base", "cand", "message"),
    [
        ({"a": [1.0]}, {"a": [float("inf")]}, "candidate values of 'a' contains NaN or inf"),
        ({"a": [1.0], "b": [None]}, {"a": [1.0], "b": [1.0]}, "baseline values of 'b'"),
        ({"a": [[1.0, 0.0]]}, {"a": [1.0]}, "baseline values of 'a' must be a flat"),
        ({"a": [1.0], "b": [np.array([1.0])]}, {"a": [1], "b": [1]}, "values of 'b' must be"),
        ({"a": "10"}, {"a": [1.0]}, "baseline values of 'a' must be a flat"),
    ],
)
def test_refuses_bad_values_naming_the_case(base, cand, message) -> None:
    with pytest.raises(ValueError, match=message):
        paired_difference(base, cand, rng=np.random.default_rng(0))
