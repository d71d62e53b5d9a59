"""The terminal view of a calibration: the human ceiling first, then the judge, then why.

The human–human table comes before the judge's, because it is the ceiling the judge is
read against; every figure has its interval; the primary statistic is in bold; the
disagreement clusters come before the single disagreements; the verdict closes.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .._text import markup, plain
from ..calibration import CalibrationReport, SliceAgreement
from ..stats import AgreementReport, Interval

__all__ = ["render_calibration"]

_VERDICT_STYLE = {
    "may_gate": "bold green",
    "human_review": "bold yellow",
    "insufficient_labels": "bold red",
}
_VERDICT_WORDS = {
    "may_gate": "MAY GATE",
    "human_review": "MAY NOT GATE (HUMAN REVIEW)",
    "insufficient_labels": "MAY NOT GATE YET (INSUFFICIENT LABELS)",
}


def _score(value: float) -> str:
    return str(int(value)) if value.is_integer() else f"{value:g}"


def _interval(ci: Interval | None) -> Text:
    if ci is None or ci.estimate is None:
        return Text("—", style="dim")
    text = Text(f"{ci.estimate:.2f}")
    if ci.low is not None and ci.high is not None and ci.n > 1:
        text.append(f" [{ci.low:.2f}, {ci.high:.2f}]", style="dim")
    return text


def _header(report: CalibrationReport) -> Text:
    scale = f"{_score(report.scale[0])}–{_score(report.scale[-1])}" if report.scale else "—"
    return Text.assemble(
        ("calibration ", "dim"),
        (plain(report.criterion), "bold"),
        ("  run ", "dim"),
        plain(report.run_id),
        ("  scale ", "dim"),
        scale,
        ("  seed ", "dim"),
        str(report.seed),
    )


def _counts(report: CalibrationReport) -> Text:
    people = ", ".join(report.labellers) or "nobody"
    text = Text(
        plain(
            f"{report.trials} trials judged · {report.labels} labels by {people} on "
            f"{report.all_items.labelled_items} trials, {report.held_out.labelled_items} of "
            "them held out"
        )
    )
    left_out = []
    if report.judge_errors:
        left_out.append(f"{report.judge_errors} judge errors")
    if report.judge_skips:
        left_out.append(f"{report.judge_skips} skips")
    if left_out:
        text.append(f" · left out: {', '.join(left_out)}", style="yellow")
    return text


_Row = tuple[str, Callable[[SliceAgreement], Text | str]]


def _agreement_rows(
    get: Callable[[SliceAgreement], AgreementReport | None], prefix: str = ""
) -> list[_Row]:
    def field(name: str) -> Callable[[SliceAgreement], Text]:
        def cell(s: SliceAgreement) -> Text:
            report = get(s)
            return _interval(None if report is None else getattr(report, name))

        return cell

    return [
        (f"{prefix}exact agreement", field("exact")),
        (f"{prefix}within one point", field("within_one")),
        (f"{prefix}Cohen's κ", field("kappa")),
        (f"{prefix}Cohen's κ, quadratic (κw)", field("weighted_kappa")),
        (f"{prefix}Spearman ρ", field("spearman")),
        (f"{prefix}Kendall τ-b", field("kendall")),
    ]


def _slice_table(
    report: CalibrationReport, title: str, rows: list[_Row], primary_label: str | None
) -> Table:
    table = Table(title=title, title_justify="left", expand=False)
    table.add_column("")
    table.add_column("all labelled items", justify="right")
    table.add_column("held out", justify="right")
    for label, cell in rows:
        style = "bold" if label == primary_label else ""
        table.add_row(label, cell(report.all_items), cell(report.held_out), style=style)
    return table


def _human_table(report: CalibrationReport) -> Table:
    def hh_count(s: SliceAgreement) -> str:
        hh = s.human_human
        return "0" if hh is None else f"{hh.items} ({hh.labellers} people)"

    def pair(s: SliceAgreement) -> str:
        hh = s.human_human
        if hh is None or hh.pair is None or hh.pair_agreement is None:
            return "—"
        return f"{hh.pair[0]} × {hh.pair[1]}, {hh.pair_agreement.n} items"

    def pairwise(s: SliceAgreement) -> Text:
        return _interval(None if s.human_human is None else s.human_human.pairwise_exact)

    def alpha(s: SliceAgreement) -> Text:
        return _interval(None if s.human_human is None else s.human_human.alpha)

    rows: list[_Row] = [
        ("items labelled twice or more", hh_count),
        ("all pairs: exact agreement", pairwise),
        ("Krippendorff's α (ordinal)", alpha),
        ("pair with most overlap", pair),
        *_agreement_rows(
            lambda s: None if s.human_human is None else s.human_human.pair_agreement, "pair: "
        ),
    ]
    primary = "pair: " + _primary_label(report)
    return _slice_table(report, "human–human agreement (the ceiling)", rows, primary)


def _judge_table(report: CalibrationReport) -> Table:
    def items(s: SliceAgreement) -> str:
        n = s.judge_human.n if s.judge_human else 0
        return f"{s.judged_items} items, {n} labels"

    rows: list[_Row] = [
        ("compared", items),
        *_agreement_rows(lambda s: s.judge_human),
    ]
    return _slice_table(
        report, "judge–human agreement (each label vs the judge)", rows, _primary_label(report)
    )


def _primary_label(report: CalibrationReport) -> str:
    return "Cohen's κ, quadratic (κw)" if report.primary == "weighted_kappa" else "Cohen's κ"


def _confusion(report: CalibrationReport) -> Table | None:
    jh = report.all_items.judge_human
    if jh is None or not jh.n:
        return None
    table = Table(
        title="human (rows) × judge (columns), all labelled items",
        title_justify="left",
        expand=False,
    )
    table.add_column("human \\ judge")
    for label in jh.labels:
        table.add_column(_score(float(label)), justify="right")
    for i, (label, row) in enumerate(zip(jh.labels, jh.confusion, strict=True)):
        cells = [
            Text(str(count), style="bold" if i == j else "dim" if not count else "")
            for j, count in enumerate(row)
        ]
        table.add_row(_score(float(label)), *cells)
    return table


def _clusters(report: CalibrationReport, limit: int) -> Table | None:
    if not report.clusters:
        return None
    table = Table(
        title=f"disagreement clusters ({len(report.clusters)}; biggest first)",
        title_justify="left",
        expand=False,
    )
    for name, justify in (
        ("count", "right"),
        ("judge → human", "center"),
        ("stratum", "left"),
        ("trials", "left"),
        ("notes", "left"),
    ):
        table.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for c in report.clusters[:limit]:
        trials = ", ".join(c.items[:4]) + (f" +{len(c.items) - 4}" if len(c.items) > 4 else "")
        table.add_row(
            str(c.count),
            f"{_score(c.judge_score)} → {_score(c.human_score)}",
            markup(c.stratum),
            markup(trials),
            markup(" | ".join(n[:80] for n in c.notes[:3])),
        )
    return table


def _disagreements(report: CalibrationReport, limit: int) -> Table | None:
    if not report.disagreements:
        return None
    table = Table(
        title=f"disagreements ({len(report.disagreements)}; largest first)",
        title_justify="left",
        expand=False,
    )
    for name in ("trial", "judge", "human", "labeller", "stratum", "note"):
        table.add_column(name, overflow="fold", max_width=70 if name == "note" else None)
    for d in report.disagreements[:limit]:
        table.add_row(
            markup(f"{d.case_id}#{d.repeat}") + (" [dim](held out)[/]" if d.held_out else ""),
            _score(d.judge_score),
            _score(d.human_score),
            markup(d.labeller),
            markup(d.stratum),
            markup(d.note or ""),
        )
    return table


def render_calibration(report: CalibrationReport, *, limit: int = 10) -> RenderableType:
    """A calibration report for the terminal.

    Args:
        report: the report.
        limit: how many disagreement clusters and disagreements to show.
    """
    parts: list[RenderableType] = [
        _header(report),
        _counts(report),
        _human_table(report),
        _judge_table(report),
    ]
    for optional in (
        _confusion(report),
        _clusters(report, limit),
        _disagreements(report, limit),
    ):
        if optional is not None:
            parts.append(optional)
    if report.held_out_disagreements and not any(d.held_out for d in report.disagreements):
        parts.append(
            Text(
                f"{report.held_out_disagreements} disagreements on the held-out slice are not "
                "shown, so the rubric is never revised against them",
                style="dim",
            )
        )
    body = Text(plain(report.reason))
    for note in report.notes:
        body.append(plain(f"\nnote: {note}"), style="dim")
    title = Text.assemble(
        "verdict: ",
        (_VERDICT_WORDS[report.verdict], _VERDICT_STYLE[report.verdict]),
    )
    parts.append(Panel(body, title=title, title_align="left", expand=False))
    return Group(*parts)
