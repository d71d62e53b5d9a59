"""``fourfold regrade``: grade a stored run's traces again, with the suite's current checks."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .._text import markup
from ._common import (
    err_console,
    executor_choice,
    executor_options,
    handle_errors,
    open_store,
    out_console,
    store_option,
)


@click.command("regrade")
@click.argument("run_id", metavar="RUN")
@click.option(
    "--suite",
    "suite_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The suite whose checks grade the run (default: the file RUN was made from).",
)
@click.option(
    "--checks",
    "check_names",
    multiple=True,
    metavar="NAME",
    help="Re-grade only this check, as results name it (rubric:policy_compliance); "
    "repeatable or comma-separated. RUN's other results are kept as they were.",
)
@click.option("--label", metavar="TEXT", help="Version label to store (default: RUN's).")
@click.option("--concurrency", type=click.IntRange(1, 1024), help="Trials graded at once.")
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Serve repeated judge calls from the store's cache.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar (default: when stderr is a terminal).",
)
@executor_options
@store_option
@handle_errors
def regrade_command(
    run_id: str,
    suite_file: Path | None,
    check_names: tuple[str, ...],
    label: str | None,
    concurrency: int | None,
    use_cache: bool,
    progress: bool | None,
    store_target: str | None,
    executor: str,
    address: str | None,
    workers: int | None,
) -> None:
    """Grade RUN's stored traces again with the suite's current checks, without the agent.

    The result is a new run that records which run's traces it graded (`regraded_from`).
    Judges whose criterion is unchanged are answered from the cache; an edited anchor,
    scale or description asks again. This is "fix the rubric and repeat": edit an anchor,
    regrade, `fourfold calibrate` the new run (it uses RUN's labels), `fourfold compare`
    the two. RUN may be an id, a unique prefix or `latest`.

    With --executor ray the traces are graded on a Ray cluster, in partitions (docs/ray.md).

    Exit code: 0 deploy, 1 block, 3 review, 2 bad input, 130 Ctrl-C.
    """
    from .._engine import regrade_async, run_blocking
    from ..report import print_summary

    chosen = executor_choice(executor, address, workers)
    names = tuple(n.strip() for given in check_names for n in given.split(",") if n.strip())
    with open_store(store_target) as store:
        try:
            outcome = run_blocking(
                regrade_async(
                    run_id,
                    suite=suite_file,
                    store=store,
                    checks=names,
                    label=label,
                    concurrency=concurrency,
                    use_cache=use_cache,
                    progress=sys.stderr.isatty() if progress is None else progress,
                    console=err_console,
                    executor=chosen,
                )
            )
        except KeyboardInterrupt:
            raise SystemExit(130) from None
    for note in outcome.notes:
        err_console.print(f"[yellow]note:[/] {markup(note)}")
    source = outcome.run.regraded_from
    carried = len(outcome.trials) - outcome.executed
    err_console.print(
        f"[dim]re-graded {outcome.executed} trials of run[/] {markup(source or '')}"
        + (f" [dim]({carried} errored trials carried over)[/]" if carried else "")
    )
    print_summary(outcome.run, outcome.summary, out_console)
    raise SystemExit(outcome.gate.exit_code)
