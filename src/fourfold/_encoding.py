r"""Decoding user files as UTF-8 with the line of a bad byte, and keeping their text storable.

Every file fourfold reads from a user (suites, cases, criteria, resources, labels, traces)
is UTF-8, with or without a byte-order mark (spreadsheets and Windows editors write one).
A file in another encoding is refused with the line and byte offset of the first byte that
is not UTF-8.

Decoded UTF-8 cannot hold a lone UTF-16 surrogate (U+D800 to U+DFFF), but an escape can:
``"\ud800"`` in JSON, ``"\ud800"`` in a double-quoted YAML string. A lone surrogate is not
a character: no store (SQLite, PostgreSQL, a JSON file) can write it, so a case holding one
used to leave its run unfinishable. Files a person writes (suites, cases, criteria,
resources, labels) holding one are refused at load, naming the field (`lone_surrogate`
finds it). What agents and models produce, and recorded traffic (imported traces, the
monitor's), is repaired instead: `scrub` puts U+FFFD, the replacement character, in place
of each, so a trial can always be stored (an exporter that cuts a string between the
halves of a pair writes such an escape, and one bad character is no reason to lose a
trace).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError

from .errors import ConfigError

__all__ = [
    "BOM",
    "SURROGATE_HINT",
    "decode",
    "format_path",
    "kind_of",
    "lone_surrogate",
    "read_bytes",
    "read_text",
    "scrub",
    "storable",
]

BOM = "\ufeff"
"""The byte-order mark, as decoded: dropped from the start of a file."""

SURROGATE_HINT = (
    "a \\ud800-\\udfff escape on its own is half of a UTF-16 pair, not a character, and "
    "cannot be stored; write the character itself (or, in JSON, both halves of the pair)"
)

_SURROGATE = re.compile("[\ud800-\udfff]")
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


def decode(data: bytes, *, file: str | Path) -> str:
    """`data` as text: UTF-8, a leading byte-order mark dropped.

    Raises:
        ConfigError: not UTF-8; names the line and the byte offset of the first bad byte.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if data.startswith(_UTF16_BOMS):
            raise ConfigError(
                "the file is UTF-16 text, not UTF-8",
                file=file,
                line=1,
                hint="save it as UTF-8 (in a spreadsheet: 'CSV UTF-8')",
            ) from exc
        line = data.count(b"\n", 0, exc.start) + 1
        raise ConfigError(
            f"not UTF-8 text: byte {exc.start} (0x{data[exc.start]:02x}) {exc.reason}",
            file=file,
            line=line,
            hint="save the file as UTF-8 (in a spreadsheet: 'CSV UTF-8'; iconv -f latin1 "
            "-t utf-8 converts a Latin-1 file)",
        ) from exc
    return text.removeprefix(BOM)


def kind_of(path: Path) -> Literal["file", "folder", "missing"]:
    """What `path` names; one the OS cannot even look up is missing.

    `Path.exists` raises for a name too long (``OSError``) or holding a NUL byte
    (``ValueError``), both easy to write in a YAML string.
    """
    try:
        if path.is_file():
            return "file"
        if path.is_dir():
            return "folder"
    except (OSError, ValueError):
        pass
    return "missing"


def read_bytes(path: Path, *, limit: int | None = None, what: str = "file") -> bytes:
    """The bytes of `path`, at most `limit` of them.

    Raises:
        ConfigError: the file cannot be read, or is larger than `limit`.
    """
    try:
        with path.open("rb") as stream:
            data = stream.read() if limit is None else stream.read(limit + 1)
    except FileNotFoundError as exc:
        raise ConfigError(f"{what} not found: {path}", hint="check the path") from exc
    except IsADirectoryError as exc:
        raise ConfigError(f"{path} is a folder, not a {what}", hint="give a file") from exc
    except OSError as exc:
        raise ConfigError(
            f"cannot read the {what} {path}: {exc.strerror or exc}", file=path
        ) from exc
    if limit is not None and len(data) > limit:
        raise ConfigError(
            f"the {what} is larger than {_size(limit)}, the most fourfold reads of this kind",
            file=path,
            hint="split it, or keep many records in a .jsonl file (read without this limit)",
        )
    return data


def read_text(path: Path, *, limit: int | None = None, what: str = "file") -> str:
    """The text of `path`: UTF-8 (a byte-order mark dropped), at most `limit` bytes.

    Raises:
        ConfigError: the file cannot be read, is larger than `limit`, or is not UTF-8.
    """
    return decode(read_bytes(path, limit=limit, what=what), file=path)


def lone_surrogate(value: Any) -> tuple[str | int, ...] | None:
    r"""Where in `value` (dicts, lists, strings) a lone surrogate is: the keys and indices.

    A dict key holding one is reported by its own path.

    Examples:
        >>> lone_surrogate({"cases": [{"id": "a"}, {"input": "x\ud800"}]})
        ('cases', 1, 'input')
        >>> lone_surrogate({"ok": ["fine", 1, None]}) is None
        True
    """
    for path, text in _strings(value, ()):
        if not text.isascii() and _SURROGATE.search(text):
            return path
    return None


def scrub(value: T) -> T:
    r"""`value` with each lone surrogate in its strings replaced by U+FFFD.

    Strings, and dicts, lists and tuples of them; anything else is returned as is.

    Examples:
        >>> scrub({"out": ["ok", "bad \udc80"]}) == {"out": ["ok", "bad \ufffd"]}
        True
    """
    if isinstance(value, str):
        if value.isascii():
            return value
        return _SURROGATE.sub("\ufffd", value)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, list):
        return [scrub(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(scrub(v) for v in value)  # type: ignore[return-value]
    return value


def storable(model: M) -> M:
    """`model` when its JSON can be written, else a copy with each lone surrogate replaced.

    For what agents produce: a trace holding a lone surrogate (an agent that sliced a
    string between the halves of a pair, a tool that decoded bytes with
    ``surrogateescape``) is stored with U+FFFD in its place rather than failing the run.

    Raises:
        ValueError: the JSON cannot be written for another reason (nested deeper than the
            serializer follows).
    """
    try:
        model.model_dump_json()
        return model
    except PydanticSerializationError as exc:
        first = exc
    try:
        repaired = type(model).model_validate(scrub(model.model_dump()))
        repaired.model_dump_json()
    except (ValueError, RecursionError) as exc:
        raise ValueError(str(first)) from exc
    return repaired


def format_path(path: tuple[str | int, ...]) -> str:
    """A path as it reads in a message: ``cases[3].input``.

    Examples:
        >>> format_path(("cases", 3, "input")), format_path(())
        ('cases[3].input', '(the document)')
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            shown = part if part.isidentifier() else ascii(part)
            out += ("." if out else "") + shown
    return out or "(the document)"


def _strings(
    value: Any, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    # Depth is bounded by the readers (see _json.MAX_DEPTH), so recursion is safe here.
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield (*path, key), key
            yield from _strings(item, (*path, key if isinstance(key, str | int) else str(key)))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _strings(item, (*path, i))


def _size(n: int) -> str:
    return f"{n / 2**20:g} MiB" if n >= 2**20 else f"{n:,} bytes"
