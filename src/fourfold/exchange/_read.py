"""Reading an export file, whole and checked, before anything of it goes into a store.

Every line is read, brought to the current version (`_upgrade`) and checked (the record's
fields, the case, trace, results, label and review inside it, and what no two records may
share) before `load_export` opens its one transaction: a file with anything wrong loads
nothing, and the error names the file, the line and the field.
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pydantic_core
from pydantic import BaseModel, ValidationError

from .._encoding import format_path, kind_of
from ..cases import Case
from ..errors import ConfigError, TraceFormatError
from ..runs import CheckResult, Label, Note, Review
from ..store import RunRows, Store, WriteCounts, write_run_rows
from ..trace import Trace
from ._records import (
    EXPORT_FORMAT,
    EXPORT_SCHEMA_VERSION,
    RECORD_MODELS,
    RECORD_TYPES,
    AnalysisRecord,
    CaseRecord,
    Header,
    LabelRecord,
    NoteRecord,
    Record,
    RecordType,
    ReviewRecord,
    RunRecord,
    SuiteConfigRecord,
    TrialRecord,
)
from ._upgrade import UPGRADES, Step, upgrade

__all__ = ["ExportFile", "LoadSummary", "load_export", "read_export"]

M = TypeVar("M", bound=BaseModel)

_ON_LINE_ONE = re.compile(r" at line 1 column (\d+)$")
_GZIP_MAGIC = b"\x1f\x8b"
_REEXPORT = (
    "export the run again with `fourfold export` (the file was edited, cut short or damaged)"
)


@dataclass(frozen=True)
class ExportFile:
    """An export file read and checked: its header and the run's rows."""

    header: Header
    """The header (at the current version)."""
    version: int
    """The schema version the file was written at."""
    rows: RunRows
    """The run and everything that belongs to it."""


@dataclass(frozen=True)
class LoadSummary:
    """What `load_export` brought into the store."""

    run_id: str
    """The run's id in the store (the `as_id` when one was given)."""
    file: ExportFile
    """The file read."""
    written: WriteCounts
    """How many of its model calls were new to the store."""


def load_export(
    store: Store, source: str | Path | ExportFile, *, as_id: str | None = None
) -> LoadSummary:
    """Bring the run in an export file into `store`, in one transaction.

    The whole file is read and checked first (`read_export`): a file with anything wrong
    loads nothing. The run must be new to the store; `as_id` loads it under another id.

    Args:
        store: the store to load into.
        source: the export file, or one `read_export` read already.
        as_id: the id to give the run (default: its own).

    Raises:
        ConfigError: the file is not a readable export (names the file, line and field),
            or `as_id` is not a usable run id.
        RunExistsError: the store holds a run with the (new) id.
        StoreError: the store cannot be written; nothing is.
    """
    file = source if isinstance(source, ExportFile) else read_export(source)
    rows = file.rows
    if as_id is not None:
        check_run_id(as_id)
        rows = RunRows(
            run={**rows.run, "id": as_id},
            cases=rows.cases,
            trials=rows.trials,
            labels=rows.labels,
            reviews=rows.reviews,
            analyses=rows.analyses,
            model_calls=rows.model_calls,
            notes=rows.notes,
        )
    written = write_run_rows(store, rows)
    return LoadSummary(rows.run["id"], file, written)


def check_run_id(run_id: str) -> None:
    """Refuse a run id a store cannot hold, or that commands would read otherwise.

    Raises:
        ConfigError: empty, longer than 64 characters, ``latest``, or holding a space,
            a slash or a control character.
    """
    bad = [c for c in run_id if c.isspace() or c in "/\\" or not c.isprintable()]
    if not run_id or len(run_id) > 64 or run_id == "latest" or bad:
        raise ConfigError(
            f"{run_id!r} cannot be a run id",
            hint="give 1 to 64 characters without spaces or slashes, other than 'latest' "
            "(e.g. the file's id with a suffix: 20261129-193755-a1b2c3-copy)",
        )


def read_export(
    path: str | Path,
    *,
    current: int = EXPORT_SCHEMA_VERSION,
    steps: Mapping[int, Step] = UPGRADES,
) -> ExportFile:
    """Read and check the export file `path`, brought to the current version.

    Args:
        path: the file.
        current: the newest version read (tests of the upgrade steps set it).
        steps: the upgrade steps (`_upgrade.UPGRADES`).

    Raises:
        ConfigError: the file is missing, not gzip, not JSON lines, not an export, of a
            newer version, or a record is wrong; names the file, line and field.
    """
    file = Path(path)
    _require_gzip(file)
    reader = _Reader(file, current, steps)
    for number, text in _lines(file):
        reader.add(number, text)
    return reader.finish()


class _Reader:
    """The state of one file's reading: the header, then the records so far."""

    def __init__(self, file: Path, current: int, steps: Mapping[int, Step]) -> None:
        self.file = file
        self.current = current
        self.steps = steps
        self.header: Header | None = None
        self.version = 0
        self.records: list[Record] = []
        self.first: dict[tuple[Any, ...], int] = {}
        self.counts: dict[RecordType, int] = dict.fromkeys(RECORD_TYPES, 0)

    def error(self, line: int | None, message: str, hint: str | None = _REEXPORT) -> ConfigError:
        return ConfigError(message, file=self.file, line=line, hint=hint)

    def add(self, number: int, text: str) -> None:
        if not text.strip():
            return
        try:
            # NaN and Infinity are no JSON (and no store keeps them alike): refused.
            data = pydantic_core.from_json(text.rstrip("\r\n"), allow_inf_nan=False)
        except ValueError as exc:
            # The parser counts lines within the line it was given: its column is the news.
            reason = _ON_LINE_ONE.sub(r" at column \1", str(exc))
            raise self.error(number, f"not JSON: {reason}") from exc
        if not isinstance(data, dict):
            raise self.error(number, f"a line must be a JSON object, not {_json_kind(data)}")
        if self.header is None:
            self.header = self._header(number, data)
            return
        kind = data.get("type")
        if isinstance(kind, str):  # upgraded first: a step may rename a type
            data = upgrade(kind, data, self.version, current=self.current, steps=self.steps)
            kind = data.get("type")
        if not isinstance(kind, str) or kind not in RECORD_MODELS:
            known = ", ".join(RECORD_TYPES)
            raise self.error(
                number,
                f"unknown record type {kind!r}" if "type" in data else "a record without 'type'",
                hint=f"a record's type is one of {known}; " + _REEXPORT,
            )
        record = self._validate(number, kind, RECORD_MODELS[kind], data)
        self._check(number, record)
        self.counts[record.type] += 1
        self.records.append(record)

    def finish(self) -> ExportFile:
        if self.header is None:
            raise self.error(None, "the file is empty: it holds no export header")
        required: tuple[RecordType, ...] = ("run", "suite_config")
        for kind in required:
            if self.counts[kind] == 0:
                raise self.error(None, f"the file holds no {kind} record")
        declared = {k: self.header.records.get(k, 0) for k in RECORD_TYPES}
        if declared != self.counts:
            differ = [
                f"{k}: {declared[k]} declared, {self.counts[k]} found"
                for k in RECORD_TYPES
                if declared[k] != self.counts[k]
            ]
            raise self.error(
                1, f"the header's record counts do not match the file ({'; '.join(differ)})"
            )
        return ExportFile(self.header, self.version, _rows(self.records))

    def _header(self, number: int, data: dict[str, Any]) -> Header:
        if data.get("format") != EXPORT_FORMAT:
            raise self.error(
                number,
                f'not a fourfold export: the first line has no "format": "{EXPORT_FORMAT}"',
                hint="give a file written by `fourfold export`",
            )
        version = data.get("schema_version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise self.error(
                number, f"field schema_version: {version!r} is not a version (1, 2, ...)"
            )
        if version > self.current:
            raise self.error(
                number,
                f"the file is an export of schema version {version}, and this fourfold reads "
                f"versions up to {self.current}",
                hint="upgrade fourfold (pip install -U fourfold) to load it",
            )
        self.version = version
        data = upgrade("header", data, version, current=self.current, steps=self.steps)
        return self._validate(number, "header", Header, data)

    def _validate(self, number: int, kind: str, model: type[M], data: dict[str, Any]) -> M:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise self._field_error(number, kind, exc, model) from exc

    def _field_error(
        self,
        number: int,
        kind: str,
        exc: ValidationError,
        model: type[BaseModel] | None = None,
        prefix: tuple[str | int, ...] = (),
    ) -> ConfigError:
        # A misspelt field also makes the real one missing: name the misspelling first.
        err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        where = format_path((*prefix, *err["loc"]))
        hint = _REEXPORT
        if err["type"] == "missing":
            hint = "every field of a record is required (null where there is nothing); " + _REEXPORT
        elif err["type"] == "extra_forbidden" and model is not None:
            fields = ", ".join(model.model_fields)
            hint = f"a {kind} record has the fields {fields}; " + _REEXPORT
        what = "the header" if kind == "header" else f"{kind} record"
        message = str(err["msg"]).removeprefix("Value error, ")
        if not err["loc"] and not prefix:  # a rule over several fields (a review's)
            return self.error(number, f"{what}: {message}", hint=hint)
        return self.error(number, f"{what}, field {where}: {message}", hint=hint)

    def _check(self, number: int, record: Record) -> None:
        """The record's contents, and what it may not share with another record."""
        assert self.header is not None
        key: tuple[Any, ...] | None = None
        try:
            if isinstance(record, RunRecord):
                key = ("run",)
                if record.id != self.header.run_id:
                    raise self.error(
                        number,
                        f"run record, field id: {record.id!r} is not the header's run_id "
                        f"{self.header.run_id!r}",
                    )
            elif isinstance(record, SuiteConfigRecord):
                key = ("suite_config",)
            elif isinstance(record, CaseRecord):
                key = ("case", record.case_id)
                self._unique(number, ("case", record.position), "position")
                case = _nested(Case, record.case, "case")
                if case.id != record.case_id:
                    raise self.error(
                        number,
                        f"case record, field case.id: {case.id!r} is not its case_id "
                        f"{record.case_id!r}",
                    )
            elif isinstance(record, TrialRecord):
                key = ("trial", record.case_id, record.repeat)
                if record.trace is not None:
                    try:
                        Trace.from_json(record.trace)
                    except TraceFormatError as exc:
                        raise self.error(number, f"trial record, field trace: {exc}") from exc
                for i, result in enumerate(record.results):
                    _nested(CheckResult, result.model_dump(), "results", i)
            elif isinstance(record, LabelRecord):
                key = ("label", record.case_id, record.repeat, record.criterion, record.labeller)
                _nested(Label, record.model_dump(exclude={"type"}))
            elif isinstance(record, ReviewRecord):
                review = record.model_dump(exclude={"type"})
                _nested(Review, review | {"run_id": self.header.run_id})
            elif isinstance(record, NoteRecord):
                note = record.model_dump(exclude={"type"})
                _nested(Note, note | {"run_id": self.header.run_id})
            elif isinstance(record, AnalysisRecord):
                key = ("analysis", record.kind, record.key)
            else:
                key = ("model_call", record.key)
        except _NestedError as exc:
            raise self._field_error(number, record.type, exc.error, prefix=exc.prefix) from exc
        if key is not None:
            self._unique(number, key, _KEY_WORDS.get(record.type, ""))

    def _unique(self, number: int, key: tuple[Any, ...], what: str) -> None:
        first = self.first.setdefault(key, number)
        if first == number:
            return
        if len(key) == 1:
            message = (
                f"a second {key[0]} record (the first is on line {first}); an export holds one"
            )
        else:
            shown = ", ".join(repr(k) for k in key[1:])
            message = f"a second {key[0]} record with the same {what} ({shown}) as line {first}"
        raise self.error(number, message)


_KEY_WORDS = {
    "case": "case_id",
    "trial": "case_id and repeat",
    "label": "case_id, repeat, criterion and labeller",
    "analysis": "kind and key",
    "model_call": "key",
}


class _NestedError(Exception):
    def __init__(self, error: ValidationError, prefix: tuple[str | int, ...]) -> None:
        self.error = error
        self.prefix = prefix


def _nested(model: type[M], data: Any, *prefix: str | int) -> M:
    """`data` read as the domain's `model`, or a `_NestedError` with where it sits."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _NestedError(exc, prefix) from exc


def _rows(records: list[Record]) -> RunRows:
    run: dict[str, Any] = {}
    rows = RunRows(run, [], [], [], [], [], [])
    lists: dict[str, list[dict[str, Any]]] = {
        "case": rows.cases,
        "trial": rows.trials,
        "label": rows.labels,
        "review": rows.reviews,
        "analysis": rows.analyses,
        "model_call": rows.model_calls,
        "note": rows.notes,
    }
    for record in records:
        values = record.model_dump(exclude={"type"})
        if isinstance(record, SuiteConfigRecord):
            run["config"] = values["config"]
        elif isinstance(record, RunRecord):
            run.update(values)
        else:
            lists[record.type].append(values)
    rows.cases.sort(key=lambda case: int(case["position"]))
    return rows


def _require_gzip(file: Path) -> None:
    kind = kind_of(file)
    if kind != "file":
        raise ConfigError(
            f"export file not found: {file}" if kind == "missing" else f"{file} is a folder",
            hint="give the file `fourfold export` wrote",
        )
    try:
        with file.open("rb") as stream:
            start = stream.read(2)
    except OSError as exc:
        raise ConfigError(f"cannot read {file}: {exc.strerror or exc}", file=file) from exc
    if start != _GZIP_MAGIC:
        plain = start[:1] == b"{"
        raise ConfigError(
            "not a gzip-compressed file"
            + (" (it looks like uncompressed JSON lines)" if plain else ""),
            file=file,
            hint="an export is gzip-compressed JSON lines, as `fourfold export` writes it"
            + ("; compress it with `gzip FILE` and load FILE.gz" if plain else ""),
        )


def _lines(file: Path) -> Iterator[tuple[int, str]]:
    """The decompressed lines of `file`, numbered from 1, as text."""
    number = 0
    try:
        with gzip.open(file, "rb") as stream:
            for number, raw in enumerate(stream, start=1):  # noqa: B007 - read after the loop
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise ConfigError(
                        f"not UTF-8 text: byte {exc.start} of the line ({exc.reason})",
                        file=file,
                        line=number,
                        hint=_REEXPORT,
                    ) from exc
                yield number, text
    except (OSError, EOFError, zlib.error) as exc:
        raise ConfigError(
            f"the compressed data is damaged or cut short after line {number}: {exc}",
            file=file,
            line=number + 1,
            hint=_REEXPORT,
        ) from exc


def _json_kind(data: Any) -> str:
    return {list: "an array", str: "a string", bool: "true or false"}.get(
        type(data), "a number" if isinstance(data, int | float) else "null"
    )
