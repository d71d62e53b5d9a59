"""Bootstrap intervals: against scipy.stats.bootstrap, edge cases, clusters, determinism."""

from __future__ import annotations

import numpy as np
import pytest

from fourfold.stats import Interval, bootstrap_ci, cluster_bootstrap_ci

# The reference implementations (scipy) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.


def _data(kind: str, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if kind == "normal":
        return rng.normal(3, 2, n)
    if kind == "skewed":
        return rng.exponential(1.5, n)
    if kind == "binary":
        return rng.binomial(1, 0.7, n).astype(float)
    return rng.integers(0, 4, n).astype(float)  # a 0-3 rubric score


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("statistic", [np.mean, np.median, np.std])
@pytest.mark.parametrize(
    ("kind", "n", "seed"),
    [("normal", 30, 1), ("skewed", 50, 2), ("binary", 40, 3), ("score", 25, 4), ("normal", 5, 5)],
)
def test_matches_scipy_bootstrap(method, statistic, kind, n, seed) -> None:
    from scipy import stats as sps

    x = _data(kind, n, seed)
    ours = bootstrap_ci(x, statistic, n_resamples=999, method=method, rng=np.random.default_rng(7))
    # The median of 0/1 or 0-3 data has a flat jackknife: BCa's acceleration is 0/0
    # (scipy warns and returns NaN); we fall back to the percentile interval.
    flat_jackknife = statistic is np.median and kind in ("binary", "score")
    expected_method = "percentile" if flat_jackknife else method
    ref = sps.bootstrap(
        (x,),
        statistic,
        n_resamples=999,
        method=expected_method,
        vectorized=False,
        rng=np.random.default_rng(7),
    )
    assert ours.method == expected_method
    assert ours.estimate == pytest.approx(float(statistic(x)), rel=1e-12)
    assert ours.low == pytest.approx(ref.confidence_interval.low, rel=1e-9, abs=1e-12)
    assert ours.high == pytest.approx(ref.confidence_interval.high, rel=1e-9, abs=1e-12)
    assert ours.low <= ours.estimate <= ours.high or method == "bca"


@pytest.mark.parametrize("confidence", [0.5, 0.9, 0.99])
def test_confidence_level_matches_scipy(confidence) -> None:
    from scipy import stats as sps

    x = _data("skewed", 60, 11)
    ours = bootstrap_ci(x, confidence=confidence, n_resamples=500, rng=np.random.default_rng(3))
    ref = sps.bootstrap(
        (x,),
        np.mean,
        n_resamples=500,
        method="percentile",
        confidence_level=confidence,
        rng=np.random.default_rng(3),
    )
    assert (ours.low, ours.high) == pytest.approx(tuple(ref.confidence_interval), rel=1e-9)
    assert ours.confidence == confidence


@pytest.mark.parametrize(
    ("values", "estimate", "low", "high"),
    [
        ([], None, None, None),
        ([0.4], 0.4, 0.4, 0.4),
        ([2.0, 2.0, 2.0], 2.0, 2.0, 2.0),
        ([1, 1, 1, 1], 1.0, 1.0, 1.0),
    ],
)
@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_degenerate_samples(values, estimate, low, high, method) -> None:
    ci = bootstrap_ci(values, method=method, n_resamples=200, rng=np.random.default_rng(0))
    assert (ci.estimate, ci.low, ci.high) == (estimate, low, high)
    assert ci.n == len(values)
    assert ci.undefined == 0


def test_bca_falls_back_to_percentile_when_undefined() -> None:
    # Constant data: every resample equals the estimate, BCa's bias term is infinite.
    ci = bootstrap_ci([5.0] * 6, method="bca", n_resamples=100, rng=np.random.default_rng(0))
    assert ci.method == "percentile"
    assert (ci.low, ci.high) == (5.0, 5.0)


def test_n_equals_one_draws_nothing() -> None:
    rng = np.random.default_rng(0)
    bootstrap_ci([3.0], rng=rng)
    assert rng.integers(0, 10**9) == np.random.default_rng(0).integers(0, 10**9)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_same_seed_same_interval(seed) -> None:
    x = _data("normal", 40, 9)
    a = bootstrap_ci(x, method="bca", rng=np.random.default_rng(seed))
    b = bootstrap_ci(x, method="bca", rng=np.random.default_rng(seed))
    assert a == b


def test_different_seed_different_interval() -> None:
    x = _data("normal", 40, 9)
    a = bootstrap_ci(x, rng=np.random.default_rng(0))
    b = bootstrap_ci(x, rng=np.random.default_rng(1))
    assert a.estimate == b.estimate
    assert (a.low, a.high) != (b.low, b.high)


def test_undefined_resamples_are_left_out_and_counted() -> None:
    def ratio(x: np.ndarray) -> float:
        return float(x.mean() / x.std()) if x.std() > 0 else float("nan")

    x = np.array([0.0, 1.0, 1.0, 1.0])  # a resample of only 1s has no spread
    ci = bootstrap_ci(x, ratio, n_resamples=500, rng=np.random.default_rng(0))
    assert 0 < ci.undefined < 500
    assert ci.low is not None and np.isfinite(ci.low)


def test_statistic_undefined_everywhere_gives_none() -> None:
    ci = bootstrap_ci([1.0, 2.0], lambda x: float("nan"), rng=np.random.default_rng(0))
    assert (ci.estimate, ci.low, ci.high) == (None, None, None)


def test_half_width() -> None:
    assert (
        Interval(estimate=1, low=0.5, high=1.5, confidence=0.95, n=3, n_resamples=10).half_width
        == 0.5
    )
    assert (
        Interval(
            estimate=None, low=None, high=None, confidence=0.95, n=0, n_resamples=10
        ).half_width
        is None
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"values": [1.0, float("nan")]}, "NaN"),
        ({"values": [1.0, float("inf")]}, "NaN or infinity"),
        ({"values": [[1.0, 2.0]]}, "flat sequence"),
        ({"values": [1.0, 2.0], "confidence": 1.0}, "confidence"),
        ({"values": [1.0, 2.0], "confidence": 0.0}, "confidence"),
        ({"values": [1.0, 2.0], "n_resamples": 0}, "n_resamples"),
    ],
)
def test_bad_input_is_refused(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        bootstrap_ci(rng=np.random.default_rng(0), **kwargs)


# --- cluster bootstrap --------------------------------------------------------------


def _naive_cluster_interval(clusters, statistic, n_resamples, confidence, seed):
    arrays = [np.asarray(c, dtype=float) for c in clusters if len(c)]
    draws = np.random.default_rng(seed).integers(0, len(arrays), size=(n_resamples, len(arrays)))
    reps = [statistic(np.concatenate([arrays[i] for i in row])) for row in draws]
    alpha = (1 - confidence) / 2
    return tuple(np.quantile(reps, [alpha, 1 - alpha]))


@pytest.mark.parametrize("statistic", [np.mean, np.median])
@pytest.mark.parametrize(("n_clusters", "seed"), [(5, 0), (30, 1), (80, 2)])
def test_cluster_bootstrap_matches_a_naive_implementation(statistic, n_clusters, seed) -> None:
    rng = np.random.default_rng(seed)
    clusters = [
        rng.binomial(1, rng.uniform(), rng.integers(1, 6)).tolist() for _ in range(n_clusters)
    ]
    ours = cluster_bootstrap_ci(clusters, statistic, n_resamples=300, rng=np.random.default_rng(4))
    low, high = _naive_cluster_interval(clusters, statistic, 300, 0.95, 4)
    assert ours.estimate == pytest.approx(float(statistic(np.concatenate(clusters))))
    assert (ours.low, ours.high) == pytest.approx((low, high), abs=1e-12)
    assert ours.n == n_clusters


def test_singleton_clusters_are_the_plain_bootstrap() -> None:
    x = _data("normal", 40, 3)
    plain = bootstrap_ci(x, n_resamples=400, rng=np.random.default_rng(5))
    clustered = cluster_bootstrap_ci(
        [[v] for v in x], n_resamples=400, rng=np.random.default_rng(5)
    )
    assert (clustered.low, clustered.high) == pytest.approx((plain.low, plain.high), abs=1e-12)


def test_correlated_repeats_widen_the_interval() -> None:
    # Ten identical repeats per case: 200 trials carry only 20 cases' worth of information.
    rng = np.random.default_rng(0)
    clusters = [[float(rng.integers(0, 2))] * 10 for _ in range(20)]
    trials = [v for c in clusters for v in c]
    by_case = cluster_bootstrap_ci(clusters, rng=np.random.default_rng(1))
    by_trial = bootstrap_ci(trials, rng=np.random.default_rng(1))
    assert by_case.half_width > 2 * by_trial.half_width


@pytest.mark.parametrize(
    ("clusters", "estimate", "n"),
    [([], None, 0), ([[], []], None, 0), ([[1, 0, 1]], 2 / 3, 1), ([[1, 1], []], 1.0, 1)],
)
def test_cluster_edge_cases(clusters, estimate, n) -> None:
    ci = cluster_bootstrap_ci(clusters, rng=np.random.default_rng(0))
    assert ci.estimate == (pytest.approx(estimate) if estimate is not None else None)
    assert ci.low == ci.high == ci.estimate
    assert ci.n == n


def test_cluster_same_seed_same_interval_different_seed_differs() -> None:
    clusters = [[1, 0, 1], [0, 0], [1, 1, 1, 0], [1], [0, 1]]
    a = cluster_bootstrap_ci(clusters, rng=np.random.default_rng(3))
    b = cluster_bootstrap_ci(clusters, rng=np.random.default_rng(3))
    c = cluster_bootstrap_ci(clusters, rng=np.random.default_rng(4), n_resamples=50)
    assert a == b
    assert a != c


# --- the vectorised mean --------------------------------------------------------------


def _generic_mean(x: np.ndarray) -> float:
    """np.mean under another name: the per-resample path, not the vectorised one."""
    return float(np.mean(x))


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize(
    ("kind", "n", "seed"),
    [
        ("normal", 2, 0),
        ("normal", 9, 1),
        ("skewed", 129, 2),
        ("binary", 40, 3),
        ("score", 25, 4),
        ("normal", 1000, 5),
    ],
)
def test_vectorised_mean_gives_the_generic_interval(method, kind, n, seed) -> None:
    x = _data(kind, n, seed)
    fast = bootstrap_ci(x, method=method, n_resamples=500, rng=np.random.default_rng(seed))
    slow = bootstrap_ci(
        x, _generic_mean, method=method, n_resamples=500, rng=np.random.default_rng(seed)
    )
    assert fast == slow
    assert fast.model_dump_json() == slow.model_dump_json()  # to the last bit


@pytest.mark.slow  # 5,000 observations x 2,000 resamples, the generic way too: 1.5 s
def test_vectorised_mean_over_several_blocks_gives_the_generic_interval() -> None:
    # 5,000 observations x 2,000 resamples is more than one block of resamples.
    x = _data("skewed", 5000, 6)
    fast = bootstrap_ci(x, rng=np.random.default_rng(1))
    slow = bootstrap_ci(x, _generic_mean, rng=np.random.default_rng(1))
    assert fast.model_dump_json() == slow.model_dump_json()


def test_vectorised_mean_differs_with_the_seed() -> None:
    x = _data("normal", 200, 7)
    a = bootstrap_ci(x, rng=np.random.default_rng(1))
    b = bootstrap_ci(x, _generic_mean, rng=np.random.default_rng(2))
    assert (a.low, a.high) != (b.low, b.high)


def _clusters(kind: str, sizes: list[int], seed: int) -> list[list[float]]:
    rng = np.random.default_rng(seed)
    if kind == "binary":
        return [rng.binomial(1, rng.uniform(), size).astype(float).tolist() for size in sizes]
    if kind == "halves":
        return [(rng.integers(0, 9, size) / 2).tolist() for size in sizes]
    if kind == "tenths":  # not exact in binary: summed element by element
        return [np.round(rng.uniform(0, 1, size), 1).tolist() for size in sizes]
    return [rng.normal(0, 1, size).tolist() for size in sizes]


@pytest.mark.parametrize("kind", ["binary", "halves", "tenths", "normal"])
@pytest.mark.parametrize(
    "sizes",
    [[1] * 30, [5] * 40, [1, 3, 2, 7, 4, 1, 9, 2, 5, 3] * 8, [0, 2, 0, 3, 1] * 6, [3] * 2],
    ids=["single", "equal", "mixed", "some-empty", "two"],
)
def test_cluster_mean_gives_the_generic_interval(kind, sizes) -> None:
    clusters = _clusters(kind, sizes, len(sizes))
    fast = cluster_bootstrap_ci(clusters, n_resamples=400, rng=np.random.default_rng(9))
    slow = cluster_bootstrap_ci(
        clusters, _generic_mean, n_resamples=400, rng=np.random.default_rng(9)
    )
    assert fast.model_dump_json() == slow.model_dump_json()


def test_cluster_mean_of_negative_zeros_gives_the_generic_interval() -> None:
    # numpy's sum of -0.0s is 0.0 (it starts from 0.0), and so is the integer shortcut's.
    clusters = [[-0.0, -0.0], [-0.0], [-0.0, -0.0, -0.0]] * 5
    fast = cluster_bootstrap_ci(clusters, n_resamples=200, rng=np.random.default_rng(0))
    slow = cluster_bootstrap_ci(
        clusters, _generic_mean, n_resamples=200, rng=np.random.default_rng(0)
    )
    assert fast.model_dump_json() == slow.model_dump_json()


def test_cluster_mean_of_large_counts_gives_the_generic_interval() -> None:
    # Sums near 2**53 cannot be trusted to be exact: element by element, as numpy does.
    clusters = [[2.0**50, 3.0, 1.0], [2.0**50 + 2, 5.0], [7.0]] * 4
    fast = cluster_bootstrap_ci(clusters, n_resamples=300, rng=np.random.default_rng(2))
    slow = cluster_bootstrap_ci(
        clusters, _generic_mean, n_resamples=300, rng=np.random.default_rng(2)
    )
    assert fast.model_dump_json() == slow.model_dump_json()


@pytest.mark.parametrize(
    ("clusters", "message"),
    [([[1.0, float("nan")]], "NaN"), ([[[1.0, 2.0]]], "flat sequence"), (["10"], "flat")],
)
def test_cluster_bootstrap_refuses_bad_values(clusters, message) -> None:
    with pytest.raises(ValueError, match=message):
        cluster_bootstrap_ci(clusters, rng=np.random.default_rng(0))
