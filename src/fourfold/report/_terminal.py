"""The terminal summary of a run: one row per layer, the failing cases, the decision."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .._format import pct
from .._text import markup, plain
from ..consistency import ConsistencyReport
from ..gate import BaselineChange, GateReport, LayerVerdict
from ..judges import PairwiseSummary
from ..runs import Run, category_words
from ..stats import Movement
from ..summary import CostSummary, RunSummary
from ._consistency import render_consistency
from ._reviews import render_reviews
from ._rubrics import rubric_lowest, rubric_table

__all__ = ["render_summary"]

_DECISION_STYLE = {"deploy": "bold green", "review": "bold yellow", "block": "bold red"}
_STATUS_STYLE = {
    "pass": "green",
    "fail": "red",
    "review": "yellow",
    "no_decision": "yellow",
    "no_data": "dim",
    "not_run": "dim",
}
_MOVE_STYLE: dict[Movement, str] = {
    "regression": "red",
    "improvement": "green",
    "noise": "",
    "not_significant": "",
    "underpowered": "yellow",
    "no_data": "dim",
}


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _change(change: BaselineChange | None) -> Text:
    if change is None or change.diff is None:
        return Text("—", style="dim")
    head = (
        f"win rate {pct(change.cand)}"
        if change.metric == "win_rate"
        else f"{change.diff * 100:+.1f} pts"
    )
    margin = "no margin" if change.margin is None else f"±{change.margin * 100:.1f}"
    p = "—" if change.p_holm is None else f"{change.p_holm:.3g}"
    text = Text(f"{head} ({margin}, p {p}) ")
    text.append(change.movement, style=_MOVE_STYLE[change.movement])
    return text


def _layer_table(gate: GateReport) -> Table:
    table = Table(title="per-layer verdict", title_justify="left", expand=False)
    judged = any(v.judge_scores for v in gate.layers)
    against = any(v.change is not None for v in gate.layers)
    columns = [
        ("layer", "left"),
        ("trials", "right"),
        ("passed", "right"),
        ("pass rate", "right"),
        ("mean score", "right"),
    ]
    if judged:
        columns.append(("judge mean (min)", "right"))
    if against:
        columns.append(("vs baseline", "left"))
    columns += [("rule", "left"), ("verdict", "left")]
    for name, justify in columns:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for v in gate.layers:
        verdict = Text(v.status.replace("_", " "), style=_STATUS_STYLE[v.status])
        if v.status == "fail":
            verdict.append(" → block" if v.critical else " → review")
        elif v.status == "no_decision":
            verdict.append(" → review")
        if v.not_run and v.status != "not_run":
            verdict.append(" (part not run)", style="cyan")
        if v.check_errors:
            verdict.append(f" ({v.check_errors} check errors)", style="yellow")
        cells: list[str | Text] = [
            v.layer,
            str(v.trials),
            str(v.passed),
            pct(v.pass_rate),
            _num(v.mean_score),
        ]
        if judged:
            cells.append("—" if v.judge_mean is None else f"{v.judge_mean:.2f} ({v.judge_min:g})")
        if against:
            cells.append(_change(v.change))
        cells += [markup(v.rule) + ("" if v.critical else " (not critical)"), verdict]
        table.add_row(*cells)
    return table


def _worst(v: LayerVerdict, limit: int) -> Table:
    table = Table(
        title=f"{v.layer}: failing trials ({max(v.failed, len(v.worst))})",
        title_justify="left",
        show_header=True,
        expand=False,
    )
    table.add_column("case")
    table.add_column("check")
    table.add_column("what failed", overflow="fold", max_width=90)
    for w in v.worst[:limit]:
        what = w.explanation
        if w.evidence:
            what += f' — "{w.evidence[:80]}"'
        table.add_row(markup(f"{w.case_id}#{w.repeat}"), markup(", ".join(w.checks)), markup(what))
    return table


def _errors(gate: GateReport) -> Text | None:
    """Every check with results that could not decide, by layer (within tolerance or not)."""
    lines = [
        Text.assemble((f"{v.layer}: ", "bold"), plain(e.describe()))
        for v in gate.layers
        for e in v.errors
    ]
    if not lines:
        return None
    head = Text("results that could not decide (not passes, not failures):", style="yellow")
    return Text("\n").join([head, *lines])


def _pairwise(name: str, pw: PairwiseSummary, baseline: str | None) -> Text:
    text = Text.assemble((plain(f"{name} vs baseline {baseline or '(none)'}: "), "bold"))
    if pw.win_rate is None and pw.errors:
        causes = ", ".join(f"{category_words(c)} ×{n}" for c, n in pw.error_categories.items())
        text.append(
            f"no pair decided — {pw.errors} of {pw.n} pairs errored"
            + (f" ({causes})" if causes else ""),
            style="yellow",
        )
        return text
    rate = "—" if pw.win_rate is None else f"{pw.win_rate:.0%}"
    by_odds = f", {pw.by_log_odds} decided by log-odds" if pw.by_log_odds else ""
    text.append(
        f"win rate {rate} — {pw.wins} won, {pw.losses} lost, {pw.ties} tied "
        f"({pw.inconsistent} of them position-inconsistent){by_odds}, {pw.errors} judge "
        f"errors, {pw.n} pairs"
    )
    return text


def _costs(costs: CostSummary) -> Text | None:
    if costs.agent_cost_usd is None and not costs.agent_tokens and not costs.judge_calls:
        return None
    agent = "—" if costs.agent_cost_usd is None else f"${costs.agent_cost_usd:.4f}"
    unrecorded = (
        f"; {costs.agent_tokens_unrecorded:,} traces recorded none"
        if costs.agent_tokens_unrecorded
        else ""
    )
    text = Text.assemble(
        ("cost  ", "dim"), f"agent {agent} ({costs.agent_tokens:,} tokens{unrecorded})"
    )
    if costs.judge_calls:
        text.append(
            f" · judges ${costs.judge_cost_usd:.4f} ({costs.judge_calls:,} calls, "
            f"{costs.judge_cached_calls:,} from cache, {costs.judge_tokens:,} tokens)"
        )
    return text


def render_summary(
    run: Run,
    summary: RunSummary | GateReport,
    *,
    worst: int = 5,
    consistency: ConsistencyReport | None = None,
) -> RenderableType:
    """The run's per-layer table, the worst cases of each failing layer, and the decision.

    With a `consistency` report of a run with repeats, its per-layer pass^k rows too.
    """
    if isinstance(summary, GateReport):
        summary = RunSummary(gate=summary)
    gate = summary.gate
    header = Text.assemble(
        ("run ", "dim"),
        (plain(run.id), "bold"),
        ("  suite ", "dim"),
        plain(run.suite),
        ("  agent ", "dim"),
        plain(run.agent_version),
        ("  seed ", "dim"),
        str(run.seed),
    )
    if run.regraded_from is not None:  # the traces are another run's: say whose
        header.append_text(Text.assemble(("  regraded from ", "dim"), plain(run.regraded_from)))
    parts: list[RenderableType] = [header, _layer_table(gate)]
    parts.extend(rubric_table(r) for r in gate.rubrics)
    costs = _costs(summary.costs)
    if costs is not None:
        parts.append(costs)
    for name, pw in summary.pairwise.items():
        parts.append(_pairwise(name, pw, summary.baseline_run))
    reviewed = render_reviews(summary.reviews)
    if reviewed is not None:
        parts.append(reviewed)
    errors = _errors(gate)
    if errors is not None:
        parts.append(errors)
    if gate.errored_trials:
        parts.append(
            Text(
                f"{gate.errored_trials} of {gate.trials} trials errored "
                "(agent failures, or simulated users that failed; not counted "
                "as passes or failures) — `fourfold show RUN --errors` lists them",
                style="yellow",
            )
        )
    if consistency is not None and consistency.repeats >= 2:
        parts.append(render_consistency(consistency, compact=True))
    for v in gate.layers:
        if v.status == "fail" and v.worst:
            parts.append(_worst(v, worst))
    parts.extend(low for r in gate.rubrics if (low := rubric_lowest(r, worst)) is not None)
    if gate.not_run:
        head = Text("not run (the run's selection; the gate decided on what ran):", style="cyan")
        parts.append(Text("\n").join([head, *(Text(plain(line)) for line in gate.not_run)]))
    decision = Text(gate.decision.upper(), style=_DECISION_STYLE[gate.decision])
    lines = [Text(plain(r)) for r in gate.reasons] or [Text("every layer met its rule")]
    lines += [Text(plain(f"improvement: {i}"), style="green") for i in gate.improvements]
    body = Text("\n").join(lines)
    parts.append(
        Panel(body, title=Text.assemble("gate: ", decision), title_align="left", expand=False)
    )
    return Group(*parts)


def print_summary(
    run: Run,
    summary: RunSummary | GateReport,
    console: Console | None = None,
    *,
    consistency: ConsistencyReport | None = None,
) -> None:
    """Print `render_summary` to the console (stdout by default)."""
    (console or Console()).print(render_summary(run, summary, consistency=consistency))
