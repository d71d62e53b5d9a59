"""``fourfold serve``: the local web viewer over the run store."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..errors import ConfigError
from ._common import err_console, handle_errors, open_store, store_option

TOKEN_VARIABLE = "FOURFOLD_SERVE_TOKEN"


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on. Anything but a loopback address needs a token.",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option(
    "--token",
    metavar="TOKEN",
    default=None,
    help=f"Require this token (at least 16 characters; default ${TOKEN_VARIABLE}). "
    "Open the printed address once: it sets a session cookie.",
)
@click.option(
    "--cases-dir",
    "cases_dirs",
    multiple=True,
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="A folder promoted cases may be written under (repeatable; default: the working "
    "directory; a run's suite folder is always allowed).",
)
@click.option(
    "--suite-dir",
    "suite_dirs",
    multiple=True,
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    metavar="DIR",
    help="A folder holding suite files that moved since their runs (repeatable): a run's "
    "suite file is looked for where the run recorded it, then here, then beside the store "
    "and in the working directory.",
)
@store_option
@handle_errors
def serve_command(
    host: str,
    port: int,
    token: str | None,
    cases_dirs: tuple[Path, ...],
    suite_dirs: tuple[Path, ...],
    store_target: str | None,
) -> None:
    """Start the viewer: runs, live reports, comparisons, labelling, reviews, promotion.

    Bound to 127.0.0.1 by default. Bound to another address, it refuses to start without
    a token (--token or $FOURFOLD_SERVE_TOKEN); every request then needs it, as a Bearer
    header or the cookie the printed address sets. Ctrl-C stops it.
    """
    token = token or os.environ.get(TOKEN_VARIABLE) or None
    try:
        from ..server import check_binding, serve
    except ImportError as exc:
        raise click.ClickException(
            f"the viewer needs its extra ({exc.name} is missing): pip install 'fourfold[serve]'"
        ) from exc
    try:
        check_binding(host, token)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from exc
    with open_store(store_target) as store:

        def started(url: str) -> None:
            click.echo(f"fourfold viewer of {store.where} at {url}")
            err_console.print("Ctrl-C stops it", style="dim")

        serve(
            store,
            host=host,
            port=port,
            token=token,
            case_roots=tuple(d.resolve() for d in cases_dirs),
            suite_dirs=tuple(d.resolve() for d in suite_dirs),
            on_start=started,
        )
