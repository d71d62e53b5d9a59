"""The async runner: every (case, repeat) through the agent and the checks, into the store.

Trials run concurrently up to the suite's limit. A trial is finished when its agent has
returned and all its checks have run; the worker then puts it on a queue, with no await in
between. One writer task stores what is queued: woken by a queued trial, it waits
`_writer.GATHER_S` (50 ms) for the trials that finish with it, and then until the loop is
idle (at most `_writer.IDLE_WITHIN_S`, see `_idle`), then takes every trial queued by then
(at most `_writer.WRITE_BATCH`) and stores them in one `Store.save_trials` transaction,
written in a worker thread while the loop waits on its calls. Gathering makes it one
write for a wave of trials whose replies came in together instead of one for each (a
transaction costs about the same whatever its size). A finished trial is stored at most
about a quarter of a second after the write before it. Progress counts a trial once it is
stored, so "finished" on the bar means stored.

What an interrupted run keeps, and what a resume (`resume=`) runs again:

- Ctrl-C, the run's task cancelled, or an error that ends the run: the workers are stopped,
  then every finished trial not yet stored (queued, or taken for a write that a
  KeyboardInterrupt cut short) is written, and only then is the run marked
  ``interrupted``. Nothing finished is lost; the trials in progress (the agent or a check
  not done) are not stored and run again on resume. The exception is a failed write: the
  trials after it stay unwritten, as writing them would fail the same way.
- ``kill -9`` or a crash of the process: every trial already stored is kept, with all its
  results and every model call it made (the response cache's buffer is written before
  each batch). Lost, and run again on resume, are the trials in progress and the finished
  ones not yet stored: those queued for the writer's next turn and the batch being
  written, which its transaction stores whole or not at all. Those are the trials
  finished in the last few milliseconds. No stored trial is run again. The run reads as
  interrupted once its process is gone (`Store.get_run`). A new run from the command
  line opens its SQLite store while its first calls wait (`_opening.StoreOpening`):
  killed before that is done (a fraction of a second after its first calls went out, or
  a second into a slow start), it leaves no run at all, and is started again, not resumed.
- Code that holds the event loop (an async agent calling ``time.sleep``): the watchdog
  (`_watchdog.py`, `_writer.OnBlocked`) writes every finished trial and model call from its own
  thread, marks the run interrupted and ends the process with exit code 4.
- ``sys.exit`` from user code: in a trial, the trial's error; from a task of user code's
  own, it leaves the event loop, which cancels the run as Ctrl-C does (`run_blocking`
  then raises `IncompleteRunError`).

However it stops, a run is marked finished only when every case has all its repeats
stored (`Store.update_run` refuses otherwise); one that ends short is interrupted and
raises `IncompleteRunError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from importlib.metadata import version as package_version
from pathlib import Path
from typing import TYPE_CHECKING

from .._secrets import Redactor
from ..cadence import apply_selection, select_checks
from ..cases import Case
from ..errors import ConfigError, IncompleteRunError, StoreError
from ..runs import (
    SELECTION_KEY,
    Cadence,
    Layer,
    Run,
    RunData,
    RunSelection,
    SkippedCheck,
    Trial,
    selection_of,
)
from ..store import StoreCache, new_run_id
from ..suite import LoadedSuite, cases_to_run
from ..trace import Trace
from ._executor import Executor, ExecutorOptions, LocalExecutor, TrialPlan, Work, make_executor
from ._idle import when_idle
from ._opening import StoreOpening, store_now
from ._preload import PreloadOnce, Wanted
from ._progress import RunProgress
from ._watchdog import LoopWatchdog, watchdog_limit
from ._writer import OnBlocked, TrialWriter

if TYPE_CHECKING:
    import numpy as np
    from rich.console import Console

    from ..forecast import Forecast
    from ..gate import GateReport
    from ..store import Store
    from ..summary import RunSummary

__all__ = ["OPEN_STORE_AFTER_S", "RunOptions", "RunOutcome", "conclude", "run_suite_async"]

OPEN_STORE_AFTER_S = 1.0
"""A run that opens its store late (`StoreOpening`) opens it when the loop first waits on
its first calls, when its first trial ends, or this long after its trials started,
whichever comes first."""
PRELOAD_WITHIN_S = 0.25
"""The end's imports start when the loop is next idle after the first trial ends, or this
long after it at the latest."""


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
    cadence: Cadence | None = None
    """``commit``: run only the checks of the commit cadence (no judge); ``scheduled``: all
    (see `fourfold.cadence`)."""
    checks: tuple[str, ...] = ()
    """Run only the checks with one of these names or tags (all when empty)."""
    layers: tuple[Layer, ...] = ()
    """Run only the checks of these layers (all when empty)."""
    executor: ExecutorOptions = field(default_factory=ExecutorOptions)
    """Where the trials run: this process (the default) or a Ray cluster."""
    preload: tuple[Wanted, ...] = ()
    """What the caller imports after the run (its report, say), imported with the run's
    own end while the calls wait (see `PreloadOnce`)."""


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


async def run_suite_async(
    loaded: LoadedSuite,
    store: Store | StoreOpening,
    options: RunOptions | None = None,
    *,
    console: Console | None = None,
    on_start: Callable[[Run], None] | None = None,
) -> RunOutcome:
    """Run a suite (or resume a run of it) and store everything.

    The agent is built (its module imported, its worker processes started) before the run
    is stored, so an agent that cannot start leaves no run behind. A run is stored with its
    cases in one transaction, and is marked finished only once every case has all its
    repeats stored; a run that stops short is ``interrupted`` and can be resumed.

    Given a `StoreOpening` (the command line's, for a SQLite store), a new run on this
    process starts its trials first and opens the store while their first calls wait;
    `on_start` is then called once the run is stored (see `fourfold._engine._opening`).

    Raises:
        ConfigError: the options do not fit the suite, or the run to resume is of another
            suite or has no stored cases.
        RunBusyError: the run to resume is being run by another process on this host.
        IncompleteRunError: the run ended with trials missing from the store.
    """
    options = options or RunOptions()
    suite = loaded.suite
    notes: list[str] = []
    # A new run here opens its store while its first calls wait; the rest read it first.
    opening = (
        store
        if isinstance(store, StoreOpening)
        and options.resume is None
        and options.baseline is None
        and options.executor.kind == "local"
        else None
    )
    if opening is None:
        store = store_now(store)
    # The run's secrets, redacted from everything it stores (the trials, the model calls,
    # its configuration): see fourfold._secrets.
    redactor = loaded.redactor

    if options.resume is not None:
        resumed = store_now(store)
        run = resumed.get_run(options.resume)
        if run.suite != suite.name:
            raise ConfigError(
                f"run {run.id} is of suite {run.suite!r}, not {suite.name!r}",
                hint="resume a run with the suite it was started with",
            )
        if run.status == "finished":
            notes.append(f"run {run.id} had already finished; nothing left to run")
        agent_name = str(run.config.get("agent_name"))
        _, agent_config = suite.pick_agent(agent_name)
        selection = selection_of(run.config)
        _same_selection(run, selection, options)
        loaded = replace(loaded, checks=apply_selection(loaded.checks, selection))
        stored_checks = run.config.get("checks_resolved")
        current_checks = redactor.data([c.spec.model_dump(mode="json") for c in loaded.checks])
        if stored_checks is not None and stored_checks != current_checks:
            raise ConfigError(
                f"the suite's checks changed since run {run.id} started",
                hint="a resumed run must check every trial the same way; start a new run",
            )
        repeats = int(run.config.get("repeats", suite.repeats))
        cases = resumed.cases(run.id)
        if not cases:
            # Only a run stored by an older fourfold, which wrote a run and its cases in two
            # transactions and was stopped between them: resumed, it would finish with nothing.
            raise ConfigError(
                f"run {run.id} has no cases stored, so it cannot be resumed: it was stopped "
                "while it started",
                hint=f"start a new run: fourfold run {loaded.path}",
            )
        current = {c.id: c.content_hash for c in loaded.cases}
        edited = [c.id for c in cases if current.get(c.id, c.content_hash) != c.content_hash]
        if edited:
            notes.append(
                f"{len(edited)} case(s) changed in the suite since the run started; the run "
                "keeps the cases it started with"
            )
        finished = resumed.finished_keys(run.id)
        seed = run.seed
        baseline_id = run.config.get("baseline_run")
        use_cache = bool(run.config.get("use_cache", True))
    else:
        agent_name, agent_config = suite.pick_agent(options.agent)
        ran, selection = select_checks(
            loaded.checks,
            loaded.plans,
            cadence=options.cadence,
            names=options.checks,
            layers=options.layers,
        )
        loaded = replace(loaded, checks=ran)
        repeats = options.repeats or suite.repeats
        seed = suite.seed if options.seed is None else options.seed
        cases = cases_to_run(loaded, agent_config, options.case_ids)
        baseline_id = store_now(store).get_run(options.baseline).id if options.baseline else None
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
        if selection is not None:
            config[SELECTION_KEY] = selection.model_dump(mode="json")
        config.pop("agents", None)
        config = redactor.data(config)
        run = Run(
            id=new_run_id(),
            suite=suite.name,
            suite_path=str(loaded.path.resolve()),
            agent_version=options.label or agent_name,
            config=config,
            package_version=package_version("fourfold"),
            git_sha=_git_sha(loaded.base_dir),
            seed=seed,
            started_at=datetime.now(UTC),
        )
        finished = set()

    plan = TrialPlan(loaded=loaded, agent_config=agent_config, seed=seed, use_cache=use_cache)
    if opening is not None:
        cache = StoreCache(opening, redactor=plan.redactor)
        executor: Executor = LocalExecutor(plan, cache)
    else:
        executor = make_executor(options.executor, plan, store_now(store))
    await executor.build()
    # Made once the agent is built (its tools imported) and before anything is stored, so
    # the cache holds only what earlier runs put there (this run's calls wait in `cache`'s
    # buffer until the writer's first batch, after the run is stored).
    forecasts: list[Forecast | None] = []

    def store_the_run(opened: Store) -> None:
        forecasts.append(_forecast(loaded, opened, options, notes))
        opened.create_run(run, cases)

    try:
        if opening is not None:
            await executor.start()
            opening.plan(store_the_run)
            # Begun when the loop first waits (the first calls are out: see `_idle`), when
            # the first trial ends (`_hand_over`: a loop that never waits), or after a second.
            when_idle(opening.begin, within=OPEN_STORE_AFTER_S)
        elif options.resume is not None:
            await executor.start()
            store_now(store).claim_run(run.id)
        else:
            forecasts.append(_forecast(loaded, store_now(store), options, notes))
            await executor.start()
            store_now(store).create_run(run, cases)
    except BaseException:
        await executor.aclose()
        raise

    started = _Started(run, on_start)
    if opening is None:
        started()
    todo = [(c, r) for c in cases for r in range(repeats) if (c.id, r) not in finished]
    # Imported while the calls wait, once the first trial is done (see `PreloadOnce`).
    preload = PreloadOnce(
        _needed_after_the_calls(repeats=repeats, baseline=baseline_id is not None)
        + list(options.preload)
    )
    concurrency = options.concurrency or suite.concurrency
    executed = 0
    cache = executor.cache
    try:
        baselines = _baseline_traces(store_now(store), baseline_id, cases) if baseline_id else {}
        with RunProgress(
            len(cases) * repeats,
            done=len(cases) * repeats - len(todo),
            enabled=options.progress,
            console=console,
        ) as progress:
            in_flight: dict[tuple[str, int], None] = {}
            writer = TrialWriter(run.id, progress, cache)
            blocked = OnBlocked(
                store=store,
                run=run,
                suite_path=loaded.path,
                timeout=agent_config.timeout,
                writer=writer,
                cache=cache,
                progress=progress,
                in_flight=in_flight,
                total=len(cases) * repeats,
                done_before=len(cases) * repeats - len(todo),
            )
            work = Work(
                todo=todo,
                concurrency=concurrency,
                baselines=baselines,
                finished=lambda trial: _hand_over(trial, preload, writer, redactor, opening),
                in_flight=in_flight,
            )
            with LoopWatchdog(watchdog_limit(agent_config.timeout), blocked) as watchdog:
                writer.watchdog = watchdog
                try:
                    ready = started.once_stored(opening) if opening is not None else None
                    await writer.write_while(executor.workers(work), ready=ready)
                finally:
                    executed = writer.written
                    stored = writer.stored
    except BaseException:
        if _mark_interrupted(store, run.id):
            started()  # the caller learns of the run it may resume
        raise
    finally:
        await executor.aclose()  # flushes the models' buffered calls

    store = store_now(store)
    started()  # if the writer never had to wait for the store (no trial was written)
    forecast = forecasts[0] if forecasts else None
    try:
        count = store.trial_count(run.id)
        if not count.complete:  # never read as finished, whatever went wrong
            raise IncompleteRunError(
                f"run {run.id} ended with {count.stored} of {count.expected} trials stored, so "
                f"it has no verdict and is marked interrupted; run the rest with: "
                f"fourfold run {loaded.path} --resume {run.id}"
            )
        if finished:  # resumed: the trials of the earlier process are only in the store
            trials = store.trials(run.id)
        else:  # every trial of the run went through the writer: no need to read them back
            order = {c.id: i for i, c in enumerate(cases)}
            trials = sorted(stored, key=lambda t: (order.get(t.case_id, len(order)), t.repeat))
        gate, summary = conclude(
            store,
            RunData(run, cases, trials),
            loaded,
            baseline_id=baseline_id,
            seed=seed,
            repeats=repeats,
            not_run=selection.skipped if selection is not None else (),
        )
        if forecast is not None:
            from ..forecast import check_forecast

            checked = check_forecast(forecast, store.get_run(run.id), trials)
            store.save_analysis(run.id, "forecast", "", checked.model_dump(mode="json"))
    except BaseException:
        # Whatever stops the run between its last trial and its verdict leaves it
        # interrupted (the store may be what failed: the first error is the one to see).
        with contextlib.suppress(StoreError):
            store.update_run(run.id, status="interrupted")
        raise
    return RunOutcome(store.get_run(run.id), trials, gate, summary, executed=executed, notes=notes)


def conclude(
    store: Store,
    data: RunData,
    loaded: LoadedSuite,
    *,
    baseline_id: str | None,
    seed: int,
    repeats: int,
    not_run: Sequence[SkippedCheck] = (),
) -> tuple[GateReport, RunSummary]:
    """Gate a run whose trials are all stored, summarize it and mark it finished.

    The consistency across repeats is stored beside it (with two repeats or more). A run
    and a regrade end here alike.
    """
    # Imported here, not at the top: a run needs them only after its calls, and the
    # preload thread imports them while the calls wait (`_needed_after_the_calls`).
    from ..gate import evaluate_gate
    from ..summary import summarize_run

    run, cases, trials = data.run, data.cases, data.trials
    gate = evaluate_gate(
        trials,
        loaded.suite.gate,
        baseline=_baseline_trials(store, baseline_id, cases) if baseline_id else None,
        rng=_rng(seed) if baseline_id else None,  # only a baseline's noise margins draw
        not_run=not_run,
        baseline_not_run=_not_run_by(store, baseline_id),
    )
    summary = summarize_run(trials, loaded.checks, gate, baseline_run=baseline_id)
    if repeats >= 2:
        from ..consistency import consistency  # only a run with repeats needs it

        report = consistency(data).model_dump(mode="json")
        store.save_analysis(run.id, "consistency", "", report)
    store.update_run(
        run.id,
        status="finished",
        ended_at=datetime.now(UTC),
        summary=summary.model_dump(mode="json"),
    )
    return gate, summary


@dataclass
class _Started:
    """The caller's `on_start`, called once, when the run is stored."""

    run: Run
    on_start: Callable[[Run], None] | None
    called: bool = False

    def __call__(self) -> None:
        if not self.called:
            self.called = True
            if self.on_start is not None:
                self.on_start(self.run)

    async def once_stored(self, opening: StoreOpening) -> None:
        """Wait until the store is open and the run stored in it, then call `on_start`.

        Raises:
            StoreError: the store could not be opened, or the run not stored in it.
        """
        await asyncio.wrap_future(opening.future)
        self()


def _mark_interrupted(store: Store | StoreOpening, run_id: str) -> bool:
    """Mark the run interrupted, if it was stored (a store that did not open holds no run).

    Returns:
        Whether the run is stored (and now marked).
    """
    if isinstance(store, StoreOpening):
        try:
            store = store.result()  # the opening thread may still be at work, or not begun
        except BaseException:
            return False  # not opened, or the run not stored in it: nothing to mark
    store.update_run(run_id, status="interrupted")
    return True


def _forecast(
    loaded: LoadedSuite, store: Store, options: RunOptions, notes: list[str]
) -> Forecast | None:
    """The run's forecast, made before anything is called, to store beside what happened.

    A forecast that cannot be made is a note, never the run's failure.
    """
    from ..forecast import forecast_run

    try:
        return forecast_run(
            loaded,
            store,
            agent=options.agent,
            repeats=options.repeats,
            concurrency=options.concurrency,
            seed=options.seed,
            case_ids=options.case_ids,
            baseline=store.get_run(options.baseline).id if options.baseline else None,
            use_cache=options.use_cache,
        )
    except Exception as exc:  # the run itself says what is wrong with its config
        notes.append(f"no forecast was stored with the run: {exc}")
        return None


def _baseline_trials(store: Store, baseline_id: str, cases: list[Case]) -> list[Trial]:
    """The baseline run's trials of the cases whose content is unchanged."""
    same = {c.id: c.content_hash for c in cases}
    unchanged = {c.id for c in store.cases(baseline_id) if same.get(c.id) == c.content_hash}
    return [t for t in store.trials(baseline_id) if t.case_id in unchanged]


def _not_run_by(store: Store, run_id: str | None) -> set[str]:
    """The checks a stored run's selection left out (none without a run or a selection)."""
    if run_id is None:
        return set()
    selection = selection_of(store.get_run(run_id).config)
    return selection.skipped_names() if selection is not None else set()


def _baseline_traces(
    store: Store, baseline_id: str, cases: list[Case]
) -> dict[tuple[str, int], Trace]:
    """The baseline run's traces by (case, repeat), for the cases whose content is unchanged."""
    return {
        (t.case_id, t.repeat): t.trace
        for t in _baseline_trials(store, baseline_id, cases)
        if t.status == "ok" and t.trace is not None
    }


def _same_selection(run: Run, stored: RunSelection | None, options: RunOptions) -> None:
    """A resumed run keeps the selection it started with; asking for another is an error."""
    asked = (options.cadence, tuple(options.checks), tuple(options.layers))
    if asked == (None, (), ()):
        return
    had = (
        (stored.cadence, tuple(stored.checks), tuple(stored.layers))
        if stored is not None
        else (None, (), ())
    )
    if asked != had:
        was = stored.describe() if stored is not None else "all checks"
        raise ConfigError(
            f"run {run.id} was started with {was}; a resumed run runs the checks it started with",
            hint="resume without --cadence/--checks/--layer, or start a new run",
        )


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


def _rng(seed: int) -> np.random.Generator:
    """The run's random generator, for the gate's baseline measures.

    numpy is imported here, not at start-up: a run without a baseline never draws.
    """
    import numpy as np

    return np.random.default_rng(seed)


def _hand_over(
    trial: Trial,
    preload: PreloadOnce,
    writer: TrialWriter,
    redactor: Redactor,
    opening: StoreOpening | None,
) -> None:
    """A finished trial: redact it and queue it.

    The first one also plans the end's imports for the loop's next idle moment (see
    `_idle`), and begins the store's opening if the loop has not waited yet (a loop that
    never waits: trials that only compute).
    """
    preload.when_idle(within=PRELOAD_WITHIN_S)
    if opening is not None:
        opening.begin()
    writer.put(redactor.trial(trial))


def _needed_after_the_calls(*, repeats: int, baseline: bool) -> list[Wanted]:
    """What the run's end imports that its start did not (see `preload`)."""
    wanted: list[Wanted] = [("fourfold.gate", None), ("fourfold.summary", None)]
    if repeats >= 2:
        wanted.append(("fourfold.consistency", None))
    if baseline:
        wanted += [
            ("numpy.random", None),
            ("fourfold.stats", "paired_difference"),
            ("fourfold.stats", "noise_margin"),
        ]
    return wanted
