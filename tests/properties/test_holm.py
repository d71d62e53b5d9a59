"""Holm's adjusted p-values: at least the raw ones, at most 1, in the raw ones' order, and
statsmodels' figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourfold.stats import holm

# The reference implementations (statsmodels) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.

P_VALUES = st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=30)


@given(P_VALUES)
def test_adjusted_values_lie_between_the_raw_value_and_one(p: list[float]) -> None:
    adjusted = holm(p)
    assert len(adjusted) == len(p)
    assert all(raw <= adj <= 1.0 for raw, adj in zip(p, adjusted, strict=True))


@given(P_VALUES)
def test_adjusted_values_are_monotone_in_the_raw_ones(p: list[float]) -> None:
    adjusted = holm(p)
    for i, j in ((i, j) for i in range(len(p)) for j in range(len(p)) if p[i] <= p[j]):
        assert adjusted[i] <= adjusted[j], (p[i], p[j])


@settings(max_examples=15)  # one multipletests call takes ~0.1 s
@given(P_VALUES)
@pytest.mark.slow
def test_matches_statsmodels(p: list[float]) -> None:
    from statsmodels.stats.multitest import multipletests

    reference = multipletests(p, method="holm")[1]
    assert holm(p) == pytest.approx(list(reference), rel=1e-12, abs=1e-15)


@given(P_VALUES, st.randoms(use_true_random=False))
def test_the_order_given_does_not_change_a_test_s_adjusted_value(p: list[float], rng) -> None:
    order = list(range(len(p)))
    rng.shuffle(order)
    shuffled = holm([p[i] for i in order])
    assert [shuffled[order.index(i)] for i in range(len(p))] == holm(p)
