"""The run's writer stores a wave of trials that finish together in one transaction.

A write holds the event loop, and a transaction costs about the same whatever its size, so
trials whose replies come in a few milliseconds apart must not each get a write of their
own (at concurrency 16 they did: 1.6 trials a transaction, half of a judged run's CPU).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from fourfold._engine._progress import RunProgress
from fourfold._engine._writer import GATHER_S, TrialWriter
from fourfold.models import ModelResponse
from fourfold.runs import Trial
from fourfold.store import Store, StoreCache
from tests.helpers.model_builders import ask
from tests.helpers.store_builders import make_run, make_trial


class CountingStore(Store):
    """A store that records the size of each batch of trials written."""

    batches: list[int]

    def save_trials(self, run_id: str, trials: Sequence[Trial], **given: Any) -> None:
        self.batches.append(len(trials))
        super().save_trials(run_id, trials, **given)


def _written(tmp_path: Path, finish_at: list[float]) -> tuple[list[int], list[Trial]]:
    """Trials finished at the given offsets (seconds), through a `TrialWriter`."""
    run = make_run()
    with CountingStore.open(tmp_path / "runs.db") as store:
        assert isinstance(store, CountingStore)
        store.batches = []
        store.create_run(run)
        writer = TrialWriter(run.id, RunProgress(len(finish_at), enabled=False), StoreCache(store))

        async def finish(i: int, at: float) -> None:
            await asyncio.sleep(at)
            writer.put(make_trial(f"case-{i:02d}", n_results=1))

        asyncio.run(writer.write_while([finish(i, at) for i, at in enumerate(finish_at)]))
        return store.batches, store.trials(run.id)


def test_trials_finishing_a_few_milliseconds_apart_are_written_together(
    tmp_path: Path,
) -> None:
    # A wave of 16 replies spread over 30 ms, then a second wave a "latency" later.
    wave = [i * 0.002 for i in range(16)]
    later = [0.4 + at for at in wave]
    batches, stored = _written(tmp_path, wave + later)
    assert len(stored) == 32  # none lost
    assert len(batches) <= 4, batches  # one write a wave (two if a wave straddles the wait)
    assert GATHER_S <= 0.1  # a finished trial is stored soon, not at the end


def test_a_trial_taken_while_the_writer_gathers_is_written_when_the_workers_end(
    tmp_path: Path,
) -> None:
    # The workers end inside the gathering wait: the writer is cancelled holding the first
    # trial, and the end's flush writes it with the one still queued.
    batches, stored = _written(tmp_path, [0.0, 0.001])
    assert sorted(t.case_id for t in stored) == ["case-00", "case-01"]
    assert sum(batches) == 2


class ThreadNotingStore(Store):
    """A store that notes whether each write of model calls alone came from the loop's thread."""

    on_loop: list[bool]

    def put_model_calls(self, rows: Sequence[Mapping[str, Any]]) -> None:
        self.on_loop.append(threading.current_thread() is threading.main_thread())
        super().put_model_calls(rows)


def test_a_full_buffer_of_model_calls_is_written_off_the_loop(tmp_path: Path) -> None:
    # Trials that make many calls each (an agent's turns) fill the cache's buffer between
    # the writes of trials: the write it takes must not hold the loop that reads replies.
    run = make_run()
    with ThreadNotingStore.open(tmp_path / "runs.db") as store:
        assert isinstance(store, ThreadNotingStore)
        store.on_loop = []
        store.create_run(run)
        cache = StoreCache(store, batch_size=4)
        writer = TrialWriter(run.id, RunProgress(1, enabled=False), cache)

        async def calls_then_a_trial() -> None:
            for i in range(10):
                cache.put(f"k{i}", ask(f"q{i}"), ModelResponse(text=f"r{i}"), provider="mock")
                await asyncio.sleep(0.01)
            writer.put(make_trial("case-00", n_results=1))

        asyncio.run(writer.write_while([calls_then_a_trial()]))
        assert store.on_loop and not any(store.on_loop), store.on_loop
        assert store.count_model_calls() == 10  # and none lost, the trial's write took the rest
        assert [t.case_id for t in store.trials(run.id)] == ["case-00"]
    assert cache.on_full is None  # the run's end leaves the cache as it found it
