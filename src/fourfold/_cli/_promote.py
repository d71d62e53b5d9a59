"""``fourfold promote``: a run's failing cases appended to a case file, the layer each broke."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from .._format import count_of
from .._text import markup
from ..errors import ConfigError
from ._common import err_console, handle_errors, open_store, out_console, store_option

if TYPE_CHECKING:
    from ..cases import Case
    from ..promote import Promotion

_INPUT_CHARS = 60


@click.command("promote")
@click.argument("run_id", metavar="RUN")
@click.option(
    "--failed",
    is_flag=True,
    help="Promote the run's failing trials (required; the only selection so far).",
)
@click.option(
    "--layer",
    "layers",
    multiple=True,
    metavar="LAYER",
    help="Only failures in this layer (repeatable): outcome, trajectory, grounding, policy.",
)
@click.option(
    "--check",
    "checks",
    multiple=True,
    metavar="CHECK",
    help="Only failures of this check, by the name results carry (repeatable).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The JSONL case file to append to (created if missing).",
)
@click.option(
    "--into",
    "into",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="SUITE",
    help="Append to this suite's first case file (it must be JSONL), skipping any case "
    "the suite already has.",
)
@click.option("--dry-run", is_flag=True, help="List what would be added; write nothing.")
@store_option
@handle_errors
def promote_command(
    run_id: str,
    failed: bool,
    layers: tuple[str, ...],
    checks: tuple[str, ...],
    output: Path | None,
    into: Path | None,
    dry_run: bool,
    store_target: str | None,
) -> None:
    """Turn the cases RUN failed into new cases, recording the layers each broke.

    RUN may be a unique prefix of a run id, or `latest`; live runs and runs of replayed or
    monitored production traces both work (a trace's case asks its first user message).
    One case per failing case, with every layer it broke; ids are stable, so promoting
    again adds only what is new.
    """
    from ..promote import promote

    if not failed:
        raise ConfigError(
            "say which trials to promote",
            hint="add --failed (the failing trials; narrow with --layer or --check)",
        )
    if output is not None and into is not None:
        raise ConfigError("give -o or --into, not both", hint="-o FILE.jsonl or --into SUITE")
    target, known = (output, []) if into is None else _suite_target(into)
    with open_store(store_target) as store:
        result = promote(
            store, run_id, target, layers=layers, checks=checks, known=known, dry_run=dry_run
        )
    _print(result)


def _suite_target(suite_file: Path) -> tuple[Path, list[Case]]:
    from ..suite import load_suite

    loaded = load_suite(suite_file)
    if not loaded.suite.cases:
        raise ConfigError(
            "the suite has no case file to add to",
            file=suite_file,
            hint="give -o promoted.jsonl and list it under the suite's 'cases:'",
        )
    first = loaded.base_dir / loaded.suite.cases[0]
    if first.suffix.lower() != ".jsonl":
        raise ConfigError(
            f"the suite's first case file, {loaded.suite.cases[0]}, is not JSONL",
            file=suite_file,
            hint="give -o promoted.jsonl and list it under the suite's 'cases:'",
        )
    return first, loaded.cases


def _print(result: Promotion) -> None:
    from rich.table import Table

    verb = "would add" if result.dry_run else "added"
    if result.added:
        table = Table(title=f"promoted from run {result.run.id}", title_justify="left")
        for column in ("case", "from", "broke", "checks", "input"):
            table.add_column(column, overflow="fold", no_wrap=column == "case")
        for case in result.added:
            source = case.metadata["promoted_from"]
            table.add_row(
                markup(case.id),
                markup(f"{source['case_id']}#{source['repeat']}"),
                ", ".join(case.metadata["broke"]),
                markup(", ".join(case.metadata["checks"])),
                markup(_short(case.user_text)),
            )
        out_console.print(table)
    where = f" to {result.target}" if result.target is not None else ""
    line = f"[green]{verb}[/] {count_of(len(result.added), 'case')}{markup(where)}"
    if result.skipped:
        line += f"; skipped {result.skipped} already there"
        if result.skipped_same_input:
            line += f" ({len(result.skipped_same_input)} under another id, same input)"
    err_console.print(line)
    if result.no_input:
        err_console.print(
            f"{count_of(len(result.no_input), 'failing case')} left out: no input to ask again "
            "(the trace holds no user message)"
        )
    missing = sum(1 for case in result.added if case.expected is None)
    if missing and not result.dry_run:
        err_console.print(
            f"{count_of(missing, 'new case')} without 'expected': write what success means "
            "before outcome checks and judges rely on them"
        )


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _INPUT_CHARS else text[: _INPUT_CHARS - 1] + "…"
