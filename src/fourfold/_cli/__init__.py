"""The ``fourfold`` command: thin wrappers that parse options and call the library.

The group is lazy: a command's module is imported when that command is run (or its
``--help`` asked for), never to list the commands, so ``fourfold --help`` loads click and
this file only. `COMMANDS` names each command's module and the one-line summary the
listing shows; tests/test_cli_lazy.py checks every summary against the command's own
docstring, so the two cannot drift apart.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

import click

__all__ = ["COMMANDS", "cli", "main"]


class Command(NamedTuple):
    """Where a command lives and what ``fourfold --help`` says of it."""

    module: str
    """The module, relative to this package."""
    attribute: str
    """The click command in it."""
    summary: str
    """The first sentence of the command's docstring (click's short help)."""


COMMANDS: dict[str, Command] = {
    "calibrate": Command(
        "._calibrate",
        "calibrate_command",
        "Compare RUN's judge with the human labels on a criterion, against the human ceiling.",
    ),
    "checks": Command(
        "._suite",
        "checks_command",
        "List every registered check with its layer and arguments.",
    ),
    "compare": Command(
        "._browse",
        "compare_command",
        "Compare two runs case by case: which layer moved beyond noise, which cases flipped.",
    ),
    "consistency": Command(
        "._consistency",
        "consistency_command",
        "Show pass^k and pass@k per layer and stratum, outcome consistency and flaky cases.",
    ),
    "export": Command(
        "._exchange",
        "export_command",
        "Write a run to one file that `fourfold load` brings into any store.",
    ),
    "generate": Command(
        "._generate", "generate_command", "Generate cases from RECORDS with a model."
    ),
    "import": Command(
        "._import", "import_command", "Import recorded traces from FILES as a replay file."
    ),
    "improve": Command(
        "._improve",
        "improve_command",
        "Propose edits of CRITERION from RUN's corrections; report kappa on held-out items.",
    ),
    "labels": Command(
        "._calibrate",
        "labels_group",
        "Human labels of trials: import them from a file, list them.",
    ),
    "load": Command(
        "._exchange",
        "load_command",
        "Bring the run in FILE (written by `fourfold export`) into the store.",
    ),
    "monitor": Command(
        "._monitor",
        "monitor_command",
        "Evaluate production traces with SUITE's checks, continuously, and alert on drift.",
    ),
    "notes": Command(
        "._notes",
        "notes_group",
        "Notes on trials, grouped into failure modes: write them down before the rubric.",
    ),
    "perturb": Command(
        "._perturb",
        "perturb_command",
        "Write each case of CASES followed by variants that ask the same thing in other words.",
    ),
    "power": Command(
        "._power",
        "power_command",
        "Say what drop RUN's cases and noise can detect, and how many cases a drop needs.",
    ),
    "promote": Command(
        "._promote",
        "promote_command",
        "Turn the cases RUN failed into new cases, recording the layers each broke.",
    ),
    "regrade": Command(
        "._regrade",
        "regrade_command",
        "Grade RUN's stored traces again with the suite's current checks, without the agent.",
    ),
    "reliability": Command(
        "._reliability",
        "reliability_command",
        "Show RUN's four reliability dimensions, predictability per layer and safety by severity.",
    ),
    "report": Command(
        "._report",
        "report_command",
        "Write an HTML report of a run (one file that works offline), or a Markdown summary.",
    ),
    "robustness": Command(
        "._robustness",
        "robustness_command",
        "Compare a run's verdicts on perturbed variants with their originals', per layer and kind.",
    ),
    "run": Command("._run", "run_command", "Run SUITE against an agent and gate the result."),
    "runs": Command("._browse", "runs_command", "List runs, newest first."),
    "sample": Command(
        "._calibrate",
        "sample_command",
        "Draw trials of RUN for people to label, weighted so failures are well represented.",
    ),
    "serve": Command(
        "._serve",
        "serve_command",
        "Start the viewer: runs, live reports, comparisons, labelling, reviews, promotion.",
    ),
    "show": Command(
        "._browse",
        "show_command",
        "Show a run's per-layer summary, or one case's trace with its results.",
    ),
    "validate": Command(
        "._suite",
        "validate_command",
        "Check a suite file and everything it names, without running a trial.",
    ),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is called for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = COMMANDS.get(cmd_name)
        if spec is None:
            return super().get_command(ctx, cmd_name)
        command = getattr(importlib.import_module(spec.module, __name__), spec.attribute)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The listing, from `COMMANDS`' summaries: no command module is imported."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            spec = COMMANDS.get(name)
            if spec is not None:
                # click's own shortening, applied to the summary instead of the docstring.
                short = click.Command(name, help=spec.summary).get_short_help_str(limit)
                rows.append((name, short))
                continue
            command = self.commands[name]
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fourfold")
def cli() -> None:
    """Evaluate AI agents whose output is different every time.

    fourfold grades four layers apart — outcome, trajectory, grounding, policy — so a
    failing verdict names the layer that failed.
    """


def main() -> None:
    """Entry point of the ``fourfold`` console script."""
    from . import _collector

    _collector.start()
    try:
        cli(prog_name="fourfold")
    finally:
        _collector.finish()
