"""``fourfold improve``: a criterion improved from corrections, measured on held-out items."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .._text import markup
from ..errors import ConfigError
from ._common import echo_json, err_console, handle_errors, open_store, out_console, store_option

if TYPE_CHECKING:
    from ..improve import Improvement
    from ..judges import Criterion
    from ..runs import Run


@click.command("improve")
@click.argument("criterion")
@click.option("--run", "run_id", required=True, metavar="RUN", help="The labelled run.")
@click.option(
    "--held-out",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.3,
    show_default=True,
    help="The share of labelled cases held out: no proposal sees them.",
)
@click.option("--seed", type=int, help="The seed of the split (default: the run's).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The new criterion file to write.",
)
@click.option(
    "--suite",
    "suite_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The suite whose models judge and propose (default: the file RUN was made from).",
)
@click.option(
    "--judge",
    "judge_name",
    metavar="NAME",
    help="The suite's model that judges (default: the one RUN's check names, or 'judge').",
)
@click.option(
    "--model",
    "model_name",
    metavar="NAME",
    help="The suite's model that proposes the edits (default: the judge's).",
)
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Serve repeated calls from the store's cache.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@store_option
@handle_errors
def improve_command(
    criterion: str,
    run_id: str,
    held_out: float,
    seed: int | None,
    output: Path,
    suite_file: Path | None,
    judge_name: str | None,
    model_name: str | None,
    use_cache: bool,
    as_json: bool,
    store_target: str | None,
) -> None:
    """Propose edits of CRITERION from RUN's corrections; report kappa on held-out items.

    CRITERION is a criterion file, or the name of RUN's rubric check (tone or
    rubric:tone). The labelled cases are split, seeded, into a tuning slice and a
    held-out slice. From calibration's disagreement clusters and the reviewers' overrides
    on the tuning slice, a model proposes edited criteria; each is judged on the tuning
    items, the best is judged on the held-out ones, and Cohen's kappa with people is
    shown before and after. The file is written either way; one that does not improve
    on the held-out slice is marked NOT AN IMPROVEMENT.

    Exit code: 0 improved, 1 not an improvement, 2 bad input.
    """
    from .._secrets import Redactor
    from ..calibration import trial_labels
    from ..improve import improve_criterion, improved_file
    from ..models import get_model
    from ..store import StoreCache
    from ._models import suite_model

    with open_store(store_target) as store:
        run = store.get_run(run_id)
        original, check, spec_model = _criterion(run, criterion)
        suite = suite_file or (Path(run.suite_path) if run.suite_path else None)
        if suite is None:
            raise ConfigError(
                f"run {run.id} names no suite file to take the judge model from",
                hint="give --suite FILE",
            )
        judge_config = suite_model(suite, judge_name or spec_model)
        proposer_config = suite_model(suite, model_name) if model_name else judge_config
        secrets = Redactor.from_config(
            {
                "models": {
                    "judge": judge_config.model_dump(mode="json"),
                    "proposer": proposer_config.model_dump(mode="json"),
                }
            }
        )
        cache = StoreCache(store, redactor=secrets)
        trials = store.trials(run.id)
        labels = trial_labels(store, run, criterion=check)
        reviews = store.reviews(run.id)
        cases = store.cases(run.id)

        async def go() -> Improvement:
            judge = get_model(judge_config, cache=cache)
            proposer = get_model(proposer_config, cache=cache)
            async with judge, proposer:
                return await improve_criterion(
                    original=original,
                    check=check,
                    trials=trials,
                    labels=labels,
                    reviews=reviews,
                    cases=cases,
                    proposer=proposer,
                    judge=judge,
                    judge_name=judge_name or spec_model,
                    held_out=held_out,
                    seed=run.seed if seed is None else seed,
                    run_id=run.id,
                    use_cache=use_cache,
                )

        result = asyncio.run(go())
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(improved_file(result, run.id), encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write {output}: {exc.strerror or exc}") from exc
    if as_json:
        echo_json(_figures(result, output))
    else:
        _print(result, output)
    raise SystemExit(0 if result.improved else 1)


def _criterion(run: Run, given: str) -> tuple[Criterion, str, str]:
    """The criterion, its check's name, and the suite model RUN's check judged with."""
    from ..calibration import criterion_definition
    from ..judges import Criterion, load_criterion

    path = Path(given)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        loaded = load_criterion(path)
        if not isinstance(loaded, Criterion):
            raise ConfigError(
                f"{given} is a pairwise criterion: improve takes a rubric criterion", file=path
            )
        crit = loaded
    else:
        name = given.removeprefix("rubric:")
        found = criterion_definition(run, f"rubric:{name}")
        if found is None:
            raise ConfigError(
                f"run {run.id} has no rubric criterion {given!r}",
                hint="give the criterion file (criteria/tone.yaml) or the name of one of "
                "RUN's rubric checks",
            )
        crit = found
    check = f"rubric:{crit.name}"
    model = "judge"
    for spec in run.config.get("checks_resolved") or []:
        if isinstance(spec, dict) and spec.get("name") == "rubric":
            args = spec.get("args") or {}
            if isinstance(args.get("model"), str) and spec.get("label") in (None, check):
                model = args["model"]
    return crit, check, model


def _figures(result: Improvement, output: Path) -> dict[str, object]:
    return {
        "check": result.check,
        "file": str(output),
        "improved": result.improved,
        "held_out": {
            "items": len(result.split.held_out),
            "judged": result.held_out_judged,
            "kappa_before": result.held_out_before,
            "kappa_after": result.held_out_after,
        },
        "tuning": {
            "items": len(result.split.tuning),
            "kappa_before": result.tuning_kappa_before,
            "proposals": [
                {"change": p.change, "kappa": p.tuning_kappa, "judged": p.judged}
                for p in result.proposals
            ],
        },
        "chosen": None if result.chosen is None else result.chosen.change,
        "rejected": list(result.rejected),
        "clusters": result.clusters,
        "overrides": result.overrides,
        "notes": list(result.notes),
    }


def _kappa(value: float | None) -> str:
    return "undefined" if value is None else f"{value:.2f}"


def _print(result: Improvement, output: Path) -> None:
    split = result.split
    out_console.print(
        f"[bold]{markup(result.check)}[/]: {len(split.tuning)} tuning items, "
        f"{len(split.held_out)} held out (seed {split.seed}); {result.clusters} disagreement "
        f"clusters and {result.overrides} overrides shown to the proposer"
    )
    out_console.print(f"  tuning kappa, original: {_kappa(result.tuning_kappa_before)}")
    for p in result.proposals:
        mark = " [bold](chosen)[/]" if p is result.chosen else ""
        out_console.print(f"  tuning kappa {_kappa(p.tuning_kappa)}: {markup(p.change)}{mark}")
    for reason in result.rejected:
        err_console.print(f"[yellow]rejected:[/] {markup(reason)}")
    before, after = _kappa(result.held_out_before), _kappa(result.held_out_after)
    if result.improved:
        out_console.print(
            f"held-out kappa: {before} → [green]{after}[/] (improved); wrote {markup(str(output))}"
        )
    else:
        out_console.print(
            f"held-out kappa: {before} → [red]{after}[/]: [bold]not an improvement[/]; wrote "
            f"{markup(str(output))}, marked NOT AN IMPROVEMENT (keep the original)"
        )
    for note in result.notes:
        err_console.print(f"[yellow]note:[/] {markup(note)}")
