"""``fourfold run``: run a suite, print the per-layer verdict, exit with the gate's code."""

from __future__ import annotations

import sys
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import ConfigError, IncompleteRunError
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
    from ..runs import Cadence, Layer, Run
    from ..suite import LoadedSuite

MAX_SEED = 2**63 - 1
"""`fourfold.suite.MAX_SEED`, written out so that ``fourfold run --help`` does not load the
suite machinery (tests/test_cli_lazy.py keeps the two equal)."""


@click.command("run")
@click.argument("suite_file", metavar="SUITE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--agent", "agent", metavar="NAME", help="Which of the suite's agents to run.")
@click.option("--label", metavar="TEXT", help="Version label to store (default: the agent name).")
@click.option("--repeats", type=click.IntRange(1, 1000), help="Override the suite's repeats.")
@click.option("--concurrency", type=click.IntRange(1, 1024), help="Trials run at once.")
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    help="Override the suite's seed (0 to 2^63 - 1).",
)
@click.option(
    "--case", "case_ids", multiple=True, metavar="ID", help="Run only this case (repeatable)."
)
@click.option("--resume", metavar="RUN_ID", help="Continue an interrupted run of this suite.")
@click.option(
    "--baseline",
    metavar="RUN_ID",
    help="Compare against this stored run: pairwise judges see its trace of each case.",
)
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Serve repeated model calls from the store's cache.",
)
@click.option(
    "--cadence",
    type=click.Choice(["commit", "scheduled"]),
    help="commit: only the commit-cadence checks (deterministic ones by default; no judge "
    "model is called); scheduled: every check.",
)
@click.option(
    "--checks",
    "check_names",
    multiple=True,
    metavar="TAG",
    help="Run only the checks with this name or tag (repeatable, or comma-separated).",
)
@click.option(
    "--layer",
    "layers",
    multiple=True,
    type=click.Choice(["outcome", "trajectory", "grounding", "policy"]),
    help="Run only the checks of this layer (repeatable).",
)
@click.option(
    "--junit",
    "junit_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the results as JUnit XML for CI systems.",
)
@click.option(
    "--dry-run",
    is_flag=True,
    help="Call nothing: print the trials, model calls, tokens, cost and wall time a run "
    "would take.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar (default: when stderr is a terminal).",
)
@executor_options
@store_option
@handle_errors
def run_command(
    suite_file: Path,
    agent: str | None,
    label: str | None,
    repeats: int | None,
    concurrency: int | None,
    seed: int | None,
    case_ids: tuple[str, ...],
    resume: str | None,
    baseline: str | None,
    use_cache: bool,
    cadence: Cadence | None,
    check_names: tuple[str, ...],
    layers: tuple[Layer, ...],
    junit_file: Path | None,
    dry_run: bool,
    progress: bool | None,
    store_target: str | None,
    executor: str,
    address: str | None,
    workers: int | None,
) -> None:
    """Run SUITE against an agent and gate the result.

    Exit code: 0 deploy, 1 block, 3 review, 2 bad input, 4 interrupted (the run stopped
    before all its trials were stored; resume it), 130 Ctrl-C. With --dry-run: 0, after
    printing the forecast; no agent or judge is called and no run is stored.

    With --executor ray the trials run on a Ray cluster, with the same results, limits,
    resume and gate (docs/ray.md).
    """
    from .._engine import RunOptions, StoreOpening, run_blocking, run_suite_async
    from .._engine import store_target as store_target_of
    from ..suite import load_suite
    from ._collector import settle

    try:
        loaded = load_suite(suite_file)
    except SystemExit as exc:  # a module the suite imports (`imports:`) ended the process
        raise ConfigError(
            f"a module {suite_file} imports called sys.exit({exc.code!r}) while it was "
            "imported: a module fourfold imports must not end the process",
            file=suite_file,
            hint="move the sys.exit call under `if __name__ == '__main__':` in that module",
        ) from exc
    chosen = executor_choice(executor, address, workers)
    if dry_run:
        _dry_run(loaded, store_target, agent, repeats, concurrency, seed, case_ids, baseline,
                 use_cache, resume)  # fmt: skip
        return
    options = RunOptions(
        agent=agent,
        label=label,
        repeats=repeats,
        concurrency=concurrency,
        seed=seed,
        resume=resume,
        case_ids=case_ids,
        baseline=baseline,
        use_cache=use_cache,
        cadence=cadence,
        checks=tuple(n.strip() for given in check_names for n in given.split(",") if n.strip()),
        layers=layers,
        progress=sys.stderr.isatty() if progress is None else progress,
        executor=chosen,
        # The summary's rendering is imported while the calls wait, not before them.
        preload=(("fourfold.report", "print_summary"),),
    )
    started: list[Run] = []

    def on_start(run: Run) -> None:
        started.append(run)
        if not options.progress:
            return  # the summary names the run; the line is for watching a run go
        verb = "resuming" if resume else "run"
        err_console.print(
            f"[dim]{verb}[/] [bold]{run.id}[/]  suite {run.suite}  agent {run.agent_version}"
        )

    # A new run here opens a SQLite store while its first calls wait (see StoreOpening);
    # any other run, or a store that must be migrated or checked first, opens it now.
    target = store_target_of(store_target)
    early = resume is None and baseline is None and chosen.kind == "local"
    opening = StoreOpening.of(target) if early else None
    with closing(opening) if opening is not None else open_store(target) as store:
        settle()  # the suite, the store and the agent's modules live until the exit
        try:
            outcome = run_blocking(
                run_suite_async(loaded, store, options, console=err_console, on_start=on_start)
            )
        except KeyboardInterrupt:
            from rich.markup import escape

            if started:
                err_console.print(  # soft wrap: a command to copy is never broken
                    f"[yellow]interrupted.[/] finished trials are stored; continue with:\n"
                    f"  fourfold run {escape(str(suite_file))} --resume {started[0].id}",
                    soft_wrap=True,
                )
            raise SystemExit(130) from None
        except IncompleteRunError as exc:
            from rich.markup import escape

            err_console.print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
            if started and started[0].id not in str(exc):
                err_console.print(
                    f"continue with:\n  fourfold run {escape(str(suite_file))} "
                    f"--resume {started[0].id}",
                    soft_wrap=True,
                )
            raise SystemExit(exc.exit_code) from None
    from ..report import print_summary, write_junit

    for note in outcome.notes:
        err_console.print(f"[yellow]note:[/] {note}")
    print_summary(outcome.run, outcome.summary, out_console)
    if junit_file is not None:
        write_junit(junit_file, outcome.run, outcome.trials, outcome.gate)
        err_console.print(f"[dim]JUnit XML written to {junit_file}[/]")
    raise SystemExit(outcome.gate.exit_code)


def _dry_run(
    loaded: LoadedSuite,
    store_target: str | None,
    agent: str | None,
    repeats: int | None,
    concurrency: int | None,
    seed: int | None,
    case_ids: tuple[str, ...],
    baseline: str | None,
    use_cache: bool,
    resume: str | None,
) -> None:
    """Print the forecast of the run these options would make."""
    from ..forecast import forecast_run
    from ..report import render_forecast

    if resume is not None:
        raise ConfigError(
            "--dry-run forecasts a new run; it cannot forecast the rest of a resumed one",
            hint="leave out --resume (or --dry-run)",
        )
    with open_store(store_target) as store:
        forecast = forecast_run(
            loaded,
            store,
            agent=agent,
            repeats=repeats,
            concurrency=concurrency,
            seed=seed,
            case_ids=case_ids,
            baseline=store.get_run(baseline).id if baseline else None,
            use_cache=use_cache,
        )
    out_console.print(render_forecast(forecast))
