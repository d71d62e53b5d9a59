"""Reading a posted form: its size bounded, its CSRF token checked, its fields validated."""

from __future__ import annotations

import unicodedata
from typing import Any, TypeVar, get_origin
from urllib.parse import parse_qs

from pydantic import BaseModel, ValidationError
from starlette.requests import Request

from ._errors import Problem
from ._security import CSRF_FIELD, Security

__all__ = ["MAX_FORM_BYTES", "clean_name", "read_form", "validation_message"]

MAX_FORM_BYTES = 256 * 1024
"""A form larger than this is refused (a note or a reason is a few lines)."""

MAX_NAME = 80
"""Characters of a labeller's or reviewer's name."""

M = TypeVar("M", bound=BaseModel)


async def read_form(request: Request, security: Security, model: type[M]) -> M:
    """The posted form as `model`, after the CSRF check.

    Fields given once are single values; a field a model types as a list takes every
    value given. The ``csrf`` field is checked and dropped.

    Raises:
        Problem: 403 without a valid CSRF token, 413 for a form too large, 422 for a
            form that is not ``application/x-www-form-urlencoded`` or fields that do not
            validate (the message names them).
    """
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise Problem(413, f"the form is larger than {MAX_FORM_BYTES // 1024} KB; shorten it")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in ("", "application/x-www-form-urlencoded"):
        raise Problem(422, f"send the form as application/x-www-form-urlencoded, not {kind}")
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=200)
    except (UnicodeDecodeError, ValueError) as exc:
        raise Problem(422, f"cannot read the form: {exc}") from exc
    security.check_csrf(request, fields.pop(CSRF_FIELD, []))
    data: dict[str, Any] = {}
    for name, values in fields.items():
        info = model.model_fields.get(name)
        wants_list = info is not None and get_origin(info.annotation) is list
        data[name] = values if wants_list else values[-1]
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise Problem(422, validation_message(exc)) from exc


def validation_message(exc: ValidationError) -> str:
    """A pydantic error as one line per field: ``repeat: Input should be ...``."""
    parts = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"] if p not in ("body", "query", "path"))
        message = str(error["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts) or "the input is not valid"


def clean_name(value: str) -> str:
    """A person's name as typed, checked: printable, not empty, not too long.

    Raises:
        ValueError: the name is empty, too long or holds control characters.
    """
    name = value.strip()
    if not name:
        raise ValueError("give a name (or a pseudonym) so your labels can be told apart")
    if len(name) > MAX_NAME:
        raise ValueError(f"a name of at most {MAX_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        raise ValueError("a name of printable characters (no control or invisible ones)")
    return name
