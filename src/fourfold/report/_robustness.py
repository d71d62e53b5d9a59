"""The terminal view of a run's robustness to wording: variants against their originals."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .._format import pct
from .._text import markup
from ..robustness import KindRobustness, RobustnessReport
from ..stats import Interval

__all__ = ["render_robustness"]


def _interval(ci: Interval, *, signed: bool = False) -> str:
    """``80% [66, 91]``, or in points ``-8 [-14, -3]``."""
    if ci.estimate is None:
        return "—"

    def num(x: float) -> str:
        return f"{x * 100:+.0f}" if signed else f"{x * 100:.0f}"

    head = num(ci.estimate) if signed else pct(ci.estimate)
    if ci.low is None or ci.high is None:
        return head
    return f"{head} [{num(ci.low)}, {num(ci.high)}]"


def _row(layer: str, row: KindRobustness) -> list[str | Text]:
    d = row.difference
    return [
        layer,
        row.kind,
        str(row.n_originals),
        str(row.n_variants),
        pct(d.base_mean),
        pct(d.cand_mean),
        _interval(d.interval, signed=True),
        _interval(row.robustness),
        Text(str(row.flips), style="yellow" if row.flips else ""),
    ]


def render_robustness(
    report: RobustnessReport, *, compact: bool = False, limit: int = 15
) -> RenderableType:
    """Per layer and kind: pass rates, their paired difference, robustness, flips; then the flips.

    Args:
        report: the robustness report.
        compact: one line of robustness per layer (for ``fourfold show``).
        limit: how many flipped variants to list.
    """
    if compact and report.layers:
        figures = " · ".join(f"{r.layer} {_interval(r.overall.robustness)}" for r in report.layers)
        return Text(
            f"robustness to wording ({report.variants} variants of {report.originals} cases): "
            f"{figures}; {len(report.flips)} flipped verdicts — `fourfold robustness "
            f"{report.run_id}` per kind",
            style="yellow" if report.flips else "",
        )
    if not report.layers:
        why = (
            f"{len(report.unpaired)} variants, but none of their originals is in the run"
            if report.unpaired
            else "the run has no perturbed variants (write them with `fourfold perturb`)"
        )
        return Text(f"nothing to measure robustness on: {why}", style="dim")
    table = Table(
        title=f"robustness to wording: {report.variants} variants of {report.originals} cases "
        "(difference and robustness with 95% intervals over cases)",
        title_justify="left",
    )
    for name in ("layer", "kind", "cases", "variants", "pass orig.", "pass var."):
        table.add_column(name, justify="left" if name in ("layer", "kind") else "right")
    table.add_column("diff, pts", justify="right")
    table.add_column("robustness", justify="right")
    table.add_column("flips", justify="right")
    for layer in report.layers:
        table.add_row(*_row(layer.layer, layer.overall))
        for row in layer.kinds:
            table.add_row(*_row("", row))
        table.add_section()
    parts: list[RenderableType] = [
        table,
        Text(
            "robustness: the share of cases whose verdict (pass on at least half of the "
            "repeats) holds under every variant",
            style="dim",
        ),
    ]
    if report.flips:
        flips = Table(title=f"flipped verdicts ({len(report.flips)})", title_justify="left")
        for name in ("variant", "kind", "layer", "original → variant"):
            flips.add_column(name)
        for f in report.flips[:limit]:
            flips.add_row(
                markup(f.variant),
                f.kind,
                f.layer,
                f"{pct(f.original_pass)} → {pct(f.variant_pass)} pass ({f.direction})",
            )
        parts.append(flips)
        if len(report.flips) > limit:
            parts.append(Text(f"… and {len(report.flips) - limit} more (--json)", style="dim"))
    else:
        parts.append(Text("no verdict flipped under perturbation"))
    if report.unpaired:
        parts.append(
            Text(
                f"{len(report.unpaired)} variants left out: their original is not in the run",
                style="yellow",
            )
        )
    return Group(*parts)
