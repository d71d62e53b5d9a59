"""The terminal view of a comparison.

Per-layer verdicts with intervals, p-values and noise margins, then per-check and
per-stratum rows, the flipped cases and the decision.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .._format import pct
from .._text import markup, plain
from ..compare import CheckDelta, Comparison, LayerDelta, StratumDelta
from ..stats import PairedDifference
from ._rubrics import rubric_comparison_table

__all__ = ["render_comparison"]

_DECISION_STYLE = {"deploy": "bold green", "review": "bold yellow", "block": "bold red"}
_MOVE_STYLE = {
    "regression": "red",
    "improvement": "green",
    "noise": "",
    "not_significant": "",
    "underpowered": "yellow",
    "no_data": "dim",
}


def _value(value: float | None, metric: str) -> str:
    if value is None:
        return "—"
    return f"{value:.0%}" if metric == "pass" else f"{value:.2f}"


def _safety_table(cmp: Comparison) -> Table:
    """Policy violations by severity and the weighted rate, each side and the change."""
    table = Table(
        title="policy violations by severity (share of trials; weighted: critical 10, major 3, "
        "minor 1, over 10)",
        title_justify="left",
    )
    for col in ("severity", "violations", cmp.base_label, cmp.cand_label, "change (pts) [95% CI]"):
        table.add_column(markup(col), justify="left" if col == "severity" else "right")
    for row in cmp.safety:
        d = row.difference
        counts = (
            "" if row.base_violations is None else f"{row.base_violations} → {row.cand_violations}"
        )
        table.add_row(
            row.severity,
            counts,
            _value(d.base_mean, "pass"),
            _value(d.cand_mean, "pass"),
            _rise(d),
        )
    return table


def _rise(d: PairedDifference) -> Text:
    """A change in violation rate, in points: a rise (worse) is red, a fall green."""
    if d.diff is None:
        return Text("—")
    ci = d.interval
    span = (
        "" if ci.low is None or ci.high is None else f" [{ci.low * 100:+.1f}, {ci.high * 100:+.1f}]"
    )
    style = "red" if d.diff > 0 else "green" if d.diff < 0 else ""
    return Text.assemble((f"{d.diff * 100:+.1f}", style), (span, "dim"))


def _p(value: float | None) -> str:
    if value is None:
        return "—"
    return "<0.001" if value < 0.001 else f"{value:.3f}"


def _diff(d: PairedDifference, metric: str = "pass") -> Text:
    if d.diff is None:
        return Text("—")
    ci = d.interval
    scale, fmt = (100.0, "{:+.1f}") if metric == "pass" else (1.0, "{:+.2f}")
    head = fmt.format(d.diff * scale)
    span = (
        ""
        if ci.low is None or ci.high is None
        else f" [{fmt.format(ci.low * scale)}, {fmt.format(ci.high * scale)}]"
    )
    style = "red" if d.diff < 0 else "green" if d.diff > 0 else ""
    return Text.assemble((head, style), (span, "dim"))


def _moved(d: PairedDifference) -> str:
    return f"{d.test.b}/{d.test.c}"


def _effect(d: PairedDifference) -> str:
    if d.effect_size is None:
        return "—"
    return f"{'h' if d.effect_size_name == 'cohen_h' else 'dz'} {d.effect_size:+.2f}"


def _verdict(move: str) -> Text:
    return Text(move.replace("_", " "), style=_MOVE_STYLE.get(move, ""))


_WRAPPING = ("check", "stratum")


def _table(title: str, columns: list[tuple[str, str]]) -> Table:
    table = Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, expand=False
    )
    for name, justify in columns:
        # Numbers never wrap; long check and stratum names fold instead.
        table.add_column(
            markup(name),
            justify=justify,  # type: ignore[arg-type]
            no_wrap=name not in _WRAPPING,
            overflow="fold",
            min_width=16 if name in _WRAPPING else None,
        )
    return table


def _layer_table(cmp: Comparison) -> Table:
    conf = f"{cmp.confidence:.0%}"
    table = _table(
        f"per layer, on {cmp.case_set.shared} shared cases "
        f"(Δ = candidate − baseline in points, unadjusted {conf} interval over cases)",
        [
            ("layer", "left"),
            (cmp.base_label, "right"),
            (cmp.cand_label, "right"),
            (f"Δ [{conf} CI, unadj.]", "right"),
            ("↓/↑", "right"),
            ("p", "right"),
            ("p Holm", "right"),
            ("effect", "right"),
            ("margin", "right"),
            ("verdict", "left"),
        ],
    )
    for d in cmp.layers:
        table.add_row(*_layer_cells(d))
    return table


def _layer_cells(d: LayerDelta) -> list[str | Text]:
    diff = d.difference
    if diff is None:
        return [d.layer, "—", "—", "—", "", "", "", "", "", _verdict(d.verdict)]
    margin = "—" if d.noise is None or d.noise.margin is None else f"±{d.noise.margin * 100:.1f}"
    verdict = _verdict(d.verdict)
    if d.verdict == "regression":
        verdict.append(" → block" if d.critical else " → review")
    elif d.verdict == "underpowered":
        verdict.append(" → review")
    return [
        d.layer,
        pct(diff.base_mean),
        pct(diff.cand_mean),
        _diff(diff),
        _moved(diff),
        _p(diff.test.p_value),
        _p(d.p_holm),
        _effect(diff),
        margin,
        verdict,
    ]


def _check_table(cmp: Comparison, rows: list[CheckDelta]) -> Table:
    table = _table(
        "per check (criterion): pass rate (Δ in points), or the check's own score",
        [
            ("check", "left"),
            ("layer", "left"),
            ("n", "right"),
            (cmp.base_label, "right"),
            (cmp.cand_label, "right"),
            ("Δ [CI, unadj.]", "right"),
            ("↓/↑", "right"),
            ("p", "right"),
            ("p Holm", "right"),
            ("t-test p", "right"),
            ("effect", "right"),
            ("", "left"),
        ],
    )
    for c in rows:
        d = c.difference
        table.add_row(
            markup(c.check),
            c.layer,
            str(d.n_cases),
            _value(d.base_mean, c.metric),
            _value(d.cand_mean, c.metric),
            _diff(d, c.metric),
            _moved(d),
            _p(d.test.p_value),
            _p(c.p_holm),
            "—" if d.t_test is None else _p(d.t_test.p_value),
            _effect(d),
            _verdict(c.movement if c.movement != "noise" else ""),
        )
    return table


def _stratum_table(cmp: Comparison, rows: list[StratumDelta]) -> Table:
    table = _table(
        "per stratum: pass rate in points",
        [
            ("stratum", "left"),
            ("layer", "left"),
            ("cases", "right"),
            (cmp.base_label, "right"),
            (cmp.cand_label, "right"),
            ("Δ [CI, unadj.]", "right"),
            ("↓/↑", "right"),
            ("p", "right"),
            ("p Holm", "right"),
            ("", "left"),
        ],
    )
    for s in rows:
        d = s.difference
        table.add_row(
            markup(f"{s.key}={s.value}"),
            s.layer,
            str(d.n_cases),
            pct(d.base_mean),
            pct(d.cand_mean),
            _diff(d),
            _moved(d),
            _p(d.test.p_value),
            _p(s.p_holm),
            _verdict(s.movement if s.movement != "noise" else ""),
        )
    return table


def render_comparison(comparison: Comparison, *, limit: int = 15) -> RenderableType:
    """The comparison: per-layer verdicts, per-check and per-stratum rows, flips, decision."""
    cmp = comparison
    parts: list[RenderableType] = [
        Text.assemble(
            ("baseline ", "dim"),
            (plain(cmp.base_run), "bold"),
            plain(f" ({cmp.base_label})"),
            ("  candidate ", "dim"),
            (plain(cmp.cand_run), "bold"),
            plain(f" ({cmp.cand_label})"),
            ("  seed ", "dim"),
            str(cmp.seed),
            ("  alpha ", "dim"),
            f"{cmp.alpha:g}",
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
    parts.append(Text(_noise_line(cmp), style="dim"))
    parts.append(Text(f"multiple comparisons: {cmp.family}", style="dim"))
    parts.append(
        Text(
            "tests: exact McNemar (pass/fail, one trial per case), else Wilcoxon signed-rank "
            "on per-case means (paired t beside it for scores); ↓/↑: cases worse/better in the "
            "candidate; effect: Cohen's h (pass rates) or d_z (scores); intervals are not "
            "adjusted for multiple tests (the Holm p decides)",
            style="dim",
        )
    )
    parts.append(_layer_table(cmp))
    if cmp.rubrics:
        parts.append(rubric_comparison_table(cmp.rubrics, cmp.base_label, cmp.cand_label))
    parts.extend(_detectable_lines(cmp))
    if cmp.safety:
        parts.append(_safety_table(cmp))

    # Rows worth a line: tested (enough cases) and with at least one case that moved.
    checks = [c for c in cmp.checks if c.tested and c.difference.test.n_discordant]
    strata = [s for s in cmp.strata if s.tested and s.difference.test.n_discordant]
    if checks:
        parts.append(_check_table(cmp, checks))
    if strata:
        parts.append(_stratum_table(cmp, strata))
    rows: list[CheckDelta | StratumDelta] = [*cmp.checks, *cmp.strata]
    few = sum(not r.tested for r in rows)
    still = sum(r.tested and not r.difference.test.n_discordant for r in rows)
    if few or still:
        parts.append(
            Text(
                f"not shown: {still} check/stratum rows where no case moved, {few} with fewer "
                f"than {cmp.min_cases} shared cases (untested); --json lists every row",
                style="dim",
            )
        )

    if cmp.flips:
        flips = _table(
            f"flipped cases ({len(cmp.flips)}), regressions first",
            [
                ("case", "left"),
                ("layer", "left"),
                ("change", "left"),
                ("repeats passing", "left"),
                ("check", "left"),
            ],
        )
        for f in cmp.flips[:limit]:
            style = "red" if f.direction == "regressed" else "green"
            flips.add_row(
                markup(f.case_id),
                f.layer,
                Text(f"{f.base} → {f.cand}", style=style),
                f"{f.base_share:.0%} → {f.cand_share:.0%}",
                markup(", ".join(f.checks)),
            )
        parts.append(flips)
        if len(cmp.flips) > limit:
            parts.append(Text(f"… and {len(cmp.flips) - limit} more (--limit)", style="dim"))
    else:
        parts.append(Text("no case changed status in any layer"))

    lines = [Text(plain(r)) for r in cmp.reasons] or [Text("no layer regressed beyond noise")]
    lines += [Text(plain(f"improvement: {i}"), style="green") for i in cmp.improvements]
    lines += [Text(plain(n), style="yellow") for n in cmp.notes]
    decision = Text(cmp.decision.upper(), style=_DECISION_STYLE[cmp.decision])
    parts.append(
        Panel(
            Text("\n").join(lines),
            title=Text.assemble("compare: ", decision),
            title_align="left",
            expand=False,
        )
    )
    return Group(*parts)


def _detectable_lines(cmp: Comparison) -> list[Text]:
    """What each layer's test could have seen, when its move decided nothing."""
    level = cmp.alpha / max(1, cmp.n_layer_tests)
    lines = []
    for d in cmp.layers:
        if d.difference is None or d.verdict not in ("noise", "not_significant", "underpowered"):
            continue
        lines.append(
            Text(
                f"{d.layer}: {d.verdict.replace('_', ' ')}; on {d.difference.n_cases} cases its "
                f"test detects a drop of "
                + (
                    "none, however large"
                    if d.detectable is None
                    else f"{d.detectable * 100:.1f} points"
                )
                + f" (80% power, α {level:.3g})",
                style="dim",
            )
        )
    return lines


def _noise_line(cmp: Comparison) -> str:
    if cmp.noise_source == "aa_pair":
        return f"noise margins: from the A/A pair {cmp.base_run} / {cmp.aa_run}"
    if cmp.noise_source == "split_half":
        ks = sorted(
            {m.k for d in cmp.layers if (m := d.noise) is not None and m.margin is not None}
        )
        repeats = f"{ks[0]}" if len(ks) == 1 else "/".join(map(str, ks))
        return f"noise margins: split-half of the baseline's repeats ({repeats} per case)"
    if cmp.noise_source == "given":
        return "noise margins: given by the caller"
    return "noise margin not measured: run with repeats ≥ 2 or pass --aa"
