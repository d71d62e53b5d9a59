"""Deterministic checks, by layer, and the machinery to write your own."""

from ._check import Check, CheckFn, CheckSpec, check, create_check
from ._context import CheckContext
from ._result import (
    LAYERS,
    CheckResult,
    Evidence,
    Layer,
    Status,
    Verdict,
    errored,
    failed,
    passed,
    skipped,
)

__all__ = [
    "LAYERS",
    "Check",
    "CheckContext",
    "CheckFn",
    "CheckResult",
    "CheckSpec",
    "Evidence",
    "Layer",
    "Status",
    "Verdict",
    "check",
    "create_check",
    "errored",
    "failed",
    "passed",
    "skipped",
]

# Built-in checks register on import; each module keeps its own sorted __all__.
from . import _grounding, _outcome, _policy, _trajectory  # noqa: E402,F401
