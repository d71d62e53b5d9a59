"""`run` and `run_async`: run a suite from Python, as the command line does."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import IncompleteRunError
from ..store import DEFAULT_STORE
from ..suite import LoadedSuite, load_suite
from ._runner import RunOptions, RunOutcome, run_suite_async

if TYPE_CHECKING:
    from ..store import Store

__all__ = ["DEFAULT_STORE", "open_store", "run", "run_async", "run_blocking", "store_target"]

T = TypeVar("T")


def store_target(target: str | Path | None = None) -> str:
    """The store to use: `target`, else ``$FOURFOLD_STORE``, else the default file."""
    return str(target or os.environ.get("FOURFOLD_STORE") or DEFAULT_STORE)


def open_store(target: str | Path | None = None) -> Store:
    """Open `target` (a SQLite path or a database URL), ``$FOURFOLD_STORE``, or the default file."""
    from ..store import Store

    chosen = store_target(target)
    if "://" not in chosen:
        Path(chosen).parent.mkdir(parents=True, exist_ok=True)
    return Store.open(chosen)


async def run_async(
    suite: str | Path | LoadedSuite,
    *,
    store: str | Path | Store | None = None,
    options: RunOptions | None = None,
) -> RunOutcome:
    """Run a suite and store the run.

    Args:
        suite: a suite file, or a suite already loaded with `load_suite`.
        store: a `Store`, a SQLite path or URL (default: ``$FOURFOLD_STORE`` or
            ``.fourfold/fourfold.db``).
        options: which agent, repeats, seed, resume... (`RunOptions`); no progress bar by
            default when called from Python.

    Raises:
        ConfigError: the suite or the options are wrong.
    """
    loaded = suite if isinstance(suite, LoadedSuite) else load_suite(suite)
    options = options or RunOptions(progress=False)
    if store is not None and not isinstance(store, (str, Path)):
        return await run_suite_async(loaded, store, options)
    with open_store(store) as opened:
        return await run_suite_async(loaded, opened, options)


def run(
    suite: str | Path | LoadedSuite,
    *,
    store: str | Path | Store | None = None,
    options: RunOptions | None = None,
) -> RunOutcome:
    """Run a suite and store the run (the blocking form of `run_async`)."""
    return run_blocking(run_async(suite, store=store, options=options))


def run_blocking(coro: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` for a run: a large result, and user code never choosing the exit code.

    On Python 3.11, `asyncio.run` formats the main task (result included) when it restores
    the Ctrl-C handler; for a run of thousands of trials that costs a noticeable share of
    the run's CPU. The task here returns None and the result travels beside it.

    A `SystemExit` raised in a task the run did not start (user code's own background
    task) leaves the event loop, not the trial; `asyncio.run` then cancels the run, which
    stores its finished trials and marks itself interrupted. It comes out of here as an
    `IncompleteRunError` (exit code 4), never as the exit code user code asked for.

    A KeyboardInterrupt that reaches the run's own task (Ctrl-C raised by code inside
    the run) leaves the event loop as it would, and is raised from here once it has.

    Raises:
        IncompleteRunError: user code called ``sys.exit`` outside any trial.
        KeyboardInterrupt: the run was interrupted.
    """
    box: list[T] = []
    stopped: list[KeyboardInterrupt] = []

    async def main() -> None:
        try:
            box.append(await coro)
        except KeyboardInterrupt as exc:
            # Kept here and raised below: left on the task, it would be an exception no
            # one read, logged whenever the task is collected (on 3.11 that formats a
            # traceback by parsing source, which breaks a parse it lands inside).
            stopped.append(exc)

    try:
        asyncio.run(main())
        if stopped:
            raise stopped[0]
    except SystemExit as exc:
        raise IncompleteRunError(
            f"user code called sys.exit({exc.code!r}) during the run, outside any trial it "
            "could be charged to (in a task of its own); the run stopped there: its finished "
            "trials are stored and it is marked interrupted"
        ) from exc
    return box[0]
