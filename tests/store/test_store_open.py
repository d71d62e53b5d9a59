"""Opening a store: targets, migrations, and files or databases that are not a store."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa

from fourfold.errors import StoreError
from fourfold.store import STORE_SCHEMA_VERSION, Store, new_run_id
from tests.helpers.environment import postgres_url
from tests.helpers.store_builders import make_run, make_trial, raw_engine

# Run ids


def test_new_run_id_shape() -> None:
    run_id = new_run_id(datetime(2026, 11, 29, 19, 37, 55, tzinfo=UTC))
    assert re.fullmatch(r"20261129-193755-[0-9a-f]{6}", run_id)


def test_new_run_ids_sort_in_time_and_differ() -> None:
    early = new_run_id(datetime(2026, 11, 29, 23, 59, 59, tzinfo=UTC))
    late = new_run_id(datetime(2026, 11, 30, 0, 0, 0, tzinfo=UTC))
    assert early < late
    assert len({new_run_id() for _ in range(200)}) == 200


def test_a_process_never_makes_the_same_id_twice_in_one_second() -> None:
    # 20,000 ids stamped with one second: drawn at random alone, 6 hex digits would repeat
    # (about 12 pairs expected); a process redraws a suffix it has given that second
    second = datetime(2026, 12, 4, 2, 0, 0, tzinfo=UTC)
    ids = [new_run_id(second) for _ in range(20_000)]
    assert len(set(ids)) == len(ids)
    assert all(i.startswith("20261204-020000-") for i in ids)


def test_new_run_id_is_in_utc() -> None:
    tokyo = datetime(2026, 11, 30, 4, 37, 55, tzinfo=timezone(timedelta(hours=9)))
    assert new_run_id(tokyo).startswith("20261129-193755-")


# Targets


@pytest.mark.parametrize(
    "spell",
    [
        lambda p: str(p),
        lambda p: p,
        lambda p: f"sqlite:///{p}",
    ],
    ids=["str", "Path", "sqlite-url"],
)
def test_sqlite_targets_open_the_same_file(tmp_path: Path, spell: object) -> None:
    path = tmp_path / "runs.db"
    with Store.open(path) as first:
        first.create_run(make_run())
    with Store.open(spell(path)) as again:  # type: ignore[operator]
        assert again.get_run("latest").id == make_run().id
        assert again.where == str(path)


def test_missing_folders_are_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "runs.db"
    with Store.open(path) as store:
        assert store.list_runs() == []
    assert path.is_file()


def test_sqlite_store_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with Store.open(path):
        pass
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        foreign_keys = conn.execute("PRAGMA foreign_key_list(trials)").fetchall()
    assert [fk[2] for fk in foreign_keys] == ["runs"]


@pytest.mark.parametrize(
    ("store_target", "message"),
    [
        ("sqlite://", "names no file"),
        ("sqlite:///:memory:", "names no file"),
        ("mysql://user@host/db", "cannot keep runs in a 'mysql' database"),
        ("postgresql+psycopg2://user@host/db", "through psycopg 3"),
        ("postgresql://user@host:notaport/db", "cannot read the store URL"),
    ],
)
def test_unsupported_targets(store_target: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        Store.open(store_target)


def test_unreachable_postgres_names_it_without_the_password() -> None:
    with pytest.raises(StoreError, match=r"cannot open the store .*127\.0\.0\.1:1/db") as caught:
        Store.open("postgresql://someone:s3cret@127.0.0.1:1/db")
    assert "s3cret" not in str(caught.value)
    assert "server is running" in str(caught.value)


@pytest.mark.postgres
@pytest.mark.parametrize("scheme", ["postgresql", "postgres", "postgresql+psycopg"])
def test_postgres_urls_use_psycopg(postgres_schema_url: str, scheme: str) -> None:
    url = re.sub(r"^[a-z+]+://", f"{scheme}://", postgres_schema_url)
    with Store.open(url) as store:
        store.create_run(make_run())
        assert store.get_run("latest").id == make_run().id


# Not a store


def test_a_file_that_is_not_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n")
    with pytest.raises(StoreError) as caught:
        Store.open(path)
    assert str(path) in str(caught.value)
    assert "not a SQLite database" in str(caught.value)
    assert "move this file away" in str(caught.value)
    assert path.read_text() == "these are my notes, not a database\n"


def test_a_damaged_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    with pytest.raises(StoreError, match=re.escape(str(path))):
        Store.open(path)


def test_a_folder(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder; give a file inside it"):
        Store.open(tmp_path)


def test_another_applications_sqlite_database(tmp_path: Path) -> None:
    path = tmp_path / "app.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
    conn.close()
    with pytest.raises(StoreError, match="not a fourfold run store.*users"):
        Store.open(path)
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert tables == {"users"}


# Migrations


def _versions(store_target: str) -> list[int]:
    engine = raw_engine(store_target)
    try:
        with engine.connect() as conn:
            return list(
                conn.execute(sa.text("SELECT version FROM _migrations ORDER BY 1")).scalars()
            )
    finally:
        engine.dispose()


def test_an_empty_database_is_migrated(store_target: str) -> None:
    with Store.open(store_target) as store:
        assert store.list_runs() == []
    assert _versions(store_target) == list(range(1, STORE_SCHEMA_VERSION + 1))
    with Store.open(store_target) as store:  # reopening applies nothing again
        store.create_run(make_run())
        store.save_trial(make_run().id, make_trial())
    assert _versions(store_target) == list(range(1, STORE_SCHEMA_VERSION + 1))


@pytest.mark.parametrize("how", ["zero-byte file", "sqlite file without tables"])
def test_an_empty_sqlite_file_is_migrated(tmp_path: Path, how: str) -> None:
    path = tmp_path / "runs.db"
    if how == "zero-byte file":
        path.touch()
    else:
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE scratch (x)")
            conn.execute("DROP TABLE scratch")
        conn.close()
        assert path.stat().st_size > 0
    with Store.open(path) as store:
        store.create_run(make_run())
    assert _versions(str(path)) == list(range(1, STORE_SCHEMA_VERSION + 1))


def test_a_store_from_a_newer_fourfold_is_refused(store_target: str) -> None:
    with Store.open(store_target) as store:
        store.create_run(make_run())
    engine = raw_engine(store_target)
    with engine.begin() as conn:
        conn.execute(
            sa.text("INSERT INTO _migrations (version, name, applied_at) VALUES (:v, :n, :t)"),
            {"v": STORE_SCHEMA_VERSION + 1, "n": "m999_from_the_future", "t": datetime.now(UTC)},
        )
    engine.dispose()
    with pytest.raises(StoreError) as caught:
        Store.open(store_target)
    message = str(caught.value)
    assert f"schema version {STORE_SCHEMA_VERSION + 1}" in message
    assert "upgrade fourfold" in message
    where = (
        store_target if "://" not in store_target else sa.make_url(store_target).render_as_string()
    )
    assert where in message


def test_two_store_objects_on_one_store(store_target: str) -> None:
    with Store.open(store_target) as writer, Store.open(store_target) as reader:
        writer.create_run(make_run())
        writer.save_trial(make_run().id, make_trial(n_results=4))
        assert [len(t.results) for t in reader.trials(make_run().id)] == [4]
        reader.update_run(make_run().id, status="finished")
        assert writer.get_run("latest").status == "finished"


OPEN_AND_WRITE = """
import sys
from datetime import UTC, datetime, timedelta, timezone
from fourfold.runs import Run
from fourfold.store import Store
with Store.open(sys.argv[1]) as store:
    store.create_run(Run(id=sys.argv[2], suite="s", agent_version="v", package_version="0",
                         started_at=datetime.now(UTC)))
"""


@pytest.mark.slow
def test_processes_opening_a_new_store_at_once(store_target: str) -> None:
    """Several processes creating the same store: one migrates, the others wait and use it."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN_AND_WRITE, store_target, f"run-{i}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(6)
    ]
    outcomes = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in procs]
    for proc in procs:
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
    # the last line of each traceback is its error: pytest shortened the whole tracebacks of
    # the one failure seen (CI at 6ec842d, one process of six exiting 1) past its error
    errors = [err.strip().splitlines()[-1] for _, err in outcomes if err.strip()]
    assert [code for code, _ in outcomes] == [0] * 6, errors
    with Store.open(store_target) as store:
        assert sorted(r.id for r in store.list_runs()) == [f"run-{i}" for i in range(6)]
    assert _versions(store_target) == list(range(1, STORE_SCHEMA_VERSION + 1))


def test_postgres_url_helper_skips_without_a_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FOURFOLD_TEST_POSTGRES_URL", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"\.ci/postgres start"):
        postgres_url()


def test_a_new_store_opens_while_another_connection_holds_a_lock_on_it(tmp_path: Path) -> None:
    """Switching a new file to WAL fails at once, without the busy timeout, while another
    connection holds a lock on it: two processes opening one new store together (a run and a
    reader polling for its first trial) failed with "database is locked". Now it waits."""
    target = tmp_path / "new.db"
    holder = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("CREATE TABLE other_writer (x INTEGER)")
    release = threading.Timer(0.5, holder.rollback)
    release.start()
    try:
        started = time.monotonic()
        with Store.open(target) as store:
            assert store.list_runs() == []
        assert time.monotonic() - started >= 0.4  # it waited for the lock, then opened
    finally:
        release.join()
        holder.close()
