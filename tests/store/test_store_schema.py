"""A new store's schema, created at once, is the schema the migrations reach step by step.

`Store.open` creates a brand-new store from the current table definitions (`_schema`) and
migrates an older one through every step since its version. These tests open one store of
each kind and compare everything the database knows of them: tables, columns in order with
their types, nullability and defaults, primary and foreign keys, unique and check
constraints, and indexes (expression indexes included), through SQLAlchemy's inspection and
through the database's own catalog (``PRAGMA`` on SQLite, ``pg_catalog`` on Postgres).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from fourfold.store import Store
from fourfold.store._migrations import MIGRATIONS
from fourfold.store._schema import metadata, migrations
from tests.helpers.environment import postgres_schema
from tests.helpers.store_builders import make_run, make_trial, raw_engine

Schema = dict[str, Any]


@contextmanager
def _two_targets(kind: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    if kind == "sqlite":
        yield str(tmp_path / "fresh.db"), str(tmp_path / "migrated.db")
        return
    with postgres_schema() as fresh, postgres_schema() as migrated:
        yield fresh, migrated


def _make_store_at(target: str, version: int) -> None:
    """Build the store `target` as fourfold at schema `version` left it (migrations 1..version)."""
    engine = raw_engine(target)
    try:
        with engine.begin() as conn:
            migrations.create(conn)
            for number, step in enumerate(MIGRATIONS[:version], start=1):
                step(conn)
                conn.execute(
                    migrations.insert().values(
                        version=number, name=step.__name__, applied_at=datetime.now(UTC)
                    )
                )
    finally:
        engine.dispose()


def _describe(target: str) -> Schema:
    """Everything the database holds about the store's schema, comparable with ``==``."""
    engine = raw_engine(target)
    try:
        with engine.connect() as conn:
            described = _inspected(conn)
            if conn.dialect.name == "sqlite":
                described["catalog"] = _sqlite_catalog(conn)
            else:
                described["catalog"] = _postgres_catalog(conn)
            return described
    finally:
        engine.dispose()


def _inspected(conn: sa.Connection) -> Schema:
    inspector = sa.inspect(conn)
    tables: Schema = {}
    for name in sorted(inspector.get_table_names()):
        tables[name] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], c.get("default"), c.get("autoincrement"))
                for c in inspector.get_columns(name)
            ],
            "primary_key": inspector.get_pk_constraint(name),
            "foreign_keys": sorted(inspector.get_foreign_keys(name), key=repr),
            "indexes": sorted(inspector.get_indexes(name), key=repr),
            "unique": sorted(inspector.get_unique_constraints(name), key=repr),
            "checks": sorted(inspector.get_check_constraints(name), key=repr),
        }
    return {"tables": tables}


def _sqlite_catalog(conn: sa.Connection) -> Schema:
    def rows(sql: str) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in conn.exec_driver_sql(sql)]

    catalog: Schema = {}
    for (table,) in rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        indexes = {
            row[1]: (row[2:], rows(f"PRAGMA index_xinfo('{row[1]}')"))
            for row in rows(f"PRAGMA index_list('{table}')")
        }
        catalog[table] = {
            "columns": rows(f"PRAGMA table_xinfo('{table}')"),
            "foreign_keys": rows(f"PRAGMA foreign_key_list('{table}')"),
            "indexes": indexes,
        }
    # The text of each index (a table's text differs: SQLite writes an added column into
    # its CREATE TABLE as the ALTER TABLE spelled it; the PRAGMAs above compare the columns).
    catalog["index sql"] = rows(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type != 'table' ORDER BY name"
    )
    return catalog


def _postgres_catalog(conn: sa.Connection) -> Schema:
    def rows(sql: str) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in conn.execute(sa.text(sql))]

    return {
        "columns": rows(
            "SELECT table_name, ordinal_position, column_name, data_type,"
            " character_maximum_length, numeric_precision, is_nullable, column_default,"
            " is_identity FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY 1, 2"
        ),
        "constraints": rows(
            "SELECT c.conrelid::regclass::text, c.conname, c.contype, pg_get_constraintdef(c.oid)"
            " FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
            " WHERE n.nspname = current_schema() ORDER BY 1, 2"
        ),
        # An index's definition names its schema, which differs between the two stores.
        "indexes": rows(
            "SELECT tablename, indexname,"
            " replace(indexdef, quote_ident(current_schema()) || '.', '') FROM pg_indexes"
            " WHERE schemaname = current_schema() ORDER BY 1, 2"
        ),
        "sequences": rows(
            "SELECT sequence_name, data_type, start_value, increment"
            " FROM information_schema.sequences"
            " WHERE sequence_schema = current_schema() ORDER BY 1"
        ),
    }


# SQLAlchemy cannot reflect SQLite's expression index and says so; the catalog compares it.
@pytest.mark.filterwarnings(
    "ignore:Skipped unsupported reflection of expression-based index:sqlalchemy.exc.SAWarning"
)
@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_new_store_has_the_schema_the_migrations_reach(kind: str, tmp_path: Path) -> None:
    with _two_targets(kind, tmp_path) as (fresh, migrated):
        _make_store_at(migrated, 1)
        for target in (fresh, migrated):
            with Store.open(target) as store:  # creates `fresh`; migrates `migrated` from 1
                store.create_run(make_run())
                store.save_trial(make_run().id, make_trial(n_results=2))
        described = _describe(fresh)
        assert described == _describe(migrated)
    # Not vacuous: the description holds every table, column and index of the schema.
    tables = described["tables"]
    assert set(tables) == set(metadata.tables)
    for table in metadata.tables.values():
        assert [c[0] for c in tables[table.name]["columns"]] == [c.name for c in table.columns]
    # The catalog has every index, the expression one (uq_labels_key) included, which
    # SQLAlchemy's inspection of SQLite skips.
    catalog_text = repr(described["catalog"])
    for table in metadata.tables.values():
        for index in table.indexes:
            assert str(index.name) in catalog_text


def test_a_new_store_records_every_version(store_target: str) -> None:
    Store.open(store_target).close()
    engine = raw_engine(store_target)
    try:
        with engine.connect() as conn:
            recorded = conn.execute(
                sa.select(migrations.c.version, migrations.c.name).order_by(migrations.c.version)
            ).all()
    finally:
        engine.dispose()
    assert [tuple(row) for row in recorded] == [
        (number, step.__name__) for number, step in enumerate(MIGRATIONS, start=1)
    ]
