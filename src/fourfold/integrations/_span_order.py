"""Spans in the order they started, a parent before the spans it started at the same time.

A backend with a coarse clock (Langfuse keeps milliseconds; Jaeger and Zipkin
microseconds) gives a run and the first span inside it the same start; the order they then
arrive in is the exporter's (a batch processor sends children first). Among spans that
started together, the one with fewer ancestors in the trace comes first (a span cannot
start before its parent), then the order they came in, so the assembly reads a trace the
same whichever order a backend returned it in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ._spans import Span, ancestors

__all__ = ["in_time_order"]


def in_time_order(spans: Iterable[Span]) -> list[Span]:
    """Copies of `spans` by start time, an ancestor first among those that started together.

    Each copy is numbered by its place (`Span.order`).

    A span without a start time sorts first, by the order it came in (`Span.sort_key`).

    Examples:
        >>> def span(span_id: str, parent: str | None, order: int) -> Span:
        ...     return Span("t", span_id, parent, span_id, 5, 9, "ok", None, {}, order=order)
        >>> [s.span_id for s in in_time_order([span("child", "root", 0), span("root", None, 1)])]
        ['root', 'child']
    """
    given = list(spans)
    by_id = {s.span_id: s for s in given}
    depth = {id(s): len(ancestors(s, by_id)) for s in given}
    ranked = sorted(given, key=lambda s: (s.sort_key[0], depth[id(s)], s.sort_key[1]))
    return [replace(span, order=n) for n, span in enumerate(ranked)]
