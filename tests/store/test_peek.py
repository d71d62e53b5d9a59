"""`CachePeek`: a SQLite store's response cache read with the standard library alone.

A new run reads it before its store is opened (`fourfold._engine.StoreOpening`), so it must
read what `Store` reads, and refuse every file that `Store.open` would first migrate or
reject.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from fourfold.store import STORE_SCHEMA_VERSION, CachePeek, Store
from fourfold.store._peek import SCHEMA_VERSION
from tests.helpers.store_builders import store_from_a_newer_fourfold

CALL = {
    "key": "sha256:abc",
    "provider": "openai",
    "model": "m",
    "request": {"messages": [{"role": "user", "content": "q"}]},
    "response": {"text": "It is 'quoted' — and ünïcode.", "input_tokens": 3, "output_tokens": 5},
}


def test_the_version_written_out_is_the_migrations() -> None:
    assert SCHEMA_VERSION == STORE_SCHEMA_VERSION


def test_a_store_not_made_yet_has_nothing_cached(tmp_path: Path) -> None:
    peek = CachePeek.of(tmp_path / "new" / "runs.db")
    assert peek is not None
    assert peek.model_call_keys() == set()
    assert peek.get_model_call("sha256:abc") is None
    assert not (tmp_path / "new").exists()  # reading made nothing


def test_it_reads_what_the_store_reads(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with Store.open(path) as store:
        store.put_model_calls([CALL, {**CALL, "key": "sha256:def"}])
        keys, stored = store.model_call_keys(), store.get_model_call("sha256:abc")
    peek = CachePeek.of(path)
    assert peek is not None
    try:
        assert peek.model_call_keys() == keys == {"sha256:abc", "sha256:def"}
        got = peek.get_model_call("sha256:abc")
        assert stored is not None and got == {"response": stored["response"]}
        assert peek.get_model_call("sha256:missing") is None
    finally:
        peek.close()


def test_a_store_to_migrate_is_left_to_the_store(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM _migrations WHERE version = ?", (STORE_SCHEMA_VERSION,))
    assert CachePeek.of(path) is None


def test_a_store_from_a_newer_fourfold_is_left_to_the_store(tmp_path: Path) -> None:
    assert CachePeek.of(store_from_a_newer_fourfold(tmp_path / "runs.db")) is None


def test_a_file_that_is_not_a_store_is_left_to_the_store(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE things (x)")
    assert CachePeek.of(text) is None
    assert CachePeek.of(other) is None
