"""Store fixtures: each store test runs on SQLite and, when a server is given, on Postgres."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from store_builders import postgres_url

from fourfold.store import Store


@pytest.fixture
def postgres_schema_url() -> Iterator[str]:
    """A Postgres URL whose connections use a fresh schema, dropped after the test."""
    url = sa.make_url(postgres_url())
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    schema = f"fourfold_test_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(url)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store goes: a SQLite file in tmp_path, or a fresh Postgres schema."""
    if request.param == "sqlite":
        return str(tmp_path / "runs.db")
    return str(request.getfixturevalue("postgres_schema_url"))


@pytest.fixture
def store(target: str) -> Iterator[Store]:
    with Store.open(target) as opened:
        yield opened
