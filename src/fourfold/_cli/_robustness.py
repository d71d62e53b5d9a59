"""``fourfold robustness``: a run's verdicts on perturbed variants against their originals'."""

from __future__ import annotations

import click

from ._common import echo_json, handle_errors, open_store, out_console, store_option


@click.command("robustness")
@click.argument("run_id", metavar="RUN_ID")
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seeds the bootstrap intervals: the same run and seed give the same figures.",
)
@click.option(
    "--limit",
    type=click.IntRange(1),
    default=15,
    show_default=True,
    help="How many flipped variants to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@store_option
@handle_errors
def robustness_command(
    run_id: str, seed: int, limit: int, as_json: bool, store_target: str | None
) -> None:
    """Compare a run's verdicts on perturbed variants with their originals', per layer and kind.

    Needs a run over cases written by `fourfold perturb` (each original with its
    variants). Per layer and kind of perturbation: the pass rates on originals and on
    variants and their difference paired by original (interval over cases), robustness
    (the share of cases whose verdict holds under every variant) and the variants whose
    verdict flipped. Computed from the stored trials and kept with the run.

    RUN_ID may be a unique prefix, or `latest`.
    """
    from ..report import render_robustness
    from ..robustness import robustness
    from ..store import load_run

    with open_store(store_target) as store:
        data = load_run(store, run_id)
        report = robustness(data, seed=seed)
        store.save_analysis(data.run.id, "robustness", str(seed), report.model_dump(mode="json"))
    if as_json:
        echo_json(report.model_dump(mode="json"))
        return
    out_console.print(render_robustness(report, limit=limit))
