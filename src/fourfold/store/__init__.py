"""The run store: every run, trial, trace and result, in SQLite (or Postgres by URL).

Persistence only: the types it stores are `fourfold.runs`'s. It also implements the models'
response cache on its ``model_calls`` table (`StoreCache`), and reads and writes every row
of one run at once (`read_run_rows`, `write_run_rows`: what ``fourfold export`` and
``fourfold load`` hand over).
"""

from ._bundle import RunRows, WriteCounts, read_run_rows, write_run_rows
from ._cache import StoreCache
from ._load import load_run
from ._migrations import STORE_SCHEMA_VERSION
from ._store import LATEST, Store, new_run_id

__all__ = [
    "LATEST",
    "STORE_SCHEMA_VERSION",
    "RunRows",
    "Store",
    "StoreCache",
    "WriteCounts",
    "load_run",
    "new_run_id",
    "read_run_rows",
    "write_run_rows",
]
