"""The ``replay`` adapter: recorded traces evaluated as they are, and the cases they imply.

Recorded traces come from production traffic or an earlier run.

A replay file is JSONL. Each line is either a wrapped trace::

    {"case_id": "refund-1", "repeat": 0, "trace": {...}, "expected": "...", "strata": {...}}

or a bare trace whose ``metadata.case_id`` (and optionally ``metadata.repeat``) says which
case it answers. A line without a repeat is the n-th recorded trace of its case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .._records import read_records
from ..cases import Case
from ..errors import AgentError, ConfigError, TraceFormatError
from ..trace import Message, Trace
from ._recorder import Recorder
from ._trial import Adapter, merge_trace

__all__ = ["ReplayAgent", "cases_from_replay", "read_replay"]

_CASE_FIELDS = ("input", "context", "expected", "focus", "ground_truth", "strata", "tags")


class _Line(BaseModel):
    """A line of a replay file in the wrapped form."""

    model_config = ConfigDict(extra="forbid")

    case_id: str = Field(min_length=1)
    """The case the trace answers."""
    repeat: int | None = Field(default=None, ge=0)
    """Which repeat of the case it is; when absent, its position among the case's lines."""
    trace: dict[str, Any]
    """The trace in its JSON form."""
    input: str | list[Message] | None = None
    """The case's input (else the trace's first user message), for `cases_from_replay`."""
    context: dict[str, Any] | None = None
    """The case's context, for `cases_from_replay`."""
    expected: str | None = None
    """The expected outcome, for `cases_from_replay`."""
    focus: str | None = None
    """What the evaluator must check, for `cases_from_replay`."""
    ground_truth: Any = None
    """The exact answer, for `cases_from_replay`."""
    strata: dict[str, str] | None = None
    """The case's strata, for `cases_from_replay`."""
    tags: list[str] | None = None
    """The case's tags, for `cases_from_replay`."""


@dataclass(frozen=True)
class Recorded:
    """One recorded trace and where it came from."""

    case_id: str
    repeat: int
    trace: Trace
    file: Path
    line: int
    case_fields: dict[str, Any] = field(default_factory=dict)


def read_replay(path: Path) -> list[Recorded]:
    """Read every trace of a replay file.

    Raises:
        ConfigError: the file is missing, empty, or a line is malformed (names file and line).
    """
    seen: dict[tuple[str, int], int] = {}
    per_case: dict[str, int] = {}
    out = []
    for record in read_records(path):
        case_id, repeat, trace, fields = _parse_line(record.data, record.file, record.line)
        if repeat is None:
            repeat = per_case.get(case_id, 0)
        per_case[case_id] = per_case.get(case_id, 0) + 1
        if (case_id, repeat) in seen:
            raise ConfigError(
                f"case {case_id!r} repeat {repeat} is recorded twice (lines "
                f"{seen[(case_id, repeat)]} and {record.line})",
                file=record.file,
                line=record.line,
                hint="give every line of a case a distinct 'repeat', or give none (lines "
                "without one count up from 0 in file order)",
            )
        seen[(case_id, repeat)] = record.line
        out.append(Recorded(case_id, repeat, trace, record.file, record.line, fields))
    if not out:
        raise ConfigError(
            "the replay file holds no traces",
            file=path,
            hint="write one recorded trace per line",
        )
    return out


def _parse_line(
    data: dict[str, Any], file: Path, line: int
) -> tuple[str, int | None, Trace, dict[str, Any]]:
    if "trace" in data:
        try:
            wrapped = _Line.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "(line)"
            raise ConfigError(
                f"replay line field '{where}': {err['msg']}",
                file=file,
                line=line,
                hint="a wrapped line has case_id, trace, and optionally repeat, "
                + ", ".join(_CASE_FIELDS),
            ) from exc
        trace = _trace(wrapped.trace, file, line)
        given = wrapped.model_dump(include=set(_CASE_FIELDS), exclude_unset=True)
        fields = {k: v for k, v in given.items() if v is not None}
        return wrapped.case_id, wrapped.repeat, trace, fields
    if "case_id" in data:
        raise ConfigError(
            "the line has a case_id but no 'trace'",
            file=file,
            line=line,
            hint='wrap the trace: {"case_id": ..., "trace": {...}}',
        )
    trace = _trace(data, file, line)
    case_id = trace.metadata.get("case_id")
    if not isinstance(case_id, str) or not case_id:
        raise ConfigError(
            "the trace does not say which case it answers",
            file=file,
            line=line,
            hint='set metadata.case_id in the trace, or wrap it: {"case_id": ..., "trace": ...}',
        )
    repeat = trace.metadata.get("repeat")
    if not isinstance(repeat, int) or isinstance(repeat, bool) or repeat < 0:
        repeat = None
    return case_id, repeat, trace, {}


def _trace(data: dict[str, Any], file: Path, line: int) -> Trace:
    try:
        return Trace.from_json(data)
    except TraceFormatError as exc:
        raise ConfigError(str(exc), file=file, line=line) from exc


class ReplayAgent(Adapter):
    """Answers each trial with the trace recorded for its case and repeat.

    A case or a repeat that was not recorded gets an errored trace: answering repeat 2
    with repeat 0's trace would make the agent look more consistent than anything showed.
    A trace without a recorded latency keeps none: the time of a lookup says nothing about
    the agent.
    """

    measure_latency = False

    def __init__(self, path: Path, recorded: list[Recorded]) -> None:
        self.path = path
        self.traces = {(r.case_id, r.repeat): r.trace for r in recorded}

    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """Look the trace up."""
        trace = self.traces.get((case.id, repeat))
        if trace is None:
            recorded = sorted(r for c, r in self.traces if c == case.id)
            if not recorded:
                raise AgentError(f"no recorded trace for case {case.id!r} in {self.path.name}")
            raise AgentError(
                f"case {case.id!r} has no recording of repeat {repeat} in {self.path.name} "
                f"(recorded repeats: {', '.join(map(str, recorded))}); run with as many "
                "repeats as were recorded"
            )
        # A deep copy, so that whoever gets this trace cannot change the recording.
        return merge_trace(trace.model_copy(deep=True), rec)


def cases_from_replay(path: str | Path) -> list[Case]:
    """Derive the cases a replay file answers, to evaluate recorded traffic without a case file.

    Each case id is a ``case_id`` of the file. Its input is the line's ``input`` field, else
    the first user message of its first trace; ``context``, ``expected``, ``focus``,
    ``ground_truth``, ``strata`` and ``tags`` come from the same-named fields of its lines.
    Cases come in the order they first appear.

    Args:
        path: the JSONL file (relative to the working directory).

    Raises:
        ConfigError: the file is malformed, a case has no input, or two lines of one case
            disagree on a field.
    """
    path = Path(path)
    fields: dict[str, dict[str, Any]] = {}
    lines: dict[str, dict[str, int]] = {}
    first: dict[str, Recorded] = {}
    for rec in read_replay(path):
        first.setdefault(rec.case_id, rec)
        have, where = fields.setdefault(rec.case_id, {}), lines.setdefault(rec.case_id, {})
        for key, value in rec.case_fields.items():
            if key in have and have[key] != value:
                raise ConfigError(
                    f"case {rec.case_id!r} has a different {key!r} than on line {where[key]}",
                    file=rec.file,
                    line=rec.line,
                    hint="give the case's fields once, or the same on every line",
                )
            have.setdefault(key, value)
            where.setdefault(key, rec.line)
    cases = []
    for case_id, rec in first.items():
        data = dict(fields[case_id])
        if "input" not in data:
            user = next(
                (m.content for m in rec.trace.messages if m.role == "user" and m.content), None
            )
            if user is None:
                raise ConfigError(
                    f"case {case_id!r} has no input: its trace holds no user message",
                    file=rec.file,
                    line=rec.line,
                    hint="add an 'input' field to the line",
                )
            data["input"] = user
        try:
            cases.append(Case.model_validate({"id": case_id, **data}))
        except ValidationError as exc:
            err = exc.errors()[0]
            raise ConfigError(
                f"case {case_id!r}: {'.'.join(str(p) for p in err['loc'])}: {err['msg']}",
                file=rec.file,
                line=rec.line,
            ) from exc
    return cases
