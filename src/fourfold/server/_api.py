"""The JSON API: what the pages show, for scripts and for the report's trial drawer."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from ..calibration import ANALYSIS_KIND, trial_labels
from ..report.html.viewer import embed_json
from ..runs import Run
from ._errors import Problem
from ._label import label_queue, rubric_checks
from ._pages import RUNS_LISTED, viewer_of
from ._views import current_labeller

__all__ = ["router"]

router = APIRouter(prefix="/api")


def _json(data: Any) -> Response:
    # embed_json: NaN as null, and <, >, & escaped (harmless in JSON, safer if misread).
    return Response(str(embed_json(data)), media_type="application/json")


def _run_json(run: Run) -> dict[str, Any]:
    # Never the configuration: it may name keys and hold header values.
    gate = (run.summary or {}).get("gate") or {}
    return {
        "id": run.id,
        "suite": run.suite,
        "agent_version": run.agent_version,
        "started_at": run.started_at.isoformat(),
        "ended_at": run.ended_at.isoformat() if run.ended_at else None,
        "status": run.status,
        "decision": gate.get("decision"),
        "trials": gate.get("trials"),
        "seed": run.seed,
        "package_version": run.package_version,
        "git_sha": run.git_sha,
    }


@router.get("/session")
def session(request: Request) -> JSONResponse:
    """This browser's CSRF token (for scripts that POST) and who it says it is."""
    return JSONResponse(
        {"csrf": getattr(request.state, "csrf", ""), "labeller": current_labeller(request)}
    )


@router.get("/runs")
def runs(request: Request, suite: Annotated[str | None, Query()] = None) -> Response:
    """The runs, newest first (of `suite`, when given)."""
    store = viewer_of(request).store
    return _json([_run_json(r) for r in store.list_runs(limit=RUNS_LISTED, suite=suite or None)])


@router.get("/runs/{run_id}")
def run(request: Request, run_id: str) -> Response:
    """One run (without its configuration)."""
    return _json(_run_json(viewer_of(request).run(run_id)))


@router.get("/runs/{run_id}/trials/{key}")
def trial_detail(
    request: Request,
    run_id: str,
    key: str,
    baseline: Annotated[str | None, Query()] = None,
) -> Response:
    """A trial's detail as the report draws it (``t3``; ``b3`` for a baseline's trial)."""
    viewer = viewer_of(request)
    found = viewer.run(run_id)
    base = viewer.run(baseline) if baseline else None
    report = viewer.report(found, base)
    detail = report.details.get(key)
    if detail is None:
        raise Problem(404, f"the report of run {found.id} has no trial {key!r}")
    return _json(detail)


@router.get("/runs/{run_id}/reviews")
def reviews(request: Request, run_id: str) -> Response:
    """Every review of the run's judge results, oldest first."""
    viewer = viewer_of(request)
    found = viewer.run(run_id)
    reviews = [r.model_dump(mode="json") for r in viewer.store.reviews(found.id)]
    return _json(viewer.redact(reviews, found))


@router.get("/runs/{run_id}/labelling")
def labelling(
    request: Request,
    run_id: str,
    criterion: Annotated[str, Query(min_length=1)],
    n: Annotated[int, Query(ge=1, le=10_000)] = 100,
) -> Response:
    """A labelling queue's progress, and the calibration kept for the criterion."""
    viewer = viewer_of(request)
    found = viewer.run(run_id)
    trials = viewer.trials(found)
    known = rubric_checks(trials)
    name = criterion if criterion in known else f"rubric:{criterion}"
    if name not in known:
        raise Problem(422, f"criterion: run {found.id} has no rubric results of {criterion!r}")
    labels = trial_labels(viewer.store, found, criterion=name)  # a regrade: its source's too
    me = current_labeller(request)
    queue = label_queue(trials, labels, found, name, n, me)
    stored = viewer.store.get_analysis(found.id, ANALYSIS_KIND, name)
    return _json(
        {
            "criterion": name,
            "items": len(queue.items),
            "complete": queue.complete,
            "waiting": queue.waiting,
            "left_for_me": len(queue.mine),
            "labels": len(labels),
            "calibration": stored.body if stored is not None else None,
        }
    )
