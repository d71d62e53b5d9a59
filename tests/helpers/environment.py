"""Where the tests find their data and servers: Postgres, the shared data, the τ-bench runs.

The Postgres server and the shared data live outside the repository and are optional.
Without them the tests that need them skip, and the skip reason says which environment
variable to set; the fixtures over these functions are in ``tests/conftest.py``. Plain
functions (not only fixtures) because ``skipif`` marks are decided at collection.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[2]
"""The repository."""

POSTGRES_URL_VAR = "FOURFOLD_TEST_POSTGRES_URL"
SHARED_DATA_VAR = "FOURFOLD_SHARED_DATA"
TAU_RUNS_VAR = "FOURFOLD_TAU_RUNS"


def postgres_url() -> str:
    """The test server's URL, or skip the test saying how to get one."""
    url = os.environ.get(POSTGRES_URL_VAR)
    if not url:
        pytest.skip(
            f"{POSTGRES_URL_VAR} is not set; start a throwaway server with "
            '`eval "$(.ci/postgres start)"` to run the Postgres tests'
        )
    return url


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A Postgres URL whose connections use a fresh schema, dropped on leaving.

    The ``postgres_schema_url`` fixture gives one; a test that compares two stores opens a
    second with this. Skips the test without a server, as `postgres_url` does.
    """
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


def shared_data_dir() -> Path:
    """The public datasets: ``$FOURFOLD_SHARED_DATA``, else ``../shared/data`` by the repository.

    The folder may be absent; `shared_path` skips a test for that.
    """
    override = os.environ.get(SHARED_DATA_VAR)
    return Path(override) if override else ROOT.parent / "shared" / "data"


def tau_runs_dir() -> Path:
    """The collected τ-bench runs: ``$FOURFOLD_TAU_RUNS``, else the committed tests/data/tau/runs.

    Where each file comes from, its sha256 and its licence are in tests/data/tau/SOURCE.md.
    """
    override = os.environ.get(TAU_RUNS_VAR)
    return Path(override) if override else ROOT / "tests" / "data" / "tau" / "runs"


def shared_path(*parts: str) -> Path:
    """``shared_path("tau-bench", "historical_trajectories")``: the path, or skip the test."""
    path = shared_data_dir().joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"real fixture {'/'.join(parts)} not found under {shared_data_dir()} "
            f"(set {SHARED_DATA_VAR} to the shared data folder)"
        )
    return path
