"""Re-grading a stored run: its traces through the suite's current checks, no agent call.

This is how "fix the rubric and repeat" works: edit a criterion's anchor, re-grade the run
the humans labelled, calibrate again on the held-out labels, compare the two gradings.
The agent is never called, so the second grading differs from the first only by the
checks: the traces, the cases, the seed and the repeats are the source run's.

A regrade is a new run. Its config records ``regraded_from`` (the source run's id, read
as `Run.regraded_from`), so `fourfold runs`, `show`, the report and an exported file all
say which traces it graded. Judges go through the store's response cache like a run's: a
judge's request holds its whole prompt (the criterion's description, scale and every
anchor), so an unchanged criterion is answered from the cache and a changed one is asked
again (see `fourfold.judges`).

What is carried over unchanged:

- the source's errored trials (the agent failed: there is no trace to grade), with their
  error, as trials of the new run;
- with ``checks=``, every result of the source's other checks: only the named checks are
  run again.

A regrade is not resumable: interrupted, it is marked ``interrupted``; running it again
costs no judge call already made, as every reply went to the cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from importlib.metadata import version as package_version
from pathlib import Path
from typing import TYPE_CHECKING

from .._encoding import kind_of
from ..cases import Case
from ..checks import Check
from ..errors import ConfigError, StoreError
from ..runs import Run, RunData, Trial, repeats_of
from ..store import new_run_id
from ..suite import LoadedSuite, load_suite
from ..trace import Trace
from ._api import open_store, run_blocking
from ._executor import ExecutorOptions, LocalExecutor, TrialPlan, partitions
from ._progress import RunProgress
from ._runner import RunOutcome, _baseline_traces, _git_sha, conclude
from ._trial import TrialContext, check_trace

if TYPE_CHECKING:
    from rich.console import Console

    from ..store import Store

__all__ = ["REGRADED_FROM", "regrade", "regrade_async", "regrade_run"]

REGRADED_FROM = "regraded_from"
"""The key of a regrade's config that holds the id of the run whose traces it graded."""

_CONCURRENCY = 8
"""Trials graded at once when neither the caller nor the suite says."""
_BATCH = 256
"""The most trials in one partition sent to a Ray worker."""


async def regrade_async(
    run_id: str,
    *,
    suite: str | Path | LoadedSuite | None = None,
    store: str | Path | Store | None = None,
    checks: Sequence[str] = (),
    label: str | None = None,
    concurrency: int | None = None,
    use_cache: bool = True,
    progress: bool = False,
    console: Console | None = None,
    executor: ExecutorOptions | None = None,
) -> RunOutcome:
    """Grade the traces stored for `run_id` with the suite's current checks, as a new run.

    Args:
        run_id: the run to re-grade (an id, a unique prefix of one, or ``latest``).
        suite: the suite whose checks grade it (a file, or a suite loaded with
            `load_suite`); default: the file the run was made from.
        store: a `Store`, a SQLite path or URL (default: ``$FOURFOLD_STORE`` or
            ``.fourfold/fourfold.db``).
        checks: re-grade only the checks of these names (as results name them:
            ``rubric:policy_compliance``); the source's other results are kept as they
            were. Empty: every check of the suite.
        label: the version label of the new run (default: the source run's).
        concurrency: trials graded at once (default: the suite's).
        use_cache: serve repeated judge calls from the store's cache.
        progress: draw a progress bar on stderr.
        console: where the progress bar is drawn.
        executor: where the trials are graded: here (the default) or on Ray workers, in
            partitions (`ExecutorOptions`; docs/ray.md).

    Returns:
        The new run, its trials, gate and summary (`RunOutcome.executed` counts the
        trials graded; errored trials of the source are carried over).

    Raises:
        ConfigError: no such run, the run is not finished, the suite is not the run's or
            its cases are not the run's, or a name in `checks` is not a check of the suite.
    """
    if store is not None and not isinstance(store, (str, Path)):
        return await _regrade_in(
            store, run_id, suite, checks, label, concurrency, use_cache, progress, console, executor
        )
    with open_store(store) as opened:
        return await _regrade_in(
            opened,
            run_id,
            suite,
            checks,
            label,
            concurrency,
            use_cache,
            progress,
            console,
            executor,
        )


def regrade(
    run_id: str,
    *,
    suite: str | Path | LoadedSuite | None = None,
    store: str | Path | Store | None = None,
    checks: Sequence[str] = (),
    label: str | None = None,
    concurrency: int | None = None,
    use_cache: bool = True,
    executor: ExecutorOptions | None = None,
) -> RunOutcome:
    """Re-grade a stored run (the blocking form of `regrade_async`).

    Examples:
        Fix the rubric and repeat: grade last week's traces with the edited anchors.

        >>> outcome = regrade("latest", suite="suite.judged.yaml")  # doctest: +SKIP
        >>> outcome.run.regraded_from  # doctest: +SKIP
        '20250616-101500-3f9a'
    """
    return run_blocking(
        regrade_async(
            run_id,
            suite=suite,
            store=store,
            checks=checks,
            label=label,
            concurrency=concurrency,
            use_cache=use_cache,
            executor=executor,
        )
    )


async def _regrade_in(
    store: Store,
    run_id: str,
    suite: str | Path | LoadedSuite | None,
    checks: Sequence[str],
    label: str | None,
    concurrency: int | None,
    use_cache: bool,
    progress: bool,
    console: Console | None,
    executor: ExecutorOptions | None,
) -> RunOutcome:
    source = store.get_run(run_id)
    loaded = suite if isinstance(suite, LoadedSuite) else load_suite(_suite_path(source, suite))
    return await regrade_run(
        store,
        source,
        loaded,
        checks=checks,
        label=label,
        concurrency=concurrency,
        use_cache=use_cache,
        progress=progress,
        console=console,
        executor=executor,
    )


async def regrade_run(
    store: Store,
    source: Run,
    loaded: LoadedSuite,
    *,
    checks: Sequence[str] = (),
    label: str | None = None,
    concurrency: int | None = None,
    use_cache: bool = True,
    progress: bool = False,
    console: Console | None = None,
    executor: ExecutorOptions | None = None,
) -> RunOutcome:
    """Grade `source`'s stored traces with `loaded`'s checks and store the new run.

    The new run is stored with the source's cases before any trial is graded; it is
    marked finished with its gate's summary once every trial is stored, and
    ``interrupted`` if anything stops it first.

    Raises:
        ConfigError: see `regrade_async`.
    """
    _check_source(store, source, loaded)
    cases = store.cases(source.id)
    notes = _check_cases(source, loaded, cases)
    selected = _select_checks(loaded.checks, checks)
    suite = loaded.suite
    redactor = loaded.redactor
    baseline_id = source.config.get("baseline_run")
    baseline_id = baseline_id if isinstance(baseline_id, str) else None

    config = suite.model_dump(mode="json")
    config.pop("agents", None)
    # What the agent was and did is the source's: the traces are its.
    for key in ("agent_name", "agent", "repeats", "baseline_run"):
        if key in source.config:
            config[key] = source.config[key]
    config.update(
        checks_resolved=[c.spec.model_dump(mode="json") for c in loaded.checks],
        use_cache=use_cache,
        regraded_checks=[c.name for c in selected] if checks else None,
    )
    config[REGRADED_FROM] = source.id
    run = Run(
        id=new_run_id(),
        suite=suite.name,
        suite_path=str(loaded.path.resolve()),
        agent_version=label or source.agent_version,
        config=redactor.data(config),
        package_version=package_version("fourfold"),
        git_sha=_git_sha(loaded.base_dir),
        seed=source.seed,
        started_at=datetime.now(UTC),
    )

    by_id = {c.id: c for c in cases}
    # Trials of cases the run does not hold never counted towards it (`TrialCount`).
    sources = [t for t in store.trials(source.id) if t.case_id in by_id]
    baselines = _baseline_traces(store, baseline_id, cases) if baseline_id else {}
    job = _Grading(
        cases=by_id,
        checks=[c.name for c in selected],
        replace_only=bool(checks),
        baselines=baselines,
        concurrency=concurrency or suite.concurrency or _CONCURRENCY,
    )
    plan = TrialPlan(loaded=loaded, agent_config=None, seed=source.seed, use_cache=use_cache)
    where = executor or ExecutorOptions()
    # The workers are made (Ray reached) before the run is stored: one that cannot be
    # leaves no run behind.
    async with _grader(plan, store, where) as grade_all:
        store.create_run(run, cases)
        try:
            with RunProgress(len(sources), enabled=progress, console=console) as bar:

                def graded(trial: Trial) -> None:
                    bar.advance(errored=trial.status == "error")

                # Every judge call is stored before this returns, however it ends: run
                # again, the regrade costs none.
                trials = [redactor.trial(t) for t in await grade_all(job, sources, graded)]
            store.save_trials(run.id, trials)  # after their judge calls, as the runner writes
            gate, summary = conclude(
                store,
                RunData(run, cases, trials),
                loaded,
                baseline_id=baseline_id,
                seed=run.seed,
                repeats=repeats_of(run.config),
            )
        except BaseException:
            # The first error is the one to see, even when the store is what failed.
            with contextlib.suppress(StoreError):
                store.update_run(run.id, status="interrupted")
            raise
    executed = sum(t.status == "ok" and t.trace is not None for t in sources)
    return RunOutcome(store.get_run(run.id), trials, gate, summary, executed=executed, notes=notes)


@dataclass(frozen=True)
class _Grading:
    """What grading a trial again needs besides the trial: the same on every worker."""

    cases: dict[str, Case]
    checks: list[str]
    """The names of the checks to run (all the suite's, or those asked for)."""
    replace_only: bool
    """Keep the trial's other results (only `checks` were asked for)."""
    baselines: Mapping[tuple[str, int], Trace]
    concurrency: int
    """Trials graded at once."""


GradeAll = Callable[[_Grading, list[Trial], Callable[[Trial], None]], Awaitable[list[Trial]]]
"""Grades trials in order, calling back with each as it is graded."""


@asynccontextmanager
async def _grader(plan: TrialPlan, store: Store, where: ExecutorOptions) -> AsyncIterator[GradeAll]:
    """Grading here (the default) or on Ray workers, each trial through `_grade_one`."""
    if where.kind == "ray":
        from ._ray import ray_pool

        async with ray_pool(plan, store, where) as pool:

            async def on_ray(
                job: _Grading, trials: list[Trial], graded: Callable[[Trial], None]
            ) -> list[Trial]:
                per = replace(job, concurrency=max(1, job.concurrency // len(pool.workers)))
                batches = [(per, part) for part in partitions(trials, len(pool.workers), _BATCH)]

                def done(batch: list[Trial]) -> None:
                    for trial in batch:
                        graded(trial)

                return [t for b in await pool.map(_grade_batch, batches, done=done) for t in b]

            yield on_ray
        return
    executor = LocalExecutor(plan, store)
    await executor.build()
    try:

        async def here(
            job: _Grading, trials: list[Trial], graded: Callable[[Trial], None]
        ) -> list[Trial]:
            try:
                return await _grade_all(executor, job, trials, graded)
            finally:
                executor.cache.flush()

        yield here
    finally:
        await executor.aclose()


async def _grade_batch(executor: LocalExecutor, batch: tuple[_Grading, list[Trial]]) -> list[Trial]:
    """A partition of the trials, graded on a Ray worker."""
    job, trials = batch
    return await _grade_all(executor, job, trials, lambda _: None)


async def _grade_all(
    executor: LocalExecutor,
    job: _Grading,
    trials: list[Trial],
    graded: Callable[[Trial], None],
) -> list[Trial]:
    """Every trial graded again (errored ones carried over), `job.concurrency` at once."""
    loaded = executor.plan.loaded
    wanted = set(job.checks)
    selected = [c for c in loaded.checks if c.name in wanted]
    limit = asyncio.Semaphore(job.concurrency)

    async def grade(trial: Trial) -> Trial:
        if trial.status != "ok" or trial.trace is None:
            done = trial.model_copy(deep=True)  # the agent failed: nothing to grade
        else:
            baseline = job.baselines.get((trial.case_id, trial.repeat)) or job.baselines.get(
                (trial.case_id, 0)
            )
            context = executor.context(trial.repeat, baseline)
            async with limit:
                done = await _regraded(
                    trial, job.cases[trial.case_id], loaded, selected, job.replace_only, context
                )
        graded(done)
        return done

    return list(await asyncio.gather(*(grade(t) for t in trials)))


async def _regraded(
    trial: Trial,
    case: Case,
    loaded: LoadedSuite,
    selected: list[Check],
    replace_only: bool,
    context: TrialContext,
) -> Trial:
    """The trial with its results graded again: all of them, or only `selected`'s."""
    assert trial.trace is not None
    fresh = await check_trace(selected, case, trial.trace, loaded.resources, context=context)
    if replace_only:
        new = {r.check: r for r in fresh}
        kept = [new.pop(r.check) if r.check in new else r for r in trial.results]
        results = kept + list(new.values())
    else:
        results = fresh
    return trial.model_copy(update={"results": results, "ended_at": datetime.now(UTC)})


def _suite_path(source: Run, given: str | Path | None) -> Path:
    if given is not None:
        return Path(given)
    hint = f"give the suite: fourfold regrade {source.id} --suite SUITE"
    if source.suite_path is None:
        raise ConfigError(
            f"run {source.id} records no suite file, so there are no checks to grade it with",
            hint=hint,
        )
    path = Path(source.suite_path)
    if kind_of(path) != "file":
        raise ConfigError(
            f"run {source.id} was made from {path}, which is no longer there",
            hint=hint,
        )
    return path


def _check_source(store: Store, source: Run, loaded: LoadedSuite) -> None:
    """Refuse a run of another suite, or one whose trials are not all stored."""
    if source.suite != loaded.suite.name:
        raise ConfigError(
            f"run {source.id} is of suite {source.suite!r}, but {loaded.path} is suite "
            f"{loaded.suite.name!r}",
            file=loaded.path,
            hint="a regrade grades a run with (an edited version of) the suite it was made "
            "with; give that suite with --suite",
        )
    count = store.trial_count(source.id)
    if source.status != "finished" or not count.complete:
        state = "still running" if source.status == "running" else source.status
        raise ConfigError(
            f"run {source.id} is {state} ({count.describe()}): only a finished run's "
            "traces can be re-graded",
            hint=f"finish it first: fourfold run {loaded.path} --resume {source.id}",
        )


def _check_cases(source: Run, loaded: LoadedSuite, cases: list[Case]) -> list[str]:
    """Refuse a suite whose cases differ from the run's: the traces answer the run's cases.

    A suite that derives its cases from a replay file (it lists none) grades the run's
    stored cases. Cases the suite added since the run are not graded (a note says so).
    """
    if not loaded.cases:
        return []
    current = {c.id: c for c in loaded.cases}
    missing = [c.id for c in cases if c.id not in current]
    changed = [c.id for c in cases if c.id in current and current[c.id] != c]
    if missing or changed:
        what = []
        if missing:
            what.append(f"{len(missing)} are no longer in it ({_some(missing)})")
        if changed:
            what.append(f"{len(changed)} were edited since ({_some(changed)})")
        raise ConfigError(
            f"the suite's cases do not match run {source.id}'s: of its {len(cases)} cases, "
            + " and ".join(what),
            file=loaded.path,
            hint="a regrade grades the traces the agent gave for the cases as they were run; "
            "restore those cases, or run the edited suite anew: "
            f"fourfold run {loaded.path}",
        )
    added = len(current) - len(cases)
    if added > 0:
        return [f"{added} case(s) of the suite are not in run {source.id}: not graded"]
    return []


def _some(ids: list[str], shown: int = 5) -> str:
    head = ", ".join(repr(i) for i in ids[:shown])
    return head + (f" and {len(ids) - shown} more" if len(ids) > shown else "")


def _select_checks(checks: list[Check], names: Sequence[str]) -> list[Check]:
    """The suite's checks named in `names` (all of them when `names` is empty)."""
    if not names:
        return checks
    known = [c.name for c in checks]
    unknown = [n for n in names if n not in known]
    if unknown:
        close = difflib.get_close_matches(unknown[0], known, n=1)
        raise ConfigError(
            f"the suite has no check named {unknown[0]!r}",
            hint=(f"did you mean {close[0]!r}? " if close else "")
            + "checks are named as their results are: "
            + ", ".join(known),
        )
    wanted = set(names)
    return [c for c in checks if c.name in wanted]
