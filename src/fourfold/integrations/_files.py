"""Importing a file in any supported format, and writing what the replay agent reads."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal, get_args

from .._format import count_of
from ..cases import Case
from ..errors import ConfigError
from ._assembler import SpanAssembler
from ._common import ImportedTrace
from ._report import ImportReport
from ._span_files import load_documents
from ._span_limits import limits_note
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
    chosen = _benchmark_format(documents)
    return chosen if chosen is not None else _spans_format(read_spans(documents).spans)


Paths = str | Path | Sequence[str | Path]
"""One file, or several read as one export (`read_traces`)."""


def import_traces(path: Paths, *, format: Format | Literal["auto"] = "auto") -> list[ImportedTrace]:
    """Import every trace of a file, or of several (`read_traces` also says what it left out).

    Args:
        path: the file, or several files.
        format: ``otel``, ``openinference``, ``tau-bench``, ``tau2``, or ``auto`` to tell
            from the content.

    Raises:
        ConfigError: a file is missing or malformed, not in `format`, or the files hold
            nothing to import.
    """
    return read_traces(path, format=format).traces


def read_traces(path: Paths, *, format: Format | Literal["auto"] = "auto") -> ImportReport:
    """Import every trace of a file, or of several, that can be; say what was left out and why.

    A benchmark record that is not an episode (τ-bench's record of a crashed one) is
    skipped, as is a trace none of whose spans the span format understands (an HTTP
    server's spans in an OpenTelemetry export); files in which nothing can be imported
    are an error that says what they do hold. A lone surrogate escape becomes U+FFFD,
    and the report's notes say so (see `load_documents`).

    Several span files are read as one export, so that what an exporter wrote apart comes
    together: the spans of one trace in two of a Collector's rotated files, the traces and
    the logs signal's GenAI events in files of their own, a batch in two files counted once
    (`read_spans` drops exact repeats). A τ-bench or τ²-bench file is read on its own (its
    name gives the model and domain). A file named twice is read once.

    Raises:
        ConfigError: a file is missing or malformed, not in `format`, or the files hold
            nothing to import.
    """
    files = _files(path)
    loaded = [(file, load_documents(file)) for file in files]
    report = ImportReport()
    span_files: list[Path] = []
    span_documents: list[Document] = []
    for file, documents in loaded:
        chosen = _benchmark_format(documents) if format == "auto" else format
        if chosen == "tau-bench":
            _add(report, read_tau_bench(_single(documents, file, chosen)))
        elif chosen == "tau2":
            _add(report, read_tau2(_single(documents, file, chosen)))
        else:
            span_files.append(file)
            span_documents.extend(documents)
    if span_files:
        _add(report, _read_spans(span_files, span_documents, format))
        note = limits_note(report.traces)
        if note is not None:
            report.notes.append(note)
    for file, documents in loaded:
        repaired = [doc for doc in documents if doc.repaired]
        if repaired:
            where = "the file" if repaired[0].line is None else f"{len(repaired)} line(s)"
            where += f" {file}" if len(files) > 1 else ""
            report.notes.append(
                f"{where} held lone surrogate escapes (half of a character, as an exporter "
                "that cuts strings writes them): each was replaced by U+FFFD"
            )
    return report


def _files(path: Paths) -> list[Path]:
    """The files to read, each once, in the order given."""
    given = [Path(path)] if isinstance(path, str | Path) else [Path(p) for p in path]
    if not given:
        raise ConfigError("no trace file given", hint="name one or more files to import")
    files: dict[Path, Path] = {}
    for file in given:
        files.setdefault(_same_file(file), file)
    return list(files.values())


def _same_file(file: Path) -> Path:
    try:
        return file.resolve()
    except (OSError, ValueError):  # a name the OS cannot look up: `load_documents` says so
        return file


def _add(report: ImportReport, more: ImportReport) -> None:
    report.traces.extend(more.traces)
    report.skipped.extend(more.skipped)
    report.notes.extend(more.notes)


def _benchmark_format(documents: list[Document]) -> Format | None:
    """τ-bench or τ²-bench when the documents are a benchmark's file; None for spans."""
    first = documents[0].data if documents else None
    if isinstance(first, list) and first and isinstance(first[0], dict) and "traj" in first[0]:
        return "tau-bench"
    if isinstance(first, dict) and "simulations" in first:
        return "tau2"
    return None


_SPAN_FORMATS: dict[str, Literal["auto", "otel", "openinference"]] = {
    "auto": "auto",
    "otel": "otel",
    "openinference": "openinference",
}


def _read_spans(files: list[Path], documents: list[Document], format: str) -> ImportReport:
    """The traces of span files read as one export."""
    span_format = _SPAN_FORMATS.get(format)
    if span_format is None:
        raise ConfigError(f"unknown format {format!r}", hint=f"use one of {', '.join(FORMATS)}")
    one = files[0] if len(files) == 1 else None
    batch = read_spans(documents)
    if not batch.spans:  # a logs export alone: its events have no span to belong to
        raise ConfigError(
            f"{'the file holds' if one else f'the {len(files)} files hold'} no spans, only "
            f"{count_of(len(batch.log_events), 'event')} from the logs signal",
            file=one,
            hint="export the traces too and give their file beside this one, or both in one "
            "file, one export request per line (as an OpenTelemetry Collector's file "
            "exporter writes them)",
        )
    chosen = _spans_format(batch.spans) if span_format == "auto" else span_format
    assembler = SpanAssembler(span_format)
    assembler.add_spans(batch.spans, now=0.0, final_outputs=batch.final_outputs)
    report = ImportReport(traces=assembler.flush(), skipped=assembler.skipped)
    if not report.traces and all(s.reason.startswith("none of its") for s in report.skipped):
        raise _nothing_understood(files, batch.spans, chosen, format == "auto")
    if not report.traces:
        shown = "; ".join(str(s) for s in report.skipped[:5])
        raise ConfigError(f"no trace could be imported: {shown}", file=one)
    return report


def _spans_format(spans: list[Span]) -> Format:
    """OpenInference when any span carries ``openinference.span.kind``, else OTel GenAI."""
    if any("openinference.span.kind" in span.attributes for span in spans):
        return "openinference"
    return "otel"


_INTERPRET: dict[str, Interpret] = {
    "otel": interpret_otel,
    "openinference": interpret_openinference,
}
_WHAT = {
    "otel": "an OpenTelemetry GenAI span (gen_ai.*)",
    "openinference": "an OpenInference span (openinference.span.kind)",
}


def _nothing_understood(
    files: list[Path], spans: list[Span], chosen: str, detected: bool
) -> ConfigError:
    """The error for files whose spans `chosen` understands none of, naming what they are."""
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
    if chosen == "otel" and prefixes["gen_ai.*"]:
        found += (
            " (the gen_ai.* attributes name no model call, tool call or agent run fourfold "
            "reads: no gen_ai.operation.name, messages or tool name beside them)"
        )
    where = "" if len(files) == 1 else f" in {len(files)} files"
    return ConfigError(
        f"none of the {len(spans)} spans{where} is {_WHAT[chosen]}{found}",
        file=files[0] if len(files) == 1 else None,
        hint=hint,
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
