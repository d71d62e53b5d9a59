"""The Examples: sections of every public name in fourfold.stats run and pass."""

from __future__ import annotations

import doctest

import pytest

import fourfold.stats as stats

_FINDER = doctest.DocTestFinder()


def _examples(name: str) -> list[doctest.DocTest]:
    tests = _FINDER.find(getattr(stats, name), name, module=False, globs=dict(vars(stats)))
    return [t for t in tests if t.examples]


FUNCTIONS = [n for n in stats.__all__ if callable(getattr(stats, n)) and n[0].islower()]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_examples_pass(name: str) -> None:
    tests = _examples(name)
    assert tests, f"{name} has no Examples: section"
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed (see output)"
