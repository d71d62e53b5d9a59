"""``fourfold notes``: notes on trials, grouped into failure modes, turned into checks."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .._text import markup
from ..errors import ConfigError
from ._common import echo_json, err_console, handle_errors, open_store, out_console, store_option

if TYPE_CHECKING:
    from ..models import ModelConfig
    from ..notes import ModeProposal
    from ..runs import Note
    from ..store import Store


@click.group("notes")
def notes_group() -> None:
    """Notes on trials, grouped into failure modes: write them down before the rubric."""


@notes_group.command("add")
@click.argument("run_id", metavar="RUN")
@click.argument("trial", metavar="CASE[#REPEAT]")
@click.argument("text")
@click.option("--author", required=True, metavar="NAME", help="Who writes the note.")
@click.option("--mode", metavar="NAME", help="Put the note in this failure mode at once.")
@store_option
@handle_errors
def notes_add_command(
    run_id: str, trial: str, text: str, author: str, mode: str | None, store_target: str | None
) -> None:
    """Note what went wrong in one trial of RUN, in your own words.

    TRIAL is the case id, with the repeat after '#' for a run of several repeats
    (refund-7#2; repeat 0 when not given). RUN may be an id, a unique prefix or `latest`.
    """
    from ..notes import parse_trial

    case_id, repeat = parse_trial(trial)
    with open_store(store_target) as store:
        run = store.get_run(run_id)
        note = store.add_note(_note(run.id, case_id, repeat, text, author, mode))
    out_console.print(
        f"note {note.id} on {markup(case_id)}#{repeat} of run {markup(run.id)}"
        + (f" in mode {markup(note.mode)}" if note.mode else "")
    )


def _note(run_id: str, case_id: str, repeat: int, text: str, author: str, mode: str | None) -> Note:
    from pydantic import ValidationError

    from ..runs import Note

    try:
        return Note(
            run_id=run_id, case_id=case_id, repeat=repeat, text=text, author=author, mode=mode
        )
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        message = str(err["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"the note's {field}: {message}") from exc


@notes_group.command("list")
@click.argument("run_id", metavar="RUN")
@click.option("--mode", metavar="NAME", help="Only the notes in this failure mode.")
@click.option("--ungrouped", is_flag=True, help="Only the notes in no failure mode yet.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@store_option
@handle_errors
def notes_list_command(
    run_id: str, mode: str | None, ungrouped: bool, as_json: bool, store_target: str | None
) -> None:
    """List the notes of RUN, oldest first, with the ids `notes group` takes."""
    from rich.table import Table

    if mode is not None and ungrouped:
        raise ConfigError("give --mode NAME or --ungrouped, not both")
    with open_store(store_target) as store:
        run = store.get_run(run_id)
        notes = store.notes(run.id, mode=mode)
    if ungrouped:
        notes = [n for n in notes if n.mode is None]
    if as_json:
        echo_json([n.model_dump(mode="json") for n in notes])
        return
    if not notes:
        out_console.print(
            f"no notes on run {run.id}"
            + (f" in mode {markup(mode)}" if mode else "")
            + ': add one with `fourfold notes add RUN CASE "what went wrong" --author NAME`'
        )
        return
    table = Table(title=f"notes on run {run.id} ({len(notes)})", title_justify="left")
    for name in ("id", "trial", "author", "mode", "note"):
        table.add_column(name, overflow="fold", justify="right" if name == "id" else "left")
    for n in notes:
        table.add_row(
            str(n.id),
            markup(f"{n.case_id}#{n.repeat}"),
            markup(n.author),
            markup(n.mode or ""),
            markup(n.text),
        )
    out_console.print(table)


@notes_group.command("group")
@click.argument("run_id", metavar="RUN")
@click.argument("note_ids", metavar="NOTE_ID...", nargs=-1, type=int, required=True)
@click.option("--mode", metavar="NAME", help="The failure mode to put the notes in.")
@click.option("--ungroup", is_flag=True, help="Take the notes out of their modes instead.")
@store_option
@handle_errors
def notes_group_command(
    run_id: str,
    note_ids: tuple[int, ...],
    mode: str | None,
    ungroup: bool,
    store_target: str | None,
) -> None:
    """Put notes of RUN into a named failure mode, by hand (or take them out of it).

    A note is in one mode at most: grouping it again moves it. All or nothing: an id that
    is not a note of RUN changes no note.
    """
    if (mode is None) == (not ungroup):
        raise ConfigError(
            "give --mode NAME (group the notes) or --ungroup (take them out of their modes)",
            hint="e.g. fourfold notes group latest 3 7 --mode 'invented policy number'",
        )
    with open_store(store_target) as store:
        run = store.get_run(run_id)
        changed = store.set_note_mode(run.id, note_ids, mode)
    where = f"into mode {markup(mode)}" if mode else "out of their modes"
    out_console.print(f"moved {changed} notes of run {markup(run.id)} {where}")


@notes_group.command("modes")
@click.argument("run_id", metavar="RUN")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a list.")
@store_option
@handle_errors
def notes_modes_command(run_id: str, as_json: bool, store_target: str | None) -> None:
    """Count RUN's failure modes, most frequent first, each with its notes."""
    from ..notes import failure_modes

    with open_store(store_target) as store:
        run = store.get_run(run_id)
        modes, ungrouped = failure_modes(store.notes(run.id))
    if as_json:
        echo_json(
            {
                "run": run.id,
                "modes": [
                    {
                        "name": m.name,
                        "notes": m.count,
                        "trials": m.trials,
                        "note_ids": [n.id for n in m.notes],
                    }
                    for m in modes
                ],
                "ungrouped": [n.id for n in ungrouped],
            }
        )
        return
    if not modes:
        out_console.print(
            f"no failure modes on run {run.id} yet ({len(ungrouped)} notes in none): group "
            "notes with `fourfold notes group` or `fourfold notes propose`"
        )
        return
    out_console.print(f"failure modes of run {markup(run.id)}:")
    for m in modes:
        out_console.print(f"\n[bold]{markup(m.name)}[/]: {m.trials} trials ({m.count} notes)")
        for n in m.notes:
            out_console.print(
                f"  [dim]{n.id}[/] {markup(f'{n.case_id}#{n.repeat}')}: {markup(n.text)}"
            )
    if ungrouped:
        out_console.print(f"\n[dim]{len(ungrouped)} notes in no mode yet[/]")


@notes_group.command("propose")
@click.argument("run_id", metavar="RUN")
@click.option(
    "--model",
    "model_name",
    metavar="PROVIDER/NAME|NAME",
    help="The model that proposes the groups: provider/name (openai/gpt-4.1-mini...), or "
    "with --suite the name of one of the suite's models.",
)
@click.option(
    "--suite",
    "suite_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Take the model from this suite's 'models:' (its endpoint, key variable, limits).",
)
@click.option("--model-name", "suite_model", metavar="NAME", help="Which of the suite's models.")
@click.option("--base-url", metavar="URL", help="The endpoint of --model provider/name, up to /v1.")
@click.option("--apply", "apply_", is_flag=True, help="Store the proposed groups.")
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Serve a repeated proposal from the store's cache.",
)
@store_option
@handle_errors
def notes_propose_command(
    run_id: str,
    model_name: str | None,
    suite_file: Path | None,
    suite_model: str | None,
    base_url: str | None,
    apply_: bool,
    use_cache: bool,
    store_target: str | None,
) -> None:
    """Ask a model to group RUN's ungrouped notes into failure modes; --apply stores them.

    The proposal is shown first; nothing is stored without --apply. Notes already in a
    mode stay there (the model sees them as examples of their modes).
    """
    from ._models import chosen_model

    config = chosen_model(model_name, suite_file, suite_model, base_url)
    if config is None:
        raise ConfigError(
            "no model to ask: give --model provider/name or --suite FILE",
            hint="e.g. --model openai/gpt-4.1-mini, or --suite suite.yaml to use its judge",
        )
    with open_store(store_target) as store:
        run = store.get_run(run_id)
        notes = store.notes(run.id)
        proposal = _propose(store, notes, config, use_cache)
        _show(proposal, {n.id: n for n in notes})
        if not apply_:
            if proposal.modes:
                out_console.print("[dim]nothing stored: run again with --apply to group them[/]")
            return
        if proposal.modes:  # the whole proposal, or nothing of it
            store.set_note_modes(run.id, [(m.name, m.note_ids) for m in proposal.modes])
    moved = sum(len(m.note_ids) for m in proposal.modes)
    out_console.print(f"grouped {moved} notes into {len(proposal.modes)} modes")


def _propose(store: Store, notes: list[Note], config: ModelConfig, use_cache: bool) -> ModeProposal:
    from .._secrets import Redactor
    from ..models import get_model
    from ..notes import propose_modes
    from ..store import StoreCache

    secrets = Redactor.from_config({"models": {"notes": config.model_dump(mode="json")}})
    model = get_model(config, cache=StoreCache(store, redactor=secrets))

    async def ask() -> ModeProposal:
        async with model:
            return await propose_modes(notes, model, use_cache=use_cache)

    return asyncio.run(ask())


def _show(proposal: ModeProposal, notes: dict[int | None, Note]) -> None:
    out_console.print(f"failure modes proposed by {markup(proposal.model)}:")
    for mode in proposal.modes:
        out_console.print(f"\n[bold]{markup(mode.name)}[/] ({len(mode.note_ids)} notes)")
        if mode.why:
            out_console.print(f"  [dim]{markup(mode.why)}[/]")
        for note_id in mode.note_ids:
            note = notes[note_id]
            out_console.print(f"  [dim]{note_id}[/] {markup(note.text)}")
    for problem in proposal.problems:
        err_console.print(f"[yellow]dropped:[/] {markup(problem)}")


@notes_group.command("skeleton")
@click.argument("run_id", metavar="RUN")
@click.argument("mode")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The file to write: a .py check, or a .yaml criterion when code cannot decide "
    "the mode (the suffix is set to match).",
)
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
@store_option
@handle_errors
def notes_skeleton_command(
    run_id: str, mode: str, output: Path, force: bool, store_target: str | None
) -> None:
    """Turn failure mode MODE of RUN into the skeleton of its check.

    A deterministic check (a Python file with a @check function, the notes as comments)
    when the notes name a tool the agent called, quote the answer's words or give a size;
    else a criterion file with the notes as draft anchors for a judge.
    """
    from ..notes import failure_modes, skeleton_for

    with open_store(store_target) as store:
        run = store.get_run(run_id)
        notes = store.notes(run.id)
        tools = {  # the tools it called by name: an unnamed call names none the notes can
            call.name
            for t in store.trials(run.id)
            if t.trace
            for call in t.trace.tool_calls
            if call.name is not None
        }
    modes, _ = failure_modes(notes)
    found = next((m for m in modes if m.name == mode.strip()), None)
    if found is None:
        known = ", ".join(repr(m.name) for m in modes) or "none yet"
        raise ConfigError(
            f"run {run.id} has no failure mode {mode!r}",
            hint=f"its modes: {known} (`fourfold notes modes RUN` lists them)",
        )
    skeleton = skeleton_for(found, run.id, tools)
    suffix = ".py" if skeleton.kind == "check" else ".yaml"
    target = (
        output
        if output.suffix in ((".py",) if suffix == ".py" else (".yaml", ".yml"))
        else (output.with_suffix(suffix))
    )
    if target.exists() and not force:
        raise ConfigError(
            f"{target} exists already; nothing was written",
            hint="give another -o FILE, or --force to overwrite it",
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(skeleton.text, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write {target}: {exc.strerror or exc}") from exc
    what = "a deterministic check" if skeleton.kind == "check" else "a criterion for a judge"
    out_console.print(f"wrote {what} to {markup(str(target))}")
    out_console.print(f"[dim]rule: {markup(skeleton.rule)}[/]")
    if target != output:
        err_console.print(
            f"[yellow]note:[/] wrote {markup(target.name)} rather than "
            f"{markup(output.name)}: the mode becomes {what}"
        )
