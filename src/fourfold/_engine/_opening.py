"""A new run's SQLite store, opened while the run's first calls wait rather than before them.

Opening a store imports SQLAlchemy, checks the schema and, for a run, makes the forecast
and stores the run with its cases: about a quarter of a second of a small machine's CPU
before the first model call, which a run of a few hundred calls at a fifth of a second
each (`bench/bench_startup.py`) feels as a tenth of its wall time. A new run needs
nothing from its store before its first call but the response cache, and `CachePeek`
reads that with the standard library. So the command line hands the runner a
`StoreOpening` rather than a store: the runner starts the trials, then opens the store in
a thread once their first calls are in flight and the loop waits on the network (the
first wave's wait, before any reply is read), and its writer waits for the store before
the first batch of trials.

Only where it is safe: a SQLite file that does not exist yet or is a store at the current
schema (`CachePeek.of`). A store to migrate, a file that is not a store, a Postgres URL,
and every run that reads its store before it starts (``--resume``, ``--baseline``, a Ray
executor) open it first, as before: whatever is wrong with a store is said before
anything is called. A store that cannot be opened later anyway (the disk fills, the
folder is not writable) ends the run with the store's error, having stored nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import StoreError
from ..store import CachePeek

if TYPE_CHECKING:
    from ..store import Store

__all__ = ["StoreOpening", "store_now"]


class StoreOpening:
    """A SQLite store to be opened in a thread of its own; see the module's docstring.

    Use `StoreOpening.of`. `plan` says what to do in the thread once the store is open (a
    run: its forecast and `Store.create_run`); `begin` starts the thread (the runner calls
    it when the loop first waits on the first calls, when the first trial ends, or a
    second into a slow start: the interpreter runs one thread at a time, so the thread
    runs while the loop waits, see `fourfold._engine._idle`); `result` begins
    if need be and waits. `future` holds the store once that is all done, or the error
    that stopped it. `close` (through `contextlib.closing`, say) closes the store, once
    opened, and the peek.
    """

    def __init__(self, path: Path, peek: CachePeek) -> None:
        self.path = path
        self.peek = peek
        self.future: Future[Store] = Future()
        # Running from the start: a waiter cancelled (the run's writer, at the run's end)
        # must not cancel the opening with it (`asyncio.wrap_future` passes cancels on).
        self.future.set_running_or_notify_cancel()
        self._then: Callable[[Store], None] = lambda _: None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, target: str) -> StoreOpening | None:
        """A `StoreOpening` of `target`, or None if it must be opened before the run starts.

        `target` is the store as the user gave it (``$FOURFOLD_STORE`` and the default
        already applied): only a SQLite path qualifies (see `CachePeek.of`).
        """
        if "://" in target:
            return None
        path = Path(target)
        peek = CachePeek.of(path)
        return None if peek is None else cls(path, peek)

    def plan(self, then: Callable[[Store], None]) -> None:
        """Call `then` with the store, in the opening thread, before `future` is resolved."""
        self._then = then

    def begin(self) -> None:
        """Start opening the store in a thread (once: later calls do nothing)."""
        if self._thread is not None:  # the runner calls this for every finished trial
            return
        with self._lock:
            if self._thread is not None:
                return
            # A daemon never holds the process's exit; `close` joins it.
            self._thread = threading.Thread(target=self._open, name="fourfold-store", daemon=True)
            self._thread.start()

    def result(self) -> Store:
        """The store, once opened and `plan`'s work done (begun now if it was not).

        Raises:
            StoreError: the store could not be opened (or what `plan`'s work raised).
        """
        self.begin()
        return self.future.result()

    def _open(self) -> None:
        try:
            from ..store import Store

            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(
                    f"cannot create the folder of the store {self.path}: "
                    f"{exc.strerror or exc}; give a --store path in a folder you can write to"
                ) from exc
            store = Store.open(self.path)
        except BaseException as exc:
            self.future.set_exception(exc)
            return
        try:
            self._then(store)
        except BaseException as exc:
            store.close()
            self.future.set_exception(exc)
            return
        self.future.set_result(store)

    def close(self) -> None:
        """Wait for the opening thread, then close the store (if it opened) and the peek."""
        if self._thread is not None:
            self._thread.join()
        self.peek.close()
        if self.future.done() and self.future.exception() is None:
            self.future.result().close()


def store_now(store: Store | StoreOpening) -> Store:
    """The store; a `StoreOpening`'s once it is open (begun now, and waited for, if need be)."""
    return store.result() if isinstance(store, StoreOpening) else store
