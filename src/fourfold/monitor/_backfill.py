"""Backfill: stored or recorded production traces re-checked in bulk, as one run.

``fourfold monitor SUITE --backfill SOURCE...`` takes traces the monitor did not see, or
saw before a check existed, and evaluates them all at once with the suite's deterministic
checks, the way the monitor evaluates its traffic (`evaluate_arrival`):

- a SOURCE is a trace file or a stored run. A file is read as the monitor reads a watched
  folder's files (``.jsonl`` line by line, anything else as one JSON document; replay
  lines, OTLP JSON, span dumps, OpenInference spans) and its spans are assembled into
  traces as ``fourfold import`` assembles them; a run (an id, a unique prefix, or
  ``latest``) gives the trace of each of its trials, with the case stored beside it;
- each trace is one trial of its case, as in a monitored window; a trace of a (case,
  repeat) already taken from an earlier source is dropped, with a warning;
- only the deterministic checks run: a backfill is bulk work with no judge calls, and each
  judge of the suite is stored as a ``skip`` result that says so;
- the traces go into one new run (``agent_version`` is the label, ``config.monitor``
  names the sources), gated and summarized like any run. A backfill touches no monitor
  state: no window, no control-limit history, no alert.

On Ray (``--executor ray``) the traces are checked in partitions on the workers, each
trace through the same `evaluate_arrival`; the results are the same.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from importlib.metadata import version as package_version
from pathlib import Path

from .._encoding import kind_of
from .._engine import ExecutorOptions, LocalExecutor, TrialPlan, map_partitions
from .._json import JsonProblem, parse_json
from .._secrets import Redactor
from ..cases import Case
from ..errors import ConfigError, RunNotFoundError
from ..gate import GateReport, evaluate_gate
from ..runs import Run, Trial
from ..store import Store, new_run_id
from ..suite import LoadedSuite
from ..summary import RunSummary, summarize_run
from ._config import TraceFormat
from ._evaluate import evaluate_arrival
from ._monitor import is_judge
from ._traffic import Arrival, Traffic

__all__ = ["Backfill", "backfill", "read_arrivals"]

log = logging.getLogger("fourfold.monitor")

_WHY = "a backfill runs the deterministic checks only"


@dataclass
class Backfill:
    """A finished backfill: its run, trials, gate and what was left out."""

    run: Run
    trials: list[Trial]
    gate: GateReport
    summary: RunSummary
    duplicates: int = 0
    """Traces dropped: an earlier source had one of the same case and repeat."""
    skipped: list[str] = field(default_factory=list)
    """Documents or trials that held no trace to check, each with where and why."""


def read_arrivals(
    store: Store, sources: Sequence[str], *, format: TraceFormat = "auto"
) -> tuple[list[Arrival], list[str]]:
    """The traces of `sources` (files or stored runs), and what could not be read.

    Raises:
        ConfigError: a source is neither a file nor a stored run.
    """
    arrivals: list[Arrival] = []
    skipped: list[str] = []
    for source in sources:
        path = Path(source)
        if kind_of(path) == "file":
            arrivals += _from_file(path, format, skipped)
            continue
        try:
            run = store.get_run(source)
        except RunNotFoundError as exc:
            raise ConfigError(
                f"--backfill {source!r} is neither a trace file nor a run in {store.where}",
                hint="give a trace file (.jsonl, .json: replay lines, OTLP JSON, spans) or a "
                "run id, a unique prefix of one, or latest",
            ) from exc
        arrivals += _from_run(store, run, skipped)
    return arrivals, skipped


async def backfill(
    loaded: LoadedSuite,
    store: Store,
    sources: Sequence[str],
    *,
    label: str = "production",
    format: TraceFormat = "auto",
    executor: ExecutorOptions | None = None,
) -> Backfill:
    """Check every trace of `sources` with the suite's deterministic checks, as one run.

    Raises:
        ConfigError: a source is neither a file nor a stored run, no source holds a
            trace, or the Ray executor cannot start (see `ExecutorOptions`).
    """
    arrivals, skipped = read_arrivals(store, sources, format=format)
    fresh, duplicates = _first_of_each(arrivals)
    if not fresh:
        raise ConfigError(
            f"no trace to check in {', '.join(sources)}"
            + (f" ({len(skipped)} documents could not be read)" if skipped else ""),
            hint="give the files the monitor reads, or runs whose trials hold traces",
        )
    suite = loaded.suite
    redactor = loaded.redactor
    now = datetime.now(UTC)
    run = _new_run(loaded, sources, label, redactor, now)
    plan = TrialPlan(loaded=loaded, agent_config=None, seed=0, use_cache=True)
    trials = await map_partitions(
        executor or ExecutorOptions(), plan, store, partial(_check_batch, now), fresh
    )
    suite_cases = {c.id: c for c in loaded.cases}
    cases: dict[str, Case] = {}
    for arrival in fresh:
        if arrival.case_id not in cases:
            case = suite_cases.get(arrival.case_id, arrival.case)
            cases[arrival.case_id] = redactor.model(case)
    trials = [redactor.trial(t) for t in trials]
    store.create_run(run, list(cases.values()))
    store.save_trials(run.id, trials)
    gate = evaluate_gate(trials, suite.gate)
    summary = summarize_run(trials, loaded.checks, gate)
    store.update_run(
        run.id,
        status="finished",
        ended_at=datetime.now(UTC),
        summary=summary.model_dump(mode="json"),
    )
    return Backfill(store.get_run(run.id), trials, gate, summary, duplicates, skipped)


async def _check_batch(
    started: datetime, executor: LocalExecutor, arrivals: list[Arrival]
) -> list[Trial]:
    """A partition of the traces, each through `evaluate_arrival` (here, or on a worker)."""
    loaded = executor.plan.loaded
    deterministic = [c for c in loaded.checks if not is_judge(c)]
    suite_cases = {c.id: c for c in loaded.cases}
    return [
        await evaluate_arrival(
            loaded,
            arrival,
            suite_cases.get(arrival.case_id, arrival.case),
            deterministic,
            models=executor.models,
            started=started,
            clock=lambda: datetime.now(UTC),
            judged=False,
            why=_WHY,
        )
        for arrival in arrivals
    ]


def _first_of_each(arrivals: list[Arrival]) -> tuple[list[Arrival], int]:
    seen: set[tuple[str, int]] = set()
    fresh: list[Arrival] = []
    for arrival in arrivals:
        key = (arrival.case_id, arrival.repeat)
        if key in seen:
            log.warning(
                "%s: case %s repeat %d was already taken from an earlier trace; skipped",
                arrival.origin,
                arrival.case_id,
                arrival.repeat,
            )
            continue
        seen.add(key)
        fresh.append(arrival)
    return fresh, len(arrivals) - len(fresh)


def _from_file(path: Path, format: TraceFormat, skipped: list[str]) -> list[Arrival]:
    traffic = Traffic(format, settle_s=0.0, trace_timeout_s=0.0)
    now = datetime.now(UTC)
    text = path.read_text(encoding="utf-8", errors="replace")
    documents: list[tuple[int | None, str]]
    if path.suffix == ".jsonl":
        documents = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    else:
        documents = [(None, text)]
    for line, raw in documents:
        origin = f"{path}:{line}" if line is not None else str(path)
        try:
            traffic.add(parse_json(raw, repair=True), now=now, origin=origin)
        except (JsonProblem, ConfigError) as exc:
            skipped.append(f"{origin}: {getattr(exc, 'message', None) or exc}")
    return traffic.drain()


def _from_run(store: Store, run: Run, skipped: list[str]) -> list[Arrival]:
    cases = {c.id: c for c in store.cases(run.id)}
    out: list[Arrival] = []
    for trial in store.trials(run.id):
        origin = f"run {run.id} case {trial.case_id} repeat {trial.repeat}"
        if trial.trace is None:
            skipped.append(f"{origin}: no trace stored ({trial.error or 'the trial errored'})")
            continue
        user = next((m.content for m in trial.trace.messages if m.role == "user" and m.content), "")
        case = cases.get(trial.case_id) or Case(id=trial.case_id, input=user or "")
        out.append(Arrival(trial.case_id, trial.repeat, trial.trace, case, origin))
    return out


def _new_run(
    loaded: LoadedSuite, sources: Sequence[str], label: str, redactor: Redactor, now: datetime
) -> Run:
    suite = loaded.suite
    config = suite.model_dump(mode="json")
    config.pop("agents", None)
    config.update(
        agent_name="monitor",
        repeats=1,
        checks_resolved=[c.spec.model_dump(mode="json") for c in loaded.checks],
        monitor={"backfill": list(sources), "judge_share": 0.0},
    )
    return Run(
        id=new_run_id(now),
        suite=suite.name,
        suite_path=str(loaded.path.resolve()),
        agent_version=label,
        config=redactor.data(config),
        package_version=package_version("fourfold"),
        seed=0,
        started_at=now,
    )
