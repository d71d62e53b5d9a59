"""The terminal view of a comparison: per-layer movement, then the flipped cases."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..compare import Comparison

__all__ = ["render_comparison"]


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def render_comparison(comparison: Comparison, *, limit: int = 15) -> RenderableType:
    """Per-layer pass rates of both runs on their shared cases, and the flipped cases."""
    cmp = comparison
    parts: list[RenderableType] = [
        Text.assemble(
            ("baseline ", "dim"),
            (cmp.base_run, "bold"),
            f" ({cmp.base_label})",
            ("  candidate ", "dim"),
            (cmp.cand_run, "bold"),
            f" ({cmp.cand_label})",
        )
    ]
    cs = cmp.case_set
    if cs.changed:
        parts.append(
            Text(
                f"the case set changed: {len(cs.added)} added, {len(cs.removed)} removed, "
                f"{len(cs.edited)} edited — comparing the {cs.shared} shared, unchanged cases only",
                style="yellow",
            )
        )
    table = Table(title=f"per layer, on {cs.shared} shared cases", title_justify="left")
    for col in ("layer", cmp.base_label, cmp.cand_label, "change", "regressed", "fixed"):
        table.add_column(col, justify="left" if col == "layer" else "right")
    for d in cmp.layers:
        delta = d.delta
        change = Text("—" if delta is None else f"{delta:+.0%}")
        if delta is not None and delta < 0:
            change.stylize("red")
        elif delta is not None and delta > 0:
            change.stylize("green")
        table.add_row(
            d.layer,
            _pct(d.base_pass_rate),
            _pct(d.cand_pass_rate),
            change,
            Text(str(d.regressed), style="red" if d.regressed else ""),
            Text(str(d.fixed), style="green" if d.fixed else ""),
        )
    parts.append(table)
    if cmp.flips:
        flips = Table(
            title=f"flipped cases ({len(cmp.flips)}), regressions first", title_justify="left"
        )
        for col in ("case", "layer", "change", "repeats passing", "failing checks"):
            flips.add_column(col, overflow="fold")
        for f in cmp.flips[:limit]:
            style = "red" if f.direction == "regressed" else "green"
            flips.add_row(
                escape(f.case_id),
                f.layer,
                Text(f"{f.base} → {f.cand}", style=style),
                f"{f.base_share:.0%} → {f.cand_share:.0%}",
                ", ".join(f.checks),
            )
        parts.append(flips)
        if len(cmp.flips) > limit:
            parts.append(Text(f"… and {len(cmp.flips) - limit} more (--limit)", style="dim"))
    else:
        parts.append(Text("no case changed status in any layer"))
    return Group(*parts)
