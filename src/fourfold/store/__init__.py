"""The run store: every run, trial, trace and result, in SQLite (or Postgres by URL).

Persistence only: the types it stores are `fourfold.runs`'s. It also implements the models'
response cache on its ``model_calls`` table (`StoreCache`), and reads and writes every row
of one run at once (`read_run_rows`, `write_run_rows`: what ``fourfold export`` and
``fourfold load`` hand over).
"""

from pathlib import Path
from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._bundle import RunRows, WriteCounts, read_run_rows, write_run_rows
    from ._cache import PendingStore, StoreCache
    from ._ids import new_run_id
    from ._load import load_run
    from ._migrations import STORE_SCHEMA_VERSION
    from ._peek import CachePeek
    from ._store import LATEST, Store


DEFAULT_STORE = Path(".fourfold") / "fourfold.db"
"""Where runs go when no store is named: a SQLite file under the working directory."""

__all__ = [
    "DEFAULT_STORE",
    "LATEST",
    "STORE_SCHEMA_VERSION",
    "CachePeek",
    "PendingStore",
    "RunRows",
    "Store",
    "StoreCache",
    "WriteCounts",
    "load_run",
    "new_run_id",
    "read_run_rows",
    "write_run_rows",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["RunRows", "WriteCounts", "read_run_rows", "write_run_rows"], "._bundle"),
        **dict.fromkeys(["PendingStore", "StoreCache"], "._cache"),
        "CachePeek": "._peek",
        "load_run": "._load",
        "STORE_SCHEMA_VERSION": "._migrations",
        **dict.fromkeys(["LATEST", "Store"], "._store"),
        "new_run_id": "._ids",
    },
)
