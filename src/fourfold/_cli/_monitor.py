"""``fourfold monitor``: production traces evaluated as they come, alerts on layer drift."""

from __future__ import annotations

import asyncio
import logging
import re
import signal
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from .._format import count_of
from .._text import markup
from ..errors import ConfigError
from ._common import (
    err_console,
    executor_choice,
    executor_options,
    handle_errors,
    open_store,
    out_console,
    store_option,
)

if TYPE_CHECKING:
    from .._engine import ExecutorOptions
    from ..monitor import MonitorConfig, TraceFormat
    from ..store import Store
    from ..suite import LoadedSuite


@click.command("monitor")
@click.argument("suite_file", metavar="SUITE", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--watch",
    type=click.Path(file_okay=False, path_type=Path),
    help="A folder of trace files (.json / .jsonl, subfolders too) to evaluate as they appear.",
)
@click.option(
    "--otlp-port",
    type=click.IntRange(0, 65535),
    help="Receive OTLP/HTTP traces, protobuf or JSON, on this port (POST /v1/traces).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address the OTLP receiver binds (0.0.0.0 to accept other machines).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", "otel", "openinference", "replay"]),
    default="auto",
    show_default=True,
    help="What the traffic is: OpenTelemetry GenAI spans, OpenInference spans, or replay "
    "lines (fourfold traces); auto tells per document.",
)
@click.option("--window", default="5m", show_default=True, help="Window length (30s, 5m, 1h).")
@click.option(
    "--history",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help="Past windows the control limits are computed from.",
)
@click.option(
    "--min-history",
    type=click.IntRange(1),
    default=5,
    show_default=True,
    help="Windows of history a layer needs before its windows are flagged.",
)
@click.option(
    "--min-traces",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="A layer decided on fewer traces in a window is not flagged.",
)
@click.option(
    "--sigma",
    type=click.FloatRange(0, min_open=True),
    default=3.0,
    show_default=True,
    help="Control-limit width in standard errors.",
)
@click.option(
    "--judge-share",
    type=click.FloatRange(0, 1),
    default=0.1,
    show_default=True,
    help="Share of traces that also get the suite's judges (model-graded checks).",
)
@click.option(
    "--judge-budget-usd",
    type=click.FloatRange(0),
    default=None,
    help="Stop calling judges once they have cost this much (kept across restarts).",
)
@click.option(
    "--alerts",
    "alerts_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Append alerts to this file as JSON lines.",
)
@click.option("--webhook", metavar="URL", help="POST each alert as JSON to this URL.")
@click.option(
    "--state",
    "state_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The monitor's state file (default: .fourfold/monitor-<suite>.json).",
)
@click.option(
    "--label",
    default="production",
    show_default=True,
    help="The agent version stored with each window's run.",
)
@click.option(
    "--settle",
    default="2s",
    show_default=True,
    help="A .json file is read once unchanged this long; a trace is complete this long "
    "after its last span.",
)
@click.option("--poll", default="1s", show_default=True, help="How often to look for traffic.")
@click.option(
    "--once",
    is_flag=True,
    help="Process what is in the folder now and exit (for cron); the open window carries "
    "over to the next invocation.",
)
@click.option(
    "--backfill",
    "backfill_sources",
    multiple=True,
    metavar="FILE|RUN",
    help="Re-check these traces in bulk instead of watching: a trace file (as --watch reads "
    "them) or a stored run; repeatable. Deterministic checks only, stored as one run "
    "(docs/monitoring.md).",
)
@executor_options
@store_option
@handle_errors
def monitor_command(
    suite_file: Path,
    watch: Path | None,
    otlp_port: int | None,
    host: str,
    fmt: str,
    window: str,
    history: int,
    min_history: int,
    min_traces: int,
    sigma: float,
    judge_share: float,
    judge_budget_usd: float | None,
    alerts_file: Path | None,
    webhook: str | None,
    state_file: Path | None,
    label: str,
    settle: str,
    poll: str,
    once: bool,
    store_target: str | None,
    executor: str,
    address: str | None,
    workers: int | None,
    backfill_sources: tuple[str, ...],
) -> None:
    """Evaluate production traces with SUITE's checks, continuously, and alert on drift.

    Each window of traffic is stored as a run; when a window ends, each layer's pass rate
    is compared with control limits from the windows before it, and a layer outside them
    raises an alert (--alerts file, --webhook). Ctrl-C stops cleanly.

    With --backfill FILE|RUN: re-check those traces now, in bulk, with SUITE's deterministic
    checks, as one run (locally, or on Ray with --executor ray), print its summary and exit
    with its gate's code (0 deploy, 1 block, 3 review; 2 bad input).
    """
    from pydantic import ValidationError

    from ..monitor import MonitorConfig, TraceFormat, parse_duration
    from ..suite import load_suite

    chosen = executor_choice(executor, address, workers)
    if backfill_sources:
        if watch is not None or otlp_port is not None or once:
            raise ConfigError(
                "--backfill re-checks traces once; it does not watch",
                hint="leave out --watch/--otlp-port/--once, or run the backfill separately",
            )
        _backfill(suite_file, backfill_sources, cast(TraceFormat, fmt), label, chosen, store_target)
        return
    if chosen.kind != "local":
        raise ConfigError(
            "the monitor evaluates live traffic in this process; --executor ray is for --backfill",
            hint="add --backfill FILE|RUN, or leave out --executor",
        )
    if watch is None and otlp_port is None:
        raise ConfigError(
            "nothing to monitor", hint="give --watch DIR (trace files) or --otlp-port PORT"
        )
    if once and watch is None:
        raise ConfigError("--once reads a folder", hint="add --watch DIR, or drop --once")
    if webhook is not None and not re.match(r"^https?://", webhook):
        raise ConfigError(f"--webhook {webhook!r} is not an http(s) URL")
    loaded = load_suite(suite_file)
    try:
        config = MonitorConfig(
            watch=watch,
            otlp_port=otlp_port,
            host=host,
            format=cast(TraceFormat, fmt),
            window_s=parse_duration(window),
            history=history,
            min_history=min_history,
            min_traces=min_traces,
            sigma=sigma,
            judge_share=judge_share,
            judge_budget_usd=judge_budget_usd,
            settle_s=parse_duration(settle, allow_zero=True),
            label=label,
        )
    except ValidationError as exc:
        raise ConfigError(
            str(exc.errors()[0]["msg"]).removeprefix("Value error, "),
            hint="see fourfold monitor --help",
        ) from exc
    state = state_file or Path(".fourfold") / f"monitor-{_slug(loaded.suite.name)}.json"
    poll_s = parse_duration(poll)
    handler = _LogHandler()
    logger = logging.getLogger("fourfold.monitor")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        with open_store(store_target) as store:
            asyncio.run(_monitor(loaded, store, config, state, alerts_file, webhook, once, poll_s))
    finally:
        logger.removeHandler(handler)


async def _monitor(
    loaded: LoadedSuite,
    store: Store,
    config: MonitorConfig,
    state: Path,
    alerts_file: Path | None,
    webhook: str | None,
    once: bool,
    poll_s: float,
) -> None:
    from ..monitor import Monitor, describe_window

    monitor = Monitor(
        loaded, store, config, state_path=state, alerts_path=alerts_file, webhook=webhook
    )
    async with monitor:
        if once:
            await monitor.tick()
            await monitor.flush()
        else:
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(sig, stop.set)
                except (NotImplementedError, RuntimeError):  # not the main thread, or Windows
                    pass
            err_console.print("monitoring; Ctrl-C stops", style="dim")
            try:
                await monitor.run(stop, poll_s=poll_s)
            finally:
                for sig in (signal.SIGINT, signal.SIGTERM):
                    loop.remove_signal_handler(sig)
        snapshot = monitor.snapshot()
    err_console.print(f"{count_of(monitor.evaluated, 'trace')} evaluated", highlight=False)
    if snapshot is not None:
        err_console.print(
            markup(f"open (kept for the next start): {describe_window(snapshot)}"),
            highlight=False,
        )
    if config.judge_budget_usd is not None or monitor.state.judged_traces:
        budget = config.judge_budget_usd
        err_console.print(
            f"judges: {count_of(monitor.state.judged_traces, 'trace')} judged, "
            f"${monitor.state.judge_spent_usd:.4f} spent"
            + (f" of ${budget:.2f}" if budget is not None else "")
            + (" (budget spent: judges stopped)" if monitor.state.budget_exhausted else ""),
            highlight=False,
        )


class _LogHandler(logging.Handler):
    """The monitor's log lines on stderr; alerts stand out."""

    def emit(self, record: logging.LogRecord) -> None:
        message = markup(record.getMessage())
        if record.levelno >= logging.ERROR:
            err_console.print(f"[bold red]error:[/] {message}")
        elif message.startswith("ALERT"):
            err_console.print(f"[bold red]{message}[/]")
        elif record.levelno >= logging.WARNING:
            err_console.print(f"[yellow]warning:[/] {message}")
        else:
            err_console.print(message, highlight=False)


def _backfill(
    suite_file: Path,
    sources: tuple[str, ...],
    fmt: TraceFormat,
    label: str,
    executor: ExecutorOptions,
    store_target: str | None,
) -> None:
    """Re-check `sources` in bulk, print the run's summary, exit with its gate's code."""
    from .._engine import run_blocking
    from ..monitor import backfill
    from ..report import print_summary
    from ..suite import load_suite

    loaded = load_suite(suite_file)
    with open_store(store_target) as store:
        done = run_blocking(
            backfill(loaded, store, sources, label=label, format=fmt, executor=executor)
        )
    for item in done.skipped[:10]:
        err_console.print(f"[yellow]left out:[/] {markup(item)}")
    if len(done.skipped) > 10:
        err_console.print(f"[yellow]left out:[/] ... and {len(done.skipped) - 10} more")
    if done.duplicates:
        err_console.print(
            f"[yellow]note:[/] {count_of(done.duplicates, 'trace')} of a case and repeat "
            "already taken from an earlier trace were dropped"
        )
    err_console.print(
        f"[dim]backfill: {count_of(len(done.trials), 'trace')} checked from[/] "
        + markup(", ".join(sources)),
        highlight=False,
    )
    print_summary(done.run, done.summary, out_console)
    raise SystemExit(done.gate.exit_code)


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "suite"
