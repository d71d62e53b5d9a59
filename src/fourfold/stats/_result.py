"""The base of the result models, and the conversions every module shares."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, SupportsFloat

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict

FloatArray = npt.NDArray[np.float64]


class _Result(BaseModel):
    """A frozen, JSON-serializable result: stored with runs, compared in tests."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


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
