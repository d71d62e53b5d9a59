"""The base of the result models, and the conversions every module shares."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import numpy as np
import numpy.typing as npt

from ._base import _Result as _Result  # the models' base, kept importable from here

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def finite_or_none(value: SupportsFloat | None) -> float | None:
    """`value` as a float, or None when it is None, NaN or infinite (the None policy)."""
    if value is None:
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def as_floats(values: Sequence[float] | FloatArray, *, name: str = "values") -> FloatArray:
    """A 1-D float array of finite numbers, or ValueError saying what is wrong."""
    array: FloatArray = np.asarray(values, dtype=np.float64)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a flat sequence of numbers, got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        raise ValueError(
            f"{name} contains NaN or infinity; drop the missing values before calling "
            "(fourfold.stats never guesses what a missing value means)"
        )
    return array


def check_same_length(a: Sequence[Any], b: Sequence[Any], what: str = "a and b") -> None:
    """ValueError unless two paired sequences have the same length."""
    if len(a) != len(b):
        raise ValueError(
            f"{what} must be paired (the same length), got {len(a)} and {len(b)}; "
            "pair them by item or case before calling"
        )


def check_confidence(confidence: float, n_resamples: int) -> None:
    """ValueError unless 0 < confidence < 1 and n_resamples >= 1."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1 (e.g. 0.95), got {confidence}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1 (e.g. 2000), got {n_resamples}")


def exact_integers(values: FloatArray, bound: float) -> tuple[IntArray, int] | None:
    """`values` as integers times ``2**-exponent`` when every sum is exact, else None.

    When every value is an integer multiple of ``2**-exponent`` and any sum of them
    (up to `bound` in absolute value) stays below ``2**53`` such units, every partial
    sum is exactly representable: a sum comes out the same in any order, so it can be
    computed from subtotals, or in integers, instead of element by element in the
    order numpy would add them. Pass/fail values and scores in halves, quarters or
    whole points qualify; 0.1 or 0.7 do not.

    Args:
        values: The numbers to be summed.
        bound: The largest absolute value any sum of them (or any partial sum) can reach.

    Returns:
        The integers and the exponent, or None when some sum could round.
    """
    if not np.all(np.isfinite(values)):
        return None
    for exponent in range(0, 54):
        if math.ldexp(bound, exponent) >= 2.0**53:
            return None
        scaled = np.ldexp(values, exponent)
        if np.all(scaled == np.floor(scaled)):
            return scaled.astype(np.int64), exponent
    return None


def flat_floats(
    rows: Sequence[Sequence[float] | FloatArray], name: Callable[[int], str]
) -> tuple[FloatArray, IntArray]:
    """Many sequences of numbers as one flat array and each one's length.

    The same numbers (and the same errors) as `as_floats` on each row in turn, named
    ``name(i)`` for row ``i``, but converted in one go: a thousand cases of a few
    repeats each cost one conversion, not a thousand.
    """
    if all(type(row) in _FLAT_ROWS for row in rows):
        try:
            lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
            flat: FloatArray = np.asarray(list(itertools.chain.from_iterable(rows)), np.float64)
        except (TypeError, ValueError):
            pass  # a nested or odd value: the row by row conversion says which row
        else:
            if flat.shape == (int(lengths.sum()),) and np.all(np.isfinite(flat)):
                return flat, lengths
    arrays = [as_floats(row, name=name(i)) for i, row in enumerate(rows)]
    flat = np.concatenate(arrays) if arrays else np.empty(0)
    return flat, np.array([len(a) for a in arrays], dtype=np.int64)


# Row types whose items are the row's numbers; a string or a mapping is converted (and
# refused) row by row, as `as_floats` does it.
_FLAT_ROWS = (list, tuple, np.ndarray)


def rows_of_length(flat: FloatArray, lengths: IntArray, length: int) -> tuple[IntArray, FloatArray]:
    """The rows of `flat` (see `flat_floats`) with `length` values, stacked: which, values."""
    which = np.flatnonzero(lengths == length)
    starts = np.cumsum(lengths) - lengths
    return which, flat[starts[which, None] + np.arange(length)]


def row_means(flat: FloatArray, lengths: IntArray) -> FloatArray:
    """The mean of each row of `flat` (see `flat_floats`); every row must be nonempty.

    Rows of one length are stacked and averaged along the contiguous last axis, which
    adds each row exactly as ``np.mean`` of the row alone does: the same numbers.
    """
    out = np.empty(len(lengths))
    for length in np.unique(lengths):
        which, values = rows_of_length(flat, lengths, int(length))
        out[which] = values.mean(axis=1)
    return out
