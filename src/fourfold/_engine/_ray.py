"""The Ray executor: a run's trials (or a regrade's, a backfill's batches) on a Ray cluster.

Ray is imported here only, when ``--executor ray`` asks for it: ``import fourfold`` never
loads it.

**Workers.** Each worker is a Ray actor holding a `LocalExecutor` of its own: the suite
loaded from its file, its models and the agent, built once. A trial on a worker is
`LocalExecutor.run_one`, the function the local executor runs, so the two cannot differ.
A worker loads the suite from the same path as the driver and refuses to start when its
checks are not the ones the driver runs (the file changed, or it is not on that node).

**Limits, once for the whole run.** Trial concurrency is the driver's: it keeps at most
`concurrency` trials in flight over all workers, handing each new one to the least busy
worker as one finishes (the asyncio form of ``ray.wait``). Model limits (each model's
``concurrency``, ``rpm`` and ``tpm``) are held by one named actor, `SharedLimits`, that
every worker's models ask before each attempt (`fourfold.models.shared_limits`), so a
judge with ``concurrency: 4`` has four calls in flight across the cluster, not four per
worker.

**Store.** The driver writes the run, its trials (in batches, as a local run does) and its
verdict. Workers open the store themselves for the response cache: they look calls up in
it and write the calls they make, before handing back the trial that made them, so a
stored trial always has its model calls stored. A worker must therefore reach the store:
a ``postgresql://`` URL always works; a SQLite file only when Ray runs on this machine
(no ``--address``), which is refused otherwise with the fix in the message.

**Failures.** A worker that dies (its node lost, its process killed) ends the run as
interrupted, with every trial already handed back stored; ``--resume`` runs the rest, on
Ray or locally. A driver killed mid-run takes its workers with it (Ray ends the actors of
a dead driver); the run is resumed the same way.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import socket
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar
from urllib.parse import urlsplit

from .._secrets import Redactor
from ..agents import AgentConfig
from ..cases import Case
from ..errors import ConfigError, FourfoldError, IncompleteRunError
from ..models import CallLimiter, LocalLimiter, ModelConfig, shared_limits
from ..runs import Trial
from ..store import Store
from ..suite import load_suite
from ..trace import Trace
from ._executor import Executor, ExecutorOptions, LocalExecutor, TrialPlan, Work

__all__ = ["RayExecutor", "RayPool", "SharedLimits", "import_ray", "ray_pool"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "install the Ray extra: pip install 'fourfold[ray]'"
_CONNECT_TIMEOUT_S = 5.0
_CLOSE_TIMEOUT_S = 30.0


def import_ray() -> ModuleType:
    """Ray, or a `ConfigError` saying how to install it.

    Raises:
        ConfigError: Ray is not installed.
    """
    try:
        import ray
    except ImportError as exc:
        raise ConfigError(
            f"--executor ray needs Ray, which is not installed ({exc})", hint=INSTALL_HINT
        ) from exc
    return ray


# Model limits, held once


class SharedLimits:
    """The model limits of one run (or regrade, or backfill), held once for all its workers.

    A named Ray actor (``fourfold-limits-<id>``) with one `LocalLimiter` per model config,
    made at the first call for it. Each attempt of a model on any worker takes a permit
    here (`enter`) and hands it back (`leave`); an attempt cancelled while it waits gives
    up its permit (`abandon`), which is handed back as soon as it is granted.
    """

    def __init__(self) -> None:
        self._limiters: dict[str, LocalLimiter] = {}
        self._held: dict[str, str] = {}
        self._abandoned: set[str] = set()
        self._in_flight: dict[str, int] = {}
        self._peak: dict[str, int] = {}

    async def enter(self, key: str, limits: tuple[int, float | None, float | None],
                    permit: str, estimate: int) -> None:  # fmt: skip
        """Wait for a slot of model `key` (made with `limits` the first time) and its buckets."""
        limiter = self._limiters.get(key)
        if limiter is None:
            limiter = self._limiters[key] = LocalLimiter(*limits)
        await limiter.enter(estimate)
        if permit in self._abandoned:  # its caller stopped waiting: give it straight back
            self._abandoned.discard(permit)
            await limiter.leave(permit, -estimate)
            return
        self._held[permit] = key
        self._in_flight[key] = self._in_flight.get(key, 0) + 1
        self._peak[key] = max(self._peak.get(key, 0), self._in_flight[key])

    async def leave(self, permit: str, correction: int) -> None:
        """Hand back `permit`'s slot and correct its tokens."""
        key = self._held.pop(permit, None)
        if key is None:
            return
        self._in_flight[key] -= 1
        await self._limiters[key].leave(permit, correction)

    async def abandon(self, permit: str, estimate: int) -> None:
        """The caller of `enter` stopped waiting: hand its slot back, now or once granted."""
        if permit in self._held:
            await self.leave(permit, -estimate)
        else:
            self._abandoned.add(permit)

    async def peak(self) -> dict[str, int]:
        """The most attempts each model had in flight at once (by model name)."""
        return {key.split("#", 1)[0]: n for key, n in self._peak.items()}


class _RemoteLimiter(CallLimiter):
    """A model's limiter on a worker: every permit comes from the run's `SharedLimits`."""

    def __init__(self, actor: Any, config: ModelConfig) -> None:
        self._actor = actor
        # Models with the same config share limits: they are the same endpoint and quota.
        digest = hashlib.sha256(config.model_dump_json().encode()).hexdigest()[:12]
        self._key = f"{config.model}#{digest}"
        self._limits = (config.concurrency, config.rpm, config.tpm)

    async def enter(self, estimate: int) -> str:
        permit = uuid.uuid4().hex
        ref = self._actor.enter.remote(self._key, self._limits, permit, estimate)
        try:
            await asyncio.wrap_future(ref.future())
        except asyncio.CancelledError:
            self._actor.abandon.remote(permit, estimate)  # no await: this task is cancelled
            raise
        return permit

    async def leave(self, permit: str, correction: int) -> None:
        # Not awaited: the slot is free once the actor reads this, and nothing here needs
        # to wait for that (a cancelled attempt hands its permit back all the same).
        self._actor.leave.remote(permit, correction)


# Workers


@dataclass(frozen=True)
class WorkerSpec:
    """What a worker needs to build the same `LocalExecutor` as the driver would."""

    suite_path: str
    checks: list[dict[str, Any]]
    """The specs of the checks the driver runs, in order."""
    agent_config: AgentConfig | None
    seed: int
    use_cache: bool
    store_target: str
    limits: Any
    """The `SharedLimits` actor's handle."""


class TrialWorker:
    """A Ray actor holding a `LocalExecutor`: trials, or batches of other work, run here."""

    def __init__(self, spec: WorkerSpec) -> None:
        self._spec = spec
        self._store: Store | None = None
        self._executor: LocalExecutor | None = None

    async def build(self) -> tuple[str, str | None] | None:
        """Load the suite and build the executor; an error comes back as (message, hint)."""
        spec = self._spec
        try:
            loaded = load_suite(spec.suite_path)
            wanted = [dict(c) for c in spec.checks]
            mine = [c for c in loaded.checks if c.spec.model_dump(mode="json") in wanted]
            if [c.spec.model_dump(mode="json") for c in mine] != wanted:
                return (
                    f"the suite {spec.suite_path} on Ray node {socket.gethostname()} does not "
                    "hold the checks the run runs (it changed since the run started, or it "
                    "is another file)",
                    "every node must see the same suite file at the same path (a shared "
                    "file system); do not edit the suite during a run",
                )
            from dataclasses import replace

            plan = TrialPlan(
                loaded=replace(loaded, checks=mine),
                agent_config=spec.agent_config,
                seed=spec.seed,
                use_cache=spec.use_cache,
            )
            self._store = Store.open(spec.store_target)
            executor = LocalExecutor(plan, self._store)
            with shared_limits(lambda config: _RemoteLimiter(spec.limits, config)):
                await executor.build()
            self._executor = executor
        except FourfoldError as exc:
            hint = getattr(exc, "hint", None)
            message = getattr(exc, "message", None) or str(exc)
            return (f"on Ray node {socket.gethostname()}: {message}", hint)
        return None

    async def start(self) -> tuple[str, str | None] | None:
        """Start the agent; an error comes back as (message, hint)."""
        try:
            await self._ready().start()
        except FourfoldError as exc:
            return (f"on Ray node {socket.gethostname()}: {exc}", None)
        return None

    async def trial(self, case: Case, repeat: int, baseline: Trace | None) -> Trial:
        """Run one trial and store its model calls before handing it back."""
        executor = self._ready()
        trial = await executor.run_one(case, repeat, baseline)
        executor.cache.flush()
        return trial

    async def call(self, fn: Callable[[LocalExecutor, T], Awaitable[R]], batch: T) -> R:
        """Run `fn` on a batch with this worker's executor; store its model calls first."""
        executor = self._ready()
        result = await fn(executor, batch)
        executor.cache.flush()
        return result

    async def close(self) -> None:
        """Stop the agent, close the models, store what they buffered."""
        try:
            if self._executor is not None:
                await self._executor.aclose()
        finally:
            if self._store is not None:
                self._store.close()

    def _ready(self) -> LocalExecutor:
        assert self._executor is not None, "build() the worker first"
        return self._executor


# The pool


class RayPool:
    """A run's workers on a Ray cluster, and its `SharedLimits` actor.

    Open one with `ray_pool`; it connects to the cluster (or starts Ray on this
    machine), makes the workers and builds them.
    """

    def __init__(self, ray: ModuleType, workers: list[Any], limits: Any) -> None:
        self._ray = ray
        self.workers = workers
        self.limits = limits
        self._load = [0] * len(workers)

    async def build(self) -> None:
        """Build every worker's executor.

        Raises:
            ConfigError: a worker could not (the first one's error).
        """
        await self._each("build")

    async def start(self) -> None:
        """Start every worker's agent.

        Raises:
            ConfigError: a worker's agent could not start.
        """
        await self._each("start")

    async def run_trials(self, work: Work) -> None:
        """Run `work`'s trials, at most `work.concurrency` in flight over all workers."""
        pending: dict[asyncio.Future[Trial], tuple[Case, int, int]] = {}
        todo = iter(work.todo)
        try:
            while True:
                while len(pending) < max(1, work.concurrency):
                    item = next(todo, None)
                    if item is None:
                        break
                    case, repeat = item
                    who = self._least_busy()
                    ref = self.workers[who].trial.remote(
                        case, repeat, work.baseline_for(case.id, repeat)
                    )
                    pending[asyncio.wrap_future(ref.future())] = (case, repeat, who)
                    work.in_flight[(case.id, repeat)] = None
                if not pending:
                    return
                done, _ = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for future in done:
                    case, repeat, who = pending.pop(future)
                    self._load[who] -= 1
                    trial = self._result(future, f"case {case.id!r} (repeat {repeat})")
                    work.finished(trial)  # no await since the trial came back
                    del work.in_flight[(case.id, repeat)]
        finally:
            for future in pending:
                future.cancel()

    async def map(
        self,
        fn: Callable[[LocalExecutor, T], Awaitable[R]],
        batches: Sequence[T],
        *,
        done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """`fn(executor, batch)` for every batch on the workers, results in batch order.

        `fn` must be a module-level function (Ray sends it by name). Two batches per worker
        are in flight at once, so a worker never waits for its next batch.
        """
        results: list[R | None] = [None] * len(batches)
        pending: dict[asyncio.Future[R], tuple[int, int]] = {}
        order = iter(range(len(batches)))
        try:
            while True:
                while len(pending) < 2 * len(self.workers):
                    i = next(order, None)
                    if i is None:
                        break
                    who = self._least_busy()
                    ref = self.workers[who].call.remote(fn, batches[i])
                    pending[asyncio.wrap_future(ref.future())] = (i, who)
                if not pending:
                    break
                finished, _ = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for future in finished:
                    i, who = pending.pop(future)
                    self._load[who] -= 1
                    results[i] = self._result(future, f"batch {i + 1} of {len(batches)}")
                    if done is not None:
                        done(results[i])  # type: ignore[arg-type]
        finally:
            for future in pending:
                future.cancel()
        return results  # type: ignore[return-value]

    async def peak_model_calls(self) -> dict[str, int]:
        """The most attempts each model had in flight at once, over the whole pool."""
        peak: dict[str, int] = await asyncio.wrap_future(self.limits.peak.remote().future())
        return peak

    async def aclose(self) -> None:
        """Close every worker (storing their buffered model calls), then end the actors."""
        ray = self._ray
        refs = [w.close.remote() for w in self.workers]
        try:
            await asyncio.wait_for(
                asyncio.gather(*(asyncio.wrap_future(r.future()) for r in refs)),
                timeout=_CLOSE_TIMEOUT_S,
            )
        except Exception as exc:  # a dead worker closes nothing: say so, end the others
            logging.getLogger("fourfold").warning("closing the Ray workers: %s", exc)
        finally:
            for actor in [*self.workers, self.limits]:
                ray.kill(actor)

    def _least_busy(self) -> int:
        who = min(range(len(self._load)), key=self._load.__getitem__)
        self._load[who] += 1
        return who

    async def _each(self, method: str) -> None:
        refs = [getattr(w, method).remote() for w in self.workers]
        futures = [asyncio.wrap_future(r.future()) for r in refs]
        await asyncio.wait(futures)
        for future in futures:
            error = self._result(future, f"a worker's {method}")
            if error is not None:
                message, hint = error
                raise ConfigError(message, hint=hint)

    def _result(self, future: asyncio.Future[Any], what: str) -> Any:
        """A worker's result; a dead worker or an error that escaped it ends the work."""
        ray = self._ray
        try:
            return future.result()
        except ray.exceptions.RayActorError as exc:
            raise IncompleteRunError(
                f"a Ray worker died while it ran {what} ({_last_line(exc)}); what was "
                "already handed back is stored"
            ) from exc
        except ray.exceptions.RayTaskError as exc:
            raise IncompleteRunError(
                f"a Ray worker failed while it ran {what}: {_last_line(exc)}"
            ) from exc


def _last_line(exc: BaseException) -> str:
    """The last line of `exc`: where Ray puts the cause, under the remote traceback."""
    text = str(exc).strip()
    return text.splitlines()[-1] if text else type(exc).__name__


@asynccontextmanager
async def ray_pool(
    plan: TrialPlan, store: Store, options: ExecutorOptions
) -> AsyncIterator[RayPool]:
    """Connect to Ray, make and build the workers; close them (and Ray, if started) after.

    Raises:
        ConfigError: Ray is not installed, the cluster cannot be reached, the store is a
            SQLite file the cluster's workers cannot reach, or a worker cannot build.
    """
    pool, started = await open_pool(plan, store, options)
    try:
        await pool.build()
        yield pool
    finally:
        await pool.aclose()
        if started:
            pool._ray.shutdown()


async def open_pool(
    plan: TrialPlan, store: Store, options: ExecutorOptions
) -> tuple[RayPool, bool]:
    """Connect (or start Ray) and make the actors; True when this call started Ray.

    Raises:
        ConfigError: see `ray_pool`.
    """
    if options.address is not None and store.file is not None:
        raise ConfigError(
            f"the run store is a SQLite file ({store.where}), which the workers of the Ray "
            f"cluster at {options.address} cannot reach: workers read and write the store's "
            "model calls themselves",
            hint="give a database every node reaches: --store postgresql://USER@HOST/DB (or "
            "$FOURFOLD_STORE); or leave out --address to run Ray on this machine",
        )
    if options.address is not None and options.address != "auto":
        _reachable(options.address)
    ray = import_ray()  # after the checks that need no Ray: a wrong store is told at once
    started = _connect(ray, options.address)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        count = options.workers or cpus
        limits = (
            ray.remote(SharedLimits)
            .options(name=f"fourfold-limits-{uuid.uuid4().hex[:12]}", num_cpus=0)
            .remote()
        )
        spec = WorkerSpec(
            suite_path=str(plan.loaded.path.resolve()),
            checks=[c.spec.model_dump(mode="json") for c in plan.loaded.checks],
            agent_config=plan.agent_config,
            seed=plan.seed,
            use_cache=plan.use_cache,
            store_target=store.target,
            limits=limits,
        )
        # More workers than CPUs share them: each asks for its share, so all are placed.
        share = min(1.0, cpus / count)
        actor = ray.remote(TrialWorker).options(num_cpus=share, max_concurrency=10_000)
        workers = [actor.remote(spec) for _ in range(count)]
    except BaseException:
        if started:
            ray.shutdown()
        raise
    return RayPool(ray, workers, limits), started


def _connect(ray: ModuleType, address: str | None) -> bool:
    """Connect to `address` (None: this process's Ray, or a new one here); True if started.

    Raises:
        ConfigError: the address cannot be reached.
    """
    if ray.is_initialized():
        return False
    try:
        ray.init(
            address=address or "local",
            include_dashboard=False if address is None else None,
            logging_level=logging.WARNING,
            configure_logging=address is None,
        )
    except (ConnectionError, RuntimeError, TimeoutError, ValueError) as exc:
        where = address or "this machine"
        raise ConfigError(
            f"cannot connect to Ray at {where}: {_last_line(exc)}", hint=_ADDRESS_HINT
        ) from exc
    return True


_ADDRESS_HINT = (
    "start the cluster (ray start --head) and give the address `ray status` shows, or "
    "ray://HOST:10001 for a Ray client server; or leave out --address to run Ray on this "
    "machine"
)


def _reachable(address: str) -> None:
    """Refuse, at once and by name, an address nothing listens on (Ray would retry a while).

    Raises:
        ConfigError: `address` is not HOST:PORT or ray://HOST:PORT, or nothing answers there.
    """
    split = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = split.hostname, split.port
    except ValueError:
        host, port = None, None
    if not host or port is None:
        raise ConfigError(
            f"--address {address!r} is not a Ray address",
            hint="write auto, HOST:PORT (the cluster's GCS, port 6379 by default) or "
            "ray://HOST:PORT (a Ray client server, port 10001 by default)",
        )
    try:
        with socket.create_connection((host, port), timeout=_CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigError(
            f"cannot reach the Ray cluster at {address}: {reason}", hint=_ADDRESS_HINT
        ) from exc


# The executor


class RayExecutor(Executor):
    """A run's trials on Ray workers (see the module's docstring).

    Args:
        plan: what the trials share.
        store: the run's store (its model calls are written by the workers).
        options: the cluster's address and the number of workers.
    """

    def __init__(self, plan: TrialPlan, store: Store, options: ExecutorOptions) -> None:
        from ..store import StoreCache

        self.plan = plan
        self.store = store
        self.options = options
        # The driver makes no model call: its cache stays empty, and flushing it is free.
        self.cache = StoreCache(store, redactor=Redactor())
        self._pool: RayPool | None = None
        self._started = False

    async def build(self) -> None:
        """Connect, make the workers and build their agents and models."""
        self._pool, self._started = await open_pool(self.plan, self.store, self.options)
        try:
            await self._pool.build()
        except BaseException:
            await self.aclose()
            raise

    async def start(self) -> None:
        """Start every worker's agent."""
        await self._ready().start()

    def workers(self, work: Work) -> list[Coroutine[Any, Any, None]]:
        """One coroutine: the driver's scheduler, handing trials to the workers."""
        return [self._ready().run_trials(work)]

    async def aclose(self) -> None:
        """Close the workers; shut Ray down if this executor started it."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await pool.aclose()
        finally:
            if self._started:
                pool._ray.shutdown()

    def _ready(self) -> RayPool:
        assert self._pool is not None, "build() the executor first"
        return self._pool
