"""Fixtures of the viewer's tests: a store with judged runs and the hostile run, and
clients of the app over it, with and without a token."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fourfold.server import Security
from fourfold.store import Store
from tests.helpers.hostile import hostile_store
from tests.helpers.store_template import copy_template
from tests.helpers.viewer_builders import judged_run
from tests.helpers.viewer_client import TOKEN, Viewed, make_client


@dataclass(frozen=True)
class ViewedTemplate:
    """The folder `viewed` copies for each test, and the ids of the runs it holds."""

    folder: Path
    judged: str
    baseline: str
    hostile: str
    hostile_cases: list[str]


@pytest.fixture(scope="session")
def viewed_template(tmp_path_factory: pytest.TempPathFactory) -> ViewedTemplate:
    """The hostile run, a baseline and a judged run of ``suite/suite.yaml``, built once.

    Some 500 tests take `viewed`; building these runs for each took a tenth of a second,
    most of the server tests' time. Never opened after it is built: tests get copies.
    """
    folder = tmp_path_factory.mktemp("viewed-template")
    store, hostile, cases = hostile_store(folder / "runs.db")
    with store:
        baseline = judged_run(
            store, run_id="20261129-110000-base01", agent="v1", minutes=-60, leaks=False
        )
        suite = folder / "suite" / "suite.yaml"
        suite.parent.mkdir()
        suite.write_text("name: refunds\n", encoding="utf-8")
        judged = judged_run(store, suite_path=suite)
    return ViewedTemplate(folder, judged, baseline, hostile, cases)


@pytest.fixture
def viewed(tmp_path: Path, viewed_template: ViewedTemplate) -> Iterator[Viewed]:
    """A store of this test's own (a copy of `viewed_template` in ``tmp_path``)."""
    t = viewed_template
    with Store.open(copy_template(t.folder, tmp_path)) as store:
        yield Viewed(store, tmp_path, t.judged, t.baseline, t.hostile, list(t.hostile_cases))


# The clients are entered (``with``): an entered TestClient serves every request from one
# event loop thread, where one that is not starts a thread and a loop per request (a small
# request took 5.6 ms of CPU and 8 ms in all that way, 3.4 and 4 entered; the server tests
# ran 7 s sooner). The app has no lifespan events for entering to start.


@pytest.fixture
def client(viewed: Viewed) -> Iterator[Any]:
    """A client of a viewer bound to loopback, without a token."""
    with make_client(viewed) as entered:
        yield entered


@pytest.fixture
def token_client(viewed: Viewed) -> Iterator[Callable[..., Any]]:
    """A client of a viewer that requires `TOKEN` (as when bound to 0.0.0.0)."""
    with ExitStack() as clients:

        def make(**kwargs: Any) -> Any:
            return clients.enter_context(
                make_client(
                    viewed,
                    security=Security.for_binding("0.0.0.0", TOKEN),
                    base_url="http://192.0.2.10:8765",
                    **kwargs,
                )
            )

        yield make
