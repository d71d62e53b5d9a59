"""OTLP in protobuf: an export request's bytes as the OTLP JSON mapping the span reader reads.

The OpenTelemetry SDK exporters and the Collector's ``otlphttp`` exporter send protobuf by
default, and the Collector's file exporter writes it with ``format: proto``. Both the
monitor's receiver (`decode_otlp`, one request a body) and ``fourfold import``
(`read_otlp_protobuf`)
read it here, with ``opentelemetry-proto`` (the ``otlp`` extra), so a span means the same
whichever way it came in.

A file may hold:

- one export request (``ExportTraceServiceRequest`` or ``ExportLogsServiceRequest``), as an
  exporter's request body is saved;
- the Collector file exporter's ``format: proto``: each request preceded by its size, four
  bytes, big-endian (the exporter's README, "File Format"); traces and logs may alternate
  when one file exporter takes both signals;
- either of them gzip-compressed (a saved ``Content-Encoding: gzip`` body, ``gzip FILE``).

The file exporter's own ``compression: zstd`` compresses each request apart; that is refused
with the setting to change. Nothing tells a traces request from a logs request but what
decodes: a request is read as traces when every span it yields has a trace and a span id
(a logs request read as traces yields records with neither), else as logs.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any, Literal

from ..errors import ConfigError

__all__ = [
    "GZIP_MAGIC",
    "GzipTooLarge",
    "ProtobufUnavailable",
    "decode_otlp",
    "gunzip",
    "gunzipped",
    "is_protobuf",
    "read_otlp_protobuf",
]

Signal = Literal["traces", "logs"]

GZIP_MAGIC = b"\x1f\x8b"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


class ProtobufUnavailable(Exception):
    """``opentelemetry-proto`` is not installed; the message says how to install it."""


def decode_otlp(body: bytes, signal: Signal = "traces") -> dict[str, Any]:
    """An OTLP export request in protobuf, as its OTLP JSON mapping.

    ``ExportTraceServiceRequest`` for traces, ``ExportLogsServiceRequest`` for logs. Ids
    come out base64-encoded (protobuf's JSON mapping of bytes), which the span reader
    decodes; 64-bit integers come out as strings, which it reads too.

    Raises:
        ProtobufUnavailable: ``opentelemetry-proto`` is not installed.
        ValueError: the body is not such a message.
    """
    try:
        from google.protobuf import json_format
        from google.protobuf.message import DecodeError
        from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import (
            ExportLogsServiceRequest,
        )
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
            ExportTraceServiceRequest,
        )
    except ImportError as exc:
        variable = "TRACES" if signal == "traces" else "LOGS"
        raise ProtobufUnavailable(
            "OTLP protobuf needs opentelemetry-proto: pip install 'fourfold[otlp]', or send "
            f"OTLP JSON (OTEL_EXPORTER_OTLP_{variable}_PROTOCOL=http/json)"
        ) from exc
    kind = ExportTraceServiceRequest if signal == "traces" else ExportLogsServiceRequest
    try:
        message = kind.FromString(body)
    except DecodeError as exc:
        raise ValueError(str(exc) or "undecodable") from exc
    data: dict[str, Any] = json_format.MessageToDict(message)
    return data


def is_protobuf(raw: bytes) -> bool:
    r"""Whether a file's bytes can only be binary OTLP (they cannot start JSON text).

    A size-prefixed request starts with the size's high byte (``0x00`` below 16 MiB), a
    zstd-compressed one with zstd's magic number. A lone request starts with its first
    field's tag, ``0x0a``, which is also a line feed: such a file is read as JSON first
    (`load_documents` tries protobuf when that fails).

    Examples:
        >>> is_protobuf(b"\x00\x00\x01\x2a\x0a")
        True
        >>> is_protobuf(b'{"resourceSpans": []}'), is_protobuf(b"\x0a\x95\x01")
        (False, False)
    """
    return raw[:1] == b"\x00" or raw.startswith(ZSTD_MAGIC)


class GzipTooLarge(Exception):
    """Gzip data that decompresses to more than the limit it was read with."""


def gunzip(data: bytes, limit: int) -> bytes:
    """Gzip `data` decompressed, at most `limit` bytes of it.

    A small gzip body can hold gigabytes: the monitor's request bodies and ``fourfold
    import``'s files alike are read within a limit.

    Raises:
        GzipTooLarge: it decompresses to more.
        zlib.error, EOFError: it is not (complete) gzip.
    """
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    out = inflater.decompress(data, limit + 1)
    if len(out) > limit or inflater.unconsumed_tail:
        raise GzipTooLarge
    if not inflater.eof:
        raise EOFError("the gzip stream ends early")
    return out


def gunzipped(raw: bytes, path: Path, *, limit: int = 1 << 30) -> bytes:
    """A gzip file's bytes decompressed, at most `limit` of them (`gunzip`).

    Raises:
        ConfigError: it does not decompress (or is cut short), or holds more than `limit`
            bytes.
    """
    try:
        return gunzip(raw, limit)
    except (zlib.error, EOFError) as exc:
        raise ConfigError(
            f"the gzip file does not decompress: {exc}", file=path, hint="check the file"
        ) from exc
    except GzipTooLarge as exc:
        raise ConfigError(
            f"the file decompresses to more than {limit // 2**20} MiB",
            file=path,
            hint="split the export",
        ) from exc


def read_otlp_protobuf(raw: bytes, path: Path) -> list[dict[str, Any]]:
    """The export requests of a protobuf OTLP file, each as its OTLP JSON mapping.

    Requests that hold nothing (no span, no log record) are left out.

    Raises:
        ConfigError: the file is zstd-compressed, holds a part that is no request, or
            ``opentelemetry-proto`` is not installed; each names the file.
    """
    frames = _frames(raw) or [raw]
    if frames[0].startswith(ZSTD_MAGIC):
        raise ConfigError(
            "the file is zstd-compressed (the Collector file exporter's compression: zstd)",
            file=path,
            hint="export without compression (or with format: json), then import that file",
        )
    requests = []
    for n, frame in enumerate(frames, start=1):
        try:
            requests.append(_request(frame))
        except ProtobufUnavailable as exc:
            raise ConfigError(str(exc), file=path) from exc
        except ValueError as exc:
            where = f"request {n} of {len(frames)}" if len(frames) > 1 else "the file"
            raise ConfigError(
                f"{where} is not an OTLP protobuf export request: {exc}",
                file=path,
                hint="import OTLP JSON, or a Collector file exporter's format: proto output",
            ) from exc
    return [request for request in requests if request]


def _frames(raw: bytes) -> list[bytes] | None:
    r"""`raw` cut at its four-byte big-endian sizes, when they tile it exactly; else None.

    Examples:
        >>> _frames(b"\x00\x00\x00\x02ab\x00\x00\x00\x01c")
        [b'ab', b'c']
        >>> _frames(b"\x0a\x02ab") is None
        True
    """
    frames: list[bytes] = []
    at = 0
    while at < len(raw):
        if at + 4 > len(raw):
            return None
        size = int.from_bytes(raw[at : at + 4], "big")
        if size == 0 or at + 4 + size > len(raw):
            return None
        frames.append(raw[at + 4 : at + 4 + size])
        at += 4 + size
    return frames or None


def _request(frame: bytes) -> dict[str, Any]:
    """One request: traces when its spans have ids, else logs (see the module's docstring).

    Raises:
        ValueError: it decodes as neither (the reason is the traces decoder's).
    """
    spans: list[dict[str, Any]] = []
    try:
        traces = decode_otlp(frame, "traces")
    except ValueError as exc:  # a logs request's fields can be no span's
        first: ValueError | None = exc
    else:
        first = None
        spans = [
            span
            for resource in traces.get("resourceSpans", [])
            for scope in resource.get("scopeSpans", [])
            for span in scope.get("spans", [])
        ]
        if spans and all(span.get("traceId") and span.get("spanId") for span in spans):
            return traces
    try:
        logs = decode_otlp(frame, "logs")
    except ValueError:
        logs = {}
    if any(
        scope.get("logRecords")
        for resource in logs.get("resourceLogs", [])
        for scope in resource.get("scopeLogs", [])
    ):
        return logs
    if first is not None:
        raise first
    if spans:
        raise ValueError("its spans have no trace or span ids")
    return {}
