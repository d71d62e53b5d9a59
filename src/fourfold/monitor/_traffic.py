"""Traffic into traces: span documents buffered per trace until the trace is complete.

Spans of one trace often arrive in several pieces (an exporter sends batches on a timer;
a file holds several export requests). Spans are kept per trace id until the trace is
complete — its root span (one without a parent) has arrived and no span of it came for
``settle_s``, or no span of it came for ``trace_timeout_s`` — and then turned into one
trace by the importers' assembly, as ``fourfold import`` does. Replay lines (fourfold
traces, with or without a case) are complete as they come.

Spans of a trace already evaluated are dropped and counted (`late_spans`): the trace was
judged on what had arrived.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError

from ..cases import Case
from ..errors import ConfigError, TraceFormatError
from ..integrations import Document, ImportedTrace, Span, assemble, read_spans
from ..integrations.otel import interpret_openinference, interpret_otel
from ..trace import Message, Trace
from ._config import TraceFormat

__all__ = ["Arrival", "Traffic"]

log = logging.getLogger("fourfold.monitor")

_CASE_FIELDS = ("input", "context", "expected", "focus", "ground_truth", "strata", "tags")
_REMEMBERED = 100_000
"""How many evaluated trace ids are remembered, to drop their late spans."""


@dataclass(frozen=True)
class Arrival:
    """One complete trace, ready to evaluate, and the case it answers."""

    case_id: str
    """The case: the trace id for spans, the line's ``case_id`` for replay lines."""
    repeat: int
    """The repeat (a replay line's; 0 for spans)."""
    trace: Trace
    """The trace."""
    case: Case
    """The case it answers: the replay line's fields, else its first user message."""
    origin: str
    """Where it came from (``file.jsonl:3``, ``otlp``)."""


@dataclass
class _Pending:
    spans: list[Span] = field(default_factory=list)
    final_output: Any = None
    has_root: bool = False
    last_seen: datetime | None = None
    origin: str = ""


class Traffic:
    """Collects documents and hands out complete traces.

    Args:
        format: what the documents are (``auto`` tells per document).
        settle_s: a trace with its root span is complete after this long without spans.
        trace_timeout_s: a trace without one is complete after this long without spans.
    """

    def __init__(self, format: TraceFormat, *, settle_s: float, trace_timeout_s: float) -> None:
        self.format = format
        self.settle = timedelta(seconds=settle_s)
        self.timeout = timedelta(seconds=trace_timeout_s)
        self._pending: dict[str, _Pending] = {}
        self._ready: list[Arrival] = []
        self._seen: OrderedDict[str, None] = OrderedDict()
        self._order = 0
        self._anonymous = 0
        self.late_spans = 0
        """Spans dropped because their trace had already been evaluated."""

    @property
    def waiting(self) -> int:
        """Traces buffered, not complete yet."""
        return len(self._pending) + len(self._ready)

    def add(self, data: Any, *, now: datetime, origin: str) -> int:
        """Take one parsed document: spans in any shape the importers read, or a replay line.

        Returns:
            How many spans (or replay traces) it held.

        Raises:
            ConfigError: the document is neither (names `origin`).
        """
        if self.format == "replay" or (self.format == "auto" and _is_replay(data)):
            self._ready.append(_replay_arrival(data, origin))
            return 1
        try:
            batch = read_spans([Document(data)])
        except ConfigError:
            raise
        except Exception as exc:  # untrusted input: a document must never stop the monitor
            raise ConfigError(f"unreadable document ({type(exc).__name__}: {exc})") from exc
        for span in batch.spans:
            self._order += 1
            span.order = self._order
        renamed = self._name_anonymous(batch.spans, origin)
        for span in batch.spans:
            if span.trace_id in self._seen:
                self.late_spans += 1
                continue
            pending = self._pending.setdefault(span.trace_id, _Pending(origin=origin))
            pending.spans.append(span)
            pending.has_root = pending.has_root or span.parent_id is None
            pending.last_seen = now
        for trace_id, output in batch.final_outputs.items():
            pending_or_none = self._pending.get(renamed.get(trace_id, trace_id))
            if pending_or_none is not None:
                pending_or_none.final_output = output
        return len(batch.spans)

    def due(self, now: datetime) -> list[Arrival]:
        """The traces complete by `now` (see the module's docstring), in arrival order."""
        done = [
            trace_id
            for trace_id, p in self._pending.items()
            if p.last_seen is not None
            and (now - p.last_seen >= (self.settle if p.has_root else self.timeout))
        ]
        return self._take(done)

    def drain(self) -> list[Arrival]:
        """Every trace buffered, complete or not (on stopping)."""
        return self._take(list(self._pending))

    def _take(self, trace_ids: list[str]) -> list[Arrival]:
        out, self._ready = self._ready, []
        for trace_id in trace_ids:
            pending = self._pending.pop(trace_id)
            self._seen[trace_id] = None
            if len(self._seen) > _REMEMBERED:
                self._seen.popitem(last=False)
            arrival = self._assemble(trace_id, pending)
            if arrival is not None:
                out.append(arrival)
        return out

    def _assemble(self, trace_id: str, pending: _Pending) -> Arrival | None:
        interpret: Callable[[Span], Any]
        source = self.format
        if source == "auto":
            source = "openinference" if _is_openinference(pending.spans) else "otel"
        interpret = interpret_openinference if source == "openinference" else interpret_otel
        try:
            imported = assemble(
                trace_id, pending.spans, interpret, source=source, final_output=pending.final_output
            )
        except Exception as exc:  # untrusted input: one odd trace must not stop the monitor
            log.warning(
                "trace %s from %s could not be assembled: %s", trace_id, pending.origin, exc
            )
            return None
        return Arrival(
            case_id=imported.case_id,
            repeat=0,
            trace=imported.trace,
            case=_case_of(imported),
            origin=pending.origin,
        )

    def _name_anonymous(self, spans: list[Span], origin: str) -> dict[str, str]:
        """Give spans without a trace id one per document, so unrelated spans never merge."""
        renamed: dict[str, str] = {}
        for span in spans:
            if span.trace_id == "unknown":
                if "unknown" not in renamed:
                    self._anonymous += 1
                    digest = hashlib.sha256(f"{origin}#{self._anonymous}".encode()).hexdigest()
                    renamed["unknown"] = f"anon-{digest[:16]}"
                span.trace_id = renamed["unknown"]
        return renamed


def _is_replay(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    if "trace" in data and "case_id" in data:
        return True
    return "schema_version" in data and any(k in data for k in ("messages", "output", "tool_calls"))


def _is_openinference(spans: list[Span]) -> bool:
    return any(k.startswith(("openinference.", "llm.")) for s in spans for k in s.attributes)


def _replay_arrival(data: Any, origin: str) -> Arrival:
    """A replay line: ``{"case_id", "repeat"?, "trace", input?, expected?...}`` or a bare trace."""
    if not isinstance(data, dict):
        raise ConfigError(f"{origin}: a replay line must be a JSON object")
    wrapped = "trace" in data
    try:
        trace = Trace.from_json(data["trace"] if wrapped else data)
    except TraceFormatError as exc:
        raise ConfigError(f"{origin}: {exc}") from exc
    case_id = data.get("case_id") if wrapped else trace.metadata.get("case_id")
    if not isinstance(case_id, str) or not case_id:
        digest = hashlib.sha256(trace.to_json().encode()).hexdigest()
        case_id = f"trace-{digest[:16]}"
    repeat = data.get("repeat") if wrapped else trace.metadata.get("repeat")
    if not isinstance(repeat, int) or isinstance(repeat, bool) or repeat < 0:
        repeat = 0
    fields = {k: data[k] for k in _CASE_FIELDS if wrapped and data.get(k) is not None}
    if "input" not in fields:
        fields["input"] = _first_user(trace.messages) or ""
    try:
        case = Case.model_validate({"id": case_id, **fields})
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ConfigError(f"{origin}: case field {where!r}: {err['msg']}") from exc
    return Arrival(case_id=case_id, repeat=repeat, trace=trace, case=case, origin=origin)


def _case_of(imported: ImportedTrace) -> Case:
    """The case a production trace answers: its first user message, and where it came from.

    A trace without a user message gets an empty input: the checks that need none apply.
    """
    return Case(id=imported.case_id, input=imported.input or "", metadata=imported.metadata)


def _first_user(messages: list[Message]) -> str | None:
    return next((m.content for m in messages if m.role == "user" and m.content), None)
