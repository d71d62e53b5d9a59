"""The async runner: every (case, repeat) through the agent and the checks, into the store.

Trials run concurrently up to the suite's limit. A trial is finished when its agent has
returned and all its checks have run; the worker then puts it on a queue, with no await in
between. One writer task stores what is queued: woken by a queued trial, it runs in the
next turn of the event loop, takes every trial queued by then (at most `_WRITE_BATCH`) and
stores them in one `Store.save_trials` transaction. The write is synchronous: it holds up
the loop, the replies that come in meanwhile are handled after it, and their trials finish
together and make the next batch. So batches grow with the rate at which trials finish,
with no timer, and a finished trial is stored in the next turn of the loop, after the
callbacks ready by then (a few milliseconds of work when many trials finish together).
Progress counts a trial once it is stored, so "finished" on the bar means stored.

What an interrupted run keeps, and what a resume (`resume=`) runs again:

- Ctrl-C, the run's task cancelled, or an error that ends the run: the workers are stopped,
  then every finished trial not yet stored (queued, or taken for a write that a
  KeyboardInterrupt cut short) is written, and only then is the run marked
  ``interrupted``. Nothing finished is lost; the trials in progress (the agent or a check
  not done) are not stored and run again on resume. The exception is a failed write: the
  trials after it stay unwritten, as writing them would fail the same way.
- ``kill -9`` or a crash of the process: every trial already stored is kept, with all its
  results. Lost, and run again on resume, are the trials in progress and the finished ones
  not yet stored: those queued for the writer's next turn and the batch being written,
  which its transaction stores whole or not at all. Those are the trials finished in the
  last few milliseconds. No stored trial is run again.
"""

from __future__ import annotations

import asyncio
import inspect
import subprocess
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console

from ..agents import Agent, cases_from_replay, make_agent
from ..agents._config import AgentConfig
from ..cases import Case
from ..checks import Check, CheckContext, CheckResult
from ..compare import RunData
from ..consistency import consistency
from ..errors import ConfigError
from ..gate import GateReport, evaluate_gate
from ..models import Model, StoreCache, get_model
from ..resources import Resources
from ..store import Run, Store, Trial, new_run_id
from ..suite import LoadedSuite
from ..summary import RunSummary, summarize_run
from ..trace import Trace
from ._progress import RunProgress

__all__ = ["RunOptions", "RunOutcome", "TrialContext", "check_trace", "run_suite_async"]

_WRITE_BATCH = 256
"""The most finished trials written in one transaction."""


@dataclass(frozen=True)
class RunOptions:
    """What the command line (or a caller) may change about a suite's run."""

    agent: str | None = None
    """Which of the suite's agents to run (the first when None)."""
    label: str | None = None
    """The version label to store (defaults to the agent's name)."""
    repeats: int | None = None
    """Override the suite's repeats."""
    concurrency: int | None = None
    """Override the suite's concurrency."""
    seed: int | None = None
    """Override the suite's seed."""
    resume: str | None = None
    """Continue this interrupted run instead of starting a new one."""
    case_ids: tuple[str, ...] = ()
    """Run only these cases (all when empty)."""
    progress: bool = True
    """Draw a progress bar on stderr."""
    baseline: str | None = None
    """A stored run to compare against: pairwise judges see its trace of the same case."""
    use_cache: bool = True
    """Serve repeated model calls from the store's cache (every call is stored either way)."""


@dataclass(frozen=True)
class TrialContext:
    """What a trial's checks see besides the case, the trace and the resources."""

    repeat: int = 0
    models: Mapping[str, Model] = field(default_factory=dict)
    baseline: Trace | None = None
    use_cache: bool = True


@dataclass
class RunOutcome:
    """A finished run, its trials and the gate's report."""

    run: Run
    trials: list[Trial]
    gate: GateReport
    summary: RunSummary
    executed: int = 0
    """Trials executed by this call (fewer than all when resuming)."""
    notes: list[str] = field(default_factory=list)


async def check_trace(
    checks: list[Check],
    case: Case,
    trace: Trace,
    resources: Resources,
    *,
    context: TrialContext | None = None,
) -> list[CheckResult]:
    """Run every check on one trace: plain checks inline, async ones concurrently."""
    extra = context or TrialContext()
    ctx = CheckContext(
        case=case,
        trace=trace,
        resources=resources,
        repeat=extra.repeat,
        models=extra.models,
        baseline=extra.baseline,
        use_cache=extra.use_cache,
    )
    results: list[CheckResult | None] = [None] * len(checks)
    pending: list[tuple[int, Check]] = []
    for i, chk in enumerate(checks):
        if inspect.iscoroutinefunction(chk.fn):
            pending.append((i, chk))
        else:
            try:
                results[i] = chk.run(ctx)
            except TypeError:  # returned an awaitable without being a coroutine function
                pending.append((i, chk))
    if pending:
        done = await asyncio.gather(*(chk.run_async(ctx) for _, chk in pending))
        for (i, _), result in zip(pending, done, strict=True):
            results[i] = result
    return [r for r in results if r is not None]


async def run_suite_async(
    loaded: LoadedSuite,
    store: Store,
    options: RunOptions | None = None,
    *,
    console: Console | None = None,
    on_start: Callable[[Run], None] | None = None,
) -> RunOutcome:
    """Run a suite (or resume a run of it) and store everything.

    Raises:
        ConfigError: the options do not fit the suite, or the run to resume is of another suite.
    """
    options = options or RunOptions()
    suite = loaded.suite
    notes: list[str] = []

    if options.resume is not None:
        run = store.get_run(options.resume)
        if run.suite != suite.name:
            raise ConfigError(
                f"run {run.id} is of suite {run.suite!r}, not {suite.name!r}",
                hint="resume a run with the suite it was started with",
            )
        if run.status == "finished":
            notes.append(f"run {run.id} had already finished; nothing left to run")
        agent_name = str(run.config.get("agent_name"))
        _, agent_config = suite.pick_agent(agent_name)
        stored_checks = run.config.get("checks_resolved")
        current_checks = [c.spec.model_dump(mode="json") for c in loaded.checks]
        if stored_checks is not None and stored_checks != current_checks:
            raise ConfigError(
                f"the suite's checks changed since run {run.id} started",
                hint="a resumed run must check every trial the same way; start a new run",
            )
        repeats = int(run.config.get("repeats", suite.repeats))
        cases = store.cases(run.id)
        current = {c.id: c.content_hash for c in loaded.cases}
        edited = [c.id for c in cases if current.get(c.id, c.content_hash) != c.content_hash]
        if edited:
            notes.append(
                f"{len(edited)} case(s) changed in the suite since the run started; the run "
                "keeps the cases it started with"
            )
        finished = store.finished_keys(run.id)
        seed = run.seed
        baseline_id = run.config.get("baseline_run")
        use_cache = bool(run.config.get("use_cache", True))
        store.update_run(run.id, status="running")
    else:
        agent_name, agent_config = suite.pick_agent(options.agent)
        repeats = options.repeats or suite.repeats
        seed = suite.seed if options.seed is None else options.seed
        cases = _select(_cases_for(loaded, agent_config), options.case_ids)
        baseline_id = store.get_run(options.baseline).id if options.baseline else None
        use_cache = options.use_cache
        config = suite.model_dump(mode="json")
        config.update(
            agent_name=agent_name,
            agent=agent_config.model_dump(mode="json"),
            repeats=repeats,
            checks_resolved=[c.spec.model_dump(mode="json") for c in loaded.checks],
            baseline_run=baseline_id,
            use_cache=use_cache,
        )
        config.pop("agents", None)
        run = Run(
            id=new_run_id(),
            suite=suite.name,
            suite_path=str(loaded.path),
            agent_version=options.label or agent_name,
            config=config,
            package_version=package_version("fourfold"),
            git_sha=_git_sha(loaded.base_dir),
            seed=seed,
            started_at=datetime.now(UTC),
        )
        store.create_run(run)
        store.save_cases(run.id, cases)
        finished = set()

    if on_start is not None:
        on_start(run)
    todo = [(c, r) for c in cases for r in range(repeats) if (c.id, r) not in finished]
    concurrency = options.concurrency or suite.concurrency
    baselines = _baseline_traces(store, baseline_id, cases) if baseline_id else {}
    cache = StoreCache(store)
    models = {name: get_model(cfg, cache=cache) for name, cfg in suite.models.items()}
    executed = 0
    try:
        agent = make_agent(agent_config, base_dir=loaded.base_dir, cache=cache, use_cache=use_cache)
    except BaseException:
        await _close_models(models)
        raise
    try:
        with RunProgress(
            len(cases) * repeats,
            done=len(cases) * repeats - len(todo),
            enabled=options.progress,
            console=console,
        ) as progress:
            queue: asyncio.Queue[tuple[Case, int]] = asyncio.Queue()
            for item in todo:
                queue.put_nowait(item)
            writer = _TrialWriter(store, run.id, progress)

            async def worker() -> None:
                while True:
                    try:
                        case, repeat = queue.get_nowait()
                    except asyncio.QueueEmpty:
                        return
                    context = TrialContext(
                        repeat=repeat,
                        models=models,
                        baseline=_baseline_for(baselines, case.id, repeat),
                        use_cache=use_cache,
                    )
                    # No await between the trial's end and the queue: a finished trial is
                    # always either queued or written.
                    writer.put(await _run_trial(agent, loaded, case, seed, context))

            try:
                await writer.write_while(
                    [worker() for _ in range(min(concurrency, len(todo)) or 1)]
                )
            finally:
                executed = writer.written
                stored = writer.stored
    except BaseException:
        store.update_run(run.id, status="interrupted")
        raise
    finally:
        await agent.aclose()
        await _close_models(models)  # flushes the cache's buffered writes
        cache.flush()

    if finished:  # resumed: the trials of the earlier process are only in the store
        trials = store.trials(run.id)
    else:  # every trial of the run went through the writer: no need to read them back
        order = {c.id: i for i, c in enumerate(cases)}
        trials = sorted(stored, key=lambda t: (order.get(t.case_id, len(order)), t.repeat))
    gate = evaluate_gate(
        trials,
        suite.gate,
        baseline=_baseline_trials(store, baseline_id, cases) if baseline_id else None,
        rng=np.random.default_rng(seed),
    )
    summary = summarize_run(trials, loaded.checks, gate, baseline_run=baseline_id)
    if repeats >= 2:
        report = consistency(RunData(run, cases, trials)).model_dump(mode="json")
        store.save_analysis(run.id, "consistency", "", report)
    store.update_run(
        run.id,
        status="finished",
        ended_at=datetime.now(UTC),
        summary=summary.model_dump(mode="json"),
    )
    return RunOutcome(store.get_run(run.id), trials, gate, summary, executed=executed, notes=notes)


class _TrialWriter:
    """Stores finished trials in batches, from a task of its own, while the workers run."""

    def __init__(self, store: Store, run_id: str, progress: RunProgress) -> None:
        self._store = store
        self._run_id = run_id
        self._progress = progress
        self._queue: asyncio.Queue[Trial] = asyncio.Queue()
        self._batch: list[Trial] = []
        """Trials taken off the queue and not yet stored (kept if a write is cut short)."""
        self.stored: list[Trial] = []
        """Every trial written so far, in the order written."""

    @property
    def written(self) -> int:
        """How many trials have been written."""
        return len(self.stored)

    def put(self, trial: Trial) -> None:
        """Queue a finished trial for the next write."""
        self._queue.put_nowait(trial)

    async def write_while(self, workers: list[Coroutine[Any, Any, None]]) -> None:
        """Run `workers` to the end while writing what they finish; then write the rest.

        However the workers end (done, an error, the run cancelled by Ctrl-C), they are
        stopped and every trial they finished is written before this returns or raises;
        only a failed write leaves the trials after it unwritten.
        """
        tasks = [asyncio.ensure_future(w) for w in workers]
        writing = asyncio.ensure_future(self._write_forever())
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
                if everything.done() and not everything.cancelled():
                    everything.exception()  # retrieved, so asyncio does not log it again
                if not _failed(writing):  # else the same write would fail again, over the error
                    self.flush()

    def flush(self) -> None:
        """Write every trial taken or queued, in batches of at most `_WRITE_BATCH`."""
        while self._batch or not self._queue.empty():
            self._write()

    async def _write_forever(self) -> None:
        while True:
            # Cancelled while waiting, it holds nothing: the trial stays queued for flush.
            self._batch.append(await self._queue.get())
            self._write()

    def _write(self) -> None:
        batch = self._batch
        while len(batch) < _WRITE_BATCH and not self._queue.empty():
            batch.append(self._queue.get_nowait())
        self._store.save_trials(self._run_id, batch)
        self._batch = []
        self.stored.extend(batch)
        for trial in batch:
            self._progress.advance(errored=trial.status == "error")


def _failed(task: asyncio.Future[Any]) -> bool:
    """The task raised an error (not a KeyboardInterrupt, which a retry may well outlive)."""
    return task.done() and not task.cancelled() and isinstance(task.exception(), Exception)


async def _close_models(models: Mapping[str, Model]) -> None:
    for model in models.values():
        await model.aclose()


def _baseline_trials(store: Store, baseline_id: str, cases: list[Case]) -> list[Trial]:
    """The baseline run's trials of the cases whose content is unchanged."""
    same = {c.id: c.content_hash for c in cases}
    unchanged = {c.id for c in store.cases(baseline_id) if same.get(c.id) == c.content_hash}
    return [t for t in store.trials(baseline_id) if t.case_id in unchanged]


def _baseline_traces(
    store: Store, baseline_id: str, cases: list[Case]
) -> dict[tuple[str, int], Trace]:
    """The baseline run's traces by (case, repeat), for the cases whose content is unchanged."""
    return {
        (t.case_id, t.repeat): t.trace
        for t in _baseline_trials(store, baseline_id, cases)
        if t.status == "ok" and t.trace is not None
    }


def _baseline_for(
    baselines: dict[tuple[str, int], Trace], case_id: str, repeat: int
) -> Trace | None:
    """The baseline trace of the same repeat, else of the first repeat (None if there is none)."""
    return baselines.get((case_id, repeat)) or baselines.get((case_id, 0))


async def _run_trial(
    agent: Agent, loaded: LoadedSuite, case: Case, seed: int, context: TrialContext
) -> Trial:
    repeat = context.repeat
    started = datetime.now(UTC)
    trace = await agent.run(case, seed=seed, repeat=repeat)
    if trace.error is not None:
        return Trial(
            case_id=case.id,
            repeat=repeat,
            status="error",
            error=trace.error,
            trace=trace,
            started_at=started,
            ended_at=datetime.now(UTC),
            latency_s=trace.latency_s,
        )
    results = await check_trace(loaded.checks, case, trace, loaded.resources, context=context)
    return Trial(
        case_id=case.id,
        repeat=repeat,
        status="ok",
        trace=trace,
        results=results,
        started_at=started,
        ended_at=datetime.now(UTC),
        latency_s=trace.latency_s,
    )


def _cases_for(loaded: LoadedSuite, agent_config: AgentConfig) -> list[Case]:
    if loaded.cases:
        return loaded.cases
    if agent_config.replay is not None:
        return cases_from_replay(loaded.base_dir / agent_config.replay)
    raise ConfigError(
        "the suite has no cases",
        file=loaded.path,
        hint="add 'cases: cases.jsonl' (or replay recorded traces with a 'replay:' agent)",
    )


def _select(cases: list[Case], ids: tuple[str, ...]) -> list[Case]:
    if not ids:
        return cases
    known = {c.id for c in cases}
    missing = [i for i in ids if i not in known]
    if missing:
        raise ConfigError(
            f"no case with id {', '.join(repr(m) for m in missing)} in the suite",
            hint="`fourfold show` lists a run's cases; ids are case-sensitive",
        )
    return [c for c in cases if c.id in set(ids)]


def _git_sha(folder: Path) -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    sha = out.stdout.strip()
    return sha if out.returncode == 0 and sha else None
