"""Structure checks: the answer's JSON matches a schema and has the fields it must have.

Also the helpers other outcome checks use to read the structured answer: `find_answer`
(``trace.structured``, else the output parsed as JSON, else a fenced JSON block in it) and
`resolve_path` (dotted paths such as ``customer.email`` or ``items.0.id``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import ConfigError
from ..runs import Evidence, Verdict, failed, passed
from ..trace import Trace
from ._check import CheckFn, check
from ._context import CheckContext

__all__ = [
    "Answer",
    "check_path",
    "find_answer",
    "json_schema",
    "render",
    "required_fields",
    "resolve_path",
]

_FENCE_RE = re.compile(r"```[ \t]*(?P<lang>[A-Za-z0-9_-]*)[ \t]*\r?\n(?P<body>.*?)```", re.DOTALL)
_MAX_EVIDENCE = 20


@dataclass(frozen=True, slots=True)
class Answer:
    """The structured answer and where it was read from."""

    value: Any
    source: Literal["structured", "output"]
    """``structured`` for `Trace.structured`; ``output`` when parsed from the text output."""


def find_answer(trace: Trace) -> Answer | str:
    """Return the structured answer of `trace`, or why there is none.

    `Trace.structured` when set; else the output parsed as JSON; else the first fenced
    block labelled ``json`` in the output that parses; else the first unlabelled fenced
    block that parses.
    """
    if trace.structured is not None:
        return Answer(trace.structured, "structured")
    text = (trace.output or "").strip()
    if not text:
        return "the agent gave no answer"
    try:
        return Answer(json.loads(text), "output")
    except json.JSONDecodeError as exc:
        error = exc
    blocks = list(_FENCE_RE.finditer(text))
    for wanted in ("json", ""):
        for block in blocks:
            if block["lang"].lower() == wanted:
                try:
                    return Answer(json.loads(block["body"]), "output")
                except json.JSONDecodeError:
                    continue
    return (
        f"the answer is not JSON ({error.msg} at line {error.lineno} column {error.colno}) "
        "and has no fenced ```json block that parses"
    )


def resolve_path(data: Any, path: str) -> tuple[bool, Any]:
    """Follow a dotted path (``customer.email``, ``items.0.id``) into JSON data.

    A segment is a key of an object or a 0-based index into a list (negative counts from
    the end). Returns ``(False, None)`` when the path leads nowhere.

    Examples:
        >>> resolve_path({"items": [{"id": "A"}]}, "items.0.id")
        (True, 'A')
        >>> resolve_path({"items": []}, "items.0.id")
        (False, None)
    """
    current = data
    for segment in path.split("."):
        if isinstance(current, dict):
            if segment not in current:
                return False, None
            current = current[segment]
        elif isinstance(current, list):
            try:
                index = int(segment)
            except ValueError:
                return False, None
            if not -len(current) <= index < len(current):
                return False, None
            current = current[index]
        else:
            return False, None
    return True, current


def check_path(path: str, check: str, *where: str | int) -> str:
    """Validate a dotted path given to a check.

    Raises:
        ConfigError: the path is empty or has an empty segment; `path` names the argument.
    """
    if not path or any(not segment for segment in path.split(".")):
        raise ConfigError(
            f"check {check!r}: {path!r} is not a dotted path",
            hint="write keys and list indices joined by dots, e.g. 'customer.email' or "
            "'items.0.id'",
            path=("args", *where),
        )
    return path


def render(value: Any, limit: int = 120) -> str:
    """Render a JSON value as short text for an explanation."""
    text = (
        repr(value)
        if isinstance(value, str)
        else json.dumps(value, ensure_ascii=False, default=str)
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


@check(layer="outcome")
def json_schema(schema: dict[str, Any]) -> CheckFn:
    """Check that the structured answer validates against a JSON Schema.

    The answer is `Trace.structured`, else the output parsed as JSON (a fenced ```json
    block is accepted). The schema is read as Draft 2020-12 unless it names another draft
    in ``$schema``; ``format`` is checked for the formats jsonschema knows.

    Args:
        schema: the JSON Schema, as a mapping.

    Raises:
        ConfigError: the schema is not a valid JSON Schema; `path` points into it.
    """
    # Imported when a suite uses the check, not with every other check (~0.1 s).
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for

    cls = validator_for(schema, default=Draft202012Validator)
    try:
        cls.check_schema(schema)
    except SchemaError as exc:
        where = "/".join(str(p) for p in exc.path) or "(top level)"
        raise ConfigError(
            f"check 'json_schema': the schema is not a valid JSON Schema at {where}: {exc.message}",
            hint="see https://json-schema.org/understanding-json-schema/ for the keywords",
            path=("args", "schema", *exc.path),
        ) from exc
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)

    def run(ctx: CheckContext) -> Verdict:
        answer = find_answer(ctx.trace)
        if isinstance(answer, str):
            return failed(answer)
        errors = list(validator.iter_errors(answer.value))
        if not errors:
            return passed("the answer matches the schema", source=answer.source)
        evidence = [
            Evidence(text=f"{e.json_path}: {_shorten(e.message)}", where=answer.source)
            for e in errors[:_MAX_EVIDENCE]
        ]
        first = errors[0]
        return failed(
            f"the answer does not match the schema ({len(errors)} "
            f"{'error' if len(errors) == 1 else 'errors'}; first at {first.json_path}: "
            f"{_shorten(first.message)})",
            evidence=evidence,
            n_errors=len(errors),
            source=answer.source,
        )

    return run


@check(layer="outcome")
def required_fields(fields: list[str]) -> CheckFn:
    """Every dotted path in `fields` is present and not null in the structured answer.

    Args:
        fields: dotted paths such as ``customer.email`` or ``items.0.id`` (list indices are
            0-based). Keys that contain dots cannot be addressed.

    Raises:
        ConfigError: `fields` is empty or a path has an empty segment.
    """
    if not fields:
        raise ConfigError(
            "check 'required_fields': 'fields' is empty",
            hint="list the dotted paths the answer must have, e.g. [customer.email]",
            path=("args", "fields"),
        )
    for i, path in enumerate(fields):
        check_path(path, "required_fields", "fields", i)

    def run(ctx: CheckContext) -> Verdict:
        answer = find_answer(ctx.trace)
        if isinstance(answer, str):
            return failed(answer, score=0.0, missing=list(fields), null=[])
        missing: list[str] = []
        null: list[str] = []
        for path in fields:
            found, value = resolve_path(answer.value, path)
            if not found:
                missing.append(path)
            elif value is None:
                null.append(path)
        score = 1 - (len(missing) + len(null)) / len(fields)
        if not missing and not null:
            return passed(
                f"all {len(fields)} required fields are present", score=score,
                missing=[], null=[],
            )  # fmt: skip
        evidence = [Evidence(text=f"{p}: missing", where=answer.source) for p in missing]
        evidence += [Evidence(text=f"{p}: null", where=answer.source) for p in null]
        parts = []
        if missing:
            parts.append(f"missing: {', '.join(missing)}")
        if null:
            parts.append(f"null: {', '.join(null)}")
        return failed(
            f"{len(missing) + len(null)} of {len(fields)} required fields are absent "
            f"({'; '.join(parts)})",
            score=score,
            evidence=evidence,
            missing=missing,
            null=null,
        )

    return run


def _shorten(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
