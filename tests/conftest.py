"""Fixtures every test folder may use: the Postgres server and the shared data.

Both live outside the repository and both are optional; a test that needs one skips, naming
the environment variable to set (the paths and the variables are in `tests.helpers.environment`):

- ``FOURFOLD_TEST_POSTGRES_URL``: a Postgres server each test gets a fresh schema on
  (``eval "$(.ci/postgres start)"`` starts a throwaway one).
- ``FOURFOLD_SHARED_DATA``: the public datasets (default ``../shared/data`` beside the
  repository); ``FOURFOLD_TAU_RUNS``: the collected τ-bench runs (default the committed
  ``tests/data/tau/runs``).

Builders live in the ``tests.helpers`` package and are imported by name; nothing here touches
``sys.path``.
"""

from __future__ import annotations

import gc
import os
import signal
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers.environment import (
    postgres_schema,
    shared_data_dir,
    shared_path,
    tau_runs_dir,
)

collect_ignore = ["ext_package"]
"""A fake installed distribution the extension tests put on a child's PYTHONPATH: importing
it here (``--doctest-modules`` imports every module) would register its check in this process."""

# ------------------------------------------------------------------ doctests


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[object], list[object]]:
    """Collect no docstring examples from the test modules: they have none.

    ``--doctest-modules`` (pyproject) is for src/fourfold; over tests/ it would search every
    test module's objects for examples, about half of collection's time, in every worker.
    This hook, in tests/, sees only tests/'s files.
    """
    collected: list[object] = yield
    return [c for c in collected if type(c).__name__ != "DoctestModule"]


# ------------------------------------------------------------------ Ctrl-C

# A shell without job control starts a background job with SIGINT ignored, and every process
# it starts inherits that: the tests that send a `fourfold run` Ctrl-C would then see it
# carry on. A handler (unlike "ignored") is reset at exec, so the children get the default.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# ------------------------------------------------------------------ garbage collection


def pytest_collection_finish() -> None:
    """Leave what collection made out of the garbage collector's passes, and pass less often.

    After collection a test process holds every imported module and ~5,000 test items,
    alive to the end. Python's full collections walk all of that each time, and so does
    every ``gc.collect()`` a library calls (statsmodels' Holm correction calls one, half
    a second each in a test process). Frozen (`gc.freeze`), those objects are skipped;
    what the tests allocate is collected as before. Garbage is collected first, so nothing
    is frozen that was already unreachable. The tests allocate freely, so the collector
    also runs after 20,000 allocations instead of 700. Measured in one process: the
    server, store, statistics and checks tests spent 5.6 s collecting garbage, 2.7 s
    frozen; the server, statistics and checks tests 2.8 s frozen, 1.9 s with the
    thresholds too.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


# ------------------------------------------------------------------ hypothesis

settings.register_profile(
    "fourfold",
    max_examples=60,
    deadline=None,  # the machine is shared: time is no property
    database=None,  # nothing written into the repository
    derandomize=True,  # the same examples on every run, so a red build is reproducible
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", parent=settings.get_profile("fourfold"), max_examples=2000, derandomize=False
)
settings.register_profile("quick", parent=settings.get_profile("fourfold"), max_examples=10)
settings.load_profile(os.environ.get("FOURFOLD_HYPOTHESIS_PROFILE", "fourfold"))
"""``FOURFOLD_HYPOTHESIS_PROFILE=explore`` looks for new counterexamples, 2,000 per property;
``quick`` (what ``make test-fast`` uses) tries 10, for the edit-and-rerun loop."""

# ------------------------------------------------------------------ Postgres


@pytest.fixture
def postgres_schema_url() -> Iterator[str]:
    """A Postgres URL whose connections use a fresh schema, dropped after the test."""
    with postgres_schema() as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store goes: a SQLite file in tmp_path, or a fresh Postgres schema.

    A test that takes it runs twice; the Postgres run skips without a server.
    """
    if request.param == "sqlite":
        return str(tmp_path / "runs.db")
    return str(request.getfixturevalue("postgres_schema_url"))


# ------------------------------------------------------------------ shared data


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The shared data folder, or skip the test when it is absent."""
    folder = shared_data_dir()
    if not folder.is_dir():
        pytest.skip(f"the shared data folder {folder} is absent (set FOURFOLD_SHARED_DATA to it)")
    return folder


@pytest.fixture(scope="session")
def shared() -> Callable[..., Path]:
    """``shared("tau-bench", "historical_trajectories", ...)``: the path, or skip the test."""
    return shared_path


@pytest.fixture(scope="session")
def tau_runs() -> Path:
    """The collected τ-bench runs (tests/data/tau/SOURCE.md), or skip the test."""
    folder = tau_runs_dir()
    if not (folder / "tau-bench").is_dir():
        pytest.skip(
            f"the collected tau-bench runs are not at {folder} (set FOURFOLD_TAU_RUNS; "
            "tests/data/tau/SOURCE.md says where each file comes from)"
        )
    return folder
