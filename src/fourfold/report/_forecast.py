"""The terminal view of a forecast and of a run's forecast beside what happened.

``fourfold run --dry-run`` prints the first, ``fourfold show`` the second.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .._text import markup
from ..forecast import Forecast, ForecastCheck, format_seconds, format_usd

__all__ = ["render_forecast", "render_forecast_check"]


def render_forecast(forecast: Forecast) -> RenderableType:
    """The forecast: trials, calls per caller, tokens, money, wall time, and what it assumed."""
    f = forecast
    head = Text.assemble(
        ("dry run", "bold"),
        f": suite {f.suite}, agent {f.agent}: {f.cases} cases × {f.repeats} repeats = "
        f"{f.trials} trials, {f.concurrency} at once; nothing was called",
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    for name in (
        "caller",
        "model",
        "calls",
        "cached",
        "at most",
        "input tok",
        "output tok",
        "cost",
    ):
        table.add_column(name, justify="left" if name in ("caller", "model") else "right")
    for c in f.callers:
        table.add_row(
            markup(f"{c.role} {c.name}"),
            markup(c.model),
            str(c.calls),
            str(c.cached),
            str(c.max_calls),
            f"{c.input_tokens:,}",
            f"{c.output_tokens:,}",
            format_usd(c.cost_usd),
        )
    if f.callers:
        table.add_row(
            "total", "", str(f.calls), str(f.cached), "", f"{f.input_tokens:,}",
            f"{f.output_tokens:,}", format_usd(f.cost_usd), style="bold",
        )  # fmt: skip
    lines: list[RenderableType] = [head, table]
    cost = format_usd(f.cost_usd)
    unpriced = f" (without {', '.join(f.unpriced)}: no price)" if f.unpriced else ""
    if f.min_wall_s > 0:
        wall = f"{format_seconds(f.min_wall_s)} (the rate limits) to {format_seconds(f.max_wall_s)}"
    else:
        wall = f"up to {format_seconds(f.max_wall_s)}"
    lines.append(
        Text(
            f"{f.calls - f.cached} calls sent, {f.cached} from the cache; cost {cost}{unpriced}; "
            f"wall time {wall} (every trial to its timeout)"
        )
    )
    lines.append(
        Text(
            f"tokens at {f.chars_per_token:g} characters a token of the rendered prompts; "
            "replies and tool rounds assumed (fourfold.forecast)",
            style="dim",
        )
    )
    lines.extend(Text.assemble(("note: ", "yellow"), markup(n)) for n in f.notes)
    return Group(*lines)


def render_forecast_check(check: ForecastCheck) -> RenderableType:
    """A run's forecast beside what it did, one quantity a line."""
    return Group(
        Text("forecast against what happened", style="bold"),
        *(Text(f"  {line}") for line in check.lines()),
    )
