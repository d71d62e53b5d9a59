"""Traffic into traces: span documents buffered per trace until the trace is complete.

Spans of one trace often arrive in several pieces (an exporter sends batches on a timer;
a file holds several export requests). Spans are kept per trace id until the trace is
complete — its root span (one without a parent) has arrived and no span of it came for
``settle_s``, or no span of it came for ``trace_timeout_s`` — and then turned into one
trace by `fourfold.integrations.SpanAssembler`, the assembly ``fourfold import`` uses.
Replay lines (fourfold traces, with or without a case) are complete as they come.

Spans of a trace already evaluated are dropped and counted (`late_spans`): the trace was
judged on what had arrived; so are events from the logs signal (`late_log_events`). A span
delivered again before its trace was evaluated (an exporter retrying a request) is dropped
and counted too (`repeated_spans`).
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from ..cases import Case
from ..errors import ConfigError, TraceFormatError
from ..integrations import ImportedTrace, SpanAssembler, SpanFormat
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


class Traffic:
    """Collects documents and hands out complete traces.

    Spans go to a `fourfold.integrations.SpanAssembler` (the same assembly as ``fourfold
    import``); replay lines are complete as they come.

    Args:
        format: what the documents are (``auto`` tells per document).
        settle_s: a trace with its root span is complete after this long without spans.
        trace_timeout_s: a trace without one is complete after this long without spans.
    """

    def __init__(self, format: TraceFormat, *, settle_s: float, trace_timeout_s: float) -> None:
        self.format = format
        spans: SpanFormat = format if format in ("otel", "openinference") else "auto"
        self._spans = SpanAssembler(spans, settle_s=settle_s, timeout_s=trace_timeout_s)
        self._ready: list[Arrival] = []
        self._reported = 0

    @property
    def late_spans(self) -> int:
        """Spans dropped because their trace had already been evaluated."""
        return self._spans.late_spans

    @property
    def repeated_spans(self) -> int:
        """Spans dropped because the same span had arrived already (a retried request)."""
        return self._spans.repeated_spans

    @property
    def late_log_events(self) -> int:
        """Events from the logs signal dropped because their trace had been evaluated."""
        return self._spans.late_log_events

    @property
    def waiting(self) -> int:
        """Traces buffered, not complete yet."""
        return self._spans.waiting + len(self._ready)

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
            count = self._spans.add(data, now=now.timestamp(), origin=origin)
        except ConfigError:
            raise
        except Exception as exc:  # untrusted input: a document must never stop the monitor
            raise ConfigError(f"unreadable document ({type(exc).__name__}: {exc})") from exc
        return count

    def due(self, now: datetime) -> list[Arrival]:
        """The traces complete by `now` (see `SpanAssembler`), in arrival order."""
        return self._arrivals(self._spans.due(now=now.timestamp()))

    def drain(self) -> list[Arrival]:
        """Every trace buffered, complete or not (on stopping)."""
        return self._arrivals(self._spans.flush())

    def _arrivals(self, imported: list[ImportedTrace]) -> list[Arrival]:
        out, self._ready = self._ready, []
        for skipped in self._spans.skipped[self._reported :]:
            log.warning("%s could not be assembled: %s", skipped.where, skipped.reason)
        self._reported = len(self._spans.skipped)
        for item in imported:
            out.append(
                Arrival(
                    case_id=item.case_id,
                    repeat=0,
                    trace=item.trace,
                    case=_case_of(item),
                    origin=self._spans.origin(item.trace_id),
                )
            )
        return out


def _is_replay(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    if "trace" in data and "case_id" in data:
        return True
    return "schema_version" in data and any(k in data for k in ("messages", "output", "tool_calls"))


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
