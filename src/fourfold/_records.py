r"""Reading record files (JSONL, JSON, YAML, CSV, Markdown folders) with the line of each record.

Cases, resources and human labels are all lists of records; reading them is one concern,
kept here so that each reports a bad record by its file and line. Files are UTF-8, with or
without a byte-order mark (`_encoding`); JSON is read within `_json`'s bounds and YAML within
`_yaml`'s. `read_jsonl` and `read_csv` are the one line-numbered reader of each, which a
caller with its own columns (label files) uses directly.

A CSV file is read strictly: a stray or unclosed quote is an error (not a silently merged
row), a row with more fields than the header is an error, a field holds at most
`CSV_FIELD_LIMIT` characters; header names are stripped, empty fields are absent, a row of
empty fields is skipped, and a record's line is the line it starts on (a quoted field may
span lines). Lines end where Python's universal newlines end them, as most editors show
them: at ``\r\n``, ``\n`` or a lone ``\r``, inside a quoted field too.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._encoding import kind_of, read_text
from ._json import load_json
from ._yaml import read_yaml
from .errors import ConfigError

__all__ = [
    "CSV_FIELD_LIMIT",
    "RECORD_SUFFIXES",
    "Record",
    "read_csv",
    "read_jsonl",
    "read_records",
    "split_lines",
]

RECORD_SUFFIXES = (".jsonl", ".json", ".yaml", ".yml", ".csv")

CSV_FIELD_LIMIT = 16 * 2**20
"""The most characters one CSV field may hold (16 MiB; Python's own default is 131,072)."""


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
    kind = kind_of(path)
    if kind == "missing":
        raise ConfigError(
            f"file not found: {path}",
            hint="paths in a suite are relative to the suite file's folder",
        )
    if kind == "folder":
        return _read_markdown_folder(path)
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return read_jsonl(path)
    if suffix == ".csv":
        return read_csv(path)
    if suffix in (".json", ".yaml", ".yml"):
        return _read_document(path)
    raise ConfigError(
        f"don't know how to read records from a '{suffix}' file",
        file=path,
        hint=f"use one of {', '.join(RECORD_SUFFIXES)} or a folder of .md files",
    )


def split_lines(text: str) -> list[str]:
    r"""The lines of `text`, split at ``\n`` (and ``\r\n``) only.

    `str.splitlines` also splits at characters a JSON string may hold unescaped (U+2028,
    U+2029, U+0085), which cut a valid JSONL line in two and shifted every line number.

    Examples:
        >>> split_lines('{"a": "x\u2028y"}\r\n\n2')
        ['{"a": "x\u2028y"}', '', '2']
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def read_jsonl(
    path: Path,
    *,
    what: str = "file",
    required: Sequence[str] = (),
    hint: str = "each line of a .jsonl file must be one complete JSON object",
) -> list[Record]:
    """The records of a JSONL file: one JSON object per line, blank lines skipped.

    Args:
        path: the file.
        what: what the file is, for messages ("label file").
        required: keys every record must have.
        hint: how to write a line, shown with a line that is not a JSON object or lacks
            a required key.

    Raises:
        ConfigError: a line is not a JSON object or lacks a required key; with its line.
    """
    records = []
    for n, line in enumerate(split_lines(read_text(path, what=what)), start=1):
        if not line.strip():
            continue
        data = load_json(line, file=path, line=n, hint=hint)
        if not isinstance(data, dict):
            raise ConfigError(
                f"expected a JSON object, got {type(data).__name__}", file=path, line=n, hint=hint
            )
        _require(required, list(data), path, n, hint)
        records.append(Record(data, path, n))
    return records


def read_csv(
    path: Path,
    *,
    what: str = "file",
    required: Sequence[str] = (),
    hint: str | None = None,
) -> list[Record]:
    """The records of a CSV file with a header row, read as the module's docstring says.

    Args:
        path: the file.
        what: what the file is, for messages ("label file").
        required: columns the header must have.
        hint: what the file should hold, shown with a missing header or column.

    Raises:
        ConfigError: the file has no header, lacks a required column, is not valid CSV, or
            a row has more fields than the header; with the line.
    """
    text = read_text(path, what=what)
    csv.field_size_limit(CSV_FIELD_LIMIT)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, None)
        if header is None:
            raise ConfigError(f"the {what} is empty: no header row", file=path, line=1, hint=hint)
        columns = [name.strip() for name in header]
        _require(required, columns, path, 1, hint)
        records = []
        end = reader.line_num
        for cells in reader:
            start, end = end + 1, reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) > len(columns):
                raise ConfigError(
                    f"row has {len(cells)} fields but the header has {len(columns)}",
                    file=path,
                    line=start,
                    hint="quote fields that contain commas",
                )
            # A short row leaves its last fields out: absent, like empty ones.
            data = {k: v for k, v in zip(columns, cells, strict=False) if v != ""}
            records.append(Record(data, path, start))
        return records
    except csv.Error as exc:
        raise ConfigError(
            f"not valid CSV: {exc}",
            file=path,
            line=reader.line_num,
            hint=f"a quote opened in a field must be closed, and a field holds at most "
            f"{CSV_FIELD_LIMIT:,} characters; save the file again from the spreadsheet as CSV",
        ) from exc


def _require(
    required: Sequence[str], present: Sequence[str], path: Path, line: int, hint: str | None = None
) -> None:
    missing = [name for name in required if name not in present]
    if missing:
        raise ConfigError(
            f"no {missing[0]!r} column" if len(missing) == 1 else f"no columns {missing!r}",
            file=path,
            line=line,
            hint=hint,
        )


def _read_document(path: Path) -> list[Record]:
    if path.suffix.lower() == ".json":
        data = load_json(read_text(path), file=path)
        lines = None
    else:
        data, lines = read_yaml(path)
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
        text = read_text(file)
        title = next(
            (ln.lstrip("#").strip() for ln in text.splitlines() if ln.startswith("#")), file.stem
        )
        records.append(Record({"id": file.stem, "title": title, "text": text}, file, 1))
    return records
