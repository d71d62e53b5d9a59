"""Reviews of judge scores in the terminal: how many, and each override beside the judge."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .._format import count_of
from .._text import markup, plain
from ..summary import ReviewSummary

__all__ = ["render_reviews"]

SHOWN = 20
"""Overrides listed; the rest are counted."""


def _score(value: float | None) -> str:
    return "—" if value is None else f"{value:g}"


def render_reviews(reviews: ReviewSummary | None, *, limit: int = SHOWN) -> RenderableType | None:
    """The reviews line (overridden, accepted, the judges' own decision) and the overrides.

    None when nothing was reviewed. Each override shows the judge's score and status beside
    the reviewer's, with who, when and why.
    """
    if reviews is None or not (reviews.overridden or reviews.accepted or reviews.stale):
        return None
    line = Text.assemble(
        ("reviews  ", "dim"),
        f"{count_of(reviews.overridden, 'judge score')} overridden, "
        f"{reviews.accepted} accepted by people; they count from now on",
    )
    if reviews.judge_decision is not None:
        line.append(f" (on the judges' own scores the gate said {reviews.judge_decision})")
    if reviews.stale:
        line.append(
            f"; {count_of(reviews.stale, 'review')} of a score graded again since, not counted",
            style="yellow",
        )
    if not reviews.overrides:
        return line
    table = Table(title="overridden judge scores", title_justify="left", expand=False)
    for name in ("trial", "check", "judge", "reviewer's", "by", "when", "why"):
        table.add_column(name, overflow="fold", max_width=60 if name == "why" else None)
    for o in reviews.overrides[:limit]:
        table.add_row(
            markup(f"{o.case_id}#{o.repeat}"),
            markup(o.check),
            f"{_score(o.judge_score)} ({o.judge_status})",
            f"{_score(o.score)} ({o.status})",
            markup(o.reviewer),
            (o.at or "")[:16].replace("T", " "),
            markup(o.reason or ""),
        )
    parts: list[RenderableType] = [line, table]
    if len(reviews.overrides) > limit:
        rest = len(reviews.overrides) - limit
        parts.append(Text(plain(f"… and {rest} more (the viewer's reviews page lists all)")))
    return Group(*parts)
