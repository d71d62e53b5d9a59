"""Fixtures for the model tests: the scripted OpenAI-compatible server and a key."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from model_builders import KEY, KEY_VAR

from helpers.openai_server import OpenAIServer


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    """A real HTTP server on a free loopback port, scripted by the test."""
    with OpenAIServer() as server:
        yield server


@pytest.fixture
def key(monkeypatch: pytest.MonkeyPatch) -> str:
    """An API key in the environment variable KEY_VAR."""
    monkeypatch.setenv(KEY_VAR, KEY)
    return KEY


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a store goes: a SQLite file, or a fresh schema of the test Postgres server."""
    if request.param == "sqlite":
        yield str(tmp_path / "runs.db")
        return
    url_text = os.environ.get("FOURFOLD_TEST_POSTGRES_URL")
    if not url_text:
        pytest.skip(
            'FOURFOLD_TEST_POSTGRES_URL is not set; `eval "$(.ci/postgres start)"` starts a server'
        )
    url = sa.make_url(url_text).set(drivername="postgresql+psycopg")
    schema = f"fourfold_models_{uuid.uuid4().hex[:12]}"
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
