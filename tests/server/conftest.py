"""Fixtures of the viewer's tests: a store with judged runs and the hostile run, and
clients of the app over it, with and without a token."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fourfold.server import Security
from tests.helpers.hostile import hostile_store
from tests.helpers.viewer_builders import judged_run
from tests.helpers.viewer_client import TOKEN, Viewed, make_client


@pytest.fixture
def viewed(tmp_path: Path) -> Iterator[Viewed]:
    store, hostile, cases = hostile_store(tmp_path / "runs.db")
    with store:
        baseline = judged_run(
            store, run_id="20261129-110000-base01", agent="v1", minutes=-60, leaks=False
        )
        suite = tmp_path / "suite" / "suite.yaml"
        suite.parent.mkdir()
        suite.write_text("name: refunds\n", encoding="utf-8")
        judged = judged_run(store, suite_path=suite)
        yield Viewed(store, tmp_path, judged, baseline, hostile, cases)


@pytest.fixture
def client(viewed: Viewed) -> Any:
    """A client of a viewer bound to loopback, without a token."""
    return make_client(viewed)


@pytest.fixture
def token_client(viewed: Viewed) -> Callable[..., Any]:
    """A client of a viewer that requires `TOKEN` (as when bound to 0.0.0.0)."""

    def make(**kwargs: Any) -> Any:
        return make_client(
            viewed,
            security=Security.for_binding("0.0.0.0", TOKEN),
            base_url="http://192.0.2.10:8765",
            **kwargs,
        )

    return make
