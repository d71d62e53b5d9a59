"""``fourfold checks`` and ``fourfold validate``: what can be checked, and is this suite right."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import click

from .._text import markup
from ._common import handle_errors, out_console


@click.command("checks")
@handle_errors
def checks_command() -> None:
    """List every registered check with its layer and arguments."""
    from rich.table import Table

    from .._registry import lookup, names

    table = Table()
    for col in ("check", "layer", "arguments", "what it checks"):
        table.add_column(col, overflow="fold")
    entries = [lookup("check", n) for n in names("check")]
    for e in sorted(entries, key=lambda e: (str(e.meta.get("layer")), e.name)):
        params = _signature(e.factory)
        table.add_row(e.name, str(e.meta.get("layer")), markup(params), markup(e.summary))
    out_console.print(table)


def _short_type(annotation: Any) -> str:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return "|".join(str(a) for a in args)
    if origin in (Union, UnionType):
        return " | ".join(_short_type(a) for a in args)
    if origin in (list, tuple, Sequence) and args:
        return f"list[{_short_type(args[0])}]"
    if origin in (dict, Mapping):
        return "mapping"
    if annotation is type(None):
        return "None"
    return getattr(annotation, "__name__", str(annotation))


def _signature(factory: Callable[..., Any]) -> str:
    hints = inspect.get_annotations(factory, eval_str=True)
    parts = []
    for p in inspect.signature(factory).parameters.values():
        text = f"{p.name}: {_short_type(hints.get(p.name, Any))}"
        if p.default is not inspect.Parameter.empty:
            default = list(p.default) if isinstance(p.default, tuple) else p.default
            text += f" = {json.dumps(default)}"
        parts.append(text)
    return ", ".join(parts)


@click.command("validate")
@click.argument("suite_file", metavar="SUITE", type=click.Path(dir_okay=False, path_type=Path))
@handle_errors
def validate_command(suite_file: Path) -> None:
    """Check a suite file and everything it names, without running a trial.

    Everything `run` checks before its first trial is checked: the case files (none
    empty), the checks and their criterion files, the models judges name, the checks the
    gate's rules name, and each agent, whose module is imported as `run` imports it.
    Exit code: 0 ok, 2 bad input.
    """
    from .._preflight import preflight
    from ..suite import load_suite

    loaded = load_suite(suite_file)
    preflight(loaded)
    for note in loaded.notes:
        out_console.print(f"[yellow]note:[/] {markup(note)}")
    s = loaded.suite
    out_console.print(
        f"[green]ok[/] {suite_file}: suite {s.name!r}, agents {', '.join(s.named_agents())}, "
        f"{len(loaded.cases)} cases × {s.repeats} repeats, {len(loaded.checks)} checks, "
        f"resources: {', '.join(f'{k} ({len(v)})' for k, v in loaded.resources.items()) or 'none'}"
    )
