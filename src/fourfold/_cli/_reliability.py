"""``fourfold reliability``: consistency, robustness, predictability and safety of a run."""

from __future__ import annotations

import click

from ._common import echo_json, handle_errors, open_store, out_console, store_option


@click.command("reliability")
@click.argument("run_id", metavar="RUN_ID")
@click.option(
    "--resamples",
    type=click.IntRange(1),
    default=2000,
    show_default=True,
    help="Bootstrap resamples (of cases) behind each interval.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@store_option
@handle_errors
def reliability_command(
    run_id: str, resamples: int, as_json: bool, store_target: str | None
) -> None:
    """Show RUN's four reliability dimensions, predictability per layer and safety by severity.

    Predictability reads the confidence the agent states (trace metadata.confidence, or
    the suite's `confidence:` option), else the agreement of a case's repeats. Safety
    weighs policy violations by severity. Intervals are seeded with the run's seed.

    RUN_ID may be a unique prefix, or `latest`.
    """
    from ..predictability import predictability
    from ..reliability import reliability
    from ..report import render_reliability
    from ..safety import safety
    from ..store import load_run

    with open_store(store_target) as store:
        data = load_run(store, run_id)
    predicted = predictability(data, n_resamples=resamples)
    violations = safety(data, n_resamples=resamples)
    panel = reliability(data, n_resamples=resamples, predicted=predicted, violations=violations)
    if as_json:
        echo_json(
            {
                "panel": panel.model_dump(mode="json"),
                "predictability": predicted.model_dump(mode="json"),
                "safety": violations.model_dump(mode="json"),
            }
        )
        return
    out_console.print(render_reliability(panel, predicted, violations))
