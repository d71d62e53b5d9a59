"""Importing a file in any supported format, and writing what the replay agent reads."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Literal, get_args

from ..cases import Case
from ..errors import ConfigError
from ._common import ImportedTrace, assemble_all
from ._spans import Document, load_documents, read_spans
from .otel._openinference import interpret_openinference
from .otel._otel import interpret_otel
from .tau import from_tau2, from_tau_bench

__all__ = [
    "FORMATS",
    "Format",
    "detect_format",
    "import_traces",
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
    carries ``openinference.*`` or ``llm.*`` attributes, else OpenTelemetry GenAI.
    """
    first = documents[0].data if documents else None
    if isinstance(first, list) and first and isinstance(first[0], dict) and "traj" in first[0]:
        return "tau-bench"
    if isinstance(first, dict) and "simulations" in first:
        return "tau2"
    batch = read_spans(documents)
    for span in batch.spans:
        if any(k.startswith(("openinference.", "llm.")) for k in span.attributes):
            return "openinference"
    return "otel"


def import_traces(
    path: str | Path, *, format: Format | Literal["auto"] = "auto"
) -> list[ImportedTrace]:
    """Import every trace of a file.

    Args:
        path: the file.
        format: ``otel``, ``openinference``, ``tau-bench``, ``tau2``, or ``auto`` to tell
            from the content.

    Raises:
        ConfigError: the file is missing or malformed, or not in `format`.
    """
    path = Path(path)
    documents = load_documents(path)
    chosen = detect_format(documents) if format == "auto" else format
    if chosen == "tau-bench":
        return from_tau_bench(_single(documents, path, chosen))
    if chosen == "tau2":
        return from_tau2(_single(documents, path, chosen))
    if chosen not in FORMATS:
        raise ConfigError(f"unknown format {chosen!r}", hint=f"use one of {', '.join(FORMATS)}")
    interpret = interpret_otel if chosen == "otel" else interpret_openinference
    return assemble_all(read_spans(documents), interpret, source=chosen)


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
