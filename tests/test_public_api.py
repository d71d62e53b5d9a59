"""The public API: what `fourfold` and its public packages export, and nothing stale."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys

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
    "fourfold.rubrics",
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


TOP_LEVEL = [
    "LAYERS",
    "Case",
    "Check",
    "CheckContext",
    "CheckResult",
    "Comparison",
    "ConfigError",
    "Evidence",
    "Forecast",
    "FourfoldError",
    "GateConfig",
    "GateReport",
    "Layer",
    "LayerRule",
    "LoadedSuite",
    "Message",
    "Passage",
    "PowerReport",
    "Recorder",
    "Resource",
    "Resources",
    "Run",
    "RunOptions",
    "RunOutcome",
    "Store",
    "Suite",
    "ToolCall",
    "ToolRequest",
    "Trace",
    "Trial",
    "Usage",
    "Verdict",
    "check",
    "compare",
    "current_recorder",
    "errored",
    "evaluate_gate",
    "failed",
    "forecast_run",
    "load_cases",
    "load_suite",
    "passed",
    "power_of",
    "regrade",
    "regrade_async",
    "run",
    "run_async",
    "skipped",
    "tool",
]


def test_top_level_all_is_pinned() -> None:
    # A name added to or dropped from the face of the library is a decision: make it here.
    assert fourfold.__all__ == TOP_LEVEL


def test_report_html_exports_what_users_call() -> None:
    html = importlib.import_module("fourfold.report.html")
    assert html.__all__ == [
        "ReportData",
        "build_report",
        "load_report",
        "render_report",
        "write_report",
    ]


def test_dir_lists_the_lazy_names() -> None:
    assert set(TOP_LEVEL) <= set(dir(fourfold))


@pytest.mark.parametrize("module_name", PUBLIC)
def test_public_names_report_a_public_module(module_name: str) -> None:
    """`X.__module__` names a public module that has X, never the private one defining it."""
    module = importlib.import_module(module_name)
    for name in module.__all__:
        value = getattr(module, name)
        if not (inspect.isclass(value) or inspect.isfunction(value)):
            continue
        where = value.__module__
        if not where.startswith("fourfold"):
            continue  # re-exported from another library
        assert not any(part.startswith("_") for part in where.split(".")), (
            f"{module_name}.{name} reports the private module {where!r}"
        )
        assert getattr(importlib.import_module(where), value.__name__) is value, (
            f"{module_name}.{name} reports {where!r}, which has no {value.__name__}"
        )


def _fresh(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.slow  # a fresh interpreter imports fourfold
def test_names_report_the_same_module_whatever_is_imported_first() -> None:
    code = (
        "import fourfold.trace._model as m, fourfold.checks._check as c, fourfold\n"
        "print(m.Trace.__module__, fourfold.Trace.__module__, c.Check.__module__, "
        "fourfold.run.__module__)"
    )
    assert _fresh(code) == "fourfold.trace fourfold.trace fourfold.checks fourfold"


@pytest.mark.slow  # a fresh interpreter imports fourfold
def test_a_lazy_name_wins_over_a_submodule_of_the_same_name() -> None:
    # Importing the module fourfold.compare first must not hide the function fourfold.compare.
    code = (
        "import fourfold.compare as module, fourfold, sys\n"
        "print(fourfold.compare is sys.modules['fourfold.compare'].compare)"
    )
    assert _fresh(code) == "True"


def test_public_objects_survive_pickling() -> None:
    import pickle

    trace = fourfold.Trace(output="ok")
    assert pickle.loads(pickle.dumps(trace)) == trace
