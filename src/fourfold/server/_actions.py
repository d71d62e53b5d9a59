"""What a person changes from the viewer: judge scores reviewed, failing trials promoted."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from ..cases import Case, load_cases
from ..errors import ConfigError
from ..promote import promoted_cases, question_key
from ..runs import CheckResult, Review, Run, Trial
from ._errors import Problem
from ._forms import read_form
from ._pages import broken_layers, score_choices, trial_href, trial_url, viewer_of
from ._security import Security
from ._state import Viewer, is_judge_result
from ._views import current_labeller, render_page

__all__ = ["PromoteForm", "ReviewForm", "router"]

router = APIRouter()

MAX_REASON = 4000
"""Characters of a review's reason."""


class _Form(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class ReviewForm(_Form):
    """A review of one judge result, as posted from a trial's page."""

    case: str = Field(min_length=1)
    """The trial's case."""
    repeat: int = Field(ge=0)
    """The trial's repeat."""
    check: str = Field(min_length=1)
    """The judge's check (``rubric:grounding``)."""
    action: Literal["accept", "override"]
    """``accept`` the judge's score, or ``override`` it."""
    score: str = ""
    """The new score (an override only)."""
    reason: str = Field(default="", max_length=MAX_REASON)
    """Why (required to override)."""


class PromoteForm(_Form):
    """Promote one failing trial's case to a case file."""

    case: str = Field(min_length=1)
    """The trial's case."""
    repeat: int = Field(ge=0)
    """The trial's repeat."""
    target: str = Field(default="", max_length=4096)
    """The ``.jsonl`` case file to append to."""
    layer: list[str] = Field(default_factory=list)
    """The layers whose failures count (all the trial broke, when none is given)."""


def security_of(request: Request) -> Security:
    """The app's `Security`."""
    security: Security = request.app.state.security
    return security


def who(request: Request, doing: str) -> str:
    """The name of the person at this browser.

    Raises:
        Problem: 422 when they have not said who they are.
    """
    name = current_labeller(request)
    if name is None:
        raise Problem(
            422,
            f"say who you are before {doing}: give your name in the box at the top of the "
            "page (it is kept in a cookie and stored with what you do)",
        )
    return name


@router.post("/runs/{run_id}/review")
async def review_route(request: Request, run_id: str) -> Response:
    """Accept or override a judge's score; the review is appended, the result kept."""
    form = await read_form(request, security_of(request), ReviewForm)
    reviewer = who(request, "reviewing a score")
    viewer = viewer_of(request)
    run, position = await run_in_threadpool(_add_review, viewer, run_id, form, reviewer)
    trial = f"{trial_url(run, form.case, form.repeat)}#r{position}"
    return RedirectResponse(trial, status_code=303)


def _add_review(viewer: Viewer, run_id: str, form: ReviewForm, reviewer: str) -> tuple[Run, int]:
    run = viewer.run(run_id)
    _, trial = viewer.trial(run, form.case, form.repeat)
    position, result = _judge_result(trial, form.check)
    new_score = None
    if form.action == "override":
        new_score = _score(form.score, score_choices(result, viewer.located(run)))
        if not form.reason.strip():
            raise Problem(422, "reason: say why the judge's score is wrong (an override needs it)")
    elif form.score.strip():
        raise Problem(
            422, "score: accepting keeps the judge's score; to give another one, override it"
        )
    viewer.store.add_review(
        Review(
            run_id=run.id,
            case_id=trial.case_id,
            repeat=trial.repeat,
            check=result.check,
            original_score=result.score,
            original_status=result.status,
            action=form.action,
            new_score=new_score,
            reason=form.reason.strip() or None,
            reviewer=reviewer,
        )
    )
    return run, position


def _judge_result(trial: Trial, check: str) -> tuple[int, CheckResult]:
    for position, result in enumerate(trial.results):
        if result.check == check:
            if not is_judge_result(result):
                raise Problem(
                    422,
                    f"check: {check!r} is not a judge's result; only scores a model gave are "
                    "reviewed (fix a deterministic check in its code or arguments)",
                )
            return position, result
    judges = [r.check for r in trial.results if is_judge_result(r)]
    raise Problem(
        422,
        f"check: the trial has no result of {check!r}; its judge results: "
        + (", ".join(judges) or "none"),
    )


def _score(text: str, choices: list[tuple[float, str]] | None) -> float:
    if not text.strip():
        raise Problem(422, "score: an override needs the score you give")
    try:
        value = float(text)
    except ValueError as exc:
        raise Problem(422, f"score: {text!r} is not a number") from exc
    if not math.isfinite(value):
        raise Problem(422, f"score: {text!r} is not a finite number")
    if choices is not None and value not in {v for v, _ in choices}:
        allowed = ", ".join(f"{v:g}" for v, _ in choices)
        raise Problem(422, f"score: {value:g} is not on the judge's scale ({allowed})")
    return value


@router.post("/runs/{run_id}/promote", response_class=HTMLResponse)
async def promote_route(request: Request, run_id: str) -> HTMLResponse:
    """Append a failing trial's case to a case file, with the layers it broke."""
    form = await read_form(request, security_of(request), PromoteForm)
    viewer = viewer_of(request)
    outcome = await run_in_threadpool(_promote_to_file, viewer, run_id, form)
    return HTMLResponse(render_page(request, "promoted.html.j2", **outcome))


@router.get("/runs/{run_id}/promote.jsonl")
def promote_download(
    request: Request,
    run_id: str,
    case: Annotated[str, Query(min_length=1)],
    repeat: Annotated[int, Query(ge=0)] = 0,
    layer: Annotated[list[str] | None, Query()] = None,
) -> Response:
    """A failing trial's case as one JSONL line, to download and add by hand."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    _, trial = viewer.trial(run, case, repeat)
    promoted = _promoted(viewer, run, trial, layer or [])
    line = promoted.model_dump_json(exclude_defaults=True) + "\n"
    filename = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in promoted.id)
    return Response(
        line,
        media_type="application/x-ndjson; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename[:120]}.jsonl"'},
    )


def _promote_to_file(viewer: Viewer, run_id: str, form: PromoteForm) -> dict[str, Any]:
    run = viewer.run(run_id)
    _, trial = viewer.trial(run, form.case, form.repeat)
    path = viewer.case_file(form.target, run)
    promoted = _promoted(viewer, run, trial, form.layer)
    try:
        existing = load_cases(path) if path.exists() else []
    except ConfigError as exc:
        raise Problem(422, f"cannot add to {path}: {exc}") from exc
    same_id = any(c.id == promoted.id for c in existing)
    key = question_key(promoted)
    same_input = next((c.id for c in existing if question_key(c) == key), None)
    added = not same_id and same_input is None
    if added:
        _append(path, promoted)
    return {
        "run": run,
        "trial": trial,
        "trial_href": trial_href(run, trial),
        "path": str(path),
        "case": promoted,
        "line": promoted.model_dump_json(exclude_defaults=True),
        "added": added,
        "same_as": promoted.id if same_id else same_input,
    }


def _promoted(viewer: Viewer, run: Run, trial: Trial, layers: list[str]) -> Case:
    if trial.status != "ok":
        raise Problem(
            422,
            "the agent errored on this trial, so no check ran and nothing failed; "
            "promote a trial whose checks failed",
        )
    broke = broken_layers(trial)
    if not broke:
        raise Problem(422, "this trial failed no check: only failing trials are promoted")
    unknown = [layer for layer in layers if layer not in broke]
    if unknown:
        raise Problem(
            422,
            f"layer: the trial did not break {', '.join(unknown)}; it broke {', '.join(broke)}",
        )
    _, cases, _ = promoted_cases(
        viewer.store, run.id, layers=layers or broke, environ=viewer.config.environ
    )
    found = next(
        (c for c in cases if c.metadata.get("promoted_from", {}).get("case_id") == trial.case_id),
        None,
    )
    if found is None:
        raise Problem(
            422,
            f"case {trial.case_id!r} has no input to ask again (its trace holds no user "
            "message), so it cannot become a case",
        )
    return found


def _append(path: Path, case: Case) -> None:
    """Append `case` as a line of `path` (created), as `fourfold promote` writes it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = case.model_dump_json(exclude_defaults=True) + "\n"
    # A file whose last line lacks its newline would get the case glued onto it.
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as existing:
            existing.seek(-1, 2)
            if existing.read(1) != b"\n":
                text = "\n" + text
    with path.open("a", encoding="utf-8") as out:
        out.write(text)
