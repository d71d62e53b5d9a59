"""Store fixtures: each store test runs on SQLite and, when a server is given, on Postgres
(`store_target` and `postgres_schema_url` are in the root conftest)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fourfold.store import Store


@pytest.fixture
def store(store_target: str) -> Iterator[Store]:
    with Store.open(store_target) as opened:
        yield opened
