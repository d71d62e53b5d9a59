"""``fourfold checks`` and ``fourfold validate``: what can be checked, and is this suite right."""

from __future__ import annotations

import inspect
from pathlib import Path

import click
from rich.table import Table

from .._registry import lookup, names
from ..suite import load_suite
from ._common import handle_errors, out_console


@click.command("checks")
@handle_errors
def checks_command() -> None:
    """List every registered check with its layer and arguments."""
    table = Table()
    for col in ("check", "layer", "arguments", "what it checks"):
        table.add_column(col, overflow="fold")
    entries = [lookup("check", n) for n in names("check")]
    for e in sorted(entries, key=lambda e: (str(e.meta.get("layer")), e.name)):
        params = ", ".join(
            str(p).replace("'", "") for p in inspect.signature(e.factory).parameters.values()
        )
        table.add_row(e.name, str(e.meta.get("layer")), params, e.summary)
    out_console.print(table)


@click.command("validate")
@click.argument("suite_file", metavar="SUITE", type=click.Path(dir_okay=False, path_type=Path))
@handle_errors
def validate_command(suite_file: Path) -> None:
    """Check a suite file and everything it names, without running anything."""
    loaded = load_suite(suite_file)
    s = loaded.suite
    out_console.print(
        f"[green]ok[/] {suite_file}: suite {s.name!r}, agents {', '.join(s.named_agents())}, "
        f"{len(loaded.cases)} cases × {s.repeats} repeats, {len(loaded.checks)} checks, "
        f"resources: {', '.join(f'{k} ({len(v)})' for k, v in loaded.resources.items()) or 'none'}"
    )
