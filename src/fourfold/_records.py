"""Reading record files (JSONL, JSON, YAML, CSV, a folder of Markdown) with the line of each record.

Cases and resources are both lists of records; reading them is one concern, kept here so
that both report a bad record by its file and line.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._yaml import load_yaml
from .errors import ConfigError

__all__ = ["RECORD_SUFFIXES", "Record", "read_records"]

RECORD_SUFFIXES = (".jsonl", ".json", ".yaml", ".yml", ".csv")


@dataclass(frozen=True, slots=True)
class Record:
    """One record and where it came from."""

    data: dict[str, Any]
    file: Path
    line: int


def read_records(path: Path) -> list[Record]:
    """Read every record of `path`.

    A ``.jsonl`` file holds one JSON object per line; ``.json`` and ``.yaml`` hold a list of
    objects (or a mapping with one list under ``cases``/``records``/``items``); ``.csv`` has
    a header row; a folder holds Markdown files, one record each (``id`` = file stem,
    ``title`` = first heading, ``text`` = the whole file).

    Raises:
        ConfigError: the file is missing, of an unknown kind, or a record is malformed.
    """
    if not path.exists():
        raise ConfigError(
            f"file not found: {path}",
            hint="paths in a suite are relative to the suite file's folder",
        )
    if path.is_dir():
        return _read_markdown_folder(path)
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return _read_jsonl(path)
    if suffix == ".csv":
        return _read_csv(path)
    if suffix in (".json", ".yaml", ".yml"):
        return _read_document(path)
    raise ConfigError(
        f"don't know how to read records from a '{suffix}' file",
        file=path,
        hint=f"use one of {', '.join(RECORD_SUFFIXES)} or a folder of .md files",
    )


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"not UTF-8 text (byte {exc.start})", file=path, hint="save the file as UTF-8"
        ) from exc


def _read_jsonl(path: Path) -> list[Record]:
    records = []
    for n, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ConfigError(
                f"invalid JSON at column {exc.colno}: {exc.msg}",
                file=path,
                line=n,
                hint="each line of a .jsonl file must be one complete JSON object",
            ) from exc
        if not isinstance(data, dict):
            raise ConfigError(
                f"expected a JSON object, got {type(data).__name__}", file=path, line=n
            )
        records.append(Record(data, path, n))
    return records


def _read_csv(path: Path) -> list[Record]:
    text = _read_text(path)
    reader = csv.DictReader(text.splitlines())
    if not reader.fieldnames:
        raise ConfigError("the CSV file has no header row", file=path, line=1)
    records = []
    for row in reader:
        line = reader.line_num
        if None in row:
            raise ConfigError(
                f"row has {len(reader.fieldnames) + len(row[None])} fields but the header has "
                f"{len(reader.fieldnames)}",
                file=path,
                line=line,
                hint="quote fields that contain commas",
            )
        records.append(Record({k: v for k, v in row.items() if v != ""}, path, line))
    return records


def _read_document(path: Path) -> list[Record]:
    text = _read_text(path)
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(
                f"invalid JSON at column {exc.colno}: {exc.msg}", file=path, line=exc.lineno
            ) from exc
        lines = None
    else:
        data, lines = load_yaml(text, file=path)
    prefix: tuple[str | int, ...] = ()
    if isinstance(data, dict):
        for key in ("cases", "records", "items"):
            if isinstance(data.get(key), list):
                data, prefix = data[key], (key,)
                break
    if not isinstance(data, list):
        raise ConfigError(
            "expected a list of records",
            file=path,
            line=1,
            hint="write a list ('- id: ...') or put the list under a 'cases:' key",
        )
    records = []
    for i, item in enumerate(data):
        line = lines.line_of((*prefix, i)) if lines is not None else None
        if not isinstance(item, dict):
            raise ConfigError(
                f"record {i + 1} is a {type(item).__name__}, not a mapping", file=path, line=line
            )
        records.append(Record(item, path, line or 0))
    return records


def _read_markdown_folder(path: Path) -> list[Record]:
    files = sorted(path.glob("*.md"))
    if not files:
        raise ConfigError(
            f"folder {path} holds no .md files", hint="point at a record file instead"
        )
    records = []
    for file in files:
        text = _read_text(file)
        title = next(
            (ln.lstrip("#").strip() for ln in text.splitlines() if ln.startswith("#")), file.stem
        )
        records.append(Record({"id": file.stem, "title": title, "text": text}, file, 1))
    return records
