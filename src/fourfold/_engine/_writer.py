"""Storing a run's trials while it runs, and what a blocked event loop does to the run.

`TrialWriter` writes finished trials in batches from a task of its own, so the workers
never wait on the store; `OnBlocked` is what the watchdog calls when an agent holds the
event loop past its timeout: it writes what finished, marks the run interrupted and ends
the process with `EXIT_INTERRUPTED`, so ``--resume`` runs the rest.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import EXIT_INTERRUPTED
from ..runs import Run, Trial
from ._idle import loop_idle
from ._opening import StoreOpening, store_now
from ._progress import RunProgress
from ._watchdog import Blocked, LoopWatchdog

if TYPE_CHECKING:
    from ..store import Store, StoreCache

WRITE_BATCH = 256
"""The most finished trials written in one transaction."""
GATHER_S = 0.05
"""How long the writer waits, once a trial is finished, for others to finish before it writes.

A transaction costs about the same whatever its size, so one write per wave of trials that
finish together, rather than one per trial."""
IDLE_WITHIN_S = 0.2
"""After gathering, the writer waits for the loop to be idle (`fourfold._engine._idle`), at
most this long: its thread then writes while the loop waits on the network rather than
while it reads replies. A finished trial is stored at most about a quarter of a second
after the write before it."""


class TrialWriter:
    """Stores finished trials in batches, from a task of its own, while the workers run.

    Each batch is written with the model calls the response cache holds, in one
    transaction, so that every stored trial has its model calls stored too. The task takes
    the batch off the queue on the loop and writes it in a worker thread: a write of a wave
    of trials took 2 to 15 ms of the loop, and the first one (the store's statements
    compiled) over 200 ms, during which no reply was read and no call sent; in a thread the
    loop goes on, and SQLite's own work runs outside the interpreter's lock. Writes are
    serialised by a lock: one at a time from the task, and the watchdog thread may flush
    while the loop is blocked (see `OnBlocked`). The trials a write stores are counted
    (`stored`, the progress) by the write itself, in whichever thread, so a write the run's
    end cancels the wait for still counts when it completes.
    """

    def __init__(self, run_id: str, progress: RunProgress, cache: StoreCache) -> None:
        self._run_id = run_id
        self._progress = progress
        self._cache = cache
        self._queue: asyncio.Queue[Trial] = asyncio.Queue()
        self._batch: list[Trial] = []
        """Trials taken off the queue and not yet stored (kept if a write is cut short)."""
        self._lock = threading.Lock()
        self.stored: list[Trial] = []
        """Every trial written so far, in the order written."""
        self.watchdog: LoopWatchdog | None = None
        """Paused while a write holds the loop (`flush`; the task's writes leave it free)."""
        self._calls: asyncio.Future[None] | None = None
        cache.on_full = self._calls_full

    @property
    def written(self) -> int:
        """How many trials have been written."""
        return len(self.stored)

    def put(self, trial: Trial) -> None:
        """Queue a finished trial for the next write."""
        self._queue.put_nowait(trial)

    async def write_while(
        self,
        workers: list[Coroutine[Any, Any, None]],
        *,
        ready: Coroutine[Any, Any, None] | None = None,
    ) -> None:
        """Run `workers` to the end while writing what they finish; then write the rest.

        However the workers end (done, an error, the run cancelled by Ctrl-C), they are
        stopped and every trial they finished is written before this returns or raises;
        only a failed write leaves the trials after it unwritten. With `ready` (a run whose
        store is being opened), nothing is written before it is done; if it fails, the
        workers are stopped and its error is raised, and nothing is written.
        """
        tasks = [asyncio.ensure_future(w) for w in workers]
        writing = asyncio.ensure_future(self._write_forever(ready))
        everything: asyncio.Future[Any] = asyncio.gather(*tasks)
        try:
            await asyncio.wait([everything, writing], return_when=asyncio.FIRST_COMPLETED)
            if writing.done():  # it never returns: a write failed
                writing.result()
            everything.result()
        finally:
            for task in (*tasks, writing):
                task.cancel()
            try:
                await asyncio.wait([*tasks, writing])  # a worker cut short holds no finished trial
            finally:
                if ready is not None:
                    ready.close()  # never started if the writer was cancelled before it ran
                if everything.done() and not everything.cancelled():
                    everything.exception()  # retrieved, so asyncio does not log it again
                self._cache.on_full = None  # the calls left are the caller's to flush
                if not failed(writing):  # else the same write would fail again, over the error
                    self.flush()

    def flush(self) -> None:
        """Write every trial taken or queued, in batches of at most `WRITE_BATCH`.

        Called from the loop, or from the watchdog thread while the loop is blocked (the
        queue is then not touched by the loop; the lock keeps two writes apart).
        """
        with self._lock:
            while self._batch or not self._queue.empty():
                self._take()
                # Written on the calling thread: the loop, or the watchdog's while it is stuck.
                with self.watchdog.paused() if self.watchdog is not None else nullcontext():
                    self._write_taken()

    async def _write_forever(self, ready: Awaitable[None] | None) -> None:
        if ready is not None:
            await ready
        while True:
            # Cancelled while waiting, it holds nothing: the trial stays queued for flush.
            self._batch.append(await self._queue.get())
            # Cancelled here, the taken trial is in `_batch`, which `flush` writes.
            await asyncio.sleep(GATHER_S)
            # Written when the loop waits, not while it reads the wave's other replies.
            await loop_idle(within=IDLE_WITHIN_S)
            self._take()  # the queue is the loop's: taken here, written in the thread
            # Cancelled while the thread writes, the write goes on and counts its trials;
            # `flush` waits for it (the lock) and writes what is left.
            await asyncio.to_thread(self._locked_write)

    def _calls_full(self) -> None:
        """The cache holds a batch of model calls: write them from the worker thread.

        Between the writes of trials (which take the calls with them), a run whose trials
        make many calls each would otherwise write them on the loop, while it reads
        replies. One such write at a time; a failed one is raised by the next write of
        trials, which fails the same way (the calls stay buffered).
        """
        if self._calls is None or self._calls.done():
            self._calls = asyncio.ensure_future(asyncio.to_thread(self._locked_calls))
            self._calls.add_done_callback(_retrieve)

    def _locked_calls(self) -> None:
        with self._lock:
            self._cache.flush()

    def _take(self) -> None:
        """Move queued trials into the batch, up to `WRITE_BATCH`.

        On the loop, or in the watchdog's thread while the loop is stuck: the queue is the
        loop's.
        """
        batch = self._batch
        while len(batch) < WRITE_BATCH and not self._queue.empty():
            batch.append(self._queue.get_nowait())

    def _locked_write(self) -> None:
        with self._lock:
            self._write_taken()

    def _write_taken(self) -> None:
        """Store the batch (the lock held); kept whole if the write fails, to try again."""
        batch = self._batch
        if not batch:
            return
        # The model calls with them: a stored trial always has its calls in the archive.
        self._cache.flush(self._run_id, batch)
        self._batch = []
        self.stored.extend(batch)
        for trial in batch:
            self._progress.advance(errored=trial.status == "error")


@dataclass
class OnBlocked:
    """What the watchdog does when an agent holds the event loop: store, mark, say, exit 4.

    It runs in the watchdog thread while the loop is stuck in user code; nothing on the
    loop runs meanwhile, so it writes the finished trials itself, then the model calls,
    marks the run interrupted and ends the process: nothing else can take the loop back.
    """

    store: Store | StoreOpening
    """The run's store (being opened, if the run started before it: then waited for)."""
    run: Run
    suite_path: Path
    timeout: float
    writer: TrialWriter
    cache: StoreCache
    progress: RunProgress
    in_flight: dict[tuple[str, int], None]
    total: int
    done_before: int
    exit: Callable[[int], None] = os._exit

    def __call__(self, blocked: Blocked) -> None:
        saved = ""
        try:
            self.writer.flush()
            self.cache.flush()
            store_now(self.store).update_run(self.run.id, status="interrupted")
        except BaseException as exc:  # the store failed too: say so, and still end the run
            saved = f" (writing the finished trials failed: {type(exc).__name__}: {exc})"
        stored = self.done_before + self.writer.written
        self.progress.stop()
        print(self.message(blocked, stored) + saved, file=sys.stderr, flush=True)
        sys.stdout.flush()
        self.exit(EXIT_INTERRUPTED)

    def message(self, blocked: Blocked, stored: int) -> str:
        """The error the run stops with: which case, where, and what to do."""
        if blocked.case_id is not None:
            who = f"case {blocked.case_id} (repeat {blocked.repeat}) holds it"
        else:
            flying = [f"{case}#{repeat}" for case, repeat in list(self.in_flight)]
            shown = ", ".join(flying[:10]) + (" ..." if len(flying) > 10 else "")
            who = f"in flight: {shown}" if flying else "no trial was in flight"
        where = f", at {blocked.where}" if blocked.where else ""
        return (
            f"error: the event loop stood still for {blocked.seconds:.0f}s, past the agent's "
            f"timeout of {self.timeout:g}s: {who}{where}. Code that runs on the loop (an "
            "async agent or a check) must not block: await asyncio.sleep rather than "
            "time.sleep, run blocking calls with asyncio.to_thread, or give the agent "
            "`isolation: process`, whose timeout kills a stuck worker.\n"
            f"{stored} of {self.total} trials are stored; run {self.run.id} is marked "
            f"interrupted. Continue with: fourfold run {self.suite_path} --resume {self.run.id}"
        )


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Read a finished task's exception, so that asyncio does not log it as never read."""
    if not task.cancelled():
        task.exception()


def failed(task: asyncio.Future[Any]) -> bool:
    """The task raised an error (not a KeyboardInterrupt, which a retry may well outlive)."""
    return task.done() and not task.cancelled() and isinstance(task.exception(), Exception)
