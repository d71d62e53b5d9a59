"""What the commands share: the store option, the consoles, error printing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypeVar, cast

import click

from ..errors import ConfigError, FourfoldError
from ..store import DEFAULT_STORE

if TYPE_CHECKING:
    from rich.console import Console

    from .._engine import ExecutorOptions
    from ..store import Store

__all__ = [
    "DEFAULT_STORE",
    "err_console",
    "handle_errors",
    "open_store",
    "out_console",
    "executor_choice",
    "executor_options",
    "store_option",
]

P = ParamSpec("P")
R = TypeVar("R")


class _LazyConsole:
    """A rich `Console` made at its first use.

    A command imports rich when it prints, not before its work: a ``fourfold run`` sends
    its first calls without it. Every attribute is the console's; piped output (CI logs,
    ``| less``) gets 120 columns rather than rich's 80.
    """

    def __init__(self, *, stderr: bool) -> None:
        self._stderr = stderr
        self._made: Console | None = None

    def _console(self) -> Console:
        if self._made is None:
            from rich.console import Console

            stream = sys.stderr if self._stderr else sys.stdout
            width = None if stream.isatty() else 120
            self._made = Console(stderr=self._stderr, highlight=False, width=width)
        return self._made

    def __getattr__(self, name: str) -> Any:
        return getattr(self._console(), name)


out_console = cast("Console", _LazyConsole(stderr=False))
err_console = cast("Console", _LazyConsole(stderr=True))


def open_store(target: str | Path | None = None) -> Store:
    """`fourfold._engine.open_store`, imported when a command opens the store, not before."""
    from .._engine import open_store as open_

    return open_(target)


def store_option(fn: Callable[P, R]) -> Callable[P, R]:
    """``--store``: a SQLite file or a database URL."""
    return click.option(
        "--store",
        "store_target",
        metavar="PATH|URL",
        default=None,
        help=f"The run store: a SQLite file or a postgresql:// URL "
        f"(default: $FOURFOLD_STORE or {DEFAULT_STORE}).",
    )(fn)


def executor_options(fn: Callable[P, R]) -> Callable[P, R]:
    """``--executor``, ``--address`` and ``--workers``: where the work runs (docs/ray.md)."""
    fn = click.option(
        "--workers",
        type=click.IntRange(1, 4096),
        default=None,
        help="With --executor ray: how many Ray workers share the work (default: one per "
        "CPU of the cluster).",
    )(fn)
    fn = click.option(
        "--address",
        metavar="auto|HOST:PORT|ray://HOST:PORT",
        default=None,
        help="With --executor ray: the Ray cluster to use (default: start Ray on this "
        "machine). Its workers must reach the store: give a postgresql:// --store.",
    )(fn)
    return click.option(
        "--executor",
        type=click.Choice(["local", "ray"]),
        default="local",
        show_default=True,
        help="Where the work runs: this process, or a Ray cluster (pip install 'fourfold[ray]').",
    )(fn)


def executor_choice(executor: str, address: str | None, workers: int | None) -> ExecutorOptions:
    """The `ExecutorOptions` of the three options, or a `ConfigError` for a lone --address.

    Raises:
        ConfigError: --address or --workers without --executor ray.
    """
    from .._engine import ExecutorOptions

    if executor != "ray" and (address is not None or workers is not None):
        given = "--address" if address is not None else "--workers"
        raise ConfigError(
            f"{given} is for the Ray executor", hint=f"add --executor ray, or leave out {given}"
        )
    kind: Literal["local", "ray"] = "ray" if executor == "ray" else "local"
    return ExecutorOptions(kind=kind, address=address, workers=workers)


def handle_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Print a `FourfoldError` as its message (no traceback) and exit with its code."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except FourfoldError as exc:
            # Soft wrap: a path or a command in the message stays whole, to copy.
            err_console.print(f"[bold red]error:[/] {_escape(str(exc))}", soft_wrap=True)
            raise SystemExit(exc.exit_code) from None

    return wrapper


def _escape(text: str) -> str:
    # A message may quote a case id or an agent's words: shown, never obeyed.
    from .._text import markup

    return markup(text)


def echo_json(data: Any) -> None:
    """Print JSON to stdout (for ``--json`` output)."""
    import json

    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
