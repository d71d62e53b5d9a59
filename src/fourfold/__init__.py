"""fourfold: evaluate AI agents whose output is different every time.

Four layers are graded apart — outcome, trajectory, grounding, policy — so a failing
verdict names the layer that failed.
"""

from .agents import Recorder, current_recorder, tool
from .cases import Case, load_cases
from .checks import (
    LAYERS,
    Check,
    CheckContext,
    CheckResult,
    Evidence,
    Layer,
    Verdict,
    check,
    errored,
    failed,
    passed,
    skipped,
)
from .errors import ConfigError, FourfoldError
from .gate import GateConfig, GateReport, LayerRule, evaluate_gate
from .resources import Resource, Resources
from .trace import Message, Passage, ToolCall, Trace, Usage

__all__ = [
    "LAYERS",
    "Case",
    "Check",
    "CheckContext",
    "CheckResult",
    "ConfigError",
    "Evidence",
    "FourfoldError",
    "GateConfig",
    "GateReport",
    "Layer",
    "LayerRule",
    "Message",
    "Passage",
    "Recorder",
    "Resource",
    "Resources",
    "ToolCall",
    "Trace",
    "Usage",
    "Verdict",
    "check",
    "current_recorder",
    "errored",
    "evaluate_gate",
    "failed",
    "load_cases",
    "passed",
    "skipped",
    "tool",
]
