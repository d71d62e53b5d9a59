"""Importing a file in any supported format, and writing what the replay agent reads."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Literal, get_args

from .._format import count_of
from ..cases import Case
from ..errors import ConfigError
from ._assembler import SpanAssembler
from ._common import ImportedTrace
from ._report import ImportReport
from ._span_files import load_documents
from ._spans import Document, Span, read_spans
from ._steps import Interpret
from .otel._openinference import interpret_openinference
from .otel._otel import interpret_otel
from .tau._importer import read_tau2, read_tau_bench

__all__ = [
    "FORMATS",
    "Format",
    "detect_format",
    "import_traces",
    "read_traces",
    "replay_lines",
    "write_cases",
    "write_replay",
]

Format = Literal["otel", "openinference", "tau-bench", "tau2"]
FORMATS: tuple[Format, ...] = get_args(Format)
"""The formats `import_traces` reads."""


def detect_format(documents: list[Document]) -> Format:
    """The format of parsed documents.

    τ-bench records, a τ²-bench results file, or spans: OpenInference when any span
    carries ``openinference.span.kind``, else OpenTelemetry GenAI. (An ``llm.*`` key alone
    does not make a span OpenInference: OpenLLMetry writes them beside ``gen_ai.*``.) The
    name only labels the import: with ``auto`` every span is read by every convention it
    carries.
    """
    first = documents[0].data if documents else None
    if isinstance(first, list) and first and isinstance(first[0], dict) and "traj" in first[0]:
        return "tau-bench"
    if isinstance(first, dict) and "simulations" in first:
        return "tau2"
    batch = read_spans(documents)
    for span in batch.spans:
        if "openinference.span.kind" in span.attributes:
            return "openinference"
    return "otel"


def import_traces(
    path: str | Path, *, format: Format | Literal["auto"] = "auto"
) -> list[ImportedTrace]:
    """Import every trace of a file (`read_traces` also says what it left out).

    Args:
        path: the file.
        format: ``otel``, ``openinference``, ``tau-bench``, ``tau2``, or ``auto`` to tell
            from the content.

    Raises:
        ConfigError: the file is missing or malformed, not in `format`, or holds nothing
            to import.
    """
    return read_traces(path, format=format).traces


def read_traces(path: str | Path, *, format: Format | Literal["auto"] = "auto") -> ImportReport:
    """Import every trace of a file that can be, and say what was left out and why.

    A benchmark record that is not an episode (τ-bench's record of a crashed one) is
    skipped, as is a trace none of whose spans the span format understands (an HTTP
    server's spans in an OpenTelemetry export); a file in which nothing can be imported
    is an error that says what the file does hold. A lone surrogate escape becomes U+FFFD,
    and the report's notes say so (see `load_documents`).

    Raises:
        ConfigError: the file is missing or malformed, not in `format`, or holds nothing
            to import.
    """
    path = Path(path)
    documents = load_documents(path)
    report = _read(path, documents, format)
    repaired = [doc for doc in documents if doc.repaired]
    if repaired:
        where = "the file" if repaired[0].line is None else f"{len(repaired)} line(s)"
        report.notes.append(
            f"{where} held lone surrogate escapes (half of a character, as an exporter "
            "that cuts strings writes them): each was replaced by U+FFFD"
        )
    return report


def _read(path: Path, documents: list[Document], format: Format | Literal["auto"]) -> ImportReport:
    chosen = detect_format(documents) if format == "auto" else format
    if chosen == "tau-bench":
        return read_tau_bench(_single(documents, path, chosen))
    if chosen == "tau2":
        return read_tau2(_single(documents, path, chosen))
    if chosen not in FORMATS:
        raise ConfigError(f"unknown format {chosen!r}", hint=f"use one of {', '.join(FORMATS)}")
    batch = read_spans(documents)
    if not batch.spans:  # a logs export alone: its events have no span to belong to
        raise ConfigError(
            "the file holds no spans, only "
            f"{count_of(len(batch.log_events), 'event')} from the logs signal",
            file=path,
            hint="export the traces too and give both in one file, one export request per "
            "line (as an OpenTelemetry Collector's file exporter writes them)",
        )
    assembler = SpanAssembler("auto" if format == "auto" else chosen)
    assembler.add_spans(batch.spans, now=0.0, final_outputs=batch.final_outputs)
    report = ImportReport(traces=assembler.flush(), skipped=assembler.skipped)
    if not report.traces and all(s.reason.startswith("none of its") for s in report.skipped):
        raise _nothing_understood(path, batch.spans, chosen, format == "auto")
    if not report.traces:
        shown = "; ".join(str(s) for s in report.skipped[:5])
        raise ConfigError(f"no trace could be imported: {shown}", file=path)
    return report


_INTERPRET: dict[str, Interpret] = {
    "otel": interpret_otel,
    "openinference": interpret_openinference,
}
_WHAT = {
    "otel": "an OpenTelemetry GenAI span (gen_ai.*)",
    "openinference": "an OpenInference span (openinference.span.kind)",
}


def _nothing_understood(path: Path, spans: list[Span], chosen: str, detected: bool) -> ConfigError:
    """The error for a file whose spans `chosen` understands none of, naming what they are."""
    prefixes: Counter[str] = Counter()
    for span in spans:
        prefixes.update({key.split(".", 1)[0] + ".*" for key in span.attributes if key})
    found = ", ".join(f"{prefix} on {n}" for prefix, n in prefixes.most_common(6))
    others = [
        name
        for name, interpret in _INTERPRET.items()
        if name != chosen and any(_understands(interpret, span) for span in spans)
    ]
    if others:
        hint = f"the {others[0]} format reads them: use --format {others[0]}"
    elif detected:
        hint = "fourfold imports GenAI spans (gen_ai.*), OpenInference spans, τ-bench and τ²-bench"
    else:
        hint = "give the --format the file is in, or leave it out to tell from the content"
    found = f"; their attributes: {found}" if found else "; they have no attributes"
    return ConfigError(
        f"none of the {len(spans)} spans is {_WHAT[chosen]}{found}", file=path, hint=hint
    )


def _understands(interpret: Interpret, span: Span) -> bool:
    try:
        return interpret(span) is not None
    except (ValueError, TypeError, KeyError, AttributeError):
        return False


def _single(documents: list[Document], path: Path, format: str) -> Path:
    """The file itself (its name gives the model and domain), once it is one document."""
    if len(documents) != 1:
        raise ConfigError(
            f"a {format} file is one JSON document, not JSON lines",
            file=path,
            hint="point at the trajectory or results file the benchmark wrote",
        )
    return path


def write_replay(imported: Iterable[ImportedTrace], path: str | Path) -> int:
    """Write the replay file (one ``{"case_id", "repeat", "trace", ...}`` line per trace).

    Returns:
        The number of lines written.

    Raises:
        ConfigError: two traces answer the same case and repeat.
    """
    lines = replay_lines(imported)
    Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return len(lines)


def replay_lines(imported: Iterable[ImportedTrace]) -> list[str]:
    """The lines of a replay file, as JSON text.

    Raises:
        ConfigError: two traces answer the same case and repeat.
    """
    seen: dict[tuple[str, int], str] = {}
    lines = []
    for item in imported:
        key = (item.case_id, item.repeat)
        if key in seen:
            raise ConfigError(
                f"traces {seen[key]} and {item.trace_id} are both case {item.case_id!r} "
                f"repeat {item.repeat}",
                hint="import the runs of one configuration per replay file",
            )
        seen[key] = item.trace_id
        lines.append(json.dumps(item.replay_line(), ensure_ascii=False))
    return lines


def write_cases(
    imported: Iterable[ImportedTrace], path: str | Path
) -> tuple[list[Case], list[str]]:
    """Write the cases the traces answer as JSONL (one per case id, the first trace's).

    Returns:
        The cases written, and the ids of the traces no case could be made for (no user
        message in them).
    """
    cases: dict[str, Case] = {}
    skipped: list[str] = []
    for item in imported:
        if item.case_id in cases:
            continue
        try:
            cases[item.case_id] = item.to_case()
        except ValueError:
            skipped.append(item.trace_id)
    Path(path).write_text(
        "".join(c.model_dump_json(exclude_defaults=True) + "\n" for c in cases.values()),
        encoding="utf-8",
    )
    return list(cases.values()), skipped
