"""A SQLite store moves its write-ahead log into its file in the background, after writes."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import sqlalchemy as sa

from fourfold.store import Store
from fourfold.store._checkpoint import MIN_INTERVAL_S, WalCheckpoints
from tests.helpers.store_builders import make_run, make_trial


def _runs_in_file_alone(db: Path, copy: Path) -> list[str]:
    """The run ids a copy of the database file holds, read without its ``-wal`` log."""
    shutil.copyfile(db, copy)
    conn = sqlite3.connect(copy)
    try:
        return [row[0] for row in conn.execute("SELECT id FROM runs")]
    finally:
        conn.close()


def test_written_runs_reach_the_database_file_before_the_store_closes(tmp_path: Path) -> None:
    # Without a checkpoint the pages stay in runs.db-wal until the close: a copy of the
    # file alone would hold no run. The background checkpoint puts them in the file.
    db = tmp_path / "runs.db"
    with Store.open(db) as store:
        run = make_run()
        store.create_run(run)
        store.save_trials(run.id, [make_trial(f"case-{i}") for i in range(20)])
        checkpoints = store._checkpoints
        assert checkpoints is not None
        checkpoints.wait()
        assert checkpoints.done >= 1
        if not checkpoints.copied_all:
            # The checkpoint create_run started met save_trials committing, whose snapshot
            # kept it to part of the log: the file alone is then no database (see the
            # `_checkpoint` module). The rest is the next write's checkpoint's to copy:
            # start it as a write would.
            time.sleep(MIN_INTERVAL_S)
            checkpoints.after_write()
            checkpoints.wait()
            assert checkpoints.copied_all
        assert (tmp_path / "runs.db-wal").exists()  # the store is still open
        assert _runs_in_file_alone(db, tmp_path / "copy.db") == [run.id]


def test_a_checkpoint_cut_short_by_an_older_snapshot_leaves_the_rest_to_the_next(
    tmp_path: Path,
) -> None:
    # What a writer committing beside the checkpoint does, made to last: a reader holds the
    # snapshot before the last write, so the checkpoint copies only part of the log.
    db = tmp_path / "x.db"
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        conn.exec_driver_sql("CREATE TABLE t (x TEXT)")
        conn.exec_driver_sql("INSERT INTO t VALUES ('first')")
    reader = sqlite3.connect(db, isolation_level=None)
    try:
        reader.execute("BEGIN")
        assert reader.execute("SELECT count(*) FROM t").fetchone() == (1,)
        with engine.begin() as conn:
            conn.exec_driver_sql("INSERT INTO t SELECT 'more' FROM t")
        checkpoints = WalCheckpoints(engine, min_interval_s=0)
        checkpoints.after_write()
        checkpoints.wait()
        assert checkpoints.done == 1 and not checkpoints.copied_all
        reader.execute("COMMIT")
        checkpoints.after_write()
        checkpoints.wait()
        assert checkpoints.done == 2 and checkpoints.copied_all
        shutil.copyfile(db, tmp_path / "copy.db")
        copy = sqlite3.connect(tmp_path / "copy.db")
        try:
            assert copy.execute("SELECT x FROM t ORDER BY x").fetchall() == [
                ("first",),
                ("more",),
            ]
        finally:
            copy.close()
    finally:
        reader.close()
        engine.dispose()


def test_one_checkpoint_at_a_time_and_not_too_often(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'x.db'}")
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA journal_mode=WAL")
    try:
        checkpoints = WalCheckpoints(engine, min_interval_s=3600)
        checkpoints.after_write()
        checkpoints.after_write()  # within the interval: nothing started
        checkpoints.wait()
        assert checkpoints.done == 1
        checkpoints.after_write()
        checkpoints.wait()
        assert checkpoints.done == 1
    finally:
        engine.dispose()


def test_a_postgres_store_has_no_sqlite_checkpoints(store: Store) -> None:
    assert (store._checkpoints is None) == (store.file is None)


def test_closing_waits_for_a_running_checkpoint(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    store = Store.open(db)
    run = make_run()
    store.create_run(run)
    store.save_trials(run.id, [make_trial(f"case-{i}") for i in range(50)])
    store.close()  # joins the checkpoint thread first, then closes every connection
    checkpoints = store._checkpoints
    assert checkpoints is not None and checkpoints.done >= 1
    assert not (tmp_path / "runs.db-wal").exists()  # the last close checkpointed and removed it
    with Store.open(db) as again:
        assert len(again.trials(run.id)) == 50
