"""``fourfold report``: one self-contained HTML page for a run (and its baseline)."""

from __future__ import annotations

from pathlib import Path

import click

from .._text import markup
from ..errors import ConfigError
from ._common import err_console, handle_errors, open_store, store_option


@click.command("report")
@click.argument("run_id", metavar="RUN_ID")
@click.option(
    "--baseline",
    "baseline_id",
    metavar="RUN",
    help="Compare with this run: paired differences per layer, check and stratum, and the "
    "flipped cases with both traces side by side.",
)
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=Path("report.html"),
    show_default=True,
    help="The HTML file to write (its folder is created).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the comparison's intervals and noise margins (as `fourfold compare`).",
)
@store_option
@handle_errors
def report_command(
    run_id: str,
    baseline_id: str | None,
    output: Path,
    seed: int,
    store_target: str | None,
) -> None:
    """Write an HTML report of a run: one file that works offline.

    The gate's decision and each layer's verdict, plots (per check and stratum, latency
    and cost, consistency over repeats, judge calibrations, and with --baseline the paired
    differences), and a case table that filters, sorts and opens each trial's trace with
    its results and their evidence highlighted.

    RUN_ID and --baseline may be unique prefixes, or `latest`. With $SOURCE_DATE_EPOCH
    set, the report's "made" time is that time, so the same run gives the same file.
    """
    from ..report.html import load_report, render_report

    with open_store(store_target) as store:
        report = load_report(store, run_id, baseline=baseline_id, seed=seed)
    if report.baseline is not None and report.baseline.suite != report.run.suite:
        suites = f"{markup(report.baseline.suite)!r} and {markup(report.run.suite)!r}"
        err_console.print(
            f"[yellow]note:[/] comparing runs of different suites ({suites}); "
            "only shared case ids are paired"
        )
    html = render_report(report)
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(html, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(
            f"cannot write the report to {output}: {exc.strerror or exc}",
            hint="choose a writable path with -o",
        ) from exc
    size = len(html.encode("utf-8"))
    against = f", baseline {report.baseline.id}" if report.baseline is not None else ""
    click.echo(
        f"report of run {report.run.id} ({report.run.trials:,} trials{against}, "
        f"gate: {report.gate.decision}) written to {output} ({size / 1e6:.1f} MB)"
    )
