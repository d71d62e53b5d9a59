"""Turning a store target (a path or a database URL) into a configured SQLAlchemy engine."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pydantic_core
import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError

from ..errors import StoreError

__all__ = ["WRITE", "Target", "create_engine", "dump_json", "load_json", "parse_target"]

SQLITE_HEADER = b"SQLite format 3\x00"

WRITE = "fourfold_write"
"""Execution option marking a connection that will write: SQLite then begins IMMEDIATE."""

BUSY_TIMEOUT_S = 30.0
"""How long a SQLite connection waits for another process's write lock before failing."""


@dataclass(frozen=True, slots=True)
class Target:
    """Where a store lives: a SQLite file or a Postgres URL."""

    url: URL
    path: Path | None
    """The SQLite file, for SQLite."""

    @property
    def where(self) -> str:
        """The store as error messages name it (a Postgres password is masked)."""
        if self.path is not None:
            return str(self.path)
        return self.url.render_as_string(hide_password=True)

    @property
    def is_sqlite(self) -> bool:
        """True for a SQLite file."""
        return self.path is not None


def parse_target(target: str | Path) -> Target:
    """Read a path, ``sqlite:///path``, ``postgresql://...`` or ``postgresql+psycopg://...``.

    A plain ``postgresql://`` (or ``postgres://``) URL is given the psycopg 3 driver.

    Raises:
        StoreError: the URL is malformed or names a database fourfold does not support.
    """
    if isinstance(target, Path) or "://" not in target:
        return _sqlite_target(Path(target))
    try:
        url = make_url(target)
    except (ArgumentError, ValueError) as exc:
        raise StoreError(
            f"cannot read the store URL {target!r}: {exc}; give a file path, "
            "sqlite:///path/to/runs.db or postgresql://user@host/dbname"
        ) from exc
    backend, _, driver = url.drivername.partition("+")
    if backend == "sqlite":
        if not url.database or url.database == ":memory:" or url.query.get("mode") == "memory":
            raise StoreError(
                f"the store URL {target!r} names no file; a run store must outlive the process, "
                "so give one: sqlite:///path/to/runs.db"
            )
        return _sqlite_target(Path(url.database))
    if backend in ("postgresql", "postgres"):
        if driver not in ("", "psycopg"):
            raise StoreError(
                f"the store URL uses the Postgres driver {driver!r}; fourfold talks to Postgres "
                "through psycopg 3: write postgresql://... or postgresql+psycopg://..."
            )
        return Target(url.set(drivername="postgresql+psycopg"), None)
    raise StoreError(
        f"fourfold cannot keep runs in a {backend!r} database ({url.render_as_string()}); "
        "give a file path (SQLite) or a postgresql:// URL"
    )


def _sqlite_target(path: Path) -> Target:
    path = path.expanduser()
    if path.is_dir():
        raise StoreError(
            f"the store {path} is a folder; give a file inside it, e.g. {path / 'runs.db'}"
        )
    if path.is_file():
        try:
            with path.open("rb") as file:
                header = file.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise StoreError(f"cannot read the store {path}: {exc.strerror}") from exc
        # An empty file is a valid, empty SQLite database (sqlite3 creates them so).
        if header and header != SQLITE_HEADER:
            raise StoreError(
                f"{path} is not a SQLite database, so it cannot be a fourfold run store; "
                "point at a store fourfold created (or a new file), or move this file away"
            )
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"cannot create the folder {path.parent} for the store {path}: {exc.strerror}"
            ) from exc
    return Target(URL.create("sqlite", database=str(path)), path)


def dump_json(value: Any) -> str:
    """Serialise a JSON column, pydantic models included, in one pass through pydantic-core.

    NaN and infinities become ``null`` (Postgres rejects them, and they are no JSON); an
    object JSON has no form for is kept as its string rather than failing the write.
    """
    return pydantic_core.to_json(value, inf_nan_mode="null", serialize_unknown=True).decode()


def load_json(text: str | bytes) -> Any:
    """Parse a JSON column (pydantic-core's parser: a run's worth of rows parses fast)."""
    return pydantic_core.from_json(text)


def create_engine(target: Target) -> Engine:
    """Build an engine for `target`, with SQLite set up for one writer and many readers.

    Raises:
        StoreError: the Postgres driver is not installed.
    """
    if not target.is_sqlite:
        try:
            return sa.create_engine(
                target.url,
                json_serializer=dump_json,
                json_deserializer=load_json,
                pool_pre_ping=True,
            )
        except ModuleNotFoundError as exc:
            raise StoreError(
                f"keeping runs in Postgres needs psycopg 3, which is not installed ({exc}); "
                "pip install 'fourfold[postgres]'"
            ) from exc
    engine = sa.create_engine(
        target.url,
        json_serializer=dump_json,
        json_deserializer=load_json,
        # The busy timeout: wait this long for another process's write lock.
        connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
    )
    event.listen(engine, "connect", _sqlite_on_connect)
    event.listen(engine, "begin", _sqlite_on_begin)
    return engine


def _sqlite_on_connect(dbapi_connection: Any, connection_record: Any) -> None:
    # The sqlite3 module's own transaction handling begins transactions only before DML
    # and never for DDL; switching it off lets `_sqlite_on_begin` issue every BEGIN.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
        # WAL: readers (a viewer, `fourfold runs`) never block the runner, nor it them.
        _write_ahead_log(cursor)
        # NORMAL under WAL syncs at checkpoints, not at every commit: a committed trial
        # survives the process being killed (the data is in the OS), only a power cut may
        # lose the last commits, and the file stays consistent either way.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _write_ahead_log(cursor: Any) -> None:
    """Put the file in WAL mode (it stays so), waiting for a lock held by another process.

    Switching a new file to WAL needs it to itself, and SQLite answers "database is locked"
    at once, without the busy timeout, while another connection holds a lock on it: two
    processes opening one new store together (`fourfold run` and a viewer, or a reader
    polling for the first trial) would fail. A file in WAL mode already needs no switch.
    """
    cursor.execute("PRAGMA journal_mode")
    if str(cursor.fetchone()[0]).lower() == "wal":
        return
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def _sqlite_on_begin(conn: sa.Connection) -> None:
    # A transaction that reads before it writes must hold the write lock from the start:
    # a deferred one would fail with "database is locked" instead of waiting its turn.
    if conn.get_execution_options().get(WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")
