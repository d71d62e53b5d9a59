"""``fourfold labels``, ``fourfold sample`` and ``fourfold calibrate``: judges against people."""

from __future__ import annotations

from pathlib import Path

import click

from .._text import markup
from ._common import echo_json, err_console, handle_errors, open_store, out_console, store_option


@click.group("labels")
def labels_group() -> None:
    """Human labels of trials: import them from a file, list them."""


@labels_group.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--run",
    "run_id",
    metavar="RUN",
    help="The run the labels are of, for rows without a run column (a unique prefix or "
    "`latest` works).",
)
@store_option
@handle_errors
def labels_import_command(file: Path, run_id: str | None, store_target: str | None) -> None:
    """Import labels from a CSV or JSONL FILE (e.g. a filled-in `fourfold sample` file).

    Columns: case_id, criterion, labeller, value, and optionally repeat, note, run. Rows
    without a value are skipped; a label with the key of a stored one replaces it.
    """
    from ..calibration import import_labels

    with open_store(store_target) as store:
        result = import_labels(store, file, run_id=run_id)
    runs = ", ".join(result.runs) or "no run"
    out_console.print(
        f"stored {result.stored} labels from {markup(str(file))} "
        f"(run {markup(runs)}; {markup(', '.join(result.criteria) or 'no criterion')})"
    )
    if result.skipped:
        out_console.print(f"[dim]{result.skipped} rows without a value skipped[/]")
    if result.without_run:
        err_console.print(
            f"[yellow]note:[/] {result.without_run} labels name no run; `fourfold calibrate "
            "RUN` uses only labels of that run: give --run or a run column"
        )


@labels_group.command("list")
@click.argument("run_id", metavar="RUN")
@click.option("--criterion", metavar="C", help="Only labels on this criterion.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@store_option
@handle_errors
def labels_list_command(
    run_id: str, criterion: str | None, as_json: bool, store_target: str | None
) -> None:
    """List the human labels of RUN (a unique prefix or `latest` works)."""
    from rich.table import Table

    with open_store(store_target) as store:
        run = store.get_run(run_id)
        labels = store.labels(run_id=run.id)
    if criterion is not None:
        labels = [lb for lb in labels if lb.criterion in (criterion, f"rubric:{criterion}")]
    if as_json:
        echo_json([lb.model_dump(mode="json") for lb in labels])
        return
    if not labels:
        out_console.print(
            f"no labels of run {run.id}"
            + (f" on {markup(criterion)}" if criterion else "")
            + ": `fourfold sample` draws trials to label, `fourfold labels import` reads them"
        )
        return
    table = Table(title=f"labels of run {run.id} ({len(labels)})", title_justify="left")
    for name in ("trial", "criterion", "labeller", "value", "note", "source"):
        table.add_column(name, overflow="fold", justify="right" if name == "value" else "left")
    for lb in labels:
        trial = lb.case_id + ("" if lb.repeat is None else f"#{lb.repeat}")
        value = str(int(lb.value)) if lb.value.is_integer() else f"{lb.value:g}"
        table.add_row(
            markup(trial),
            markup(lb.criterion),
            markup(lb.labeller),
            value,
            markup(lb.note or ""),
            markup(Path(lb.source).name if lb.source else ""),
        )
    out_console.print(table)


@click.command("sample")
@click.argument("run_id", metavar="RUN")
@click.option(
    "--criterion",
    metavar="C",
    help="The criterion to label (rubric:grounding); with --review-share, only its scores.",
)
@click.option(
    "--review-share",
    type=click.FloatRange(0, 1, min_open=True),
    metavar="SHARE",
    help="Draw this share (0-1] of the run's judge scores for people to review in the "
    "viewer, the least certain most often, instead of a labelling file.",
)
@click.option(
    "--n", "n", type=click.IntRange(1), default=100, show_default=True, help="Trials to draw."
)
@click.option("--seed", type=int, help="The seed of the draw (default: the run's).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The file to write, .csv or .jsonl (default: sample-CRITERION-RUN.csv).",
)
@click.option(
    "--labellers",
    type=click.IntRange(1),
    default=2,
    show_default=True,
    help="People who label each trial; the human ceiling needs two.",
)
@store_option
@handle_errors
def sample_command(
    run_id: str,
    criterion: str | None,
    review_share: float | None,
    n: int,
    seed: int | None,
    output: Path | None,
    labellers: int,
    store_target: str | None,
) -> None:
    """Draw trials of RUN for people to label, weighted so failures are well represented.

    Stratified by the judge's score (equal numbers per score), one trial per case, with
    the stable held-out slice marked; the file shows what a labeller needs and hides the
    judge's score. Fill in labeller, value and note, then `fourfold labels import FILE`.

    With --review-share, draws that share of the run's judge scores for people to review
    instead, weighted to the least certain (the judge's confidence, a score next to the
    pass mark, repeats that disagree, a pairwise verdict that changed with the order): the
    queue is kept with the run, and `fourfold serve` lists it on the run's reviews page.
    """
    from rich.table import Table

    from ..calibration import export_sample

    if review_share is not None:
        _review_queue(run_id, criterion, review_share, seed, output, store_target)
        return
    if criterion is None:
        raise click.UsageError(
            "give --criterion C to draw trials to label on it, or --review-share SHARE to draw "
            "judge scores to review"
        )
    with open_store(store_target) as store:
        run = store.get_run(run_id)
        path = output or Path(f"sample-{criterion.replace(':', '-')}-{run.id}.csv")
        sample = export_sample(
            store, run.id, criterion, n=n, path=path, seed=seed, labellers=labellers
        )
    held = sum(item.held_out for item in sample.items)
    out_console.print(
        f"wrote {len(sample.items)} trials × {labellers} labellers to {markup(str(path))} "
        f"({held} held out; seed {sample.seed})"
    )
    if len(sample.items) < n:
        out_console.print(f"[yellow]note:[/] the run has only {len(sample.items)} cases to draw")
    table = Table(title="drawn by the judge's score", title_justify="left", expand=False)
    for name in ("judge score", "slice", "available", "drawn"):
        table.add_column(name, justify="right")
    for s in sample.strata:
        table.add_row(
            f"{s.judge_score:g}",
            "held out" if s.held_out else "tuning",
            str(s.available),
            str(s.drawn),
        )
    out_console.print(table)


def _review_queue(
    run_id: str,
    criterion: str | None,
    share: float,
    seed: int | None,
    output: Path | None,
    store_target: str | None,
) -> None:
    """Draw the run's review queue, keep it with the run, show it (and write it if asked)."""
    from rich.table import Table

    from ..calibration import resolve_criterion, review_queue, write_queue
    from ..errors import ConfigError

    if output is not None and output.suffix.lower() not in (".csv", ".jsonl"):
        raise ConfigError(f"cannot write a review queue to {output}: give a .csv or .jsonl file")
    with open_store(store_target) as store:
        run = store.get_run(run_id)
        checks = None
        if criterion is not None:
            names = {r.check for t in store.trials(run.id) for r in t.results}
            checks = [resolve_criterion(criterion, names)]
        queue = review_queue(store, run.id, share, seed=seed, checks=checks)
    if output is not None:
        write_queue(output, queue)
    out_console.print(
        f"queued {len(queue.items)} of {queue.judged} judge scores of run {markup(run.id)} for "
        f"review ({share:.0%} asked; seed {queue.seed}"
        + (f"; {queue.reviewed} reviewed already, not drawn" if queue.reviewed else "")
        + ")"
        + (f", written to {markup(str(output))}" if output is not None else "")
    )
    out_console.print(
        f"[dim]review them in the viewer: fourfold serve, then the run's reviews page "
        f"(/runs/{markup(run.id)}/reviews)[/]"
    )
    table = Table(title="least certain first", title_justify="left", expand=False)
    for name in ("trial", "check", "judge", "uncertainty", "why"):
        table.add_column(
            name, overflow="fold", justify="right" if name == "uncertainty" else "left"
        )
    for item in queue.items:
        score = "—" if item.score is None else f"{item.score:g}"
        table.add_row(
            markup(f"{item.case_id}#{item.repeat}"),
            markup(item.check),
            f"{score} ({item.status})",
            f"{item.uncertainty:.2f}",
            markup(item.why),
        )
    out_console.print(table)


@click.command("calibrate")
@click.argument("run_id", metavar="RUN")
@click.option(
    "--criterion", required=True, metavar="C", help="The criterion to calibrate (grounding)."
)
@click.option("--seed", type=int, help="The seed of the bootstrap intervals (default: the run's).")
@click.option(
    "--margin",
    type=click.FloatRange(0, 1),
    default=0.05,
    show_default=True,
    help="How far below the human ceiling the judge's kappa may be and still gate.",
)
@click.option(
    "--min-items",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help="Held-out items the verdict needs.",
)
@click.option(
    "--include-held-out",
    is_flag=True,
    help="List held-out disagreements too (do not revise the rubric from them).",
)
@click.option(
    "--limit",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="Clusters and disagreements shown.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@store_option
@handle_errors
def calibrate_command(
    run_id: str,
    criterion: str,
    seed: int | None,
    margin: float,
    min_items: int,
    include_held_out: bool,
    limit: int,
    as_json: bool,
    store_target: str | None,
) -> None:
    """Compare RUN's judge with the human labels on a criterion, against the human ceiling.

    Says whether the judge may gate on the criterion (its agreement with people on the
    held-out slice within --margin of theirs with each other) or must stay under human
    review. The report is kept with the run.
    """
    from ..calibration import calibrate
    from ..report import render_calibration

    with open_store(store_target) as store:
        report = calibrate(
            store,
            run_id,
            criterion,
            seed=seed,
            margin=margin,
            min_items=min_items,
            include_held_out=include_held_out,
        )
    if as_json:
        echo_json(report.model_dump(mode="json"))
        return
    out_console.print(render_calibration(report, limit=limit))
