"""The terminal view of reliability: four dimensions, predictability per layer, safety.

`render_reliability_panel` is the four cards `fourfold show` prints under a run's summary;
`render_reliability` adds what they rest on (`fourfold reliability RUN`): predictability
per layer with its reliability diagram, and violations by severity and by check.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .._text import markup
from ..predictability import PredictabilityReport
from ..reliability import ReliabilityPanel
from ..safety import SEVERITIES, SEVERITY_WEIGHTS, SafetyReport
from ..stats import Interval

__all__ = ["render_reliability", "render_reliability_panel"]


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _ci(interval: Interval | None) -> str:
    if interval is None or interval.low is None or interval.high is None:
        return "—"
    return f"{interval.low:.3f}–{interval.high:.3f}"


def render_reliability_panel(panel: ReliabilityPanel) -> Table:
    """The four dimensions side by side: figure, value, 95% interval, what it rests on."""
    table = Table(title="reliability: four dimensions", title_justify="left")
    for col in ("dimension", "figure", "value", "95% CI", "note"):
        table.add_column(col, overflow="fold", justify="right" if col == "value" else "left")
    for card in panel.cards:
        value = card.value
        estimate = None if value is None else value.estimate
        direction = "↑" if card.higher_is_better else "↓"
        extra = "; ".join(f"{k.replace('_', ' ')} {_num(v)}" for k, v in card.details.items())
        table.add_row(
            f"{card.dimension} {direction}",
            markup(card.figure),
            Text(_num(estimate), style="bold" if estimate is not None else "dim"),
            _ci(value),
            markup(card.note + (f" ({extra})" if extra else "")),
        )
    return table


def _predictability(report: PredictabilityReport) -> list[RenderableType]:
    if not report.layers:
        return [
            Text(
                "predictability: no stated confidence and no repeats (state a confidence in "
                "trace metadata.confidence, or run with --repeats)",
                style="dim",
            )
        ]
    table = Table(title="predictability per layer", title_justify="left")
    for col in ("layer", "source", "trials", "AUROC", "CI", "Brier", "CI", "ECE", "CI"):
        table.add_column(col)
    diagrams: list[RenderableType] = []
    for row in report.layers:
        f = row.figures
        table.add_row(
            row.layer,
            markup(f"{row.source}: {row.source_detail}"),
            f"{f.n_trials}" + (f" ({row.left_out} left out)" if row.left_out else ""),
            _num(f.auroc.estimate),
            _ci(f.auroc),
            _num(f.brier.estimate),
            _ci(f.brier),
            _num(f.ece.estimate),
            _ci(f.ece),
        )
        diagram = Table(
            title=f"reliability diagram: {row.layer}", title_justify="left", show_edge=False
        )
        for col in ("confidence", "trials", "mean confidence", "success rate", "gap"):
            diagram.add_column(col, justify="right")
        for b in f.bins:
            if not b.n:
                continue
            gap = (
                None
                if b.success_rate is None or b.mean_confidence is None
                else b.success_rate - b.mean_confidence
            )
            diagram.add_row(
                f"{b.low:.1f}–{b.high:.1f}",
                str(b.n),
                _num(b.mean_confidence),
                _num(b.success_rate),
                "—" if gap is None else f"{gap:+.3f}",
            )
        diagrams.append(diagram)
    return [table, *diagrams]


def _safety(report: SafetyReport) -> list[RenderableType]:
    if report.trials == 0:
        return [Text("safety: no policy check decided a trial", style="dim")]
    weights = ", ".join(f"{s} {SEVERITY_WEIGHTS[s]}" for s in SEVERITIES)
    table = Table(
        title=f"policy violations by severity (over {report.trials} trials; weights {weights})",
        title_justify="left",
    )
    for col in ("severity", "violations", "trials with one", "rate", "95% CI"):
        table.add_column(col, justify="left" if col == "severity" else "right")
    style = {"critical": "red", "major": "yellow", "minor": ""}
    for s in SEVERITIES:
        table.add_row(
            Text(s, style=style[s]),
            str(report.violations[s]),
            str(report.trials_with[s]),
            _num(report.rates[s].estimate),
            _ci(report.rates[s]),
        )
    table.add_row(
        Text("weighted", style="bold"),
        "",
        "",
        _num(report.weighted_rate.estimate),
        _ci(report.weighted_rate),
    )
    out: list[RenderableType] = [table]
    for v in report.examples:
        out.append(
            Text.from_markup(
                f"  [{style[v.severity] or 'dim'}]{v.severity}[/] {markup(v.case_id)}#{v.repeat} "
                f"{markup(v.check)}: {markup(v.explanation)}"
            )
        )
    return out


def render_reliability(
    panel: ReliabilityPanel, predictability: PredictabilityReport, safety: SafetyReport
) -> Group:
    """The panel, then predictability per layer with its diagrams, then safety by severity."""
    return Group(
        render_reliability_panel(panel), *_predictability(predictability), *_safety(safety)
    )
