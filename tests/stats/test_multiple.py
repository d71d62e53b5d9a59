"""Holm's correction against statsmodels."""

from __future__ import annotations

import numpy as np
import pytest

from fourfold.stats import holm

# The reference implementations (statsmodels) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.


def _generated(seed: int, m: int) -> list[float]:
    rng = np.random.default_rng(seed)
    p = np.concatenate([rng.uniform(0, 0.05, m // 3), rng.uniform(0, 1, m - m // 3)])
    rng.shuffle(p)
    return p.tolist()


@pytest.mark.parametrize(
    "p_values",
    [
        _generated(0, 10),
        _generated(1, 50),
        _generated(2, 3),
        [0.01, 0.04, 0.03, 0.5],
        [0.02, 0.02, 0.02, 0.02],  # ties
        [0.0, 1.0],
        [1.0, 1.0, 1.0],
        [0.3],
        [0.001, 0.9, 0.001, 0.04],
    ],
)
def test_matches_statsmodels(p_values) -> None:
    from statsmodels.stats.multitest import multipletests

    expected = multipletests(p_values, method="holm")[1]
    assert holm(p_values) == pytest.approx(expected.tolist(), abs=1e-12)


def test_empty_family() -> None:
    assert holm([]) == []


def test_adjusted_values_keep_their_positions_and_never_shrink() -> None:
    p = _generated(5, 20)
    adjusted = holm(p)
    assert all(a >= raw for a, raw in zip(adjusted, p, strict=True))
    assert all(a <= 1 for a in adjusted)


@pytest.mark.parametrize("bad", [[0.5, 1.2], [-0.1], [float("nan")]])
def test_refuses_values_that_are_not_p_values(bad) -> None:
    with pytest.raises(ValueError):
        holm(bad)
