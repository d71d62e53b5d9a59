"""A small SVG writer: every text and attribute escaped, numbers rounded, nothing else.

Plots are drawn in Python so the report needs no chart library and no script to show
them. Labels can come from the user's files (check names, stratum values), so they are
escaped like any other text, and written `plain` (a bidi control shows as ``<U+202E>``:
SVG text obeys overrides as HTML does, and has no room for the report's marker).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from markupsafe import Markup, escape

from ..._text import plain
from ...stats import Movement

__all__ = ["Svg", "nice_max", "num", "ticks"]

STATUS_COLORS = {"pass": "#16a34a", "fail": "#dc2626", "error": "#d97706", "skip": "#a8a29e"}
LAYER_COLORS = {
    "outcome": "#2563eb",
    "trajectory": "#7c3aed",
    "grounding": "#0d9488",
    "policy": "#ea580c",
}
MOVEMENT_COLORS: dict[Movement, str] = {
    "regression": "#dc2626",
    "improvement": "#16a34a",
    "noise": "#57534e",
    "not_significant": "#78716c",
    "underpowered": "#d97706",
    "no_data": "#a8a29e",
}


def num(value: float) -> str:
    """A coordinate, rounded to 0.1."""
    return f"{value:.1f}".rstrip("0").rstrip(".") if math.isfinite(value) else "0"


def nice_max(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value`."""
    if value <= 0 or not math.isfinite(value):
        return 1.0
    exponent = math.floor(math.log10(value))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        candidate = step * 10.0**exponent
        if candidate >= value * (1 - 1e-9):
            return candidate
    return 10.0 ** (exponent + 1)


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About `count` round tick values between `low` and `high`."""
    if high <= low:
        return [low]
    step = nice_max((high - low) / max(count, 1))
    first = math.ceil(low / step - 1e-9) * step
    out = []
    value = first
    while value <= high + step * 1e-9:
        out.append(round(value, 12))
        value += step
    return out


class Svg:
    """An SVG image being drawn; `markup` gives the finished, safe element."""

    def __init__(self, width: float, height: float, label: str, *, css: str = "plot") -> None:
        self.width = width
        self.height = height
        self.label = label
        self.css = css
        self.parts: list[str] = []

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        *,
        title: str | None = None,
        css: str | None = None,
        stroke: str | None = None,
        opacity: float | None = None,
    ) -> None:
        """A rectangle, with a tooltip when `title` is given."""
        attrs = f'x="{num(x)}" y="{num(y)}" width="{num(max(w, 0))}" height="{num(max(h, 0))}"'
        attrs += f' fill="{escape(fill)}"'
        if stroke:
            attrs += f' stroke="{escape(stroke)}"'
        if opacity is not None:
            attrs += f' fill-opacity="{opacity:.2f}"'
        if css:
            attrs += f' class="{escape(css)}"'
        if title is None:
            self.parts.append(f"<rect {attrs}/>")
        else:
            self.parts.append(f"<rect {attrs}><title>{_label(title)}</title></rect>")

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        stroke: str,
        *,
        width: float = 1,
        dash: str | None = None,
    ) -> None:
        """A straight line."""
        extra = f' stroke-dasharray="{escape(dash)}"' if dash else ""
        self.parts.append(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            f'stroke="{escape(stroke)}" stroke-width="{num(width)}"{extra}/>'
        )

    def polyline(
        self,
        points: Sequence[tuple[float, float]],
        stroke: str,
        *,
        width: float = 2,
        dash: str | None = None,
    ) -> None:
        """A line through `points`."""
        coords = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        extra = f' stroke-dasharray="{escape(dash)}"' if dash else ""
        self.parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{escape(stroke)}" '
            f'stroke-width="{num(width)}"{extra}/>'
        )

    def circle(self, x: float, y: float, r: float, fill: str, *, title: str | None = None) -> None:
        """A dot, with a tooltip when `title` is given."""
        attrs = f'cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{escape(fill)}"'
        if title is None:
            self.parts.append(f"<circle {attrs}/>")
        else:
            self.parts.append(f"<circle {attrs}><title>{_label(title)}</title></circle>")

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        anchor: str = "start",
        css: str | None = None,
        fill: str | None = None,
        max_chars: int | None = None,
    ) -> None:
        """A label; cut to `max_chars` with the whole of it as a tooltip."""
        shown = text = plain(text)
        title = ""
        if max_chars is not None and len(text) > max_chars:
            shown = text[: max_chars - 1] + "…"
            title = f"<title>{escape(text)}</title>"
        attrs = f'x="{num(x)}" y="{num(y)}" text-anchor="{escape(anchor)}"'
        if css:
            attrs += f' class="{escape(css)}"'
        if fill:
            attrs += f' fill="{escape(fill)}"'
        self.parts.append(f"<text {attrs}>{title}{escape(shown)}</text>")

    @property
    def markup(self) -> Markup:
        """The finished ``<svg>`` element."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="{escape(self.css)}" '
            f'viewBox="0 0 {num(self.width)} {num(self.height)}" width="{num(self.width)}" '
            f'height="{num(self.height)}" role="img" aria-label="{_label(self.label)}">'
            f"<title>{_label(self.label)}</title>"
        )
        return Markup(head + "".join(self.parts) + "</svg>")


def _label(text: str) -> Markup:
    return escape(plain(text))
