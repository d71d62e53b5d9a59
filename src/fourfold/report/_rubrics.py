"""Weighted rubrics in the terminal: a run's rubric verdicts, and a comparison's rows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from rich.text import Text

from .._text import markup

if TYPE_CHECKING:  # names only: at run time they would load compare's statistics (numpy)
    from ..rubrics import Distribution, RubricDelta, RubricVerdict

__all__ = ["rubric_comparison_table", "rubric_lowest", "rubric_table"]

_STATUS_STYLE = {
    "pass": "green",
    "fail": "red",
    "review": "yellow",
    "no_decision": "yellow",
    "no_data": "dim",
}
_MOVE_STYLE = {"regression": "red", "improvement": "green", "underpowered": "yellow"}


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _spread(d: Distribution) -> str:
    """``mean ± sd (p5 x)``: the three numbers the rubric is read by."""
    if d.mean is None:
        return "—"
    sd = "" if d.sd is None else f" ± {d.sd:.2f}"
    return f"{d.mean:.2f}{sd} (p5 {_num(d.p5)})"


def rubric_lowest(r: RubricVerdict, limit: int = 5) -> Text | None:
    """The lowest-scoring trials of a failing rubric, one line each (None otherwise)."""
    if r.status != "fail" or not r.lowest:
        return None
    lines = [f"rubric {r.name}: lowest overall scores"]
    lines += [f"  {low.describe()}" for low in r.lowest[:limit]]
    return Text(markup("\n".join(lines)))


def rubric_table(r: RubricVerdict) -> Table:
    """One rubric of a run: a row per dimension and the overall, with rules and verdict."""
    verdict = Text(r.status.replace("_", " "), style=_STATUS_STYLE[r.status])
    if r.status == "fail":
        verdict.append(" → block" if r.critical else " → review")
    elif r.undecided:
        verdict.append(" → review")
    title = (
        f"rubric {r.name}: {verdict.plain} · {r.trials} trials, "
        f"{r.undecided_trials} without an overall score"
    )
    table = Table(title=markup(title), title_justify="left", expand=False)
    for name, justify in (
        ("dimension", "left"),
        ("weight", "right"),
        ("scores", "right"),
        ("mean ± sd (p5)", "right"),
        ("undecided", "right"),
        ("rule", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for d in r.dimensions:
        rule = Text("—" if d.min_mean is None else f"mean ≥ {d.min_mean:g}")
        if d.passed is not None:
            rule.append(" ✓" if d.passed else " ✗", style="green" if d.passed else "red")
        table.add_row(
            markup(f"{d.name} ({d.check})"),
            f"{d.weight:g}",
            str(d.scores.n),
            _spread(d.scores),
            str(d.undecided),
            rule,
        )
    overall = Text("—" if r.overall_min is None else f"mean ≥ {r.overall_min:g}")
    if r.overall_passed is not None:
        held = r.overall_passed
        overall.append(" ✓" if held else " ✗", style="green" if held else "red")
    table.add_row(
        Text("overall (weighted)", style="bold"),
        "1",
        str(r.overall.n),
        _spread(r.overall),
        str(r.undecided_trials),
        overall,
    )
    return table


def rubric_comparison_table(rows: list[RubricDelta], base: str, cand: str) -> Table:
    """A comparison's rubric rows: each side's mean ± sd and p5, the paired difference."""
    table = Table(
        title="weighted rubrics, on the shared cases (mean ± sd and 5th percentile of trial "
        "scores; Δ paired by case; Holm within these rows; they do not decide)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        expand=False,
    )
    for name, justify in (
        ("dimension (weight)", "left"),
        (base, "right"),
        ("p5", "right"),
        (cand, "right"),
        ("p5 ", "right"),
        ("Δ [95% CI]", "right"),
        ("n", "right"),
        ("p Holm", "right"),
        ("move", "left"),
    ):
        wraps = name == "dimension (weight)"
        table.add_column(
            markup(name),
            justify=justify,  # type: ignore[arg-type]
            no_wrap=not wraps,
            overflow="fold",
            min_width=16 if wraps else None,
        )
    for row in rows:
        diff = row.difference
        if diff is None or diff.diff is None:
            moved, cases = "—", "0"
        else:
            iv = diff.interval
            interval = (
                "" if iv.low is None or iv.high is None else f" [{iv.low:+.2f}, {iv.high:+.2f}]"
            )
            moved, cases = f"{diff.diff:+.2f}{interval}", str(diff.n_cases)
        p = "—" if row.p_holm is None else f"{row.p_holm:.3g}"
        move = row.movement if row.tested else "untested"
        label = f"{row.rubric}: " + (
            row.dimension if row.weight is None else f"{row.dimension} ({row.weight:g})"
        )
        table.add_row(
            markup(label),
            _mean_sd(row.base),
            _num(row.base.p5),
            _mean_sd(row.cand),
            _num(row.cand.p5),
            moved,
            cases,
            p,
            Text(move, style=_MOVE_STYLE.get(move, "")),
        )
    return table


def _mean_sd(d: Distribution) -> str:
    if d.mean is None:
        return "—"
    return f"{d.mean:.2f}" + ("" if d.sd is None else f" ± {d.sd:.2f}")
