"""The examples in the calibration modules' docstrings run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "fourfold.calibration._sample",
        "fourfold.calibration._labels",
        "fourfold.calibration._calibrate",
    ],
)
def test_examples_pass(module: str) -> None:
    result = doctest.testmod(
        importlib.import_module(module), optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.failed == 0
