"""``fourfold report``: an HTML page for a run (and its baseline), or a Markdown summary.

The HTML report is one self-contained file; the Markdown one is fit for a pull-request
comment (`fourfold.report.render_markdown`).
"""

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
    "--format",
    "fmt",
    type=click.Choice(["html", "markdown"]),
    default="html",
    show_default=True,
    help="html: the whole report, one file that works offline; markdown: the decision, the "
    "layers, the flipped cases and a link, for a pull-request comment.",
)
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="The file to write (its folder is created; default: report.html, and for "
    "markdown the standard output; '-' is the standard output).",
)
@click.option(
    "--link",
    metavar="URL",
    help="markdown: where the HTML report can be read (a CI artifact's address).",
)
@click.option(
    "--limit",
    type=click.IntRange(0, 1000),
    default=10,
    show_default=True,
    help="markdown: at most this many flipped cases.",
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
    fmt: str,
    output: Path | None,
    link: str | None,
    limit: int,
    seed: int,
    store_target: str | None,
) -> None:
    """Write an HTML report of a run (one file that works offline), or a Markdown summary.

    The gate's decision and each layer's verdict, plots (per check and stratum, latency
    and cost, consistency over repeats, judge calibrations, and with --baseline the paired
    differences), and a case table that filters, sorts and opens each trial's trace with
    its results and their evidence highlighted.

    RUN_ID and --baseline may be unique prefixes, or `latest`. With $SOURCE_DATE_EPOCH
    set, the report's "made" time is that time, so the same run gives the same file.

    With --format markdown: the decision, a table of the layers (against --baseline, how
    each moved), the reasons, the flipped cases with the evidence of the check that
    flipped them, and --link to the HTML report; fit for a pull-request comment.
    """
    if fmt == "markdown":
        _write(_markdown(run_id, baseline_id, link, limit, seed, store_target), output)
        return
    output = output or Path("report.html")
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


def _markdown(
    run_id: str,
    baseline_id: str | None,
    link: str | None,
    limit: int,
    seed: int,
    store_target: str | None,
) -> str:
    from ..report import render_markdown
    from ..runs import TrialCount
    from ..store import load_run
    from ..summary import stored_summary

    with open_store(store_target) as store:
        cand = load_run(store, run_id)
        base = load_run(store, baseline_id) if baseline_id is not None else None
    summary = stored_summary(
        cand.run, cand.trials, TrialCount.of(cand.run, cand.cases, cand.trials)
    )
    comparison = None
    if base is not None:
        import numpy as np

        from ..compare import compare
        from ..gate import GateConfig

        config = GateConfig.model_validate(cand.run.config.get("gate", {}))
        rng = np.random.default_rng(seed)
        comparison = compare(base, cand, rng=rng, seed=seed, config=config)
    return render_markdown(
        cand.run, summary.gate, trials=cand.trials, comparison=comparison, link=link, limit=limit
    )


def _write(text: str, output: Path | None) -> None:
    if output is None or str(output) == "-":
        click.echo(text, nl=False)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(
            f"cannot write the report to {output}: {exc.strerror or exc}",
            hint="choose a writable path with -o",
        ) from exc
    err_console.print(f"markdown summary written to {markup(str(output))}")
