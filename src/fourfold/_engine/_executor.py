"""Where a run's trials execute: the seam between the runner and the processes that run them.

The runner decides what runs (the cases and repeats left, the run's config, a resume) and
stores what comes back (`TrialWriter`); an executor runs the trials and hands each one
back as it finishes. Both executors run every trial through the one per-trial function,
`run_trial`:

- `LocalExecutor` (the default): the agent and the models in this process, trials as
  coroutines of this event loop, at most `concurrency` at once.
- `fourfold._engine._ray.RayExecutor` (``--executor ray``): Ray actors, each holding a
  `LocalExecutor` of its own, and the driver keeping at most `concurrency` trials in
  flight across all of them.

An executor is used in four steps: `build` (the agent is made: a bad config fails here,
before anything is stored), `start` (the agent's workers are started), `workers` (the
coroutines that run the trials, which the runner runs beside its writer), `aclose`.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from .._secrets import Redactor
from ..agents import Agent, AgentConfig, ReplayAgentConfig, make_agent, start_agent
from ..cases import Case
from ..models import Model, get_model
from ..runs import Trial
from ..store import StoreCache
from ..suite import LoadedSuite
from ..trace import Trace
from ._trial import TrialContext, close_models, run_trial

if TYPE_CHECKING:
    from ..store import Store

__all__ = [
    "Executor",
    "ExecutorOptions",
    "LocalExecutor",
    "TrialPlan",
    "Work",
    "make_executor",
    "map_partitions",
    "partitions",
]

T = TypeVar("T")
R = TypeVar("R")

Key = tuple[str, int]
"""A trial's (case id, repeat)."""


@dataclass(frozen=True)
class ExecutorOptions:
    """Where the work runs: this process, or a Ray cluster (``--executor ray``)."""

    kind: Literal["local", "ray"] = "local"
    """``local``: this process's event loop; ``ray``: Ray actors (see docs/ray.md)."""
    address: str | None = None
    """The Ray cluster: ``auto`` (the one running on this machine), ``HOST:PORT`` or
    ``ray://HOST:PORT``; None starts a Ray instance on this machine for the run (or uses
    the one this process is already connected to)."""
    workers: int | None = None
    """How many Ray workers (actors) share the work (default: one per CPU of the cluster)."""


@dataclass(frozen=True)
class TrialPlan:
    """What every trial of a run shares, whichever process runs it."""

    loaded: LoadedSuite
    """The suite, its checks already narrowed to the ones the run runs."""
    agent_config: AgentConfig | None
    """The agent (None for work that runs no agent: a regrade, a backfill)."""
    seed: int
    use_cache: bool

    @property
    def redactor(self) -> Redactor:
        """The suite's secrets, redacted from every model call stored."""
        return self.loaded.redactor


@dataclass
class Work:
    """The trials an executor is asked to run, and where each goes when it is done."""

    todo: list[tuple[Case, int]]
    """(case, repeat) to run, in order."""
    concurrency: int
    """Trials in flight at once, at most (over every worker)."""
    baselines: Mapping[Key, Trace]
    """The baseline run's traces, for pairwise judges (empty without one)."""
    finished: Callable[[Trial], None]
    """Called with each finished trial, with no await between its end and the call."""
    in_flight: dict[Key, None]
    """The trials started and not finished (kept up to date, for the watchdog's message)."""

    def baseline_for(self, case_id: str, repeat: int) -> Trace | None:
        """The baseline trace of the same repeat, else of the first (None if there is none)."""
        return self.baselines.get((case_id, repeat)) or self.baselines.get((case_id, 0))


class Executor(ABC):
    """Runs a run's trials somewhere; see the module's docstring for its life cycle."""

    cache: StoreCache
    """The model calls this process made and has not stored yet; the writer flushes it
    before each batch of trials, so a stored trial always has its calls stored."""

    @abstractmethod
    async def build(self) -> None:
        """Make the agent and the models; raise `ConfigError` if they cannot be made."""

    @abstractmethod
    async def start(self) -> None:
        """Start the agent (its worker processes, its server...)."""

    @abstractmethod
    def workers(self, work: Work) -> list[Coroutine[Any, Any, None]]:
        """The coroutines that run `work` to the end, handing each trial to `work.finished`."""

    @abstractmethod
    async def aclose(self) -> None:
        """Stop the agent, close the models, store their buffered calls."""


class LocalExecutor(Executor):
    """The trials as coroutines of this event loop: the agent and the models live here.

    It is also what each Ray worker holds (`fourfold._engine._ray`): one trial there is
    `run_one` here.

    Args:
        plan: what the trials share.
        store: where model calls are cached and kept: the store, or a cache over it (a
            run's, whose store is being opened: see `fourfold._engine._opening`).
    """

    def __init__(self, plan: TrialPlan, store: Store | StoreCache) -> None:
        self.plan = plan
        self.cache = (
            store if isinstance(store, StoreCache) else StoreCache(store, redactor=plan.redactor)
        )
        self.models: dict[str, Model] = {}
        self.agent: Agent | None = None

    async def build(self) -> None:
        """Make the suite's models and the agent (closing the models if the agent fails)."""
        plan = self.plan
        self.models = {
            name: get_model(cfg, cache=self.cache) for name, cfg in plan.loaded.suite.models.items()
        }
        if plan.agent_config is None:
            return
        try:
            self.agent = make_agent(
                plan.agent_config,
                base_dir=plan.loaded.base_dir,
                cache=self.cache,
                use_cache=plan.use_cache,
            )
        except BaseException:
            await close_models(self.models)
            raise

    async def start(self) -> None:
        """Start the agent."""
        if self.agent is not None:
            await start_agent(self.agent)

    def context(self, repeat: int, baseline: Trace | None) -> TrialContext:
        """What a trial's checks see besides the case and the trace."""
        return TrialContext(
            repeat=repeat,
            models=self.models,
            baseline=baseline,
            use_cache=self.plan.use_cache,
            simulate_users=not isinstance(self.plan.agent_config, ReplayAgentConfig),
        )

    async def run_one(self, case: Case, repeat: int, baseline: Trace | None) -> Trial:
        """Run one trial with this executor's agent and models."""
        assert self.agent is not None, "build() the executor with an agent first"
        plan = self.plan
        return await run_trial(
            self.agent, plan.loaded, case, plan.seed, self.context(repeat, baseline)
        )

    def workers(self, work: Work) -> list[Coroutine[Any, Any, None]]:
        """`work.concurrency` coroutines taking trials off one queue until it is empty."""
        queue: asyncio.Queue[tuple[Case, int]] = asyncio.Queue()
        for item in work.todo:
            queue.put_nowait(item)

        async def worker() -> None:
            while True:
                try:
                    case, repeat = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                work.in_flight[(case.id, repeat)] = None
                trial = await self.run_one(case, repeat, work.baseline_for(case.id, repeat))
                # No await between the trial's end and the hand-over: a finished trial is
                # always either handed over or in flight.
                work.finished(trial)
                del work.in_flight[(case.id, repeat)]

        return [worker() for _ in range(min(work.concurrency, len(work.todo)) or 1)]

    async def aclose(self) -> None:
        """Stop the agent, close the models (which flushes their calls), flush the rest."""
        try:
            if self.agent is not None:
                await self.agent.aclose()
        finally:
            await close_models(self.models)
            self.cache.flush()


def make_executor(options: ExecutorOptions, plan: TrialPlan, store: Store) -> Executor:
    """The executor `options` asks for (Ray is imported only when it is asked for)."""
    if options.kind == "ray":
        from ._ray import RayExecutor

        return RayExecutor(plan, store, options)
    return LocalExecutor(plan, store)


async def map_partitions(
    options: ExecutorOptions,
    plan: TrialPlan,
    store: Store,
    fn: Callable[[LocalExecutor, list[T]], Awaitable[list[R]]],
    items: list[T],
    *,
    max_size: int = 512,
) -> list[R]:
    """`fn` over `items` in partitions, results in order: here in one, or on Ray workers.

    Bulk work with no agent (re-checking traces): here, `fn` gets every item at once with
    a `LocalExecutor` of `plan`; on Ray, each worker's executor gets partitions of at most
    `max_size` items, a few per worker so that a slow one does not hold the end. `fn` must
    be a module-level function (or a `functools.partial` of one): Ray sends it by name.

    Raises:
        ConfigError: the executor cannot start (see `ExecutorOptions`).
    """
    if options.kind == "ray":
        from ._ray import ray_pool

        async with ray_pool(plan, store, options) as pool:
            parts = partitions(items, len(pool.workers), max_size)
            return [r for part in await pool.map(fn, parts) for r in part]
    here = LocalExecutor(plan, store)
    await here.build()
    try:
        return await fn(here, items)
    finally:
        await here.aclose()


def partitions(items: list[T], workers: int, max_size: int) -> list[list[T]]:
    """`items` in order, cut into about four partitions a worker, of at most `max_size`.

    Several a worker, so that a slow partition does not hold the end.

    Examples:
        >>> [len(p) for p in partitions(list(range(10)), 2, 512)]
        [2, 2, 2, 2, 2]
        >>> [len(p) for p in partitions(list(range(10)), 1, 3)]
        [3, 3, 3, 1]
    """
    size = max(1, min(max_size, -(-len(items) // (4 * workers))))
    return [items[i : i + size] for i in range(0, len(items), size)]
