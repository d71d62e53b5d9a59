"""Trace files as documents: JSON, JSONL, several indented documents, binary OTLP, gzip.

`load_documents` reads a file the importer was given into the documents `._spans.read_spans`
reads spans from, whatever way the file holds them (see its docstring); `documents_of` takes
a path or data already parsed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .._encoding import decode, kind_of, read_bytes
from .._json import JsonProblem, as_config_error, json_documents_in, parse_json
from .._records import split_lines
from ..errors import ConfigError
from ._otlp_protobuf import GZIP_MAGIC, gunzipped, is_protobuf, read_otlp_protobuf
from ._spans import Document

__all__ = ["documents_of", "load_documents"]


def load_documents(path: Path) -> list[Document]:
    """Parse `path`: one JSON document, or one per line for ``.jsonl`` (and JSON that has more).

    The file is recorded traffic, read within `fourfold._json`'s bounds, except that a key
    twice in an object is the exporter's business (the last is kept), and a lone surrogate
    escape, which an exporter writes when it cuts a string between the halves of a pair,
    becomes U+FFFD (the document says it was `repaired`).

    Several documents one after another, each on as many lines as it takes, are read too
    (the OpenTelemetry SDK's ``ConsoleSpanExporter`` writes each span as indented JSON,
    one after another: `_several`). Binary OTLP is read too (`._otlp_protobuf`: an export
    request, or the Collector file exporter's ``format: proto``), and a gzip file of
    either, one document a request.

    Raises:
        ConfigError: the file is missing, not UTF-8, or not JSON (names the line), or
            protobuf that does not decode.
    """
    kind = kind_of(path)
    if kind == "folder":
        raise ConfigError(
            f"{path} is a folder, not a trace file",
            hint=f"name the files in it: {path}/*.json (several files are read as one export)",
        )
    if kind != "file":
        raise ConfigError(f"file not found: {path}", hint="check the path")
    raw = read_bytes(path, what="trace file")
    if raw.startswith(GZIP_MAGIC):
        raw = gunzipped(raw, path)
    if is_protobuf(raw):
        return _protobuf_documents(raw, path)
    try:
        return _json_documents(raw, path)
    except ConfigError as not_json:
        if raw[:1] != b"\n":  # a protobuf request's first tag: try it before giving up
            raise
        try:
            return _protobuf_documents(raw, path)
        except ConfigError:
            if _is_utf8(raw):  # text: say what is wrong with it as JSON
                raise not_json from None
            raise


def _protobuf_documents(raw: bytes, path: Path) -> list[Document]:
    """`load_documents` for binary OTLP: one document per export request."""
    docs = [Document(request, path) for request in read_otlp_protobuf(raw, path)]
    if not docs:
        raise ConfigError(
            "the OTLP protobuf file holds no span and no log record",
            file=path,
            hint="export some spans first",
        )
    return docs


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _json_documents(raw: bytes, path: Path) -> list[Document]:
    """`load_documents` for JSON text."""
    text = decode(raw, file=path)
    if path.suffix.lower() != ".jsonl":
        try:
            data, repaired = _recorded(text)
            return [Document(data, path, None, repaired)]
        except JsonProblem as exc:
            if exc.message != "Extra data":
                raise as_config_error(
                    exc,
                    file=path,
                    line=None,
                    hint="the file must be one JSON document, or one per line (.jsonl)",
                ) from exc
    docs = []
    for n, line in enumerate(split_lines(text), start=1):
        if not line.strip():
            continue
        try:
            data, repaired = _recorded(line)
        except JsonProblem as exc:
            if (several := _several(text, path)) is not None:
                return several  # indented documents one after another
            hint = "each line of a .jsonl file must be one complete JSON document"
            raise as_config_error(exc, file=path, line=n, hint=hint) from exc
        docs.append(Document(data, path, n, repaired))
    if not docs:
        raise ConfigError("the file is empty", file=path, hint="export some spans first")
    return docs


def _several(text: str, path: Path) -> list[Document] | None:
    """The JSON documents of a text that holds several one after another, or None.

    Each on as many lines as it takes (the OpenTelemetry SDK's ``ConsoleSpanExporter``
    output), each numbered by the line it starts on. When the first document took several
    lines and a later one is broken, the error names the line where that one starts (a
    JSONL reading would blame the first document's first line).

    Raises:
        ConfigError: a document of such a text is broken or refused.
    """
    bounds, stopped = json_documents_in(text)
    indented = bool(bounds) and "\n" in text[bounds[0][0] : bounds[0][1]]
    if stopped is not None and not indented:
        return None
    docs = []
    for start, end in [*bounds, *([(stopped, len(text))] if stopped is not None else [])]:
        line = text.count("\n", 0, start) + 1
        try:
            data, repaired = _recorded(text[start:end])
        except JsonProblem as exc:
            at = line + (exc.line or 1) - 1
            exc.line = None
            hint = "the file holds JSON documents one after another: this one is broken"
            raise as_config_error(exc, file=path, line=at, hint=hint) from exc
        docs.append(Document(data, path, line, repaired))
    return docs


def _recorded(text: str) -> tuple[Any, bool]:
    """Recorded JSON, and whether a lone surrogate escape in it had to be replaced."""
    try:
        return parse_json(text, unique_keys=False), False
    except JsonProblem as exc:
        if not exc.surrogate:
            raise
    return parse_json(text, unique_keys=False, repair=True), True


def documents_of(data: Any) -> list[Document]:
    """`data` as documents: a path (``str`` or `Path`) is read, anything else is parsed data.

    Raises:
        ConfigError: the file is missing or not JSON.
    """
    if isinstance(data, str | os.PathLike):
        return load_documents(Path(data))
    return [Document(data)]
