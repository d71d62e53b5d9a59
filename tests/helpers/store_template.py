"""A store folder built once and copied for each test that needs its own.

Building a store through the Store API (migrations, a run, its cases, trials and results,
one transaction each) takes about a tenth of a second; copying the finished file takes a
millisecond. A fixture that many tests take builds the folder once per session (per xdist
worker), closed, and gives each test a copy in its own ``tmp_path``: every test still gets
an independent store it may write to, in any order, and the template is never opened again.

A run keeps its suite's path (``runs.suite_path``) as an absolute path, so a copy would
point back into the template's folder; `copy_template` rewrites every stored path under the
template's folder to the same path under the copy's.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

__all__ = ["copy_template"]

_SIDE_FILES = ("-wal", "-shm", "-journal")
"""What SQLite keeps beside a database while it is open; a closed store leaves none."""


def copy_template(template: Path, root: Path, *, store: str = "runs.db") -> Path:
    """Copy the folder `template` into `root` and return the copied store's path.

    Args:
        template: a folder holding the closed SQLite store `store` and any files its runs
            name (a suite file).
        root: the test's folder (it may exist already, as ``tmp_path`` does).
        store: the store's file name inside `template`.

    Raises:
        AssertionError: the template's store is still open (a ``-wal`` file beside it): a
            copy of the main file alone would miss the transactions the WAL holds.
    """
    source = template / store
    left_open = [source.name + side for side in _SIDE_FILES if (template / (store + side)).exists()]
    assert not left_open, (
        f"the template store {source} is still open ({', '.join(left_open)} beside it): close "
        "it (leave its `with Store.open(...)` block) before the first copy"
    )
    shutil.copytree(template, root, dirs_exist_ok=True)
    copied = root / store
    _relocate_suite_paths(copied, template, root)
    return copied


def _relocate_suite_paths(db: Path, old: Path, new: Path) -> None:
    # Plain sqlite3, not the Store API: the Store has no way to change a run's suite path
    # (a run's suite never moves), and this is a file copy's bookkeeping, not a store write.
    prefix = str(old)
    with sqlite3.connect(db) as conn:
        # A copy for one test: no fsync (on this disk, most of a copy's time).
        conn.execute("PRAGMA synchronous=OFF")
        rows = conn.execute("SELECT id, suite_path FROM runs WHERE suite_path IS NOT NULL")
        moved = [
            (str(new) + path[len(prefix) :], run_id)
            for run_id, path in rows.fetchall()
            if path == prefix or path.startswith(prefix + "/")
        ]
        conn.executemany("UPDATE runs SET suite_path = ? WHERE id = ?", moved)
    conn.close()
