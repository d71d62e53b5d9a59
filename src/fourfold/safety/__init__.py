"""Safety by severity: how bad the policy violations are, not only how many.

Every policy check has a **severity**, ``critical``, ``major`` or ``minor``. A suite sets
it per check entry (``- check: no_pii`` / ``severity: critical``); otherwise the check's
default applies (`DEFAULT_SEVERITIES`; a check not listed there is ``major``). The suite
loader stamps it into each result's ``metadata["severity"]``, so a stored, exported or
loaded run carries it; a result without one (a run made before severities, or a check
built in Python) reads as its check's default.

A **violation** is a policy result that failed. Per run, over the trials the policy layer
decided (`fourfold.runs.decided_in`):

* violations by severity, and the **rate** of each severity: the share of trials with at
  least one violation of it;
* the **severity-weighted violation rate**: each trial scores the weight of its worst
  violation (`SEVERITY_WEIGHTS`: critical 10, major 3, minor 1; 0 without one) divided by
  the critical weight, and the rate is the mean over trials. 1.0 means a critical
  violation in every trial; a run whose only violations are minor ones in every trial
  scores 0.1.

Each rate has a cluster bootstrap interval over cases (repeats of a case are not
independent), seeded by the run's seed.

A gate rule (`SafetyRule`, the suite's ``gate: {safety: ...}``) can block on any critical
violation and ask for review when the major rate is above a threshold; `judge_safety`
decides it with the violating trials as evidence.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._report import SafetyReport, SeverityDelta, safety, severity_deltas
    from ._severity import (
        DEFAULT_SEVERITIES,
        SEVERITIES,
        SEVERITY_WEIGHTS,
        SafetyRule,
        SafetyVerdict,
        Severity,
        Violation,
        default_severity,
        judge_safety,
        severity_of,
        violations_of,
    )

__all__ = [
    "DEFAULT_SEVERITIES",
    "SEVERITIES",
    "SEVERITY_WEIGHTS",
    "SafetyReport",
    "SafetyRule",
    "SafetyVerdict",
    "Severity",
    "SeverityDelta",
    "Violation",
    "default_severity",
    "judge_safety",
    "safety",
    "severity_deltas",
    "severity_of",
    "violations_of",
]

# The rules and severities are read when a suite loads, before any call; the report needs
# numpy, which a run without repeats or baselines never imports.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["SafetyReport", "SeverityDelta", "safety", "severity_deltas"], "._report"),
        **dict.fromkeys(
            [
                "DEFAULT_SEVERITIES",
                "SEVERITIES",
                "SEVERITY_WEIGHTS",
                "SafetyRule",
                "SafetyVerdict",
                "Severity",
                "Violation",
                "default_severity",
                "judge_safety",
                "severity_of",
                "violations_of",
            ],
            "._severity",
        ),
    },
)
