"""The async runner (private machinery; `fourfold.run` is the public entry)."""

from ._api import DEFAULT_STORE, open_store, run, run_async, run_blocking, store_target
from ._executor import ExecutorOptions, LocalExecutor, TrialPlan, map_partitions
from ._opening import StoreOpening
from ._regrade import regrade, regrade_async
from ._runner import RunOptions, RunOutcome, run_suite_async
from ._trial import TrialContext, check_trace

__all__ = [
    "DEFAULT_STORE",
    "ExecutorOptions",
    "LocalExecutor",
    "RunOptions",
    "RunOutcome",
    "StoreOpening",
    "TrialContext",
    "TrialPlan",
    "check_trace",
    "map_partitions",
    "open_store",
    "regrade",
    "regrade_async",
    "run",
    "run_async",
    "run_blocking",
    "run_suite_async",
    "store_target",
]
