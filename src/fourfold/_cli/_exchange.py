"""``fourfold export`` and ``fourfold load``: a run as one file, and back into any store."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ._common import handle_errors, open_store, out_console, store_option

if TYPE_CHECKING:
    from ..exchange import RecordType

# The library is imported inside each command, so `fourfold --help` stays light.
_PLURAL: dict[RecordType, str] = {
    "run": "runs",
    "suite_config": "suite configs",
    "case": "cases",
    "trial": "trials",
    "label": "labels",
    "review": "reviews",
    "analysis": "analyses",
    "model_call": "model calls",
    "note": "notes",
}


@click.command("export")
@click.argument("run_id", metavar="RUN_ID")
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The file to write (default: RUN_ID.jsonl.gz, with the run's full id).",
)
@store_option
@handle_errors
def export_command(run_id: str, output: Path | None, store_target: str | None) -> None:
    """Write a run to one file that `fourfold load` brings into any store.

    The file holds the run, its suite configuration, cases, trials with their traces and
    results (with evidence), labels, reviews, analyses and the judges' model calls:
    gzip-compressed JSON lines with a versioned header (docs/export.md). Secrets are
    redacted, as in the store.

    RUN_ID may be a unique prefix, or `latest`.
    """
    from ..exchange import export_run

    with open_store(store_target) as store:
        if output is None:
            output = Path(f"{store.get_run(run_id).id}.jsonl.gz")
        summary = export_run(store, run_id, output)
    click.echo(
        f"run {summary.run_id} exported to {summary.path} ({_counts(summary.counts)}; "
        f"{summary.size / 1e6:.1f} MB)"
    )


@click.command("load")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--as",
    "as_id",
    metavar="NEW_ID",
    help="Load the run under this id (for a store that holds the run's own id already).",
)
@store_option
@handle_errors
def load_command(file: Path, as_id: str | None, store_target: str | None) -> None:
    """Bring the run in FILE (written by `fourfold export`) into the store.

    The whole file is checked before anything is written, and the run goes in in one
    transaction: a bad file loads nothing. A run whose id the store holds is refused;
    --as loads it under another id. Files of every earlier export version load.
    """
    from .._text import markup
    from ..exchange import check_run_id, load_export, read_export

    # Read and checked before the store is opened: a bad file touches no store.
    if as_id is not None:
        check_run_id(as_id)
    export = read_export(file)
    with open_store(store_target) as store:
        loaded = load_export(store, export, as_id=as_id)
        where = store.where
    counts = _counts(loaded.file.header.records)
    calls = loaded.written
    kept = f"; {calls.model_calls_kept} model calls were in the store already" * bool(
        calls.model_calls_kept
    )
    out_console.print(
        f"run {markup(loaded.run_id)} loaded into {markup(where)} ({counts}{kept}); "
        f"see it with `fourfold show {markup(loaded.run_id)}`"
    )


def _counts(counts: dict[RecordType, int]) -> str:
    from ..exchange import RECORD_TYPES

    return ", ".join(
        f"{counts.get(kind, 0):,} {_PLURAL[kind]}"
        for kind in RECORD_TYPES
        if kind not in ("run", "suite_config")
    )
