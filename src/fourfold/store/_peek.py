"""A SQLite store's response cache, read before the store is opened: stdlib `sqlite3` only.

Opening a store imports SQLAlchemy and checks the schema: a fifth of a second on a small
machine, before a run's first model call. A new run reads nothing from its store before
it calls but the response cache, so it can open the store while its first calls wait,
provided the cache can be read without it. `CachePeek` reads the two things the cache
asks for (the stored keys, and one stored reply) with the standard library, from a store
whose schema is the one this fourfold writes; any other file is left to `Store.open`,
which migrates it or says what is wrong with it, before anything is called.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote

__all__ = ["SCHEMA_VERSION", "CachePeek"]

SCHEMA_VERSION = 6
"""`fourfold.store.STORE_SCHEMA_VERSION`, written out so that reading a store's version
does not import the migrations (and SQLAlchemy); tests/store/test_peek.py keeps the two
equal."""


class CachePeek:
    """The ``model_calls`` of a SQLite store at the current schema, or of a store not made yet.

    Use `CachePeek.of`; it returns None for a file `Store.open` must see first.
    """

    def __init__(self, connection: sqlite3.Connection | None) -> None:
        self._connection = connection

    @classmethod
    def of(cls, path: Path) -> CachePeek | None:
        """A peek at the store `path`, or None if only `Store.open` may read it.

        A file that does not exist is a new store: nothing is cached. A file that is a store
        at `SCHEMA_VERSION` is read, read-only. Anything else (a store to migrate, one from
        a newer fourfold, a file that is not a store, one that cannot be read) is None.
        """
        if not path.exists():
            return cls(None)
        uri = f"file:{quote(str(path.resolve()))}?mode=ro"
        try:
            connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
        except sqlite3.Error:
            return None
        try:
            [version] = connection.execute("SELECT max(version) FROM _migrations").fetchone()
        except sqlite3.Error:
            connection.close()
            return None
        if version != SCHEMA_VERSION:
            connection.close()
            return None
        return cls(connection)

    def model_call_keys(self) -> set[str]:
        """The cache keys of every stored model call."""
        if self._connection is None:
            return set()
        return {key for (key,) in self._connection.execute("SELECT key FROM model_calls")}

    def get_model_call(self, key: str) -> dict[str, Any] | None:
        """The stored reply under `key`, as ``{"response": ...}`` (`Store.get_model_call`'s)."""
        if self._connection is None:
            return None
        row = self._connection.execute(
            "SELECT response FROM model_calls WHERE key = ?", (key,)
        ).fetchone()
        return None if row is None else {"response": json.loads(row[0])}

    def close(self) -> None:
        """Close the read-only connection (if the store existed)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
