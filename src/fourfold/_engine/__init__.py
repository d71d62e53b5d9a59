"""The async runner (private machinery; `fourfold.run` is the public entry).

`regrade` is imported on first use: a run does not load what re-grading a stored run needs.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports
from ._api import DEFAULT_STORE, open_store, run, run_async, run_blocking, store_target
from ._executor import ExecutorOptions, LocalExecutor, TrialPlan, map_partitions
from ._opening import StoreOpening
from ._runner import RunOptions, RunOutcome, run_suite_async
from ._trial import TrialContext, check_trace

if TYPE_CHECKING:
    from ._regrade import regrade, regrade_async

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

__getattr__, __dir__ = lazy_exports(
    __name__, dict.fromkeys(["regrade", "regrade_async"], "._regrade")
)
