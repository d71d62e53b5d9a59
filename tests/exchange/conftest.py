"""Fixtures of the export tests: a run with every kind of row, and stores to load it into."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.exchange.exchange_builders import Made, make_run_with_everything


@pytest.fixture(scope="session")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """A store with two runs of the exchange suite; the second holds every kind of row."""
    return make_run_with_everything(tmp_path_factory.mktemp("exchange"))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh store: a SQLite file, or a new schema of the test Postgres server."""
    if request.param == "sqlite":
        yield str(tmp_path / "target.db")
        return
    url_text = os.environ.get("FOURFOLD_TEST_POSTGRES_URL")
    if not url_text:
        pytest.skip(
            'FOURFOLD_TEST_POSTGRES_URL is not set; `eval "$(.ci/postgres start)"` starts a server'
        )
    url = sa.make_url(url_text).set(drivername="postgresql+psycopg")
    schema = f"fourfold_exchange_{uuid.uuid4().hex[:12]}"
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
