"""The run store: every run, trial, trace and result, in SQLite (or Postgres by URL)."""

from ._migrations import STORE_SCHEMA_VERSION
from ._model import (
    Analysis,
    Label,
    Review,
    ReviewAction,
    Run,
    RunStatus,
    Trial,
    TrialCount,
    TrialStatus,
)
from ._store import LATEST, Store, new_run_id

__all__ = [
    "LATEST",
    "STORE_SCHEMA_VERSION",
    "Analysis",
    "Label",
    "Review",
    "ReviewAction",
    "Run",
    "RunStatus",
    "Store",
    "Trial",
    "TrialCount",
    "TrialStatus",
    "new_run_id",
]
