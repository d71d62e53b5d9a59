"""The report's plots, drawn as inline SVG from the report's data."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import median

from markupsafe import Markup

from ..._format import pct
from ...predictability import LayerPredictability
from ...runs import LAYERS
from ._model import (
    CalibrationView,
    CheckStats,
    ConsistencyLine,
    Distribution,
    ForestRow,
    StratumStats,
)
from ._svg import LAYER_COLORS, MOVEMENT_COLORS, STATUS_COLORS, Svg, nice_max, num, ticks

__all__ = [
    "check_outcomes",
    "confusion_matrix",
    "forest_plot",
    "histogram",
    "pass_k_plot",
    "reliability_diagram",
    "score_histogram",
    "strata_heatmap",
]

_ROW = 22
_STATUSES = ("pass", "fail", "error", "skip")


def check_outcomes(checks: Sequence[CheckStats]) -> Markup:
    """One stacked bar per check: its passes, failures, errors and skips."""
    label_w, bar_w, right_w, top = 230, 380, 150, 30
    svg = Svg(label_w + bar_w + right_w, top + _ROW * len(checks) + 8, "results per check")
    x = label_w
    for status in _STATUSES:
        svg.rect(x, 8, 10, 10, STATUS_COLORS[status])
        svg.text(x + 14, 17, status, css="small")
        x += 70
    for i, c in enumerate(checks):
        y = top + i * _ROW
        total = sum(c.counts.values()) or 1
        svg.circle(8, y + 8, 4, LAYER_COLORS[c.layer], title=c.layer)
        svg.text(18, y + 12, c.check, max_chars=30)
        offset = 0.0
        for status in _STATUSES:
            n = c.counts.get(status, 0)
            if not n:
                continue
            w = bar_w * n / total
            svg.rect(label_w + offset, y + 2, w, 14, STATUS_COLORS[status], title=f"{status}: {n}")
            offset += w
        decided = c.counts.get("pass", 0) + c.counts.get("fail", 0)
        rate = c.counts.get("pass", 0) / decided if decided else None
        svg.text(
            label_w + bar_w + 8,
            y + 12,
            f"{pct(rate)} pass · {total:,}",
            css="small",
        )
    return svg.markup


def score_histogram(check: CheckStats) -> Markup:
    """The distribution of one check's scores.

    One bar per score on a small integer scale (a judge's 0-3), else 10 bins.
    """
    w, h, left, bottom, top = 300, 150, 34, 24, 22
    scores = check.scores
    svg = Svg(w, h, f"scores of {check.check}")
    svg.text(left, 14, f"{check.check} (n={len(scores):,})", css="strong", max_chars=36)
    if not scores:
        return svg.markup
    distinct = sorted(set(scores))
    if all(float(s).is_integer() for s in distinct) and len(distinct) <= 11:
        low, high = int(min(distinct)), int(max(distinct))
        labels = [str(v) for v in range(low, high + 1)]
        counts = [sum(1 for s in scores if s == v) for v in range(low, high + 1)]
    else:
        low_f, high_f = min(scores), max(scores)
        if 0 <= low_f and high_f <= 1:
            low_f, high_f = 0.0, 1.0
        span = (high_f - low_f) or 1.0
        counts = [0] * 10
        for s in scores:
            counts[min(int((s - low_f) / span * 10), 9)] += 1
        labels = [f"{low_f + span * i / 10:.2g}" for i in range(10)]
    plot_w, plot_h = w - left - 8, h - top - bottom
    peak = max(counts) or 1
    bar = plot_w / len(counts)
    svg.line(left, top + plot_h, left + plot_w, top + plot_h, "#a8a29e")
    svg.text(left - 4, top + 8, f"{peak:,}", anchor="end", css="small")
    color = LAYER_COLORS[check.layer]
    for i, (label, n) in enumerate(zip(labels, counts, strict=True)):
        bh = plot_h * n / peak
        svg.rect(
            left + i * bar + 1,
            top + plot_h - bh,
            bar - 2,
            bh,
            color,
            title=f"{label}: {n:,}",
            opacity=0.85,
        )
        if len(labels) <= 11 and (len(labels) <= 6 or i % 2 == 0):
            svg.text(left + i * bar + bar / 2, h - 8, label, anchor="middle", css="small")
    return svg.markup


def strata_heatmap(key: str, rows: Sequence[StratumStats]) -> Markup:
    """Pass rate per layer (columns) for each value of one stratum key (rows)."""
    label_w, cell_w, top = 130, 66, 18
    svg = Svg(label_w + cell_w * len(LAYERS) + 4, top + _ROW * len(rows) + 4, f"pass rate by {key}")
    for j, layer in enumerate(LAYERS):
        svg.text(label_w + j * cell_w + cell_w / 2, 12, layer, anchor="middle", css="small")
    for i, row in enumerate(rows):
        y = top + i * _ROW
        svg.text(4, y + 15, f"{row.value} ({row.cases})", max_chars=19)
        for j, layer in enumerate(LAYERS):
            rate = row.pass_rates.get(layer)
            n = row.trials.get(layer, 0)
            x = label_w + j * cell_w
            svg.rect(
                x + 1,
                y + 1,
                cell_w - 2,
                _ROW - 2,
                _rate_color(rate),
                title=f"{key}={row.value}, {layer}: {pct(rate)} of {n:,} trials",
            )
            svg.text(x + cell_w / 2, y + 15, pct(rate), anchor="middle", css="cell")
    return svg.markup


def _rate_color(rate: float | None) -> str:
    if rate is None:
        return "#e7e5e4"
    # red (0) → amber (0.5) → green (1), light enough for dark text
    stops = [(0.0, (254, 202, 202)), (0.5, (253, 230, 138)), (1.0, (187, 247, 208))]
    for (a, ca), (b, cb) in zip(stops, stops[1:], strict=False):
        if rate <= b:
            t = (rate - a) / (b - a)
            r, g, bl = (round(ca[k] + (cb[k] - ca[k]) * t) for k in range(3))
            return f"#{r:02x}{g:02x}{bl:02x}"
    return "#bbf7d0"


def forest_plot(rows: Sequence[ForestRow], *, title: str, percent: bool = True) -> Markup:
    """Paired differences with their intervals: a dot and a line per row.

    Zero is marked, and the noise margin shaded on layer rows.
    """
    label_w, plot_w, right_w, top = 250, 360, 190, 30
    height = top + _ROW * len(rows) + 30
    svg = Svg(label_w + plot_w + right_w, height, title)
    extent = max(
        [abs(v) for r in rows for v in (r.low, r.high, r.diff, r.margin) if v is not None] or [1.0]
    )
    bound = min(nice_max(extent * 1.05), 1.0) if percent else nice_max(extent * 1.05)

    def sx(v: float) -> float:
        return label_w + plot_w * (v + bound) / (2 * bound)

    bottom = top + _ROW * len(rows)
    for t in ticks(-bound, bound, 4):
        svg.line(sx(t), top - 4, sx(t), bottom, "#e7e5e4")
        label = f"{t * 100:+.0f}" if percent else f"{t:+.2g}"
        svg.text(sx(t), bottom + 16, label.replace("+0", "0"), anchor="middle", css="small")
    svg.line(sx(0), top - 4, sx(0), bottom, "#57534e")
    svg.text(
        label_w + plot_w / 2,
        14,
        "difference, candidate − baseline" + (" (points)" if percent else ""),
        anchor="middle",
        css="small",
    )
    for i, r in enumerate(rows):
        if i and r.group != rows[i - 1].group:
            svg.line(0, top + i * _ROW, svg.width, top + i * _ROW, "#d6d3d1")
        y = top + i * _ROW + _ROW / 2
        css = "strong" if r.group == "layer" else ("muted" if not r.tested else None)
        svg.text(4, y + 4, r.label, css=css, max_chars=36)
        if r.margin is not None:
            svg.rect(
                sx(-abs(r.margin)),
                y - 8,
                sx(abs(r.margin)) - sx(-abs(r.margin)),
                16,
                "#d6d3d1",
                opacity=0.6,
                title=f"noise margin ±{_fmt(abs(r.margin), percent)}",
            )
        color = MOVEMENT_COLORS.get(r.movement, "#57534e") if r.tested else "#a8a29e"
        if r.low is not None and r.high is not None:
            svg.line(sx(r.low), y, sx(r.high), y, color, width=2)
            svg.line(sx(r.low), y - 4, sx(r.low), y + 4, color, width=2)
            svg.line(sx(r.high), y - 4, sx(r.high), y + 4, color, width=2)
        if r.diff is not None:
            p = "untested" if not r.tested else f"Holm p = {_p(r.p_holm)}"
            svg.circle(
                sx(r.diff),
                y,
                5 if r.group == "layer" else 4,
                color,
                title=f"{r.label}: {_fmt(r.diff, percent)} ({r.movement}; {p}; {r.n_cases} cases)",
            )
        interval = (
            ""
            if r.low is None or r.high is None
            else f" [{_fmt(r.low, percent)}, {_fmt(r.high, percent)}]"
        )
        text = "—" if r.diff is None else f"{_fmt(r.diff, percent)}{interval}"
        svg.text(label_w + plot_w + 8, y + 4, text, css="small", fill=color)
    return svg.markup


def _fmt(value: float, percent: bool) -> str:
    return f"{value * 100:+.1f}" if percent else f"{value:+.2f}"


def _p(value: float | None) -> str:
    return "—" if value is None else f"{value:.3g}"


def pass_k_plot(lines: Sequence[ConsistencyLine]) -> Markup:
    """pass^k (solid) and pass@k (dashed) by k, one colour per layer."""
    w, h, left, right, top, bottom = 420, 240, 44, 110, 16, 34
    svg = Svg(w, h, "pass^k and pass@k by k")
    plot_w, plot_h = w - left - right, h - top - bottom
    k_max = max((r.k for line in lines for r in line.rows), default=1)

    def sx(k: float) -> float:
        return left + (plot_w * (k - 1) / (k_max - 1) if k_max > 1 else plot_w / 2)

    def sy(v: float) -> float:
        return top + plot_h * (1 - v)

    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.line(left, sy(t), left + plot_w, sy(t), "#e7e5e4")
        svg.text(left - 6, sy(t) + 4, pct(t), anchor="end", css="small")
    for k in range(1, k_max + 1):
        svg.text(sx(k), h - 16, str(k), anchor="middle", css="small")
    svg.text(
        left + plot_w / 2, h - 2, "k (repeats that must all pass)", anchor="middle", css="small"
    )
    for n, line in enumerate(lines):
        color = LAYER_COLORS[line.layer]
        hat = [(sx(r.k), sy(r.pass_hat_k)) for r in line.rows if r.pass_hat_k is not None]
        at = [(sx(r.k), sy(r.pass_at_k)) for r in line.rows if r.pass_at_k is not None]
        if len(at) > 1:
            svg.polyline(at, color, width=1.5, dash="4 3")
        if len(hat) > 1:
            svg.polyline(hat, color)
        for r in line.rows:
            if r.pass_hat_k is not None:
                svg.circle(
                    sx(r.k),
                    sy(r.pass_hat_k),
                    3.5,
                    color,
                    title=f"{line.layer}: pass^{r.k} = {pct(r.pass_hat_k, 1)}, "
                    f"pass@{r.k} = {pct(r.pass_at_k, 1)} ({r.n_cases} cases)",
                )
        y = top + 14 + n * 20
        svg.line(w - right + 12, y - 4, w - right + 30, y - 4, color, width=2)
        svg.text(w - right + 36, y, line.layer, css="small")
    y = top + 14 + len(lines) * 20 + 8
    svg.line(w - right + 12, y - 4, w - right + 30, y - 4, "#57534e", width=2)
    svg.text(w - right + 36, y, "pass^k", css="small")
    svg.line(w - right + 12, y + 12, w - right + 30, y + 12, "#57534e", width=1.5, dash="4 3")
    svg.text(w - right + 36, y + 16, "pass@k", css="small")
    return svg.markup


def reliability_diagram(rows: Sequence[LayerPredictability]) -> Markup:
    """Success rate against mean confidence per confidence bin, one colour per layer.

    The diagonal is perfect calibration; a point below it is overconfidence. A point's
    size grows with the trials in its bin.
    """
    w, h, left, right, top, bottom = 420, 260, 44, 110, 16, 34
    svg = Svg(w, h, "reliability diagram: success rate by confidence")
    plot_w, plot_h = w - left - right, h - top - bottom

    def sx(v: float) -> float:
        return left + plot_w * v

    def sy(v: float) -> float:
        return top + plot_h * (1 - v)

    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.line(left, sy(t), left + plot_w, sy(t), "#e7e5e4")
        svg.text(left - 6, sy(t) + 4, pct(t), anchor="end", css="small")
        svg.text(sx(t), h - 16, f"{t:g}", anchor="middle", css="small")
    svg.line(sx(0), sy(0), sx(1), sy(1), "#a8a29e", dash="4 3")
    svg.text(left + plot_w / 2, h - 2, "confidence (bin mean)", anchor="middle", css="small")
    most = max((b.n for row in rows for b in row.figures.bins), default=1)
    for n, row in enumerate(rows):
        color = LAYER_COLORS[row.layer]
        points = [
            (b, sx(b.mean_confidence), sy(b.success_rate))
            for b in row.figures.bins
            if b.mean_confidence is not None and b.success_rate is not None
        ]
        if len(points) > 1:
            svg.polyline([(x, y) for _, x, y in points], color, width=1.5)
        for b, x, y in points:
            svg.circle(
                x,
                y,
                2.5 + 4 * math.sqrt(b.n / most),
                color,
                title=f"{row.layer}: confidence {b.low:g}-{b.high:g}, {b.n} trials, mean "
                f"confidence {b.mean_confidence:.2f}, success {pct(b.success_rate, 1)}",
            )
        y = top + 14 + n * 20
        svg.line(w - right + 12, y - 4, w - right + 30, y - 4, color, width=2)
        svg.text(w - right + 36, y, row.layer, css="small")  # the source is in the note
    return svg.markup


def histogram(dist: Distribution, *, bins: int = 30) -> Markup:
    """A distribution's histogram, the baseline's drawn as an outline over it."""
    w, h, left, bottom, top = 380, 190, 46, 40, 24
    svg = Svg(w, h, f"distribution of {dist.name}")
    values = sorted(dist.values)
    base = sorted(dist.baseline)
    both = values + base
    summary = f"median {_unit(median(values), dist.unit)} · p90 {_unit(_q(values, 0.9), dist.unit)}"
    svg.text(left, 14, f"{dist.name}: {summary}", css="strong")
    low = min(both)
    high = _q(sorted(both), 0.995)
    if high <= low:
        high = low + (abs(low) or 1.0)
    width = (high - low) / bins

    def counts(vs: Sequence[float]) -> list[int]:
        out = [0] * bins
        for v in vs:
            out[min(max(int((v - low) / width), 0), bins - 1)] += 1
        return out

    mine, theirs = counts(values), counts(base)
    # Shares, not counts, so runs of different sizes compare.
    mine_s = [c / len(values) for c in mine]
    theirs_s = [c / len(base) for c in theirs] if base else []
    peak = max(mine_s + theirs_s) or 1.0
    plot_w, plot_h = w - left - 10, h - top - bottom
    bar = plot_w / bins
    svg.line(left, top + plot_h, left + plot_w, top + plot_h, "#a8a29e")
    svg.text(left - 4, top + 8, pct(peak), anchor="end", css="small")
    for i, share in enumerate(mine_s):
        bh = plot_h * share / peak
        lo = low + i * width
        svg.rect(
            left + i * bar,
            top + plot_h - bh,
            max(bar - 1, 0.5),
            bh,
            "#2563eb",
            opacity=0.75,
            title=f"{_unit(lo, dist.unit)}–{_unit(lo + width, dist.unit)}: {mine[i]:,}",
        )
    if theirs_s:
        points = []
        for i, share in enumerate(theirs_s):
            y = top + plot_h - plot_h * share / peak
            points += [(left + i * bar, y), (left + (i + 1) * bar, y)]
        svg.polyline(points, "#1c1917", width=1.5)
    for t in ticks(low, high, 4):
        x = left + plot_w * (t - low) / (high - low)
        if left - 1 <= x <= left + plot_w + 1:
            svg.text(x, top + plot_h + 14, _unit(t, dist.unit), anchor="middle", css="small")
    legend = "bars: this run" + (" · line: baseline" if theirs_s else "")
    svg.text(left, h - 6, legend + f" · n = {len(values):,}", css="small")
    return svg.markup


def _q(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(int(math.ceil(q * len(sorted_values))) - 1, len(sorted_values) - 1)]


def _unit(value: float, unit: str) -> str:
    if unit == "USD":
        return f"${value:.4f}" if abs(value) < 1 else f"${value:,.2f}"
    if unit == "s":
        if abs(value) < 0.01:
            return f"{value * 1000:.1f} ms"
        if abs(value) < 1:
            return f"{value * 1000:.0f} ms"
        return f"{value:.2f} s" if abs(value) < 10 else f"{value:,.0f} s"
    return f"{value:,.0f}"


def confusion_matrix(view: CalibrationView) -> Markup:
    """Human labels (rows) against the judge's scores (columns), counts shaded."""
    n = len(view.labels)
    cell, left, top = 44, 70, 52
    w, h = left + cell * n + 16, top + cell * n + 34
    label = f"{view.criterion}: judge against humans ({view.slice})"
    svg = Svg(w, h, label)
    svg.text(4, 14, f"{view.criterion} · {view.slice}", css="strong", max_chars=40)
    svg.text(left + cell * n / 2, 32, "judge", anchor="middle", css="small")
    svg.text(4, top + cell * n + 24, "rows: human", css="small")
    peak = max((v for row in view.matrix for v in row), default=0) or 1
    for j, lab in enumerate(view.labels):
        svg.text(left + j * cell + cell / 2, top - 6, lab, anchor="middle", css="small")
    for i, row in enumerate(view.matrix):
        svg.text(left - 8, top + i * cell + cell / 2 + 4, view.labels[i], anchor="end", css="small")
        for j, count in enumerate(row):
            share = count / peak
            fill = f"rgb({num(239 - 202 * share)},{num(246 - 147 * share)},{num(255 - 20 * share)})"
            svg.rect(
                left + j * cell,
                top + i * cell,
                cell - 2,
                cell - 2,
                fill,
                stroke="#1c1917" if i == j else None,
                title=f"human {view.labels[i]}, judge {view.labels[j]}: {count}",
            )
            svg.text(
                left + j * cell + cell / 2 - 1,
                top + i * cell + cell / 2 + 4,
                str(count),
                anchor="middle",
                css="cell-light" if share > 0.55 else "cell",
            )
    return svg.markup
