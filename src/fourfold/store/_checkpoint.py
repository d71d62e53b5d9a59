"""Moving a SQLite store's write-ahead log into its file while the writer has time to spare.

Under WAL a commit appends pages to the ``-wal`` file; a *checkpoint* copies them into the
database file and syncs both. SQLite does one on its own when the log passes 1,000 pages,
inside the commit that crossed the line, and one when the last connection closes, so
without help a run pays for checkpoints where it can least afford them: in the event
loop (a write that happens to cross the line holds every in-flight call) and at the end,
after the last reply, where closing a store that took a few hundred judged trials (a few
megabytes of log) took 40 ms of this machine's 2 s run.

`WalCheckpoints` runs a passive checkpoint in a thread of its own after a write (one at a
time, at most one every `MIN_INTERVAL_S`): SQLite works outside the interpreter's lock, so
the copy and the syncs overlap the calls the run waits on. A passive checkpoint takes no
lock and waits for nobody: a write at the same moment goes on, and whatever the
checkpoint could not copy stays in the log for the next one, or for the close.

Such a cut-short checkpoint leaves the file alone no consistent database: SQLite copies a
page only at its newest version in the log, so where a reader still holds an older snapshot
(as a writer does until its commit ends) every page written since that snapshot keeps its
old content in the file. SQLite never reads the file so (the log is part of the database),
but a copy of the file without its ``-wal`` is whole only after a checkpoint that copied
the entire log (`copied_all`), with no checkpoint since.
"""

from __future__ import annotations

import threading
import time

import sqlalchemy as sa

__all__ = ["MIN_INTERVAL_S", "WalCheckpoints"]

MIN_INTERVAL_S = 0.1
"""The least time between two checkpoints' starts: a store written many times a second (the
monitor's) syncs its file a few times a second, not after every write."""


class WalCheckpoints:
    """Passive checkpoints of a SQLite store in a background thread; see the module."""

    def __init__(self, engine: sa.Engine, *, min_interval_s: float = MIN_INTERVAL_S) -> None:
        self._engine = engine
        self._min_interval_s = min_interval_s
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._last_start = float("-inf")
        self.done = 0
        """Checkpoints finished (for tests and benchmarks)."""
        self.copied_all = False
        """Whether the last finished checkpoint left no frame of the log it saw outside the
        file (for tests: only then is the file alone a consistent database; see the module)."""

    def after_write(self) -> None:
        """Start a checkpoint, unless one is running or the last began too recently."""
        with self._lock:
            now = time.monotonic()
            running = self._thread is not None and self._thread.is_alive()
            if running or now - self._last_start < self._min_interval_s:
                return
            self._last_start = now
            # A daemon: a process that ends without closing its store is not held up; the
            # log is a valid part of the database, and the next opening reads it.
            self._thread = threading.Thread(
                target=self._checkpoint, name="fourfold-checkpoint", daemon=True
            )
            self._thread.start()

    def wait(self) -> None:
        """Wait for the running checkpoint, if any (before the store's connections close)."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join()

    def _checkpoint(self) -> None:
        try:
            raw = self._engine.raw_connection()
        except Exception:  # the store was closed meanwhile: the close checkpoints
            return
        try:
            # The connection is in autocommit (see `_connect`): the pragma runs on its own.
            cursor = raw.cursor()
            try:
                cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
                # One row: (busy, frames in the log, frames of it now in the file).
                row = cursor.fetchone()
            finally:
                cursor.close()
            self.copied_all = row is not None and row[0] == 0 and row[1] == row[2]
            self.done += 1
        except Exception:  # noqa: S110 - a checkpoint is an optimisation: the close does it
            pass
        finally:
            raw.close()
