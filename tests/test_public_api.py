"""The public API: what `fourfold` and its public packages export, and nothing stale."""

from __future__ import annotations

import importlib

import pytest

import fourfold

PUBLIC = [
    "fourfold",
    "fourfold.agents",
    "fourfold.calibration",
    "fourfold.cases",
    "fourfold.checks",
    "fourfold.exchange",
    "fourfold.judges",
    "fourfold.models",
    "fourfold.monitor",
    "fourfold.promote",
    "fourfold.store",
    "fourfold.trace",
    "fourfold.integrations",
    "fourfold.integrations.otel",
    "fourfold.integrations.tau",
    "fourfold.runs",
    "fourfold.generate",
    "fourfold.report",
    "fourfold.report.html",
    "fourfold.stats",
]


def _isort_key(name: str) -> tuple[int, str]:
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


@pytest.mark.parametrize("module_name", PUBLIC)
def test_all_is_sorted_and_resolves(module_name: str) -> None:
    module = importlib.import_module(module_name)
    names = list(module.__all__)
    assert names == sorted(names, key=_isort_key), f"{module_name}.__all__ is not sorted"
    assert len(names) == len(set(names))
    for name in names:
        assert getattr(module, name) is not None, f"{module_name}.{name} does not resolve"


def test_top_level_covers_the_tour() -> None:
    for name in (
        "Case",
        "Trace",
        "check",
        "passed",
        "failed",
        "run",
        "load_suite",
        "Store",
        "compare",
        "tool",
        "Recorder",
        "evaluate_gate",
    ):
        assert name in fourfold.__all__


def test_public_packages_export_only_public_names() -> None:
    for module_name in PUBLIC:
        module = importlib.import_module(module_name)
        assert not [n for n in module.__all__ if n.startswith("_")]
