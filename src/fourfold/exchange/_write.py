"""Writing a run to an export file: the header, then every record, gzip-compressed."""

from __future__ import annotations

import gzip
import os
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .._secrets import Redactor
from ..errors import ConfigError
from ..runs import CheckResult, Trial
from ..store import RunRows, Store, read_run_rows
from ..trace import Trace
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
    ReviewRecord,
    RunRecord,
    SuiteConfigRecord,
    TrialRecord,
)

__all__ = ["ExportSummary", "export_run", "records_of"]

# gzip's default (9) costs three times the time of 6 for a few percent of size.
_COMPRESS_LEVEL = 6


@dataclass(frozen=True)
class ExportSummary:
    """What `export_run` wrote."""

    run_id: str
    """The run exported."""
    path: Path
    """The file written."""
    counts: dict[RecordType, int]
    """How many records of each type it holds."""
    size: int
    """The file's size in bytes."""


def export_run(
    store: Store,
    run_id: str,
    path: str | Path,
    *,
    environ: Mapping[str, str] | None = None,
    now: datetime | None = None,
) -> ExportSummary:
    """Write run `run_id` and everything that belongs to it to the export file `path`.

    The file is written beside `path` and moved over it when complete, so a failed export
    leaves no half file (and an earlier file at `path` as it was). What the store holds
    is redacted at write already; the run's secrets (from its configuration and
    `environ`) are masked again on the way out, so a run stored before fourfold redacted
    leaves no key in the file either.

    Args:
        store: the store holding the run.
        run_id: a run id, an unambiguous prefix of one, or ``latest``.
        path: the file to write (``.jsonl.gz`` by convention).
        environ: the environment whose credentials must not be written (default
            ``os.environ``).
        now: the export time written in the header (default: now).

    Raises:
        RunNotFoundError: no such run.
        ConfigError: the file cannot be written.
    """
    rows = read_run_rows(store, run_id)
    records = records_of(_redacted(rows, Redactor.from_config(rows.run["config"], environ)))
    counts: dict[RecordType, int] = dict.fromkeys(RECORD_TYPES, 0)
    for record in records:
        counts[record.type] += 1
    header = Header(
        format=EXPORT_FORMAT,
        schema_version=EXPORT_SCHEMA_VERSION,
        fourfold_version=_fourfold_version(),
        exported_at=now or datetime.now(UTC),
        run_id=rows.run["id"],
        records=counts,
    )
    target = Path(path)
    size = _write_lines(target, _lines(header, records))
    return ExportSummary(rows.run["id"], target, counts, size)


def records_of(rows: RunRows) -> list[Record]:
    """A run's rows as the records of an export, in the order a file holds them.

    Raises:
        pydantic.ValidationError: a row does not fit its record (a store column with no
            field: the export format must change with the store, see `_records`).
    """
    run = {k: v for k, v in rows.run.items() if k != "config"}
    records: list[Record] = [
        RunRecord.model_validate({"type": "run", **run}),
        SuiteConfigRecord(type="suite_config", config=rows.run["config"]),
    ]
    records += [CaseRecord.model_validate({"type": "case", **row}) for row in rows.cases]
    records += [TrialRecord.model_validate({"type": "trial", **row}) for row in rows.trials]
    records += [LabelRecord.model_validate({"type": "label", **row}) for row in rows.labels]
    records += [ReviewRecord.model_validate({"type": "review", **row}) for row in rows.reviews]
    records += [AnalysisRecord.model_validate({"type": "analysis", **row}) for row in rows.analyses]
    records += [
        ModelCallRecord.model_validate({"type": "model_call", **row}) for row in rows.model_calls
    ]
    records += [NoteRecord.model_validate({"type": "note", **row}) for row in rows.notes]
    return records


def _redacted(rows: RunRows, redactor: Redactor) -> RunRows:
    """`rows` with the run's secrets replaced by markers (`rows` itself when it has none)."""
    if not redactor:
        return rows
    data = redactor.data
    return RunRows(
        run=data(rows.run),
        cases=data(rows.cases),
        trials=[_redacted_trial(trial, redactor) for trial in rows.trials],
        labels=data(rows.labels),
        reviews=data(rows.reviews),
        analyses=data(rows.analyses),
        model_calls=data(rows.model_calls),
        notes=data(rows.notes),
    )


def _redacted_trial(row: dict[str, Any], redactor: Redactor) -> dict[str, Any]:
    # Through the domain's trial when a secret is there: evidence located by offsets in
    # the output must move with the text (`Redactor.trial`).
    clean_already = redactor.data(row) is row
    if clean_already:
        return row
    trial = Trial(
        case_id=row["case_id"],
        repeat=row["repeat"],
        status=row["status"],
        error=row["error"],
        trace=None if row["trace"] is None else Trace.from_json(row["trace"]),
        results=[CheckResult.model_validate(result) for result in row["results"]],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        latency_s=row["latency_s"],
    )
    clean = redactor.trial(trial)
    return {
        **redactor.data({k: v for k, v in row.items() if k not in ("trace", "results")}),
        "trace": None if clean.trace is None else clean.trace.model_dump(mode="json"),
        "results": [result.model_dump(mode="json") for result in clean.results],
    }


def _lines(header: Header, records: list[Record]) -> Iterator[bytes]:
    yield _line(header)
    for record in records:
        yield _line(record)


def _line(model: BaseModel) -> bytes:
    return model.model_dump_json().encode("utf-8") + b"\n"


def _write_lines(target: Path, lines: Iterator[bytes]) -> int:
    """Write `lines` gzip-compressed to a file beside `target`, then move it over `target`."""
    # Opened as `open` opens a file (not mkstemp's 0600): its mode follows the umask.
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        raw_file = tmp.open("xb")
    except OSError as exc:
        raise _write_error(target, exc) from exc
    try:
        with raw_file as raw:
            # No name and no time in the gzip header: the same records give the same bytes.
            with gzip.GzipFile(
                filename="", mode="wb", fileobj=raw, compresslevel=_COMPRESS_LEVEL, mtime=0
            ) as out:
                for line in lines:
                    out.write(line)
        os.replace(tmp, target)
        return target.stat().st_size
    except OSError as exc:
        raise _write_error(target, exc) from exc
    finally:
        tmp.unlink(missing_ok=True)


def _write_error(target: Path, exc: OSError) -> ConfigError:
    return ConfigError(
        f"cannot write the export to {target}: {exc.strerror or exc}",
        hint="choose a writable path with -o (and check the disk is not full)",
    )


def _fourfold_version() -> str:
    try:
        return package_version("fourfold")
    except PackageNotFoundError:  # pragma: no cover - a source tree without metadata
        return "unknown"
