"""Deterministic checks, by layer, and the machinery to write your own."""

from .._lazy import publish
from ..runs import (
    LAYERS,
    MODEL_CALLS_KEY,
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
from ._check import (
    LABEL_ATTRIBUTE,
    LAYER_ATTRIBUTE,
    MODELS_ATTRIBUTE,
    Check,
    CheckFn,
    CheckSpec,
    building_suite,
    check,
    create_check,
    suite_dir,
)
from ._context import CheckContext

__all__ = [
    "LABEL_ATTRIBUTE",
    "LAYERS",
    "LAYER_ATTRIBUTE",
    "MODELS_ATTRIBUTE",
    "MODEL_CALLS_KEY",
    "Check",
    "CheckContext",
    "CheckFn",
    "CheckResult",
    "CheckSpec",
    "Evidence",
    "Layer",
    "Status",
    "Verdict",
    "building_suite",
    "check",
    "create_check",
    "errored",
    "failed",
    "passed",
    "skipped",
    "suite_dir",
]

# Built-in checks register on import; each module keeps its own sorted __all__.
from . import _grounding, _outcome, _policy, _trajectory  # noqa: E402,F401

publish(__name__, __all__)
