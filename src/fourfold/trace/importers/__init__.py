"""Importers: recorded traffic and benchmark trajectories into fourfold traces.

OpenTelemetry GenAI spans (OTLP JSON, span dumps such as any-agent's, JSONL), OpenInference
spans, τ-bench trajectories and τ²-bench results become `ImportedTrace` objects, written
as a replay file (``fourfold import``) so ``agent: {replay: traces.jsonl}`` evaluates them
with the same checks and judges as a live run. τ-bench tasks become cases whose expected
actions and outputs are checked by ``tau/expected_actions`` and ``tau/expected_outputs``,
and the recorded reward by ``tau/reward`` (fourfold finds them by name).
"""

from ._common import ImportedTrace
from ._files import FORMATS, detect_format, import_traces, read_traces, write_cases, write_replay
from ._openinference import from_openinference
from ._otel import from_otel
from ._report import ImportReport, Skipped
from ._tau import from_tau2, from_tau_bench, is_read_only, tau_cases, tau_trajectory_checks
from ._tau_checks import expected_actions, expected_outputs, reward

__all__ = [
    "FORMATS",
    "ImportReport",
    "ImportedTrace",
    "Skipped",
    "detect_format",
    "expected_actions",
    "expected_outputs",
    "from_openinference",
    "from_otel",
    "from_tau2",
    "from_tau_bench",
    "import_traces",
    "is_read_only",
    "read_traces",
    "reward",
    "tau_cases",
    "tau_trajectory_checks",
    "write_cases",
    "write_replay",
]
