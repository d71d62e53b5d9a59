"""τ-bench and τ²-bench: tasks as cases, trajectories as traces, and the checks that grade them.

The checks (``tau/expected_actions``, ``tau/expected_outputs``, ``tau/reward``) live in
`fourfold.integrations.tau._checks`, which the ``tau`` entry point loads on its own; the
names below are imported on first use.
"""

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports

if TYPE_CHECKING:
    from ._basis import basis_note
    from ._checks import expected_actions, expected_outputs, reward
    from ._effects import is_read_only
    from ._importer import from_tau2, from_tau_bench, tau_cases, tau_trajectory_checks
    from ._reward import reward_flags_of

__all__ = [
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
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "basis_note": "._basis",
        **dict.fromkeys(["expected_actions", "expected_outputs", "reward"], "._checks"),
        "is_read_only": "._effects",
        "reward_flags_of": "._reward",
        **dict.fromkeys(
            ["from_tau2", "from_tau_bench", "tau_cases", "tau_trajectory_checks"], "._importer"
        ),
    },
)
