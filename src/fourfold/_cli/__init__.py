"""The ``fourfold`` command: thin wrappers that parse options and call the library."""

from __future__ import annotations

import click

from ._browse import compare_command, runs_command, show_command
from ._calibrate import calibrate_command, labels_group, sample_command
from ._consistency import consistency_command
from ._exchange import export_command, load_command
from ._generate import generate_command
from ._import import import_command
from ._monitor import monitor_command
from ._promote import promote_command
from ._report import report_command
from ._run import run_command
from ._serve import serve_command
from ._suite import checks_command, validate_command

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fourfold")
def cli() -> None:
    """Evaluate AI agents whose output is different every time.

    fourfold grades four layers apart — outcome, trajectory, grounding, policy — so a
    failing verdict names the layer that failed.
    """


for command in (
    run_command,
    runs_command,
    show_command,
    compare_command,
    report_command,
    export_command,
    load_command,
    consistency_command,
    checks_command,
    validate_command,
    import_command,
    promote_command,
    monitor_command,
    generate_command,
    labels_group,
    sample_command,
    calibrate_command,
    serve_command,
):
    cli.add_command(command)


def main() -> None:
    """Entry point of the ``fourfold`` console script."""
    cli(prog_name="fourfold")
