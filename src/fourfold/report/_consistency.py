"""The terminal view of a run's consistency over repeats.

pass^k and pass@k per layer and stratum, outcome consistency, the flaky cases and the
checks whose scores vary most.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .._format import pct
from .._text import markup
from ..consistency import ConsistencyReport, LayerConsistency

__all__ = ["render_consistency"]


def shown_ks(repeats: int) -> list[int]:
    """The k columns worth a column: all up to 5, else 1, 2, 3, 5 and K (and the doublings)."""
    if repeats <= 5:
        return list(range(1, repeats + 1))
    ks = {1, 2, 3, 5, repeats}
    k = 8
    while k < repeats:
        ks.add(k)
        k *= 2
    return sorted(ks)


def _table(title: str, rows: list[LayerConsistency], ks: list[int], *, strata: bool) -> Table:
    # With one repeat there is only pass^1: pass@1 is the same figure, and every case is
    # consistent and none flaky by construction, so those columns would say nothing.
    repeated = ks != [1]
    table = Table(title=title, title_justify="left")
    if strata:
        table.add_column("stratum")
    table.add_column("layer")
    table.add_column("cases", justify="right")
    for k in ks:
        table.add_column(f"pass^{k}", justify="right")
    if repeated:
        table.add_column(f"pass@{ks[-1]}", justify="right")
        table.add_column("outcome consistency", justify="right")
        table.add_column("flaky", justify="right")
    for row in rows:
        cells: list[str | Text] = []
        if strata:
            cells.append(markup(row.stratum or ""))
        cells += [row.layer, str(row.n_cases)]
        for k in ks:
            r = row.row(k)
            cells.append(pct(r.pass_hat_k if r is not None else None))
        if repeated:
            last = row.row(ks[-1])
            cells.append(pct(last.pass_at_k if last is not None else None))
            cells.append(pct(row.outcome_consistency))
            cells.append(Text(str(len(row.flaky)), style="yellow" if row.flaky else ""))
        table.add_row(*cells)
    return table


def render_consistency(
    report: ConsistencyReport, *, compact: bool = False, limit: int = 15
) -> RenderableType:
    """pass^k / pass@k per layer (and per stratum), flaky cases and score variance.

    With one repeat per case only pass^1 is shown (per layer and stratum).

    Args:
        report: the consistency report.
        compact: only the per-layer table and a line on flaky cases (for ``fourfold show``).
        limit: how many flaky cases and varying scores to list.
    """
    if report.repeats < 2:
        # pass^1 is the success rate, τ-bench's headline figure: worth printing on its own.
        single: list[RenderableType] = []
        if report.layers:
            single.append(_table("pass^1 per layer", report.layers, [1], strata=False))
        if report.strata and not compact:
            single.append(_table("per stratum", report.strata, [1], strata=True))
        single.append(
            Text(
                "one repeat per case: pass^1 only, nothing to say about consistency "
                "(run with --repeats ≥ 2)",
                style="dim",
            )
        )
        return Group(*single)
    ks = shown_ks(report.repeats)
    parts: list[RenderableType] = [
        _table(
            f"consistency over {report.repeats} repeats (pass^k: all k pass; pass@k: one of k)",
            report.layers,
            ks,
            strata=False,
        )
    ]
    if compact:
        if report.flaky:
            parts.append(
                Text(
                    f"{len(report.flaky)} flaky case(s) — `fourfold consistency "
                    f"{report.run_id}` lists them",
                    style="yellow",
                )
            )
        return Group(*parts)
    if report.strata:
        parts.append(_table("per stratum", report.strata, ks, strata=True))
    if report.flaky:
        flaky = Table(title=f"flaky cases ({len(report.flaky)})", title_justify="left")
        flaky.add_column("case")
        flaky.add_column("flakes in (share of repeats passing)")
        for f in report.flaky[:limit]:
            flaky.add_row(
                markup(f.case_id),
                ", ".join(f"{layer} {f.shares[layer]:.0%}" for layer in f.layers),
            )
        parts.append(flaky)
        if len(report.flaky) > limit:
            parts.append(Text(f"… and {len(report.flaky) - limit} more (--json)", style="dim"))
    else:
        parts.append(Text("no flaky case: every case passed or failed each layer every time"))
    varying = [s for s in report.scores if s.n_cases]
    if varying:
        scores = Table(title="score variance between repeats, per check", title_justify="left")
        for col in ("check", "layer", "cases", "mean variance", "max variance", "most varying"):
            scores.add_column(
                col, justify="right" if "variance" in col or col == "cases" else "left"
            )
        for s in varying:
            top = sorted(s.cases.items(), key=lambda kv: -kv[1])[:3]
            scores.add_row(
                markup(s.check),
                s.layer,
                str(s.n_cases),
                "—" if s.mean_variance is None else f"{s.mean_variance:.3f}",
                "—" if s.max_variance is None else f"{s.max_variance:.3f}",
                markup(", ".join(f"{c} ({v:.2f})" for c, v in top if v > 0)),
            )
        parts.append(scores)
    return Group(*parts)
