"""The async runner (private machinery; `fourfold.run` is the public entry)."""

from ._api import DEFAULT_STORE, open_store, run, run_async, run_blocking
from ._regrade import regrade, regrade_async
from ._runner import RunOptions, RunOutcome, TrialContext, check_trace, run_suite_async

__all__ = [
    "DEFAULT_STORE",
    "RunOptions",
    "RunOutcome",
    "TrialContext",
    "check_trace",
    "open_store",
    "regrade",
    "regrade_async",
    "run",
    "run_async",
    "run_blocking",
    "run_suite_async",
]
