"""``fourfold power``: what drop a run's cases and noise can detect, and the cases a drop needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ._common import echo_json, handle_errors, open_store, out_console, store_option

if TYPE_CHECKING:
    from ..power import PowerReport, PowerRow


@click.command("power")
@click.argument("run_id", metavar="RUN")
@click.option(
    "--drop",
    type=click.FloatRange(0, 100, min_open=True),
    default=5.0,
    show_default=True,
    help="The pass-rate drop to size for, in points.",
)
@click.option(
    "--score-drop",
    type=click.FloatRange(0, min_open=True),
    default=0.5,
    show_default=True,
    help="The judge-score drop to size for, on the check's own scale (0-3 for a judge).",
)
@click.option(
    "--power",
    "target",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.8,
    show_default=True,
    help="The chance of detecting the drop.",
)
@click.option(
    "--alpha",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.05,
    show_default=True,
    help="Significance level of the family, as in `compare` (each test gets alpha / tests).",
)
@click.option(
    "--against",
    "against_id",
    metavar="RUN_ID",
    help="Measure the noise against this run of the same cases (a rerun, or the last version).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@store_option
@handle_errors
def power_command(
    run_id: str,
    drop: float,
    score_drop: float,
    target: float,
    alpha: float,
    against_id: str | None,
    as_json: bool,
    store_target: str | None,
) -> None:
    """Say what drop RUN's cases and noise can detect, and how many cases a drop needs.

    Per layer (pass rates) and per scored check (judge scores): the smallest drop a
    comparison on these cases detects with the given power, and the cases a drop of
    --drop points (--score-drop for scores) needs. The noise is measured from each case's
    repeats, or against --against; with one trial per case and no other run it is
    assumed at its worst (the runs uncorrelated), and the output says so. Pass/fail with
    one trial per case is planned for McNemar's test, per-case means for Wilcoxon's, the
    tests `fourfold compare` runs, at the level its Holm correction holds them to.

    RUN may be a unique prefix or `latest`.
    """
    from ..power import power_of
    from ..store import load_run

    with open_store(store_target) as store:
        data = load_run(store, run_id)
        against = load_run(store, against_id) if against_id is not None else None
    report = power_of(
        data, against=against, drop=drop / 100, score_drop=score_drop, power=target, alpha=alpha
    )
    if as_json:
        echo_json(report.model_dump(mode="json"))
        return
    render_power(report)


def render_power(report: PowerReport) -> None:
    """Print the report as a table, with what each number assumed."""
    from rich import box
    from rich.table import Table

    from .._text import markup

    if not report.rows:
        out_console.print(f"run {report.run} has no decided layer or scored check: nothing to size")
        return
    table = Table(
        title=(
            f"power of run {report.run}"
            + (f" (noise measured against {report.against})" if report.against else "")
            + f": {report.power:.0%} power, family alpha {report.alpha:g}"
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("value", overflow="fold")
    for name in ("cases", "now", "noise", "α", "detectable drop"):
        table.add_column(name, justify="left" if name == "noise" else "right", no_wrap=True)
    asked = f"cases for −{report.drop * 100:g} pts / −{report.score_drop:g}"
    table.add_column(markup(asked), justify="right", no_wrap=True)
    for row in report.rows:
        table.add_row(*_cells(row))
    out_console.print(table)
    out_console.print(
        "[dim]cases: cases × repeats; noise: the share of cases two runs decide differently "
        "(one trial per case, planned for McNemar) or the SD of a case's difference (per-case "
        "means, planned for Wilcoxon), from the repeats, --against, or assumed; α: each "
        "test's level, alpha over the tests of its family (Holm's strictest step)[/]"
    )
    if any(row.noise.source == "assumed" for row in report.rows):
        out_console.print(
            "[yellow]note:[/] one trial per case and no --against run: the noise is "
            "assumed at its worst (runs uncorrelated); run with repeats ≥ 2 or pass "
            "--against to measure it"
        )


def _cells(row: PowerRow) -> list[str]:
    a, n = row.answer, row.noise
    rate = row.kind == "pass_rate" or n.binary

    def amount(value: float) -> str:
        return f"{value * 100:.1f} pts" if rate else f"{value:.2f}"

    if n.design == "mcnemar":
        noise = f"{n.noise:.0%} flip · {n.source}"
    else:
        noise = f"SD {amount(n.noise)} · {n.source}"
    if a.detectable is None:
        detectable = f"none ≤ {amount(a.ceiling)}" if a.ceiling is not None else "none"
    else:
        detectable = amount(a.detectable)
    if a.needed is None:
        needed = "more than the pass rate"
    else:
        needed = f"{a.needed}" + (f" × {n.repeats}" if n.repeats > 1 else "")
    label = row.name if row.kind == "pass_rate" else f"{row.name} (score)"
    return [
        label,
        f"{a.n_cases}" + (f" × {n.repeats}" if n.repeats > 1 else ""),
        f"{n.mean:.0%}" if rate else f"{n.mean:.2f}",
        noise,
        f"{a.alpha:.3g}",
        detectable,
        needed,
    ]
