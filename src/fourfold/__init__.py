"""fourfold: evaluate AI agents whose output is different every time.

Four layers are graded apart — outcome, trajectory, grounding, policy — so a failing
verdict names the layer that failed.

Every name here is imported when it is first read (PEP 562, `fourfold._lazy`), so
``import fourfold`` loads none of the statistics, the store, the model clients or the
report; type checkers read the ``TYPE_CHECKING`` block below. Each name reports the public
package it comes from as its ``__module__`` (``fourfold.trace.Trace``, ``fourfold.run``).
"""

from typing import TYPE_CHECKING

from ._lazy import lazy_exports

if TYPE_CHECKING:
    from ._engine import RunOptions, RunOutcome, regrade, regrade_async, run, run_async
    from .agents import Recorder, current_recorder, tool
    from .cases import Case, load_cases
    from .checks import Check, CheckContext, check
    from .compare import Comparison, compare
    from .errors import ConfigError, FourfoldError
    from .forecast import Forecast, forecast_run
    from .gate import GateConfig, GateReport, LayerRule, evaluate_gate
    from .power import PowerReport, power_of
    from .resources import Resource, Resources
    from .runs import (
        LAYERS,
        CheckResult,
        Evidence,
        Layer,
        Run,
        Trial,
        Verdict,
        errored,
        failed,
        passed,
        skipped,
    )
    from .store import Store
    from .suite import LoadedSuite, Suite, load_suite
    from .trace import Message, Passage, ToolCall, ToolRequest, Trace, Usage


__all__ = [
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

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(
            ["RunOptions", "RunOutcome", "regrade", "regrade_async", "run", "run_async"], "._engine"
        ),
        **dict.fromkeys(["Recorder", "current_recorder", "tool"], ".agents"),
        **dict.fromkeys(["Case", "load_cases"], ".cases"),
        **dict.fromkeys(["Check", "CheckContext", "check"], ".checks"),
        **dict.fromkeys(["Comparison", "compare"], ".compare"),
        **dict.fromkeys(["ConfigError", "FourfoldError"], ".errors"),
        **dict.fromkeys(["Forecast", "forecast_run"], ".forecast"),
        **dict.fromkeys(["GateConfig", "GateReport", "LayerRule", "evaluate_gate"], ".gate"),
        **dict.fromkeys(["PowerReport", "power_of"], ".power"),
        **dict.fromkeys(["Resource", "Resources"], ".resources"),
        **dict.fromkeys(
            [
                "LAYERS",
                "CheckResult",
                "Evidence",
                "Layer",
                "Run",
                "Trial",
                "Verdict",
                "errored",
                "failed",
                "passed",
                "skipped",
            ],
            ".runs",
        ),
        "Store": ".store",
        **dict.fromkeys(["LoadedSuite", "Suite", "load_suite"], ".suite"),
        **dict.fromkeys(
            ["Message", "Passage", "ToolCall", "ToolRequest", "Trace", "Usage"], ".trace"
        ),
    },
)
