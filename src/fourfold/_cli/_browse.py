"""``fourfold runs`` and ``fourfold show``: look at what the store holds."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from .._text import markup
from ._common import (
    echo_json,
    err_console,
    handle_errors,
    open_store,
    out_console,
    store_option,
)

if TYPE_CHECKING:
    from ..cases import Case
    from ..runs import Run, RunData, Trial
    from ..store import Store


@click.command("runs")
@click.option("--suite", metavar="NAME", help="Only runs of this suite.")
@click.option("--limit", type=click.IntRange(1), default=20, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@store_option
@handle_errors
def runs_command(suite: str | None, limit: int, as_json: bool, store_target: str | None) -> None:
    """List runs, newest first."""
    from rich.table import Table
    from rich.text import Text

    from ..runs import selection_of

    with open_store(store_target) as store:
        runs = store.list_runs(limit=limit, suite=suite)
        reviewed = {r.id: _reviewed_gate(store, r) for r in runs}
    if as_json:
        echo_json(
            [
                {**r.model_dump(mode="json", exclude={"config"}), "regraded_from": r.regraded_from}
                for r in runs
            ]
        )
        return
    if not runs:
        out_console.print("no runs yet: start one with `fourfold run SUITE`")
        return
    table = Table()
    for col in ("run", "suite", "agent", "started (UTC)", "status", "trials", "decision"):
        table.add_column(col, no_wrap=col in ("run", "started (UTC)"))
    for r in runs:
        gate = (r.summary or {}).get("gate", {})
        decision = gate.get("decision", "—")
        found = reviewed[r.id]
        if found is not None:
            decision = found[0]
        style = {"deploy": "green", "review": "yellow", "block": "red"}.get(decision, "dim")
        said = Text(decision, style=style)
        selection = selection_of(r.config)
        if selection is not None:  # a part of the suite: say which, beside its decision
            said.append(f" ({selection.describe()})", style="dim")
        if found is not None and found[1]:
            said.append(f" ({found[1]} overridden)", style="dim")
        table.add_row(
            markup(r.id),
            markup(r.suite),
            markup(r.agent_version)
            + (f" [dim](regrade of {markup(r.regraded_from)})[/]" if r.regraded_from else ""),
            r.started_at.strftime("%Y-%m-%d %H:%M:%S"),
            r.status,
            str(gate.get("trials", "—")),
            said,
        )
    out_console.print(table)


def _reviewed_gate(store: Store, run: Run) -> tuple[str, int] | None:
    """A reviewed run's decision and how many judge scores people overrode.

    None for a run nobody reviewed, or not finished: its stored decision stands.
    """
    from ..runs import TrialCount
    from ..summary import stored_summary

    reviews = store.reviews(run.id) if run.summary is not None else []
    if not reviews:
        return None
    cases, trials = store.cases(run.id), store.trials(run.id)
    count = TrialCount.of(run, cases, trials)
    baseline = _baseline_of(store, run, cases)
    summary = stored_summary(run, trials, count, reviews, baseline=baseline)
    overridden = summary.reviews.overridden if summary.reviews is not None else 0
    return summary.gate.decision, overridden


@click.command("show")
@click.argument("run_id", metavar="RUN_ID")
@click.option("--case", "case_id", metavar="ID", help="Show this case's trace and results.")
@click.option("--repeat", type=click.IntRange(0), help="Only this repeat of the case.")
@click.option("--errors", "only_errors", is_flag=True, help="List the errored trials.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@store_option
@handle_errors
def show_command(
    run_id: str,
    case_id: str | None,
    repeat: int | None,
    only_errors: bool,
    as_json: bool,
    store_target: str | None,
) -> None:
    """Show a run's per-layer summary, or one case's trace with its results.

    RUN_ID may be a unique prefix, or `latest`.
    """
    from .._secrets import Redactor
    from ..consistency import consistency
    from ..report import print_summary
    from ..runs import RunData, TrialCount
    from ..summary import stored_summary

    with open_store(store_target) as store:
        run = store.get_run(run_id)
        trials = store.trials(run.id, case_id=case_id)
        cases = store.cases(run.id) if case_id is None else []
        forecast = store.get_analysis(run.id, "forecast", "") if case_id is None else None
        reviews = store.reviews(run.id) if case_id is None and not only_errors else []
        baseline = _baseline_of(store, run, cases) if reviews else None
        if case_id is not None and not trials:
            known = [c.id for c in store.cases(run.id)]
            from ..errors import ConfigError

            raise ConfigError(
                f"run {run.id} has no trial of case {case_id!r}",
                hint=f"its cases: {', '.join(known[:20])}{' ...' if len(known) > 20 else ''}",
            )
    if repeat is not None:
        trials = [t for t in trials if t.repeat == repeat]
    if only_errors:
        trials = [t for t in trials if t.status == "error"]
    # A run stored before the store redacted may hold its secrets: mask them again, from
    # what its configuration names (a no-op on a run stored redacted).
    secrets = Redactor.from_config(run.config)
    run, trials = secrets.model(run), [secrets.trial(t) for t in trials]
    if as_json:
        if case_id is None and not only_errors:
            shown = run
            if reviews:  # the summary that counts the reviews, the judges' decision inside
                count = TrialCount.of(run, cases, trials)
                summary = stored_summary(run, trials, count, reviews, baseline=baseline)
                shown = run.model_copy(update={"summary": summary.model_dump(mode="json")})
            echo_json(shown.model_dump(mode="json"))
        else:
            echo_json([t.model_dump(mode="json") for t in trials])
        return
    if only_errors:
        _print_errors(trials)
    elif case_id is None:
        repeats = max((t.repeat for t in trials), default=0) + 1
        report = consistency(RunData(run, cases, trials)) if repeats >= 2 else None
        # An unfinished or incomplete run is judged on its trials so far, never deploy.
        # Reviewed judge scores count; the judges' own decision is shown beside.
        count = TrialCount.of(run, cases, trials)
        summary = stored_summary(run, trials, count, reviews, baseline=baseline)
        print_summary(run, summary, out_console, consistency=report)
        _print_robustness(RunData(run, cases, trials))
        if forecast is not None:
            from ..forecast import ForecastCheck
            from ..report import render_forecast_check

            out_console.print(render_forecast_check(ForecastCheck.model_validate(forecast.body)))
        _print_reliability(RunData(run, cases, trials))
    else:
        for trial in trials:
            _print_trial(trial)


def _print_robustness(data: RunData) -> None:
    """One line of robustness per layer, when the run holds perturbed variants of its cases."""
    from ..perturb import variant_of
    from ..report import render_robustness
    from ..robustness import robustness

    if any(variant_of(c) is not None for c in data.cases):
        out_console.print(render_robustness(robustness(data), compact=True))


def _baseline_of(store: Store, run: Run, cases: list[Case]) -> list[Trial] | None:
    """The trials of the run's baseline its drop rules compared against (None: no baseline)."""
    from ..errors import RunNotFoundError
    from ..summary import baseline_trials

    base_id = (run.summary or {}).get("baseline_run")
    if not isinstance(base_id, str):
        return None
    try:
        return baseline_trials(cases, store.cases(base_id), store.trials(base_id))
    except RunNotFoundError:
        return None


def _print_reliability(data: RunData) -> None:
    """The four dimensions of reliability under the summary (`fourfold reliability` details)."""
    from ..reliability import reliability
    from ..report import render_reliability_panel

    if data.trials:
        out_console.print(render_reliability_panel(reliability(data)))


def _print_errors(trials: list[Trial]) -> None:
    from rich.table import Table

    if not trials:
        out_console.print("no errored trials")
        return
    table = Table(title="errored trials", title_justify="left")
    table.add_column("case")
    table.add_column("reason", overflow="fold")
    for t in trials:
        table.add_row(markup(f"{t.case_id}#{t.repeat}"), markup(t.error or ""))
    out_console.print(table)


def _print_trial(trial: Trial) -> None:
    from rich.table import Table
    from rich.text import Text

    c = out_console
    c.rule(f"[bold]{markup(trial.case_id)}[/] repeat {trial.repeat} — {trial.status}")
    if trial.error:
        c.print(f"[red]agent error:[/] {markup(trial.error)}")
    trace = trial.trace
    if trace is not None:
        for m in trace.messages:
            if m.content:
                c.print(f"[bold cyan]{markup(m.role)}:[/] {markup(m.content)}")
        for i, call in enumerate(trace.tool_calls):
            args = json.dumps(call.arguments, ensure_ascii=False)
            line = f"[magenta]tool_calls[{i}][/] {markup(call.display_name)}({markup(args)})"
            if call.error:
                line += f" [red]error: {markup(call.error)}[/]"
            else:
                result = json.dumps(call.result, ensure_ascii=False, default=str)
                line += f" → {markup(result[:160])}{'…' if len(result) > 160 else ''}"
            c.print(line)
        for p in trace.passages:
            c.print(f"[green]passage {markup(p.id)}[/] {markup(p.text[:160])}")
        if trace.structured is not None:
            c.print(
                f"[bold]structured:[/] {markup(json.dumps(trace.structured, ensure_ascii=False))}"
            )
        u = trace.usage
        c.print(
            f"[dim]turns {trace.turn_count} · tokens {u.total_tokens} · cost "
            f"{'—' if u.cost_usd is None else f'${u.cost_usd:.4f}'} · latency "
            f"{'—' if trace.latency_s is None else f'{trace.latency_s:.2f}s'}[/]"
        )
    table = Table(show_header=True)
    for col in ("layer", "check", "status", "score", "explanation / evidence"):
        table.add_column(col, overflow="fold")
    style = {"pass": "green", "fail": "red", "skip": "dim", "error": "yellow"}
    for r in sorted(trial.results, key=lambda r: (r.layer, r.check)):
        detail = r.explanation
        if r.evidence:
            detail += "\n" + "\n".join(f"  ▸ {e.where}: {e.text}" for e in r.evidence[:5])
        # A judge's confidence is shown beside its score, never in place of it.
        said = r.metadata.get("confidence")
        sure = f" (confidence {said:.2f})" if isinstance(said, int | float) else ""
        table.add_row(
            r.layer,
            markup(r.check),
            Text(r.status, style=style[r.status]),
            ("" if r.score is None else f"{r.score:.2f}") + sure,
            markup(detail),
        )
    c.print(table)


@click.command("compare")
@click.argument("base_id", metavar="BASE_RUN")
@click.argument("cand_id", metavar="CANDIDATE_RUN")
@click.option(
    "--aa",
    "aa_id",
    metavar="RUN",
    help="Another run of the baseline's version: noise margins from this A/A pair "
    "(default: split-half of the baseline's repeats).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the bootstrap intervals and noise margins (recorded in the output).",
)
@click.option(
    "--alpha",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.05,
    show_default=True,
    help="Significance level of the Holm-corrected p-values.",
)
@click.option(
    "--limit",
    type=click.IntRange(1),
    default=15,
    show_default=True,
    help="How many flipped cases to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@store_option
@handle_errors
def compare_command(
    base_id: str,
    cand_id: str,
    aa_id: str | None,
    seed: int,
    alpha: float,
    limit: int,
    as_json: bool,
    store_target: str | None,
) -> None:
    """Compare two runs case by case: which layer moved beyond noise, which cases flipped.

    Pairs trials by case (shared, unchanged cases only) and reports per layer, check and
    stratum the paired difference with a bootstrap interval, the paired test, the effect
    size and Holm-corrected p-values. A layer regressed when it is worse by more than its
    measured noise margin and significantly so. Exits 0 (deploy), 3 (review: a
    non-critical layer regressed) or 1 (block: a critical layer regressed). The comparison
    is kept with the candidate run.

    Run ids may be unique prefixes or `latest`.
    """
    import numpy as np

    from ..compare import compare
    from ..gate import GateConfig
    from ..report import render_comparison
    from ..store import load_run

    with open_store(store_target) as store:
        base, cand = load_run(store, base_id), load_run(store, cand_id)
        aa = load_run(store, aa_id) if aa_id is not None else None
        for other in (cand, aa):
            if other is not None and other.run.suite != base.run.suite:
                err_console.print(
                    f"[yellow]note:[/] comparing runs of different suites "
                    f"({markup(repr(base.run.suite))} and {markup(repr(other.run.suite))}); "
                    "only shared case ids are paired"
                )
        config = GateConfig.model_validate(cand.run.config.get("gate", {}))
        result = compare(
            base,
            cand,
            rng=np.random.default_rng(seed),
            seed=seed,
            alpha=alpha,
            aa=aa,
            config=config,
        )
        store.save_analysis(cand.run.id, "comparison", base.run.id, result.model_dump(mode="json"))
    if as_json:
        echo_json(result.model_dump(mode="json"))
    else:
        out_console.print(render_comparison(result, limit=limit))
    raise SystemExit(result.exit_code)
