"""Fixtures of the export tests: a run with every kind of row, and stores to load it into."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.exchange.exchange_builders import Made, make_run_with_everything
from tests.helpers.environment import postgres_schema


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
    with postgres_schema() as url:
        yield url
