"""A run you can hand over: one file with everything a run is, and loading it anywhere.

``fourfold export RUN -o FILE`` writes a run and everything that belongs to it (its suite
configuration, cases, trials with traces and results and their evidence, labels, reviews,
analyses, notes, and the judges' model calls) as one versioned, self-describing file:
gzip-compressed JSON lines, a header first. ``fourfold load FILE`` brings it into any store, in one
transaction, so that the run reads there exactly as it did where it was made. The format
is documented in docs/export.md; files of every earlier version load (`_upgrade`).
"""

from .._lazy import publish
from ._read import ExportFile, LoadSummary, check_run_id, load_export, read_export
from ._records import (
    EXPORT_FORMAT,
    EXPORT_SCHEMA_VERSION,
    RECORD_TYPES,
    AnalysisRecord,
    CaseRecord,
    Header,
    LabelRecord,
    ModelCallRecord,
    NoteRecord,
    Record,
    RecordType,
    ResultRecord,
    ReviewRecord,
    RunRecord,
    SuiteConfigRecord,
    TrialRecord,
)
from ._write import ExportSummary, export_run

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA_VERSION",
    "RECORD_TYPES",
    "AnalysisRecord",
    "CaseRecord",
    "ExportFile",
    "ExportSummary",
    "Header",
    "LabelRecord",
    "LoadSummary",
    "ModelCallRecord",
    "NoteRecord",
    "Record",
    "RecordType",
    "ResultRecord",
    "ReviewRecord",
    "RunRecord",
    "SuiteConfigRecord",
    "TrialRecord",
    "check_run_id",
    "export_run",
    "load_export",
    "read_export",
]

publish(__name__, __all__)
