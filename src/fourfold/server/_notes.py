"""Notes in the viewer: a note box on a trial's page, and the run's failure modes counted.

A note is posted as a review is (a form with the CSRF token, from a person who said who
they are) and stored with `Store.add_note`; grouping happens on the modes page or with
``fourfold notes group`` / ``propose``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool

from ..notes import failure_modes
from ..runs import Note, Run
from ._actions import security_of, who
from ._errors import Problem
from ._forms import read_form, validation_message
from ._pages import trial_url, viewer_of
from ._state import Viewer
from ._views import render_page

__all__ = ["MAX_NOTE", "GroupForm", "NoteForm", "router"]

router = APIRouter()

MAX_NOTE = 4000
"""Characters of a note: what went wrong in one trial is a few sentences."""


class NoteForm(BaseModel):
    """A note on one trial, as posted from the trial's page."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    case: str = Field(min_length=1)
    """The trial's case."""
    repeat: int = Field(ge=0)
    """The trial's repeat."""
    text: str = Field(max_length=MAX_NOTE)
    """What went wrong, in the author's words."""
    mode: str = Field(default="", max_length=200)
    """A failure mode to put it in at once (empty: none yet)."""


class GroupForm(BaseModel):
    """Notes put into a failure mode, from the modes page."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    note: list[int] = Field(default_factory=list)
    """The notes' ids."""
    mode: str = Field(default="", max_length=200)
    """The mode (empty: take them out of their modes)."""


@router.post("/runs/{run_id}/notes")
async def note_route(request: Request, run_id: str) -> Response:
    """Store a note on a trial; back to the trial's notes."""
    form = await read_form(request, security_of(request), NoteForm)
    author = who(request, "writing a note")
    viewer = viewer_of(request)
    run = await run_in_threadpool(_add_note, viewer, run_id, form, author)
    return RedirectResponse(f"{trial_url(run, form.case, form.repeat)}#notes", status_code=303)


def _add_note(viewer: Viewer, run_id: str, form: NoteForm, author: str) -> Run:
    run = viewer.run(run_id)
    _, trial = viewer.trial(run, form.case, form.repeat)
    try:
        note = Note(
            run_id=run.id,
            case_id=trial.case_id,
            repeat=trial.repeat,
            text=form.text,
            author=author,
            mode=form.mode.strip() or None,
        )
    except ValidationError as exc:
        raise Problem(422, validation_message(exc)) from exc
    viewer.store.add_note(note)
    return run


@router.post("/runs/{run_id}/modes")
async def group_route(request: Request, run_id: str) -> Response:
    """Put the ticked notes into a mode (or out of theirs); back to the modes page."""
    form = await read_form(request, security_of(request), GroupForm)
    who(request, "grouping notes")
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    if not form.note:
        raise Problem(422, "note: tick the notes to group")
    await run_in_threadpool(viewer.store.set_note_mode, run.id, form.note, form.mode or None)
    return RedirectResponse(f"/runs/{run.id}/modes", status_code=303)


@router.get("/runs/{run_id}/modes", response_class=HTMLResponse)
def modes_page(
    request: Request, run_id: str, mode: Annotated[str | None, Query()] = None
) -> HTMLResponse:
    """The run's failure modes, most frequent first, with their notes; the ungrouped ones."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    modes, ungrouped = failure_modes(viewer.store.notes(run.id))
    rows = [
        {
            "name": m.name,
            "count": m.count,
            "trials": m.trials,
            "notes": [_note_view(run, n) for n in m.notes],
        }
        for m in modes
        if mode is None or m.name == mode
    ]
    return HTMLResponse(
        render_page(
            request,
            "modes.html.j2",
            run=run,
            modes=rows,
            ungrouped=[_note_view(run, n) for n in ungrouped],
            names=[m.name for m in modes],
        )
    )


def _note_view(run: Run, note: Note) -> dict[str, object]:
    return {
        "id": note.id,
        "text": note.text,
        "author": note.author,
        "created_at": note.created_at,
        "trial": f"{note.case_id}#{note.repeat}",
        "href": trial_url(run, note.case_id, note.repeat),
    }
