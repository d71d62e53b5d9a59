"""Deterministic checks, by layer, and the machinery to write your own."""

from .._lazy import publish
from .._registry import defer
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

_BUILT_IN: dict[str, tuple[str, ...]] = {
    "_catalog": ("catalog_match",),
    "_grounding": ("cited_ids_exist", "values_grounded"),
    "_outcome": ("contains", "matches_ground_truth", "regex"),
    "_policy": ("forbidden_phrases", "max_length", "no_pii", "no_promises", "refusal_required"),
    "_structure": ("json_schema", "required_fields"),
    "_trajectory": (
        "max_calls",
        "max_cost",
        "max_latency",
        "max_tokens",
        "max_turns",
        "no_loops",
        "required_args",
        "tool_order",
        "tools_forbidden",
        "tools_required",
    ),
}
"""The built-in checks, by the module that registers them when imported. A module is
imported the first time a suite names one of its checks (`fourfold._registry.defer`): a
suite that names none imports none of their patterns, which are a good part of a judged
run's start-up. A test keeps this table equal to what the modules register."""

for _module, _names in _BUILT_IN.items():
    defer("check", f"{__name__}.{_module}", _names)
del _module, _names

publish(__name__, __all__)
