"""Incremental span assembly: spans in any order and any number of pieces, traces out.

Spans of one trace arrive in pieces (an exporter sends batches on a timer; a file holds
several export requests; a trace's root span ends, and is exported, last). A `SpanAssembler`
keeps spans per trace id and hands a trace out once it is complete: its root span (one without
a parent) has arrived and no span of it came for `settle_s`, or no span of it came for
`timeout_s` — or on `flush`. ``fourfold import`` feeds a whole file and flushes;
``fourfold monitor`` feeds what arrives and asks what is `due`.

Traces joined by span links are one run (`joined_runs`, rule D13: a trace whose root span
links to one other trace of those buffered, or whose steps deliver a message one other
sent, neither a batch): they are handed out together,
once each is complete, as one trace with the id of the run's first trace (the others in its
metadata's ``joined_traces``). Only traces buffered together are joined: a continuation
arriving after its run was handed out is a trace of its own. So with a request only another
trace's result answers (`with_calls_answered_elsewhere`): it is a call only when both traces
are handed out together.

Spans of a trace already handed out are dropped and counted (`late_spans`): the trace was
assembled from what had arrived. A span delivered again as it was (an exporter or a
Collector retrying a batch the receiver had taken: OTLP delivers at least once; a file that
holds the same export twice) is dropped and counted (`repeated_spans`): the same span id
with the same record. Two different records under one span id (Zipkin's shared client and
server span) are both kept; a span its tracer exported again while it ran (judgeval's
numbered copies) is read once, from its last update (`latest_updates`), and a root's copy
made while it ran is not the root's arrival (`running_copy`). Events from the logs signal
(OTLP ``resourceLogs``: the OpenTelemetry GenAI instrumentations' messages) arrive in
requests of their own, before or after their span; each is kept with its trace and put on
its span when the trace is assembled (`attach_log_events`), and one for a trace already
handed out is counted (`late_log_events`). A trace none of whose spans the convention
understands, or whose spans cannot be assembled, is not handed out but listed in `skipped`
with the reason.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import ConfigError
from ._common import ImportedTrace, assemble
from ._embeddings import is_embedding
from ._item_references import mend_item_references
from ._links import joined_runs
from ._report import Skipped
from ._span_limits import mend_limited, with_losses
from ._span_updates import latest_updates, running_copy
from ._spans import Document, LogEvent, Span, attach_log_events, read_spans, same_record
from ._steps import Interpret
from ._unanswered import with_calls_answered_elsewhere
from .otel._auto import interpret_span
from .otel._guardrails import mend_guard_calls
from .otel._openinference import interpret_openinference
from .otel._otel import interpret_otel
from .otel._traceai import as_openinference

__all__ = ["SpanAssembler", "SpanFormat"]

SpanFormat = Literal["auto", "otel", "openinference"]
"""How spans are read: ``auto`` reads every span by every convention it carries."""

_REMEMBERED = 100_000
"""How many handed-out trace ids are remembered, to drop their late spans."""

_WHAT = {
    "auto": "an OpenTelemetry GenAI span (gen_ai.*), an OpenInference span "
    "(openinference.span.kind) or a framework span fourfold knows",
    "otel": "an OpenTelemetry GenAI span (gen_ai.*)",
    "openinference": "an OpenInference span (openinference.span.kind)",
}


@dataclass
class _Pending:
    spans: list[Span] = field(default_factory=list)
    final_output: Any = None
    has_final_output: bool = False
    has_root: bool = False
    last_seen: float = 0.0
    origin: str = ""
    log_events: list[LogEvent] = field(default_factory=list)
    by_id: dict[str, list[Span]] = field(default_factory=dict)
    """The trace's spans by span id (to drop a span delivered again)."""


class SpanAssembler:
    """Collects spans and hands out the traces they make.

    Args:
        format: how spans are read (``auto``: by every convention each carries; ``otel`` or
            ``openinference``: by that one only).
        settle_s: a trace whose root span has arrived is complete after this many seconds
            without spans.
        timeout_s: a trace without a root span is complete after this many seconds without
            spans.

    Examples:
        >>> assembler = SpanAssembler()
        >>> assembler.add({"name": "chat", "attributes": {"gen_ai.operation.name": "chat",
        ...     "gen_ai.output.messages": '[{"role": "assistant", "content": "Hi"}]'}}, now=0)
        1
        >>> assembler.due(now=0.5)  # root arrived, not settled yet
        []
        >>> [t.trace.output for t in assembler.due(now=1.0)]
        ['Hi']
    """

    def __init__(
        self, format: SpanFormat = "auto", *, settle_s: float = 1.0, timeout_s: float = 30.0
    ) -> None:
        if format not in _WHAT:
            raise ConfigError(
                f"unknown span format {format!r}", hint="use auto, otel or openinference"
            )
        self.format: SpanFormat = format
        self.settle_s = settle_s
        self.timeout_s = timeout_s
        self.late_spans = 0
        """Spans dropped because their trace had already been handed out."""
        self.late_log_events = 0
        """Events from the logs signal dropped because their trace had been handed out."""
        self.repeated_spans = 0
        """Spans dropped because the same span, the same record, had arrived already."""
        self.skipped: list[Skipped] = []
        """Traces not handed out, and why."""
        self._interpret = _interpreter(format)
        self._pending: dict[str, _Pending] = {}
        self._done: OrderedDict[str, None] = OrderedDict()
        self._order = 0
        self._anonymous = 0
        self._origins: dict[str, str] = {}

    @property
    def waiting(self) -> int:
        """Traces buffered, not handed out yet."""
        return len(self._pending)

    def add(self, data: Any, *, now: float, origin: str = "") -> int:
        """Take one parsed document (any span shape the importers read, see `read_spans`).

        Spans without a trace id (bare attribute maps) form one trace per document, so
        unrelated documents never merge.

        Returns:
            How many spans it held.

        Raises:
            ConfigError: the document holds no spans or a malformed one.
        """
        batch = read_spans([Document(data)])
        renamed = self._name_anonymous(batch.spans, origin)
        outputs = {renamed.get(k, k): v for k, v in batch.final_outputs.items()}
        self.add_spans(
            batch.spans,
            now=now,
            final_outputs=outputs,
            origin=origin,
            log_events=batch.log_events,
        )
        return len(batch.spans)

    def add_spans(
        self,
        spans: list[Span],
        *,
        now: float,
        final_outputs: dict[str, Any] | None = None,
        origin: str = "",
        log_events: list[LogEvent] | None = None,
    ) -> None:
        """Take spans already read (`read_spans`), in any order.

        `final_outputs` are the answers a span dump gave for its traces, by trace id;
        `log_events` the events from the logs signal whose span was not in the same
        document (`SpanBatch.log_events`), kept until their trace is assembled.
        """
        for event in log_events or ():
            if event.trace_id in self._done:
                self.late_log_events += 1
                continue
            kept = self._pending.setdefault(event.trace_id, _Pending(origin=origin))
            kept.log_events.append(event)
            kept.last_seen = now
        for span in spans:
            self._order += 1
            span.order = self._order
            if span.trace_id in self._done:
                self.late_spans += 1
                continue
            pending = self._pending.setdefault(span.trace_id, _Pending(origin=origin))
            same_id = pending.by_id.setdefault(span.span_id, [])
            if any(same_record(span, other) for other in same_id):
                self.repeated_spans += 1
                continue
            same_id.append(span)
            pending.spans.append(span)
            # a root's copy exported while it ran says the run has not ended yet
            ended_root = span.parent_id is None and not running_copy(span)
            pending.has_root = pending.has_root or ended_root
            pending.last_seen = now
        for trace_id, output in (final_outputs or {}).items():
            if trace_id in self._pending:
                self._pending[trace_id].final_output = output
                self._pending[trace_id].has_final_output = True

    def due(self, *, now: float) -> list[ImportedTrace]:
        """The traces complete by `now` (see the module's docstring), in arrival order."""
        done = {
            trace_id
            for trace_id, p in self._pending.items()
            if now - p.last_seen >= (self.settle_s if p.has_root else self.timeout_s)
        }
        return self._take([run for run in self._runs() if done.issuperset(run)])

    def flush(self) -> list[ImportedTrace]:
        """Every trace buffered, complete or not (end of a file, or stopping)."""
        return self._take(self._runs())

    def _runs(self) -> list[list[str]]:
        """The buffered traces as runs: one trace each, or several joined by links."""
        return joined_runs({trace_id: p.spans for trace_id, p in self._pending.items()})

    def origin(self, trace_id: str) -> str:
        """Where the first span of a trace handed out by the last `due`/`flush` came from."""
        return self._origins.get(trace_id, "")

    def _take(self, runs: list[list[str]]) -> list[ImportedTrace]:
        out = []
        self._origins = {}
        held = [s for run in runs for t in run for s in self._pending[t].spans]
        mend_item_references(held)  # items one trace's input gives by another's ids
        for run in runs:
            parts = [self._pending.pop(trace_id) for trace_id in run]
            trace_id = run[0]
            self._origins[trace_id] = parts[0].origin
            for member in run:
                self._done[member] = None
            while len(self._done) > _REMEMBERED:
                self._done.popitem(last=False)
            pending = parts[0]
            if len(parts) > 1:
                answered = [p for p in parts if p.has_final_output]
                pending = _Pending(
                    spans=[s for p in parts for s in p.spans],
                    final_output=answered[0].final_output if answered else None,
                    has_final_output=bool(answered),
                    has_root=any(p.has_root for p in parts),
                    origin=parts[0].origin,
                    log_events=[e for p in parts for e in p.log_events],
                )
            imported = self._assemble(trace_id, pending, run[1:])
            if imported is not None:
                out.append(imported)
        return with_calls_answered_elsewhere(out)  # among the traces handed out together

    def _assemble(
        self, trace_id: str, pending: _Pending, joined: list[str]
    ) -> ImportedTrace | None:
        spans = latest_updates(pending.spans)  # a span exported while it ran: its last copy
        if not spans:
            events = len(pending.log_events)
            why = f"only events from the logs signal arrived ({events}), no span of its"
            self.skipped.append(Skipped(f"trace {trace_id}", why))
            return None
        attach_log_events(spans, pending.log_events)
        try:
            as_openinference(spans)  # traceAI's spans: OpenInference's under other names
            mend_guard_calls(spans)  # Guardrails' model calls: their reply and model (the step's)
            mend_limited(spans)  # spans that hit the SDK's span limits (D20)
            if not any(self._interpret(span) is not None for span in spans):
                why = f"none of its {len(spans)} spans is {_WHAT[self.format]}"
                if all(is_embedding(span) for span in spans):  # an index built apart
                    why = f"none of its {len(spans)} spans is a run's: embedding calls alone"
                self.skipped.append(Skipped(f"trace {trace_id}", why))
                return None
            source = self.format if self.format != "auto" else _label(spans)
            extra = {"final_output": pending.final_output} if pending.has_final_output else {}
            imported = assemble(
                trace_id, spans, self._interpret, source=source, joined=joined, **extra
            )
            return with_losses(imported, spans)
        except Exception as exc:  # untrusted input: one odd trace must not stop the rest
            why = f"unreadable ({type(exc).__name__}: {str(exc)[:200]})"
            self.skipped.append(Skipped(f"trace {trace_id}", why))
            return None

    def _name_anonymous(self, spans: list[Span], origin: str) -> dict[str, str]:
        renamed: dict[str, str] = {}
        for span in spans:
            if span.trace_id == "unknown":
                if "unknown" not in renamed:
                    self._anonymous += 1
                    digest = hashlib.sha256(f"{origin}#{self._anonymous}".encode()).hexdigest()
                    renamed["unknown"] = f"anon-{digest[:16]}"
                span.trace_id = renamed["unknown"]
        return renamed


def _interpreter(format: SpanFormat) -> Interpret:
    return {"auto": interpret_span, "otel": interpret_otel}.get(format, interpret_openinference)


def _label(spans: list[Span]) -> str:
    """The convention a trace is mostly in, for its metadata's ``source``."""
    if any("openinference.span.kind" in s.attributes for s in spans):
        return "openinference"
    return "otel"
