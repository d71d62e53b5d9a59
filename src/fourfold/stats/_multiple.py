"""Corrections for testing many things at once."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._result import as_floats

__all__ = ["holm"]


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979), in the order given.

    Controls the family-wise error rate like Bonferroni without assuming anything
    about dependence between the tests, and is never less powerful: the smallest
    p-value is multiplied by m, the next by m - 1, and so on, each adjusted value
    kept at least as large as the one before and at most 1. Reject where the
    adjusted value is below alpha. Leave out tests whose p-value is undefined (None)
    before calling: they are not part of the family.

    Args:
        p_values: Raw p-values, each between 0 and 1.

    Returns:
        Adjusted p-values, one per input, in the input order.

    Examples:
        >>> holm([0.01, 0.04, 0.03, 0.5])
        [0.04, 0.09, 0.09, 0.5]
    """
    p = as_floats(p_values, name="p_values")
    if np.any((p < 0) | (p > 1)):
        raise ValueError(f"p_values must lie between 0 and 1, got {p[(p < 0) | (p > 1)][0]}")
    m = len(p)
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(stepped, 1.0)
    return [float(v) for v in adjusted]
