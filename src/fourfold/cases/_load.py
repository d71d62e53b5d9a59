"""Loading cases from YAML, JSONL, JSON or CSV files."""

from __future__ import annotations

import difflib
from collections.abc import Collection
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .._json import JsonProblem, parse_json
from .._records import Record, read_records
from ..errors import ConfigError
from ._case import Case
from ._user import SimulatedUser

__all__ = ["load_cases"]

_CSV_FIELDS = {"id", "input", "expected", "focus", "ground_truth", "context", "tags", "metadata"}


def load_cases(path: str | Path, *, models: Collection[str] | None = None) -> list[Case]:
    """Load the cases of one file.

    In a CSV file the columns ``id, input, expected, focus, ground_truth`` map to the case's
    fields, ``tags`` is split on ``;``, ``context`` and ``metadata`` hold JSON, and every
    other column is a stratum (``category``, ``difficulty``...). A case without an id gets
    one derived from its content, which stays stable when cases are reordered.

    Args:
        path: the case file.
        models: the suite's model names; when given, a simulated user's ``model`` must be
            one of them.

    Raises:
        ConfigError: names the file and line of the first bad case, and what is wrong.
    """
    path = Path(path)
    cases: list[Case] = []
    seen: dict[str, int] = {}
    for record in read_records(path):
        data = _from_csv_row(record) if path.suffix.lower() == ".csv" else dict(record.data)
        case = _validate(data, record)
        if models is not None and case.user is not None:
            _check_user_model(case.user.model, models, record)
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


def _check_user_model(name: str, models: Collection[str], record: Record) -> None:
    if name in models:
        return
    defined = sorted(models)
    close = difflib.get_close_matches(name, defined, n=1)
    if close:
        hint = f"did you mean {close[0]!r}? the suite's models: {', '.join(defined)}"
    elif defined:
        hint = f"the suite's models: {', '.join(defined)}; name one as user.model"
    else:
        hint = (
            f"the suite defines no models: add one, e.g. models: {{{name}: "
            "{model: openai/gpt-4.1-mini}}"
        )
    raise ConfigError(
        f"case field 'user.model': the simulated user is played by the model {name!r}, which "
        "the suite does not define under 'models:'",
        file=record.file,
        line=record.line,
        hint=hint,
    )


def _validate(data: dict[str, Any], record: Record) -> Case:
    try:
        if "id" not in data and ("input" in data or "user" in data):
            probe = Case.model_validate({**data, "id": "_"})
            data["id"] = "case-" + probe.content_hash.removeprefix("sha256:")[:12]
        return Case.model_validate(data)
    except ValidationError as exc:
        # A misspelt field also makes the real one "missing": name the misspelling first.
        err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        field = ".".join(str(p) for p in err["loc"]) or "(record)"
        hint = None
        msg = err["msg"]
        if err["type"] == "value_error" and not err["loc"]:  # neither input nor user
            field, msg = "input", "Field required"
            hint = (
                "add the 'input' field (what the user says), or a 'user' block (a simulated "
                "user who talks with the agent: model, goal, persona, facts, stop, max_turns)"
            )
        elif err["type"] == "extra_forbidden" and err["loc"][:1] == ("user",):
            close = difflib.get_close_matches(field[5:], list(SimulatedUser.model_fields), n=1)
            hint = (f"did you mean 'user.{close[0]}'? " if close else "") + (
                "a simulated user has model, goal, persona, facts, stop and max_turns"
            )
        elif err["type"] == "extra_forbidden":
            close = difflib.get_close_matches(field, list(Case.model_fields), n=1)
            hint = (f"did you mean {close[0]!r}? " if close else "") + (
                "a case has id, input, context, expected, focus, ground_truth, strata, tags, "
                "metadata and user; put anything else under metadata"
            )
        elif err["type"] == "missing":
            hint = f"add the '{field}' field"
        raise ConfigError(
            f"case field '{field}': {msg}", file=record.file, line=record.line, hint=hint
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
