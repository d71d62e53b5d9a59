"""The noise margin: it shrinks with cases, covers chance moves, and flags real ones."""

from __future__ import annotations

import numpy as np
import pytest

from fourfold.stats import NoiseMargin, noise_margin, paired_difference


def _run(rng: np.random.Generator, rates: np.ndarray, repeats: int) -> dict[str, list[int]]:
    return {
        f"case{i:03d}": (rng.uniform(size=repeats) < p).astype(int).tolist()
        for i, p in enumerate(rates)
    }


def _layer_mean(run: dict[str, list[int]]) -> float:
    return float(np.mean([np.mean(v) for v in run.values()]))


def _rates(seed: int, cases: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(0.2, 1.0, cases)


@pytest.mark.parametrize("repeats", [2, 4, 5])
def test_margin_shrinks_with_more_cases(repeats) -> None:
    rng = np.random.default_rng(0)
    few = noise_margin(_run(rng, _rates(1, 20), repeats), rng=np.random.default_rng(1))
    many = noise_margin(_run(rng, _rates(2, 400), repeats), rng=np.random.default_rng(1))
    assert few.margin is not None and many.margin is not None
    assert many.margin < few.margin / 2  # ~ 1/sqrt(20): 4.5 times smaller
    assert (few.n_cases, many.n_cases, few.k) == (20, 400, repeats)


def test_split_half_margin_covers_chance_moves_between_whole_runs() -> None:
    # The margin is scaled to whole runs: reruns of the same version should exceed it
    # about 5% of the time (not ~0.5%, as an unscaled half-run margin would give).
    rates = _rates(3, 100)
    rng = np.random.default_rng(4)
    run = _run(rng, rates, 4)
    margin = noise_margin(run, rng=np.random.default_rng(5))
    moves = [
        _layer_mean(_run(rng, rates, 4)) - _layer_mean(_run(rng, rates, 4)) for _ in range(400)
    ]
    exceeded = np.mean([margin.exceeds(m) for m in moves])
    assert 0.01 <= exceeded <= 0.12


def test_a_shift_larger_than_the_margin_is_flagged_a_smaller_one_is_not() -> None:
    rates = _rates(6, 150)
    rng = np.random.default_rng(7)
    baseline = _run(rng, rates, 3)
    margin = noise_margin(baseline, rng=np.random.default_rng(8))
    assert margin.margin is not None
    worse = _run(rng, np.clip(rates - 0.2, 0, 1), 3)
    same = _run(rng, rates, 3)
    assert margin.exceeds(_layer_mean(worse) - _layer_mean(baseline))
    assert not margin.exceeds(_layer_mean(same) - _layer_mean(baseline))
    assert margin.exceeds(margin.margin * 1.01) and margin.exceeds(-margin.margin * 1.01)
    assert not margin.exceeds(margin.margin * 0.99)


def test_aa_margin_is_the_paired_interval_half_width() -> None:
    rates = _rates(9, 80)
    rng = np.random.default_rng(10)
    a, b = _run(rng, rates, 2), _run(rng, rates, 3)
    margin = noise_margin(a, b, rng=np.random.default_rng(11), n_resamples=500)
    pair = paired_difference(a, b, rng=np.random.default_rng(11), n_resamples=500)
    assert margin.method == "aa_pair"
    assert margin.margin == pytest.approx(pair.interval.half_width)
    assert (margin.n_cases, margin.k) == (80, 2)


def test_aa_and_split_half_agree_roughly() -> None:
    rates = _rates(12, 200)
    rng = np.random.default_rng(13)
    a, b = _run(rng, rates, 4), _run(rng, rates, 4)
    split = noise_margin(a, rng=np.random.default_rng(14)).margin
    aa = noise_margin(a, b, rng=np.random.default_rng(14)).margin
    assert split is not None and aa is not None
    assert 0.6 < split / aa < 1.6


def test_scores_work_like_pass_rates() -> None:
    rng = np.random.default_rng(15)
    run = {i: rng.normal(2.5, 0.4, 3).tolist() for i in range(50)}
    wider = {i: rng.normal(2.5, 0.8, 3).tolist() for i in range(50)}
    a = noise_margin(run, rng=np.random.default_rng(1))
    b = noise_margin(wider, rng=np.random.default_rng(1))
    assert a.margin is not None and b.margin is not None
    assert a.margin < b.margin


@pytest.mark.parametrize(
    ("run", "n_cases", "k"),
    [({}, 0, 0), ({"a": [1], "b": [0]}, 0, 0), ({"a": [1, 1], "b": [0]}, 1, 2)],
)
def test_split_half_edge_cases(run, n_cases, k) -> None:
    margin = noise_margin(run, rng=np.random.default_rng(0), n_resamples=100)
    assert (margin.n_cases, margin.k) == (n_cases, k)
    if n_cases == 0:
        assert margin.margin is None


def test_deterministic_repeats_have_zero_margin() -> None:
    margin = noise_margin({"a": [1, 1, 1], "b": [0, 0, 0]}, rng=np.random.default_rng(0))
    assert margin.margin == 0.0
    assert margin.exceeds(0.01) and not margin.exceeds(0.0)


@pytest.mark.parametrize(("rerun", "n_cases"), [({"a": [1]}, 1), ({"z": [1]}, 0)])
def test_aa_margin_needs_two_cases(rerun, n_cases) -> None:
    margin = noise_margin({"a": [1], "b": [0]}, rerun, rng=np.random.default_rng(0))
    assert margin.margin is None and margin.n_cases == n_cases


def test_unmeasured_margin_calls_no_move_noise() -> None:
    margin = NoiseMargin(
        margin=None, method="split_half", n_cases=0, k=0, confidence=0.95, n_resamples=10
    )
    assert margin.exceeds(0.001) and margin.exceeds(-0.5)
    assert not margin.exceeds(0.0)


def test_same_seed_same_margin_different_seed_different() -> None:
    # Scores, not pass/fail: 0/1 half-differences are discrete, and two seeds can land
    # on the same quantile.
    rng = np.random.default_rng(16)
    run = {i: rng.normal(2.0, 0.5, 4).tolist() for i in range(60)}
    a = noise_margin(run, rng=np.random.default_rng(1))
    b = noise_margin(run, rng=np.random.default_rng(1))
    c = noise_margin(run, rng=np.random.default_rng(2))
    assert a == b
    assert a.margin != c.margin


def test_results_do_not_depend_on_block_size() -> None:
    # Many cases force the split-half draws into several blocks; the margin must still
    # be reproducible and consistent with a small n_resamples prefix.
    run = _run(np.random.default_rng(18), _rates(19, 3000), 2)
    a = noise_margin(run, rng=np.random.default_rng(3), n_resamples=700)
    b = noise_margin(run, rng=np.random.default_rng(3), n_resamples=700)
    assert a == b and a.margin is not None and a.margin > 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"confidence": 1.5}, "confidence"), ({"n_resamples": 0}, "n_resamples")],
)
def test_refuses_bad_parameters(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        noise_margin({"a": [1, 0]}, rng=np.random.default_rng(0), **kwargs)
