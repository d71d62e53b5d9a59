"""Integrations: recorded traffic and outside benchmarks, as fourfold cases, traces and checks.

OpenTelemetry GenAI spans (OTLP JSON or protobuf, span dumps such as any-agent's, JSONL) and
OpenInference spans (`fourfold.integrations.otel`), τ-bench trajectories and τ²-bench
results (`fourfold.integrations.tau`) become `ImportedTrace` objects, written as a replay
file (``fourfold import``) so ``agent: {replay: traces.jsonl}`` evaluates them with the same
checks and judges as a live run. τ-bench tasks become cases whose expected actions and
outputs are checked by ``tau/expected_actions`` and ``tau/expected_outputs``, and the
recorded reward by ``tau/reward`` (fourfold finds them by name, through the ``tau`` entry
point, which loads only the checks).

Integrations sit above cases, traces and checks: they need all three. Names are imported
on first use, so loading one integration does not load the others.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._assembler import SpanAssembler, SpanFormat
    from ._common import ImportedTrace
    from ._files import (
        FORMATS,
        Format,
        detect_format,
        import_traces,
        read_traces,
        replay_lines,
        write_cases,
        write_replay,
    )
    from ._otlp_protobuf import GzipTooLarge, ProtobufUnavailable, decode_otlp, gunzip
    from ._report import ImportReport, Skipped
    from .otel import from_openinference, from_otel
    from .tau import (
        basis_note,
        expected_actions,
        expected_outputs,
        from_tau2,
        from_tau_bench,
        is_read_only,
        reward,
        reward_flags_of,
        tau_cases,
        tau_trajectory_checks,
    )

__all__ = [
    "FORMATS",
    "Format",
    "GzipTooLarge",
    "ImportReport",
    "ImportedTrace",
    "ProtobufUnavailable",
    "Skipped",
    "SpanAssembler",
    "SpanFormat",
    "basis_note",
    "decode_otlp",
    "detect_format",
    "expected_actions",
    "expected_outputs",
    "from_openinference",
    "from_otel",
    "from_tau2",
    "from_tau_bench",
    "gunzip",
    "import_traces",
    "is_read_only",
    "read_traces",
    "replay_lines",
    "reward",
    "reward_flags_of",
    "tau_cases",
    "tau_trajectory_checks",
    "write_cases",
    "write_replay",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "ImportedTrace": "._common",
        **dict.fromkeys(["SpanAssembler", "SpanFormat"], "._assembler"),
        **dict.fromkeys(["ImportReport", "Skipped"], "._report"),
        **dict.fromkeys(
            ["GzipTooLarge", "ProtobufUnavailable", "decode_otlp", "gunzip"], "._otlp_protobuf"
        ),
        **dict.fromkeys(
            [
                "FORMATS",
                "Format",
                "detect_format",
                "import_traces",
                "read_traces",
                "replay_lines",
                "write_cases",
                "write_replay",
            ],
            "._files",
        ),
        **dict.fromkeys(["from_openinference", "from_otel"], ".otel"),
        **dict.fromkeys(
            [
                "basis_note",
                "expected_actions",
                "expected_outputs",
                "from_tau2",
                "from_tau_bench",
                "is_read_only",
                "reward",
                "reward_flags_of",
                "tau_cases",
                "tau_trajectory_checks",
            ],
            ".tau",
        ),
    },
)
