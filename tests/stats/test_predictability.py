"""Brier score, calibration error and AUROC, checked against scikit-learn."""

from __future__ import annotations

import numpy as np
import pytest

from fourfold.stats import (
    auroc,
    brier_score,
    calibration_bins,
    cluster_bootstrap_ci,
    expected_calibration_error,
    predictability,
)

# The reference implementations (scikit-learn) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.


def _sample(seed: int, n: int = 200) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    # Confidences on a coarse grid (ties, and values on the bin edges) and outcomes that
    # follow them loosely.
    p = rng.integers(0, 21, size=n) / 20
    y = (rng.random(n) < p * 0.8 + 0.1).astype(int)
    return p, y


@pytest.mark.parametrize("seed", range(5))
def test_brier_and_auroc_equal_scikit_learn(seed: int) -> None:
    from sklearn.metrics import brier_score_loss, roc_auc_score

    p, y = _sample(seed)
    assert brier_score(p, y) == pytest.approx(brier_score_loss(y, p), abs=1e-12)
    assert auroc(p, y) == pytest.approx(roc_auc_score(y, p), abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_bins_match_scikit_learns_calibration_curve(seed: int) -> None:
    from sklearn.calibration import calibration_curve

    p, y = _sample(seed)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=10, strategy="uniform")
    filled = [b for b in calibration_bins(p, y) if b.n]
    assert [b.success_rate for b in filled] == pytest.approx(list(prob_true), abs=1e-12)
    assert [b.mean_confidence for b in filled] == pytest.approx(list(prob_pred), abs=1e-12)
    # ECE from its definition over those bins.
    expected = sum(b.n * abs(b.success_rate - b.mean_confidence) for b in filled) / len(p)  # type: ignore[operator]
    assert expected_calibration_error(p, y) == pytest.approx(expected, abs=1e-12)


def test_edge_values_fall_in_the_lower_bin() -> None:
    bins = calibration_bins([0.0, 0.1, 0.1000001, 1.0], [0, 0, 1, 1])
    assert [b.n for b in bins[:2]] == [2, 1]
    assert bins[-1].n == 1
    assert len(bins) == 10 and sum(b.n for b in bins) == 4


def test_perfect_calibration_has_zero_error() -> None:
    p = [0.25] * 4 + [0.75] * 4
    y = [1, 0, 0, 0, 1, 1, 1, 0]
    assert expected_calibration_error(p, y) == 0.0


def test_auroc_is_none_with_one_class_and_others_are_defined() -> None:
    assert auroc([0.2, 0.9], [1, 1]) is None
    assert brier_score([0.2, 0.9], [1, 1]) == pytest.approx((0.64 + 0.01) / 2)
    assert brier_score([], []) is None
    assert expected_calibration_error([], []) is None


@pytest.mark.parametrize(
    ("conf", "succ", "message"),
    [
        ([1.5], [1], "between 0 and 1"),
        ([float("nan")], [1], "NaN"),
        ([0.5], [2], "pass/fail"),
        ([0.5, 0.2], [1], "same length"),
    ],
)
def test_bad_input_is_refused(conf: list[float], succ: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        brier_score(conf, succ)


def test_predictability_intervals_resample_cases() -> None:
    from sklearn.metrics import brier_score_loss, roc_auc_score

    conf = [[0.9, 0.8, 0.9], [0.2, 0.3], [0.7, 0.6, 0.5], [0.1], [0.95, 0.9]]
    succ = [[True, True, False], [False, False], [True, False, True], [False], [True, True]]
    a = predictability(conf, succ, rng=np.random.default_rng(3))
    b = predictability(conf, succ, rng=np.random.default_rng(3))
    assert a == b
    flat_p = [x for row in conf for x in row]
    flat_y = [x for row in succ for x in row]
    assert a.brier.estimate == pytest.approx(brier_score_loss(flat_y, flat_p))
    assert a.auroc.estimate == pytest.approx(roc_auc_score(flat_y, flat_p))
    assert a.n_cases == 5 and a.n_trials == 11
    for figure in (a.brier, a.ece, a.auroc):
        assert figure.low is not None and figure.high is not None
        assert figure.low <= figure.estimate <= figure.high  # type: ignore[operator]
        assert figure.n == 5
    # The Brier score is a mean of per-trial losses: its interval is the cluster
    # bootstrap of those losses, draw for draw.
    losses = [
        [(p - y) ** 2 for p, y in zip(cp, cy, strict=True)]
        for cp, cy in zip(conf, succ, strict=True)
    ]
    reference = cluster_bootstrap_ci(losses, rng=np.random.default_rng(3))
    assert a.brier.low == pytest.approx(reference.low)
    assert a.brier.high == pytest.approx(reference.high)


def test_predictability_of_nothing_and_of_one_case() -> None:
    empty = predictability([], [], rng=np.random.default_rng(0))
    assert empty.brier.estimate is None and empty.auroc.estimate is None
    assert empty.n_trials == 0
    one = predictability([[0.8, 0.4]], [[True, False]], rng=np.random.default_rng(0))
    assert one.auroc.estimate == 1.0
    assert one.auroc.low == one.auroc.high == 1.0


def test_resampled_figures_equal_the_pooled_trials_figures() -> None:
    # The bootstrap computes every resample's figures from per-case sums; they must equal
    # the figures of the resample's pooled trials (each case's trials as often as drawn),
    # with continuous confidences, ties, and resamples that drew only successes.
    from fourfold.stats._predictability import _CaseSums

    rng = np.random.default_rng(11)
    conf = [list(rng.choice([0.2, 0.5, 0.77, 1.0], size=3)) for _ in range(6)]
    conf += [list(rng.uniform(0, 1, size=int(rng.integers(1, 5)))) for _ in range(6)]
    succ = [[bool(rng.uniform() < c) for c in case] for case in conf]
    succ[0] = [True] * len(conf[0])
    cases = [(np.asarray(c, float), np.asarray(s, float)) for c, s in zip(conf, succ, strict=True)]
    draws = rng.integers(0, len(cases), size=(40, len(cases)))
    draws[0] = 0  # only case 0, all successes: no AUROC
    got = _CaseSums.of(cases, bins=10).replicates(draws)
    for r, draw in enumerate(draws):
        p = np.concatenate([cases[j][0] for j in draw])
        y = np.concatenate([cases[j][1] for j in draw])
        assert got["brier"][r] == pytest.approx(brier_score(p, y), abs=1e-12)
        assert got["ece"][r] == pytest.approx(expected_calibration_error(p, y), abs=1e-12)
        expected = auroc(p, y)
        if expected is None:
            assert np.isnan(got["auroc"][r])
        else:
            assert got["auroc"][r] == pytest.approx(expected, abs=1e-12)
