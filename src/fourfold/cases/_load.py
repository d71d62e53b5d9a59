"""Loading cases from YAML, JSONL, JSON or CSV files."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .._json import JsonProblem, parse_json
from .._records import Record, read_records
from ..errors import ConfigError
from ._case import Case

__all__ = ["load_cases"]

_CSV_FIELDS = {"id", "input", "expected", "focus", "ground_truth", "context", "tags", "metadata"}


def load_cases(path: str | Path) -> list[Case]:
    """Load the cases of one file.

    In a CSV file the columns ``id, input, expected, focus, ground_truth`` map to the case's
    fields, ``tags`` is split on ``;``, ``context`` and ``metadata`` hold JSON, and every
    other column is a stratum (``category``, ``difficulty``...). A case without an id gets
    one derived from its content, which stays stable when cases are reordered.

    Raises:
        ConfigError: names the file and line of the first bad case, and what is wrong.
    """
    path = Path(path)
    cases: list[Case] = []
    seen: dict[str, int] = {}
    for record in read_records(path):
        data = _from_csv_row(record) if path.suffix.lower() == ".csv" else dict(record.data)
        case = _validate(data, record)
        if case.id in seen:
            raise ConfigError(
                f"duplicate case id {case.id!r} (first seen on line {seen[case.id]})",
                file=record.file,
                line=record.line,
                hint="case ids must be unique within a suite",
            )
        seen[case.id] = record.line
        cases.append(case)
    return cases


def _validate(data: dict[str, Any], record: Record) -> Case:
    try:
        if "id" not in data and "input" in data:
            probe = Case.model_validate({**data, "id": "_"})
            data["id"] = "case-" + probe.content_hash.removeprefix("sha256:")[:12]
        return Case.model_validate(data)
    except ValidationError as exc:
        # A misspelt field also makes the real one "missing": name the misspelling first.
        err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        field = ".".join(str(p) for p in err["loc"]) or "(record)"
        hint = None
        if err["type"] == "extra_forbidden":
            close = difflib.get_close_matches(field, list(Case.model_fields), n=1)
            hint = (f"did you mean {close[0]!r}? " if close else "") + (
                "a case has id, input, context, expected, focus, ground_truth, strata, tags "
                "and metadata; put anything else under metadata"
            )
        elif err["type"] == "missing":
            hint = f"add the '{field}' field"
        raise ConfigError(
            f"case field '{field}': {err['msg']}", file=record.file, line=record.line, hint=hint
        ) from exc


def _from_csv_row(record: Record) -> dict[str, Any]:
    row = record.data
    data: dict[str, Any] = {k: v for k, v in row.items() if k in _CSV_FIELDS}
    strata = {k: v for k, v in row.items() if k not in _CSV_FIELDS}
    if strata:
        data["strata"] = strata
    if "tags" in data:
        data["tags"] = [t.strip() for t in str(data["tags"]).split(";") if t.strip()]
    for key in ("context", "metadata", "ground_truth"):
        if key in data:
            try:
                data[key] = parse_json(data[key])
            except JsonProblem as exc:
                if key == "ground_truth" and exc.syntax:
                    continue  # a plain string is a fine ground truth
                raise ConfigError(
                    f"column '{key}' must hold JSON: {exc.message}",
                    file=record.file,
                    line=record.line,
                    hint=exc.hint,
                ) from exc
    return data
