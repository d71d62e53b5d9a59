"""The records of an export file, at the current schema version (docs/export.md).

An export is gzip-compressed JSON lines: a `Header`, then one record per line, each with
its ``type``. The records are the store's rows (`fourfold.store.RunRows`), column for
column: what the store keeps of a run is what the file holds. Every field is required
(``null`` where the store has nothing), so a line cut short or a field dropped is named
rather than read as absent. An older file is brought to these records by `_upgrade`
before they read it.

Changing a record (a store column added, renamed, dropped) changes the format: bump
`EXPORT_SCHEMA_VERSION`, add the step from the old version to `_upgrade.UPGRADES`, and
regenerate nothing: the committed files of old versions must keep loading.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from ..runs import Layer, ReviewAction, RunStatus, Status, TrialStatus

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA_VERSION",
    "RECORD_MODELS",
    "RECORD_TYPES",
    "AnalysisRecord",
    "CaseRecord",
    "Header",
    "LabelRecord",
    "ModelCallRecord",
    "NoteRecord",
    "Record",
    "RecordType",
    "ResultRecord",
    "ReviewRecord",
    "RunRecord",
    "SuiteConfigRecord",
    "TrialRecord",
]

EXPORT_FORMAT: Final = "fourfold-run"
"""The header's ``format``: what tells an export from any other JSON lines."""

EXPORT_SCHEMA_VERSION: Final = 2
"""The version of the records this fourfold writes (and the newest it reads).

Version 2 added the ``note`` record (people's notes on trials, grouped into failure
modes); a version-1 file is a version-2 file without notes."""

RecordType: TypeAlias = Literal[
    "run", "suite_config", "case", "trial", "label", "review", "analysis", "model_call", "note"
]

RECORD_TYPES: tuple[RecordType, ...] = (
    "run",
    "suite_config",
    "case",
    "trial",
    "label",
    "review",
    "analysis",
    "model_call",
    "note",
)
"""Every record type, in the order an export writes them."""

# The bounds of the store's columns, so a value no store can hold is named at its line.
RunId = Annotated[str, Field(min_length=1, max_length=64)]
Short = Annotated[str, Field(max_length=64)]
Hash = Annotated[str, Field(max_length=80)]
Int32 = Annotated[int, Field(ge=0, le=2**31 - 1)]
Int64 = Annotated[int, Field(ge=-(2**63), le=2**63 - 1)]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Header(_Record):
    """The first line: what the file is, which version of it, and what follows."""

    format: Literal["fourfold-run"]
    """Always ``fourfold-run``."""
    schema_version: int = Field(ge=1)
    """The version of the records that follow."""
    fourfold_version: str
    """The fourfold that wrote the file."""
    exported_at: AwareDatetime
    """When it was written."""
    run_id: RunId
    """The run the file holds."""
    records: dict[RecordType, int]
    """How many records of each type follow (a file cut short is told from a whole one)."""


class RunRecord(_Record):
    """The run (the ``runs`` row, its configuration apart in `SuiteConfigRecord`)."""

    type: Literal["run"]
    id: RunId
    """The run's id."""
    suite: str
    """The suite's name."""
    suite_path: str | None
    """The suite file it was run from, as it was then."""
    agent_version: str
    """The agent version under test."""
    package_version: Short
    """The fourfold that made the run."""
    git_sha: Short | None
    """The git commit of the working directory, when it was a repository."""
    seed: Int64
    """The run's seed."""
    started_at: AwareDatetime
    """When the run started."""
    ended_at: AwareDatetime | None
    """When it ended (null while running, or when interrupted)."""
    status: RunStatus
    """``finished``, ``interrupted`` or ``running`` (a running run loads as interrupted)."""
    summary: dict[str, Any] | None
    """The gate's per-layer verdicts and decision, once finished."""


class SuiteConfigRecord(_Record):
    """The suite as it was run: agent, checks with their arguments, gate, repeats."""

    type: Literal["suite_config"]
    config: dict[str, Any]
    """The run's stored configuration (`fourfold.runs.Run.config`), secrets redacted."""


class CaseRecord(_Record):
    """One case the run ran, as it was when the run started."""

    type: Literal["case"]
    case_id: str
    """The case's id (the same as ``case.id``)."""
    position: Int32
    """Its place in the run's case order."""
    content_hash: Hash
    """The case's content hash when it was stored."""
    case: dict[str, Any]
    """The case (`fourfold.cases.Case` as JSON)."""


class ResultRecord(_Record):
    """One check's or judge's result on a trial (not a line: inside a `TrialRecord`)."""

    check: str
    """The check's name as the suite wrote it."""
    layer: Layer
    """The layer it counts towards."""
    status: Status
    """``pass``, ``fail``, ``skip`` or ``error``."""
    score: float | None
    """The graded value, if any."""
    evidence: list[dict[str, Any]]
    """What the verdict rests on (`fourfold.runs.Evidence` as JSON), most important first."""
    explanation: str
    """Why, in a sentence or two."""
    metadata: dict[str, Any]
    """The numbers behind the verdict; a judge's lists its model calls (``model_calls``)."""


class TrialRecord(_Record):
    """One trial: a repeat of a case, with its trace and every result in order."""

    type: Literal["trial"]
    case_id: str
    """The case."""
    repeat: Int32
    """Which repeat (0-based)."""
    status: TrialStatus
    """``ok`` or ``error`` (the agent failed)."""
    error: str | None
    """Why the agent failed."""
    trace: dict[str, Any] | None
    """What the agent did (`fourfold.trace.Trace` as JSON)."""
    started_at: AwareDatetime
    """When the trial started."""
    ended_at: AwareDatetime
    """When its checks finished."""
    latency_s: float | None
    """Seconds the agent took."""
    results: list[ResultRecord]
    """Every result, in the order the store keeps them."""


class LabelRecord(_Record):
    """A person's score of a trial (or of a case) on one criterion."""

    type: Literal["label"]
    case_id: str
    """The case."""
    repeat: Int32 | None
    """The repeat labelled; null for a label on the case."""
    criterion: str
    """The check it grades (``rubric:grounding``)."""
    labeller: str
    """Who labelled."""
    value: float
    """The score."""
    note: str | None
    """Why, in the labeller's words."""
    created_at: AwareDatetime
    """When it was stored."""
    source: str | None
    """Where the label came from (``labels.csv:12``)."""


class ReviewRecord(_Record):
    """A person's review of a judge result; a file lists them oldest first."""

    type: Literal["review"]
    case_id: str
    """The case of the trial reviewed."""
    repeat: Int32
    """Its repeat."""
    check: str
    """The judge's check."""
    original_score: float | None
    """The judge's score, as stored."""
    original_status: Status
    """The result's status, as stored."""
    action: ReviewAction
    """``accept`` or ``override``."""
    new_score: float | None
    """The reviewer's score (an override)."""
    reason: str | None
    """Why."""
    reviewer: str
    """Who reviewed."""
    created_at: AwareDatetime
    """When it was stored."""


class AnalysisRecord(_Record):
    """An analysis kept with the run: a calibration, a comparison, a consistency report."""

    type: Literal["analysis"]
    kind: Short
    """``calibration``, ``comparison``, ``consistency``..."""
    key: str
    """Which one of its kind (the criterion; the other run's id)."""
    body: dict[str, Any]
    """The analysis as JSON."""
    created_at: AwareDatetime
    """When it was stored."""


class ModelCallRecord(_Record):
    """A model call a result names: the prompt sent and the raw reply, secrets redacted."""

    type: Literal["model_call"]
    key: Hash
    """The cache key (``sha256:`` and the request's hash)."""
    provider: Short
    """The provider."""
    model: str
    """The model."""
    request: dict[str, Any]
    """The request (`fourfold.models.ModelRequest` as JSON)."""
    response: dict[str, Any]
    """The reply (`fourfold.models.ModelResponse` as JSON)."""
    created_at: AwareDatetime
    """When it was stored."""


class NoteRecord(_Record):
    """A person's note on a trial (what went wrong), and the failure mode it is grouped in."""

    type: Literal["note"]
    case_id: str
    """The case of the trial noted."""
    repeat: Int32
    """Its repeat."""
    text: str
    """What went wrong, in the author's words."""
    author: str
    """Who wrote it."""
    created_at: AwareDatetime
    """When it was stored."""
    mode: str | None
    """The failure mode it is grouped into; null while ungrouped."""


Record: TypeAlias = (
    RunRecord
    | SuiteConfigRecord
    | CaseRecord
    | TrialRecord
    | LabelRecord
    | ReviewRecord
    | AnalysisRecord
    | ModelCallRecord
    | NoteRecord
)

RECORD_MODELS: dict[RecordType, type[Record]] = {
    "run": RunRecord,
    "suite_config": SuiteConfigRecord,
    "case": CaseRecord,
    "trial": TrialRecord,
    "label": LabelRecord,
    "review": ReviewRecord,
    "analysis": AnalysisRecord,
    "model_call": ModelCallRecord,
    "note": NoteRecord,
}
"""The model of each record type."""
