"""``fourfold consistency``: how reliably a run's agent does the same thing over repeats."""

from __future__ import annotations

import click

from ._common import echo_json, handle_errors, open_store, out_console, store_option


@click.command("consistency")
@click.argument("run_id", metavar="RUN_ID")
@click.option(
    "--limit",
    type=click.IntRange(1),
    default=15,
    show_default=True,
    help="How many flaky cases to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@store_option
@handle_errors
def consistency_command(run_id: str, limit: int, as_json: bool, store_target: str | None) -> None:
    """Show pass^k and pass@k per layer and stratum, outcome consistency and flaky cases.

    Needs a run with repeats (`fourfold run SUITE --repeats 5`). The analysis is computed
    from the stored trials (it is deterministic) and kept with the run.

    RUN_ID may be a unique prefix, or `latest`.
    """
    from ..consistency import consistency
    from ..report import render_consistency
    from ..store import load_run

    with open_store(store_target) as store:
        data = load_run(store, run_id)
        report = consistency(data)
        store.save_analysis(data.run.id, "consistency", "", report.model_dump(mode="json"))
    if as_json:
        echo_json(report.model_dump(mode="json"))
        return
    out_console.print(render_consistency(report, limit=limit))
