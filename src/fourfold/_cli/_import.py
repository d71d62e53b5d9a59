"""``fourfold import``: recorded traffic into a replay file (and cases) a suite evaluates."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

import click

from .._format import count_of
from ._common import err_console, handle_errors

if TYPE_CHECKING:
    from ..integrations import Format, ImportReport

_SHOWN = 10
"""How many skipped items the summary names."""


FORMATS = ("otel", "openinference", "tau-bench", "tau2")
"""`fourfold.integrations.FORMATS`, written out so that ``fourfold import --help`` does not
load every importer (tests/test_startup.py keeps the two equal)."""


@click.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", *FORMATS]),
    default="auto",
    show_default=True,
    help="What the files hold: OpenTelemetry GenAI spans (OTLP JSON, a span dump, JSONL), "
    "OpenInference spans, τ-bench trajectories or a τ²-bench results file.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The replay file to write (JSONL, one trace per line); default: standard output.",
)
@click.option(
    "--cases",
    "cases_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the cases the traces answer (JSONL).",
)
@handle_errors
def import_command(
    files: tuple[Path, ...], fmt: str, output: Path | None, cases_file: Path | None
) -> None:
    """Import recorded traces from FILES as a replay file.

    Several span files are read as one export (a trace's spans in two rotated files, the
    traces and the logs signal's events in files of their own).

    A suite with ``agent: {replay: traces.jsonl}`` then evaluates them with its checks and
    judges without running anything. τ-bench and τ²-bench tasks come with their expected
    actions and outputs: add the checks ``tau/expected_actions`` and
    ``tau/expected_outputs``, and ``tau/reward`` for the benchmark's own reward (fourfold
    finds them by name). Rewards the file itself shows cannot be trusted are counted.
    """
    from ..integrations import (
        basis_note,
        read_traces,
        replay_lines,
        reward_flags_of,
        write_cases,
        write_replay,
    )

    report = read_traces(files, format=cast("Format | Literal['auto']", fmt))
    imported = report.traces
    target = output if output is not None and str(output) != "-" else None
    if target is None:
        lines = replay_lines(imported)
        sys.stdout.write("".join(line + "\n" for line in lines))
        count = len(lines)
    else:
        count = write_replay(imported, target)
    cases_note = ""
    if cases_file is not None:
        cases, skipped = write_cases(imported, cases_file)
        cases_note = f"; {count_of(len(cases), 'case')} → {cases_file}"
        if skipped:
            cases_note += f" ({len(skipped)} traces without a user message have no case)"
    n_cases = len({item.case_id for item in imported})
    where = target or "standard output"
    source = files[0] if len(files) == 1 else count_of(len(files), "file")
    err_console.print(
        f"[green]imported[/] {count_of(count, 'trace')} of {count_of(n_cases, 'case')} "
        f"from {source} → {where}{cases_note}"
    )
    flagged = Counter(f for item in imported for f in reward_flags_of(item.metadata))
    if flagged:
        runs = sum(1 for item in imported if reward_flags_of(item.metadata))
        kinds = ", ".join(f"{name} {n}" for name, n in sorted(flagged.items()))
        err_console.print(
            f"[yellow]{count_of(runs, 'recorded reward')} cannot be trusted[/] ({kinds}): "
            "the metadata's reward_flags say why, tau/reward names them "
            "(docs/tau-bench.md, 'Rewards the file itself contradicts')"
        )
    basis = basis_note(item.case for item in imported if item.case is not None)
    if basis:
        err_console.print(f"note: {basis}", markup=False)
    _print_left_out(report)
    if target is not None:
        suite = f"agent: {{replay: {target}}}"
        if cases_file is not None:
            suite += f"; cases: {cases_file}"
        if any(item.case is not None for item in imported):
            suite += "; checks: [tau/expected_actions, tau/expected_outputs, tau/reward]"
        err_console.print(f"evaluate them with a suite holding: {suite}", markup=False)


def _print_left_out(report: ImportReport) -> None:
    """Say what the import skipped (the first few by name) and how it read the file."""
    if report.skipped:
        err_console.print(
            f"[yellow]left out[/] {len(report.skipped)} (everything else was imported):"
        )
        for item in report.skipped[:_SHOWN]:
            err_console.print(f"  {item}", markup=False)
        if len(report.skipped) > _SHOWN:
            err_console.print(f"  ... and {len(report.skipped) - _SHOWN} more", markup=False)
    for note in report.notes:
        err_console.print(f"note: {note}", markup=False)
