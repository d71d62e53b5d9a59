"""pass^k, pass@k and per-case consistency: brute force, Chen et al.'s estimator, τ-bench."""

from __future__ import annotations

import itertools
import json
import statistics
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from fourfold.stats import (
    ConsistencyRow,
    case_variance,
    consistency_table,
    count_successes,
    flaky_cases,
    outcome_consistency,
    pass_at_k,
    pass_hat_k,
)

TAU_AIRLINE = ("tau-bench", "historical_trajectories", "gpt-4o-airline.json")


def _generated(seed: int, cases: int, max_n: int) -> list[tuple[int, int]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(cases):
        n = int(rng.integers(1, max_n + 1))
        out.append((int(rng.binomial(n, rng.uniform())), n))
    return out


def _brute_force(pairs: list[tuple[int, int]], k: int, all_succeed: bool) -> float | None:
    """Enumerate every k-subset of each case's runs."""
    shares = []
    for c, n in pairs:
        if n < k:
            continue
        runs = [True] * c + [False] * (n - c)
        subsets = list(itertools.combinations(runs, k))
        hit = all if all_succeed else any
        shares.append(sum(hit(s) for s in subsets) / len(subsets))
    return sum(shares) / len(shares) if shares else None


def _chen_pass_at_k(n: int, c: int, k: int) -> float:
    """The numerically stable estimator from Chen et al. (2021), human-eval."""
    if n - c < k:
        return 1.0
    return float(1.0 - np.prod(1.0 - k / np.arange(n - c + 1, n + 1)))


@pytest.mark.parametrize("k", [1, 2, 3, 5])
@pytest.mark.parametrize(
    "pairs", [_generated(0, 30, 6), _generated(1, 10, 8), [(4, 4), (0, 4), (2, 4)]]
)
def test_pass_hat_k_and_pass_at_k_match_brute_force(pairs, k) -> None:
    hat, at = pass_hat_k(pairs, k), pass_at_k(pairs, k)
    expected_hat, expected_at = _brute_force(pairs, k, True), _brute_force(pairs, k, False)
    assert hat == (pytest.approx(expected_hat) if expected_hat is not None else None)
    assert at == (pytest.approx(expected_at) if expected_at is not None else None)


@pytest.mark.parametrize("k", [1, 2, 4, 10])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pass_at_k_matches_chen_et_al(seed, k) -> None:
    pairs = [(c, n) for c, n in _generated(seed, 50, 20) if n >= k]
    expected = np.mean([_chen_pass_at_k(n, c, k) for c, n in pairs])
    assert pass_at_k(pairs, k) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize(
    ("pairs", "k", "hat", "at"),
    [
        ([(3, 3), (0, 3)], 1, 0.5, 0.5),
        ([(3, 3), (0, 3)], 3, 0.5, 0.5),  # always or never: k changes nothing
        ([(1, 2)], 2, 0.0, 1.0),
        ([(1, 1), (2, 4)], 2, 1 / 6, 5 / 6),  # the 1-trial case is excluded at k=2
        ([(1, 1)], 2, None, None),
        ([], 1, None, None),
    ],
)
def test_pass_k_edge_cases(pairs, k, hat, at) -> None:
    assert pass_hat_k(pairs, k) == (pytest.approx(hat) if hat is not None else None)
    assert pass_at_k(pairs, k) == (pytest.approx(at) if at is not None else None)


def test_pass_k_accepts_a_mapping() -> None:
    assert pass_hat_k({"a": (2, 2), "b": (0, 2)}, 2) == 0.5


@pytest.mark.parametrize(
    ("pairs", "k", "message"),
    [([(1, 2)], 0, "k must be"), ([(3, 2)], 1, "0 <= c <= n"), ([(-1, 2)], 1, "0 <= c <= n")],
)
def test_pass_k_refuses_bad_counts(pairs, k, message) -> None:
    with pytest.raises(ValueError, match=message):
        pass_hat_k(pairs, k)


def test_pass_hat_k_never_rises_with_k_and_pass_at_k_never_falls() -> None:
    table = consistency_table([(c, 5) for c in (0, 1, 2, 3, 4, 5, 5, 3)])
    assert [row.k for row in table] == [1, 2, 3, 4, 5]
    assert all(a.pass_hat_k >= b.pass_hat_k for a, b in itertools.pairwise(table))
    assert all(a.pass_at_k <= b.pass_at_k for a, b in itertools.pairwise(table))
    assert table[0].pass_hat_k == table[0].pass_at_k


def test_consistency_table_rows() -> None:
    rows = consistency_table({"a": (2, 2), "b": (1, 3)}, ks=[1, 3])
    assert [(r.k, r.n_cases) for r in rows] == [(1, 2), (3, 1)]
    assert (rows[0].pass_hat_k, rows[0].pass_at_k) == pytest.approx((2 / 3, 2 / 3))
    assert rows[1] == ConsistencyRow(k=3, pass_hat_k=0.0, pass_at_k=1.0, n_cases=1)
    assert consistency_table([]) == []


def _tau_bench_successes(path: Path) -> dict[int, tuple[int, int]]:
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for run in json.loads(path.read_text()):
        counts[run["task_id"]][0] += abs(run["reward"] - 1) <= 1e-6  # τ-bench's is_successful
        counts[run["task_id"]][1] += 1
    return {task: (c, n) for task, (c, n) in counts.items()}


def test_reproduces_tau_bench_gpt4o_airline_pass_hat_k(shared: Callable[..., Path]) -> None:
    successes = _tau_bench_successes(shared(*TAU_AIRLINE))
    assert len(successes) == 50 and {n for _, n in successes.values()} == {4}
    published = {1: 0.420, 2: 0.27333, 3: 0.220, 4: 0.200}
    for k, expected in published.items():
        assert pass_hat_k(successes, k) == pytest.approx(expected, abs=5e-6)
    table = consistency_table(successes)
    assert [round(row.pass_hat_k, 3) for row in table] == [0.42, 0.273, 0.22, 0.2]


# --- per-case figures ---------------------------------------------------------------


def test_count_successes_and_flaky_cases() -> None:
    outcomes = {"a": [True, True], "b": [True, False, False], "c": [False], "d": []}
    successes = count_successes(outcomes)
    assert successes == {"a": (2, 2), "b": (1, 3), "c": (0, 1), "d": (0, 0)}
    assert flaky_cases(successes) == ["b"]


@pytest.mark.parametrize(
    ("successes", "flaky"),
    [({}, []), ({1: (0, 5), 2: (5, 5)}, []), ({1: (1, 5), 2: (4, 5), 3: (1, 1)}, [1, 2])],
)
def test_flaky_cases(successes, flaky) -> None:
    assert flaky_cases(successes) == flaky


def test_flaky_cases_refuses_bad_counts() -> None:
    with pytest.raises(ValueError):
        flaky_cases({"a": (4, 3)})


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        ({"a": ["x", "x", "x"]}, {"a": 1.0}),
        ({"a": ["x", "y", "x", "z"]}, {"a": 0.5}),
        ({"a": ["x", "y"]}, {"a": 0.5}),  # a tie of modes: either gives the same share
        ({"a": [1, 2, 3, 4]}, {"a": 0.25}),
        ({"a": [True]}, {"a": 1.0}),
        ({"a": []}, {}),
        ({"a": [("db", 1), ("db", 1), ("db", 2)]}, {"a": pytest.approx(2 / 3)}),
    ],
)
def test_outcome_consistency(outcomes, expected) -> None:
    assert outcome_consistency(outcomes) == expected


@pytest.mark.parametrize("seed", [0, 1])
def test_case_variance_matches_statistics(seed) -> None:
    rng = np.random.default_rng(seed)
    scores = {i: rng.normal(2, 1, rng.integers(2, 8)).tolist() for i in range(10)}
    sample = case_variance(scores)
    population = case_variance(scores, ddof=0)
    for case, values in scores.items():
        assert sample[case] == pytest.approx(statistics.variance(values))
        assert population[case] == pytest.approx(statistics.pvariance(values))


@pytest.mark.parametrize(
    ("scores", "ddof", "expected"),
    [
        ({"a": [2.0]}, 1, {"a": None}),
        ({"a": [2.0]}, 0, {"a": 0.0}),
        ({"a": []}, 0, {"a": None}),
        ({"a": [3.0, 3.0, 3.0]}, 1, {"a": 0.0}),
    ],
)
def test_case_variance_edge_cases(scores, ddof, expected) -> None:
    assert case_variance(scores, ddof=ddof) == expected
