"""The Examples: sections of the monitor's and promotion's functions run and pass."""

from __future__ import annotations

import doctest

import pytest

import fourfold.monitor as monitor
import fourfold.promote as promote

_FINDER = doctest.DocTestFinder()


@pytest.mark.parametrize(
    ("module", "name"),
    [
        (monitor, "p_chart"),
        (monitor, "parse_duration"),
        (monitor, "judged_sample"),
        (promote, "promoted_id"),
    ],
)
def test_examples_pass(module, name: str) -> None:
    tests = [
        t
        for t in _FINDER.find(getattr(module, name), name, module=False, globs=dict(vars(module)))
        if t.examples
    ]
    assert tests, f"{name} has no Examples: section"
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed (see output)"
