"""The run store: every run, trial, trace and result, in SQLite (or Postgres by URL).

Persistence only: the types it stores are `fourfold.runs`'s. It also implements the models'
response cache on its ``model_calls`` table (`StoreCache`).
"""

from pathlib import Path
from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._cache import StoreCache
    from ._load import load_run
    from ._migrations import STORE_SCHEMA_VERSION
    from ._store import LATEST, Store, new_run_id


DEFAULT_STORE = Path(".fourfold") / "fourfold.db"
"""Where runs go when no store is named: a SQLite file under the working directory."""

__all__ = [
    "DEFAULT_STORE",
    "LATEST",
    "STORE_SCHEMA_VERSION",
    "Store",
    "StoreCache",
    "load_run",
    "new_run_id",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "StoreCache": "._cache",
        "load_run": "._load",
        "STORE_SCHEMA_VERSION": "._migrations",
        **dict.fromkeys(["LATEST", "Store", "new_run_id"], "._store"),
    },
)
