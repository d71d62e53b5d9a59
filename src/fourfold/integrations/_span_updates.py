"""A span exported again while it ran: each copy a state of it, the span its last update.

Judgment Labs' judgeval exports a span not only when it ends: its span processor
(``JudgmentSpanProcessor``, a batch processor) also exports the state of the span that is
running each time the tracer records progress (``emit_partial``: a decorated function's span
once its input is set, the span a new child starts under). Every copy has the span's trace
and span id, its parent, its name and its start time, the attributes set so far, and a
number, ``judgment.update_id``: 0, 1, 2... in the order the copies were made, the copy made
when the span ended numbered last (judgeval 1.x counts on; its 0.x processor gave the ended
copy 20). A copy made while the span ran ends at its start (the processor writes
``end_time or start_time``) and holds no output yet: a decorated function's root exported
three times before its children's model calls and tools, then a fourth time, ended, with
the function's result.

The copies are one span, read once, from its last update (`latest_updates`): the ended copy
over those made while it ran, else the highest number. Read as spans of their own they would
be the run three times over, ended before it began its work, each tool run twice.

Only copies that carry an update number are so read: two different records under one span
id with none (Zipkin's shared client and server span) stay two (`SpanAssembler`), and a
record delivered again as it was is dropped before (`_spans.without_repeats`). The number
is read as a count whatever its type (an ``intValue``, a float, text: `_numbers`), so a
backend that keeps attributes as text reads the same copy.

`running_copy` says a record is such a copy of a span that had not ended: the monitor's
assembler does not take a root span's running copy for the root's arrival, which would hand
the trace out before the run ended (`SpanAssembler.due`).
"""

from __future__ import annotations

from ._numbers import token_count
from ._spans import Span

__all__ = ["UPDATE_ID", "latest_updates", "running_copy"]

UPDATE_ID = "judgment.update_id"


def running_copy(span: Span) -> bool:
    """Whether `span` is a copy its tracer exported while the span ran (not its end).

    A numbered copy that ends at its start (or with no end): judgeval writes a running
    span's end as its start.

    Examples:
        >>> def record(n, end, **attrs):
        ...     return Span("t", "s", None, "weather_loop", 5, end, "unset", None,
        ...                 {UPDATE_ID: n, **attrs})
        >>> running_copy(record(0, 5)), running_copy(record(3, 9)), running_copy(record(0, None))
        (True, False, True)

        Not a span with no number, however short:

        >>> running_copy(Span("t", "s", None, "chat", 5, 5, "ok", None, {}))
        False
    """
    if token_count(span.attributes.get(UPDATE_ID)) is None:
        return False
    return span.end_ns is None or span.start_ns is None or span.end_ns <= span.start_ns


def latest_updates(spans: list[Span]) -> list[Span]:
    """`spans` with each span's numbered copies read once, as its last update.

    The copy kept stands where the span's first copy stood.

    Examples:
        >>> def record(span_id, n, end, **attrs):
        ...     return Span("t", span_id, None, "f", 5, end, "unset", None,
        ...                 {UPDATE_ID: n, **attrs})
        >>> spans = [record("a", 0, 5), record("b", 0, 7), record("a", 1, 5),
        ...          record("a", 2, 9, **{"judgment.output": "done"})]
        >>> [(s.span_id, s.attributes[UPDATE_ID], s.end_ns) for s in latest_updates(spans)]
        [('a', 2, 9), ('b', 0, 7)]

        The ended copy over one made while the span ran, whatever their numbers (judgeval
        0.x numbered the ended copy 20, its running copies on from 0); the number as text
        reads the same; among copies all made while the span ran, the highest number:

        >>> [s.attributes[UPDATE_ID] for s in latest_updates([record("a", 20, 9),
        ...     record("a", 21, 5)])]
        [20]
        >>> [s.attributes[UPDATE_ID] for s in latest_updates([record("a", "10", 5),
        ...     record("a", "9", 5)])]
        ['10']

        Records under one id with no number (Zipkin's client and server halves), and the
        same id in another trace, are kept:

        >>> halves = [Span("t", "z", None, "get", 1, 4, "ok", None, {"kind": k})
        ...           for k in ("client", "server")]
        >>> len(latest_updates(halves)), len(latest_updates([record("a", 0, 5),
        ...     Span("u", "a", None, "f", 5, 9, "unset", None, {UPDATE_ID: 1})]))
        (2, 2)
    """
    latest: dict[tuple[str, str], Span] = {}
    for span in spans:
        if token_count(span.attributes.get(UPDATE_ID)) is None:
            continue
        key = (span.trace_id, span.span_id)
        held = latest.get(key)
        if held is None or _rank(span) > _rank(held):
            latest[key] = span
    if len(latest) == sum(token_count(s.attributes.get(UPDATE_ID)) is not None for s in spans):
        return spans  # no span exported twice
    out: list[Span] = []
    placed: set[tuple[str, str]] = set()
    for span in spans:
        key = (span.trace_id, span.span_id)
        if key not in latest:
            out.append(span)
        elif key not in placed:
            placed.add(key)
            out.append(latest[key])
    return out


def _rank(span: Span) -> tuple[bool, int, int]:
    """How late a copy is: ended before running, then its number, then its end."""
    number = token_count(span.attributes.get(UPDATE_ID)) or 0
    return (not running_copy(span), number, span.end_ns or 0)
