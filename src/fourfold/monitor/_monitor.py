"""`Monitor`: production traces, evaluated as they come, window by window, with alerts.

Each window of traffic is one run in the store (``agent_version`` = the label,
``production`` by default; ``config.monitor`` says which window), so ``fourfold runs``,
``show`` and ``promote`` work on monitored traffic as on any run. Each trace is one trial
whose case is the trace (its id is the trace id, its input the first user message; a
replay line's own case fields are kept, and a trace answering one of the suite's cases
gets that case). A trace counts in the window in which it is evaluated.

Every trace gets the suite's deterministic checks; a share of them (`judge_share`, picked
by a hash of the trace id and the seed, so a restart picks the same ones) also gets its
judges (the checks that may call a model: ``async`` ones, such as ``rubric`` and
``pairwise``), until their cost reaches `judge_budget_usd`. A judge a trace did not get
is stored as a ``skip`` result saying why.

When a window ends, each layer's pass rate is compared with control limits computed from
the windows before it (see `fourfold.monitor.p_chart`); a layer outside them raises an
alert naming it. So does a layer whose results could not decide (judge or check errors)
beyond the suite gate's tolerance: see `fourfold.monitor._window`.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import logging
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib.metadata import version as package_version
from pathlib import Path
from types import TracebackType
from typing import Any

from ..cases import Case
from ..checks import Check
from ..errors import ConfigError, RunNotFoundError
from ..gate import evaluate_gate
from ..models import Model, get_model
from ..runs import LAYERS, MODEL_CALLS_KEY, CheckResult, Run, Trial
from ..store import Store, StoreCache, new_run_id
from ..suite import LoadedSuite
from ..summary import summarize_run
from ._alerts import Alert, AlertSink
from ._config import MonitorConfig
from ._evaluate import evaluate_arrival
from ._folder import FolderWatcher
from ._otlp import OtlpReceiver
from ._state import HistoryPoint, MonitorState, OpenWindow
from ._traffic import Arrival, Traffic
from ._window import LayerWindow, WindowReport, describe_window, judge_layer
from ._window import span as _span

__all__ = [
    "Clock",
    "LayerWindow",
    "Monitor",
    "WindowReport",
    "describe_window",
    "is_judge",
    "judged_sample",
]

log = logging.getLogger("fourfold.monitor")

Clock = Callable[[], datetime]
"""What time it is (aware, UTC): windows and trace completion follow it, so tests can
move it on instead of sleeping."""

_EXAMPLES = 5
_EPSILON = 1e-9


def is_judge(check: Check) -> bool:
    """Whether a check may call a model: its function is ``async`` (as judges' are)."""
    return inspect.iscoroutinefunction(check.fn)


def judged_sample(case_id: str, share: float, *, seed: int = 0) -> bool:
    """Whether the trace `case_id` is in the judged share: a hash of it and the seed.

    Examples:
        >>> judged_sample("any", 1.0), judged_sample("any", 0.0)
        (True, False)
    """
    if share <= 0:
        return False
    digest = hashlib.sha256(f"{seed}:{case_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < share


@dataclass
class _Window:
    start: datetime
    end: datetime
    run: Run
    cases: dict[str, Case] = field(default_factory=dict)
    keys: set[tuple[str, int]] = field(default_factory=set)


class Monitor:
    """Evaluates a stream of production traces with a suite's checks, window by window.

    Use it as an async context manager (or call `start` and `stop`), and call `tick`
    every second or so (`run` does that until told to stop)::

        async with Monitor(loaded, store, config, state_path=path) as monitor:
            await monitor.run(stop_event)

    Args:
        loaded: the suite; its checks, resources, models and gate are used (its agent is
            not run).
        store: where each window's run goes.
        config: sources, windows, control limits, judging.
        state_path: the state file (what was read, the open window, the history).
        alerts_path: the JSON-lines file alerts are appended to.
        webhook: a URL alerts are POSTed to.
        clock: the time (default: now, UTC).
        wall_time: the file-system time, to age files by (default: ``time.time``).
        models: models to use instead of building the suite's (a scripted judge in tests).
        webhook_transport: an httpx transport for the webhook (tests).
    """

    def __init__(
        self,
        loaded: LoadedSuite,
        store: Store,
        config: MonitorConfig,
        *,
        state_path: Path,
        alerts_path: Path | None = None,
        webhook: str | None = None,
        clock: Clock | None = None,
        wall_time: Callable[[], float] = time.time,
        models: Mapping[str, Model] | None = None,
    ) -> None:
        self.loaded = loaded
        self.store = store
        self.config = config
        self.state_path = state_path
        self.clock: Clock = clock or (lambda: datetime.now(UTC))
        self._wall_time = wall_time
        self.state = MonitorState.load(state_path, loaded.suite.name)
        self.alerts = AlertSink(alerts_path, webhook, self.state)
        self.traffic = Traffic(
            config.format, settle_s=config.settle_s, trace_timeout_s=config.trace_timeout_s
        )
        self.watcher = (
            FolderWatcher(
                config.watch,
                self.state,
                settle_s=config.settle_s,
                stale_s=config.stale_s,
                ignore=(state_path,) + ((alerts_path,) if alerts_path else ()),
            )
            if config.watch is not None
            else None
        )
        self.receiver = (
            OtlpReceiver(self._receive, host=config.host, port=config.otlp_port)
            if config.otlp_port is not None
            else None
        )
        self._given_models = models
        self._models: dict[str, Model] = {}
        self._cache: StoreCache | None = None
        self._redactor = loaded.redactor
        """The suite's secrets, redacted from every trace, case and model call stored."""
        self._judges = [c for c in loaded.checks if is_judge(c)]
        self._deterministic = [c for c in loaded.checks if not is_judge(c)]
        self._suite_cases = {c.id: c for c in loaded.cases}
        self._window: _Window | None = None
        self._started = False
        self._budget_lock = asyncio.Lock()
        self.evaluated = 0
        """Traces evaluated since the monitor started."""
        self.duplicates = 0
        """Traces dropped because their window already had one of the same case and repeat."""

    # Life cycle

    async def start(self) -> None:
        """Build the judges' models, resume the open window, and start the receiver.

        Raises:
            ConfigError: the receiver's port cannot be bound.
        """
        if self._started:
            return
        if self._given_models is not None:
            self._models = dict(self._given_models)
        else:
            self._cache = StoreCache(self.store, redactor=self._redactor)
            self._models = {
                name: get_model(cfg, cache=self._cache)
                for name, cfg in self.loaded.suite.models.items()
            }
        if self.receiver is not None:
            try:
                await self.receiver.start()
            except BaseException:
                await self._close_models()
                raise
            log.info("receiving OTLP JSON on %s", self.receiver.url)
        self._resume()
        if self.config.watch is not None:
            log.info("watching %s", self.config.watch)
        self._started = True

    async def stop(self) -> None:
        """Evaluate what is buffered, keep the open window for a restart, and release all.

        The open window's run is marked ``interrupted`` until a restart resumes it (or
        closes it, when its time is over by then).
        """
        if not self._started:
            return
        self._started = False
        try:
            if self.receiver is not None:
                await self.receiver.stop()
            now = self._now()
            await self._evaluate(self.traffic.drain(), now)
            if self._window is not None:
                self._save_cases(self._window)
                self.store.update_run(self._window.run.id, status="interrupted")
            await self.alerts.deliver(now)
        finally:
            self._save_state()
            await self.alerts.aclose()
            await self._close_models()

    async def __aenter__(self) -> Monitor:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def tick(self) -> list[WindowReport]:
        """Read what is new, evaluate the complete traces, close the windows that ended.

        Returns:
            The windows closed by this tick.
        """
        now = self._now()
        if self.watcher is not None:
            for chunk in self.watcher.poll(self._wall_time()):
                for line, data in chunk.documents:
                    origin = chunk.name if line is None else f"{chunk.name}:{line}"
                    try:
                        self.traffic.add(data, now=now, origin=origin)
                    except ConfigError as exc:
                        log.warning("%s: %s; skipped", origin, exc.message)
        closed = await self._close_due(now)
        await self._evaluate(self.traffic.due(now), now)
        await self.alerts.deliver(now)
        self._save_state()
        return closed

    async def flush(self) -> list[WindowReport]:
        """Evaluate every buffered trace now, complete or not, and close the windows that ended."""
        now = self._now()
        closed = await self._close_due(now)
        await self._evaluate(self.traffic.drain(), now)
        await self.alerts.deliver(now)
        self._save_state()
        return closed

    async def run(self, stop: asyncio.Event, *, poll_s: float = 1.0) -> None:
        """Tick every `poll_s` seconds until `stop` is set."""
        while not stop.is_set():
            await self.tick()
            try:
                await asyncio.wait_for(stop.wait(), timeout=poll_s)
            except TimeoutError:
                pass

    def snapshot(self) -> WindowReport | None:
        """The open window so far (its layers against the limits it would be judged by)."""
        window = self._window
        if window is None:
            return None
        return self._report(window, self.store.trials(window.run.id))

    # Traffic

    def _receive(self, data: Any) -> int:
        return self.traffic.add(data, now=self._now(), origin="otlp")

    async def _evaluate(self, arrivals: Sequence[Arrival], now: datetime) -> None:
        if not arrivals:
            return
        window = self._window_for(now)
        fresh: list[Arrival] = []
        for arrival in arrivals:
            key = (arrival.case_id, arrival.repeat)
            if key in window.keys:
                self.duplicates += 1
                log.warning(
                    "%s: case %s repeat %d is already in this window; skipped",
                    arrival.origin,
                    arrival.case_id,
                    arrival.repeat,
                )
                continue
            window.keys.add(key)
            fresh.append(arrival)
        sampled = [
            a
            for a in fresh
            if self._judges
            and a.trace.error is None
            and judged_sample(a.case_id, self.config.judge_share, seed=self.config.seed)
        ]
        chosen = {id(a) for a in sampled}
        limit = asyncio.Semaphore(self.loaded.suite.concurrency)

        async def plain(arrival: Arrival) -> Trial:
            async with limit:
                why = "not in the judged share of traffic" if self._judges else None
                return await self._trial(arrival, now, judge=False, why=why)

        trials = list(await asyncio.gather(*(plain(a) for a in fresh if id(a) not in chosen)))
        if self.config.judge_budget_usd is None:

            async def judged(arrival: Arrival) -> Trial:
                async with limit:
                    return await self._trial(arrival, now, judge=True)

            trials += await asyncio.gather(*(judged(a) for a in sampled))
        else:
            # One at a time, so the budget is overshot by one trace's judging at most.
            for arrival in sampled:
                allowed = self._judge_allowed(now)
                trials.append(
                    await self._trial(
                        arrival,
                        now,
                        judge=allowed,
                        why=None if allowed else self._budget_words(),
                    )
                )
        ordered = [*(a for a in fresh if id(a) not in chosen), *sampled]
        for trial, arrival in zip(trials, ordered, strict=True):
            self.store.save_trial(window.run.id, self._redactor.trial(trial))
            window.cases.setdefault(arrival.case_id, self._redactor.model(self._case_for(arrival)))
        self.evaluated += len(trials)

    async def _trial(
        self, arrival: Arrival, now: datetime, *, judge: bool, why: str | None = None
    ) -> Trial:
        checks = self._deterministic + (self._judges if judge else [])
        trial = await evaluate_arrival(
            self.loaded,
            arrival,
            self._case_for(arrival),
            checks,
            models=self._models,
            started=now,
            clock=self._now,
            judged=judge,
            why=why,
        )
        if judge and trial.status == "ok":
            await self._account(trial.results)
        return trial

    def _case_for(self, arrival: Arrival) -> Case:
        return self._suite_cases.get(arrival.case_id) or arrival.case

    # Judging under a budget

    def _judge_allowed(self, now: datetime) -> bool:
        budget = self.config.judge_budget_usd
        if budget is None:
            return True
        state = self.state
        if state.budget_exhausted:
            return False
        spent = state.judge_spent_usd
        per_trace = spent / state.judged_traces if state.judged_traces else 0.0
        if spent < budget - _EPSILON and spent + per_trace <= budget + _EPSILON:
            return True
        state.budget_exhausted = True
        self.alerts.emit(
            Alert(
                kind="judge_budget",
                suite=self.loaded.suite.name,
                text=f"the judge budget of ${budget:.2f} is spent (${spent:.4f} over "
                f"{state.judged_traces} judged traces): no more judge calls; the "
                "deterministic checks go on",
                created_at=now,
                spent_usd=spent,
                budget_usd=budget,
            )
        )
        return False

    def _budget_words(self) -> str:
        budget = self.config.judge_budget_usd or 0.0
        return f"the judge budget (${budget:.2f}) is spent"

    async def _account(self, results: list[CheckResult]) -> None:
        cost = 0.0
        for result in results:
            calls = result.metadata.get(MODEL_CALLS_KEY)
            if not isinstance(calls, list):
                continue
            for call in calls:
                if isinstance(call, dict) and not call.get("cached"):
                    cost += float(call.get("cost_usd") or 0.0)
        async with self._budget_lock:
            self.state.judge_spent_usd += cost
            self.state.judged_traces += 1

    # Windows

    def _window_start(self, now: datetime) -> datetime:
        size = self.config.window_s
        return datetime.fromtimestamp(math.floor(now.timestamp() / size) * size, UTC)

    def _window_for(self, now: datetime) -> _Window:
        if self._window is not None:
            if now < self._window.end:
                return self._window
            self._close(self._window, now)
        start = self._window_start(now)
        end = start + timedelta(seconds=self.config.window_s)
        suite = self.loaded.suite
        config = suite.model_dump(mode="json")
        config.pop("agents", None)
        config.update(
            agent_name="monitor",
            repeats=1,
            checks_resolved=[c.spec.model_dump(mode="json") for c in self.loaded.checks],
            monitor={
                "window_start": start.isoformat(),
                "window_end": end.isoformat(),
                "window_s": self.config.window_s,
                "judge_share": self.config.judge_share,
                "judge_budget_usd": self.config.judge_budget_usd,
                "watch": str(self.config.watch) if self.config.watch else None,
                "otlp_port": self.config.otlp_port,
            },
        )
        config = self._redactor.data(config)
        run = Run(
            id=new_run_id(start),
            suite=suite.name,
            suite_path=str(self.loaded.path.resolve()),
            agent_version=self.config.label,
            config=config,
            package_version=package_version("fourfold"),
            seed=self.config.seed,
            started_at=start,
        )
        self.store.create_run(run)
        self._window = _Window(start, end, run)
        self.state.open_window = OpenWindow(start=start, run_id=run.id)
        log.info("window %s opened: run %s", _span(start, end), run.id)
        return self._window

    def _resume(self) -> None:
        open_window = self.state.open_window
        if open_window is None:
            return
        try:
            run = self.store.get_run(open_window.run_id)
        except RunNotFoundError:
            log.warning(
                "the open window's run %s is not in the store %s; starting a new window",
                open_window.run_id,
                self.store.where,
            )
            self.state.open_window = None
            return
        start = open_window.start.astimezone(UTC)
        window = _Window(start, start + timedelta(seconds=self.config.window_s), run)
        window.cases = {c.id: c for c in self.store.cases(run.id)}
        for trial in self.store.trials(run.id):
            window.keys.add((trial.case_id, trial.repeat))
            if trial.case_id not in window.cases:
                user = None
                if trial.trace is not None:
                    user = next(
                        (m.content for m in trial.trace.messages if m.role == "user" and m.content),
                        None,
                    )
                window.cases[trial.case_id] = Case(id=trial.case_id, input=user or "")
        self.store.update_run(run.id, status="running")
        self._window = window
        log.info("resumed window %s: run %s", _span(window.start, window.end), run.id)

    async def _close_due(self, now: datetime) -> list[WindowReport]:
        window = self._window
        if window is None or window.end > now:
            return []
        return [self._close(window, now)]

    def _close(self, window: _Window, now: datetime) -> WindowReport:
        store = self.store
        self._save_cases(window)
        trials = store.trials(window.run.id)
        gate = evaluate_gate(trials, self.loaded.suite.gate)
        summary = summarize_run(trials, self.loaded.checks, gate)
        report = self._report(window, trials)
        store.save_analysis(window.run.id, "monitor", "window", report.model_dump(mode="json"))
        store.update_run(
            window.run.id,
            status="finished",
            ended_at=window.end,
            summary=summary.model_dump(mode="json"),
        )
        self._remember(report)
        for lw in report.flagged:
            self.alerts.emit(self._alert(report, lw, now))
        for lw in report.undecided:
            self.alerts.emit(self._undecided_alert(report, lw, now))
        self._window = None
        self.state.open_window = None
        log.info("%s", describe_window(report))
        return report

    def _report(self, window: _Window, trials: list[Trial]) -> WindowReport:
        return WindowReport(
            suite=self.loaded.suite.name,
            run_id=window.run.id,
            start=window.start,
            end=window.end,
            traces=len(trials),
            errored=sum(1 for t in trials if t.status == "error"),
            judged=sum(
                1
                for t in trials
                if t.trace is not None and (t.trace.metadata.get("monitor") or {}).get("judged")
            ),
            layers=[
                judge_layer(
                    layer,
                    trials,
                    self.state.history.get(layer, []),
                    self.config,
                    tolerance=self.loaded.suite.gate.error_tolerance(layer),
                )
                for layer in LAYERS
            ],
            judge_spent_usd=self.state.judge_spent_usd,
            budget_exhausted=self.state.budget_exhausted,
        )

    def _remember(self, report: WindowReport) -> None:
        for lw in report.layers:
            # An out-of-control or undecided window must not move the limits towards itself.
            if lw.decided == 0 or lw.flagged is not None or lw.undecided:
                continue
            points = self.state.history.setdefault(lw.layer, [])
            points.append(
                HistoryPoint(
                    start=report.start, run_id=report.run_id, passed=lw.passed, decided=lw.decided
                )
            )
            del points[: -self.config.history]

    def _alert(self, report: WindowReport, lw: LayerWindow, now: datetime) -> Alert:
        assert lw.limits is not None and lw.pass_rate is not None and lw.flagged is not None
        limits = lw.limits
        if lw.flagged == "down":
            where = f"below the lower control limit {limits.lower:.1%}"
        else:
            where = f"above the upper control limit {limits.upper:.1%}"
        checks = ", ".join(f"{name} ×{n}" for name, n in list(lw.failing_checks.items())[:3])
        text = (
            f"{report.suite}: {lw.layer} pass rate {lw.pass_rate:.1%} ({lw.passed}/{lw.decided}) "
            f"in window {_span(report.start, report.end)} is {where} (centre {limits.center:.1%} "
            f"over {limits.history_windows} windows)"
            + (f"; failing: {checks}" if checks else "")
            + f"; fourfold show {report.run_id}"
        )
        return Alert(
            kind="control_limit",
            suite=report.suite,
            text=text,
            created_at=now,
            layer=lw.layer,
            direction=lw.flagged,
            window_start=report.start,
            window_end=report.end,
            run_id=report.run_id,
            pass_rate=lw.pass_rate,
            passed=lw.passed,
            decided=lw.decided,
            center=limits.center,
            lower=limits.lower,
            upper=limits.upper,
            history_windows=limits.history_windows,
            failing_checks=lw.failing_checks,
            examples=lw.examples,
        )

    def _undecided_alert(self, report: WindowReport, lw: LayerWindow, now: datetime) -> Alert:
        text = (
            f"{report.suite}: {lw.layer} in window {_span(report.start, report.end)} cannot be "
            f"read as healthy: {'; '.join(lw.undecided)}; fourfold show {report.run_id}"
        )
        return Alert(
            kind="undecided",
            suite=report.suite,
            text=text,
            created_at=now,
            layer=lw.layer,
            window_start=report.start,
            window_end=report.end,
            run_id=report.run_id,
            pass_rate=lw.pass_rate,
            passed=lw.passed,
            decided=lw.decided,
            undecided=lw.undecided,
            errored_checks={e.check: e.errored for e in lw.errors},
        )

    # Machinery

    def _now(self) -> datetime:
        now = self.clock()
        return now.replace(tzinfo=UTC) if now.tzinfo is None else now.astimezone(UTC)

    def _save_cases(self, window: _Window) -> None:
        self.store.save_cases(window.run.id, list(window.cases.values()))

    def _save_state(self) -> None:
        try:
            self.state.save(self.state_path)
        except OSError as exc:
            log.error("cannot write the monitor state %s: %s", self.state_path, exc)

    async def _close_models(self) -> None:
        for model in self._models.values():
            try:
                await model.aclose()
            except Exception as exc:  # closing must not hide why the monitor stopped
                log.warning("closing model %s failed: %s", model.name, exc)
        if self._cache is not None:
            self._cache.flush()
