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


@pytest.mark.slow
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


def _split_half_by_sorting(run, n_resamples: int, seed: int, confidence: float = 0.95) -> float:
    """The split-half margin the plain way: sort every case's keys, average each half."""
    rng = np.random.default_rng(seed)
    cases = [np.asarray(run[key], dtype=float) for key in sorted(run)]
    cases = [c for c in cases if len(c) >= 2]
    total = np.zeros(n_resamples)
    for r in sorted({len(c) for c in cases}):
        group = np.array([c for c in cases if len(c) == r])
        m, h = len(group), r // 2
        order = np.argsort(rng.random((n_resamples, m, r)), axis=2)
        shuffled = np.take_along_axis(np.broadcast_to(group, (n_resamples, m, r)), order, axis=2)
        halves = shuffled[..., :h].mean(axis=2) - shuffled[..., h : 2 * h].mean(axis=2)
        total += halves.sum(axis=1) * np.sqrt(h / r)
    return float(np.quantile(np.abs(total / len(cases)), confidence))


def _values(rng: np.random.Generator, kind: str, r: int) -> list[float]:
    if kind == "pass/fail":
        return (rng.uniform(size=r) < rng.uniform(0.2, 1.0)).astype(float).tolist()
    if kind == "halves":
        return (rng.integers(0, 9, r) / 2).tolist()
    if kind == "large":
        return rng.integers(0, 1000, r).astype(float).tolist()
    return rng.normal(0.6, 0.2, r).tolist()  # scores that do not add exactly


@pytest.mark.parametrize("kind", ["pass/fail", "halves", "large", "scores"])
@pytest.mark.parametrize(
    "repeats", [[2], [3], [4], [5], [6], [7], [8], [9], [16], [17], [1, 2, 5, 6], [2, 3, 10, 12]]
)
def test_split_half_equals_sorting_every_draw(kind, repeats) -> None:
    # Ranks instead of sorts, sums from ranks: the margin must be the sorted one exactly.
    rng = np.random.default_rng(len(repeats) * 100 + repeats[0])
    run = {f"c{i:03d}": _values(rng, kind, repeats[i % len(repeats)]) for i in range(60)}
    ours = noise_margin(run, rng=np.random.default_rng(21), n_resamples=300)
    assert ours.margin == _split_half_by_sorting(run, 300, 21)


@pytest.mark.slow  # 700 draws sorted one by one: a second
def test_split_half_over_several_blocks_equals_sorting_every_draw() -> None:
    run = _run(np.random.default_rng(22), _rates(23, 1500), 5)
    ours = noise_margin(run, rng=np.random.default_rng(24), n_resamples=700)
    assert ours.margin == _split_half_by_sorting(run, 700, 24)


def test_split_half_differs_from_sorting_with_another_seed() -> None:
    run = {f"c{i}": _values(np.random.default_rng(i), "scores", 5) for i in range(50)}
    ours = noise_margin(run, rng=np.random.default_rng(1), n_resamples=300)
    assert ours.margin != _split_half_by_sorting(run, 300, 2)


class _Repeats(list):
    """A sequence type the bulk conversion does not take: converted case by case."""


def test_any_sequence_type_gives_the_same_margin() -> None:
    rng = np.random.default_rng(25)
    run = {f"c{i}": _values(rng, "scores", 4) for i in range(30)}
    as_tuples = {k: tuple(v) for k, v in run.items()}
    as_arrays = {k: np.array(v) for k, v in run.items()}
    as_other = {k: _Repeats(v) for k, v in run.items()}
    margins = {
        noise_margin(values, rng=np.random.default_rng(3)).margin
        for values in (run, as_tuples, as_arrays, as_other)
    }
    assert len(margins) == 1


@pytest.mark.parametrize(
    ("run", "message"),
    [
        ({"a": [1.0, float("nan")]}, "values of 'a' contains NaN"),
        ({"a": [1.0, 0.0], "b": [[1.0, 0.0]]}, "values of 'b' must be a flat"),
        ({"a": "10"}, "values of 'a' must be a flat"),
    ],
)
def test_refuses_bad_values_naming_the_case(run, message) -> None:
    with pytest.raises(ValueError, match=message):
        noise_margin(run, rng=np.random.default_rng(0))
