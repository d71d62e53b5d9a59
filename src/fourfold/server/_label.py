"""The labelling queue: people score a run's sample on a criterion, blind to the judge.

The queue is the labelling sample `fourfold sample` draws (`draw_sample`: stratified by
the judge's score so failures are well represented, with the stable held-out slice), of
the same size and seed, so labels from the viewer and from a sample file are labels of
the same items. Each item wants two labellers (the human ceiling needs pairs): it leaves
a labeller's queue once they labelled it, and the queue when two people did. A labeller
sees the case, the output, the passages and the criterion's anchors, never the judge's
score, status or explanation. Labels go to the store (source ``viewer``), where
`fourfold calibrate` and the calibration panel read them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from starlette.concurrency import run_in_threadpool

from ..calibration import (
    ANALYSIS_KIND,
    CalibrationReport,
    Label,
    Sample,
    SampleItem,
    calibrate,
    criterion_definition,
    draw_sample,
    trial_labels,
)
from ..judges import Criterion
from ..report.html.viewer import CalibrationView, confusion_matrix
from ..runs import Run, Trial
from ._actions import security_of, who
from ._errors import Problem
from ._forms import clean_name, read_form
from ._pages import viewer_of
from ._state import Viewer
from ._views import LABELLER_COOKIE, render_page

__all__ = ["LABELS_PER_ITEM", "Queue", "label_queue", "router"]

router = APIRouter()

LABELS_PER_ITEM = 2
"""Labellers each item wants: two give the human-human ceiling."""

MAX_NOTE = 4000
RUBRIC = "rubric:"


class _Form(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class LabelForm(_Form):
    """One label, as posted from the queue."""

    criterion: str = Field(min_length=1)
    """The check labelled (``rubric:grounding``)."""
    case: str = Field(min_length=1)
    """The item's case."""
    repeat: int = Field(ge=0)
    """The item's repeat."""
    value: float
    """The score given, on the criterion's scale."""
    note: str = Field(default="", max_length=MAX_NOTE)
    """Why, in the labeller's words."""
    n: int = Field(default=100, ge=1, le=10_000)
    """The size of the queue labelled from (to come back to it)."""


class CalibrateForm(_Form):
    """Recompute a criterion's calibration."""

    criterion: str = Field(min_length=1)
    """The check to calibrate."""
    n: int = Field(default=100, ge=1, le=10_000)
    """The size of the queue to come back to."""


class NameForm(_Form):
    """Who is at this browser."""

    name: str
    """A name or a pseudonym."""
    next: str = "/"
    """Where to go next (a path of this viewer)."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return clean_name(value)

    @field_validator("next")
    @classmethod
    def _local(cls, value: str) -> str:
        # Only this viewer's own paths: never an open redirect to another site.
        if not value.startswith("/") or value.startswith("//") or "\\" in value:
            return "/"
        return value


@dataclass(frozen=True)
class QueueItem:
    """One item of the sample and who labelled it."""

    item: SampleItem
    labellers: frozenset[str]


@dataclass(frozen=True)
class Queue:
    """A labelling queue as one labeller sees it."""

    sample: Sample
    items: list[QueueItem]
    mine: list[QueueItem]
    """Items left for this labeller, in the sample's order."""
    done_by_me: int
    complete: int
    """Items with `LABELS_PER_ITEM` labellers."""
    waiting: int
    """Items with some labels but not enough."""

    @property
    def next(self) -> QueueItem | None:
        """The item to label now."""
        return self.mine[0] if self.mine else None


def label_queue(
    trials: list[Trial], labels: list[Label], run: Run, criterion: str, n: int, me: str | None
) -> Queue:
    """The queue of `criterion` on `run` for labeller `me` (no I/O)."""
    sample = draw_sample(trials, criterion, run_id=run.id, n=n, seed=run.seed)
    by_item: dict[tuple[str, int], set[str]] = defaultdict(set)
    for label in labels:
        if label.criterion != criterion or label.run_id != run.id:
            continue
        # A label on the case applies to repeat 0, as calibration reads it.
        by_item[(label.case_id, 0 if label.repeat is None else label.repeat)].add(label.labeller)
    items = [
        QueueItem(item, frozenset(by_item.get((item.case_id, item.repeat), set())))
        for item in sample.items
    ]
    mine = [
        q
        for q in items
        if len(q.labellers) < LABELS_PER_ITEM and (me is None or me not in q.labellers)
    ]
    return Queue(
        sample=sample,
        items=items,
        mine=mine,
        done_by_me=sum(1 for q in items if me is not None and me in q.labellers),
        complete=sum(1 for q in items if len(q.labellers) >= LABELS_PER_ITEM),
        waiting=sum(1 for q in items if 0 < len(q.labellers) < LABELS_PER_ITEM),
    )


def rubric_checks(trials: list[Trial]) -> list[str]:
    """The rubric checks a run's trials have results of."""
    return sorted({r.check for t in trials for r in t.results if r.check.startswith(RUBRIC)})


def _criterion(name: str, known: list[str], run: Run) -> str:
    for candidate in (name, RUBRIC + name):
        if candidate in known:
            return candidate
    raise Problem(
        422,
        f"criterion: run {run.id} has no rubric results of {name!r}; "
        + (f"its rubric checks: {', '.join(known)}" if known else "it has no rubric judge"),
    )


@router.get("/label", response_class=HTMLResponse, response_model=None)
def label_start(
    request: Request,
    run: Annotated[str | None, Query()] = None,
    criterion: Annotated[str | None, Query()] = None,
) -> Response:
    """Choose a run and a criterion to label."""
    viewer = viewer_of(request)
    chosen = viewer.run(run) if run else None
    criteria = rubric_checks(viewer.trials(chosen)) if chosen is not None else []
    if chosen is not None and criterion:
        name = _criterion(criterion, criteria, chosen)
        return RedirectResponse(_queue_url(chosen, name, None), status_code=303)
    runs = viewer.store.list_runs(limit=200)
    return HTMLResponse(
        render_page(request, "label_start.html.j2", runs=runs, chosen=chosen, criteria=criteria)
    )


def _queue_url(run: Run, criterion: str, n: int | None, anchor: str = "") -> str:
    query: dict[str, Any] = {"criterion": criterion}
    if n is not None:
        query["n"] = n
    return f"/label/{quote(run.id, safe='')}?{urlencode(query)}{anchor}"


@router.get("/label/{run_id}", response_class=HTMLResponse)
def label_page(
    request: Request,
    run_id: str,
    criterion: Annotated[str, Query(min_length=1)],
    n: Annotated[int, Query(ge=1, le=10_000)] = 100,
) -> HTMLResponse:
    """The next item for this labeller, the queue's progress, and the calibration panel."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    trials = viewer.trials(run)
    name = _criterion(criterion, rubric_checks(trials), run)
    labeller = _labeller(request)
    # A regrade's queue counts the labels of the run it graded: the same traces.
    labels = trial_labels(viewer.store, run, criterion=name)
    queue = label_queue(trials, labels, run, name, n, labeller)
    definition = criterion_definition(viewer.located(run), name)
    item = None
    if queue.next is not None:
        trial = next(
            t
            for t in trials
            if t.case_id == queue.next.item.case_id and t.repeat == queue.next.item.repeat
        )
        cases = {c.id: c for c in viewer.store.cases(run.id)}
        item = viewer.redact(_item_view(trial, cases.get(trial.case_id)), run)
    return HTMLResponse(
        render_page(
            request,
            "label.html.j2",
            run=run,
            criterion=name,
            definition=definition,
            levels=_levels(definition, trials, name),
            inputs=set(definition.inputs) if isinstance(definition, Criterion) else set(),
            queue=queue,
            n=n,
            item=item,
            calibration=_calibration_panel(viewer, run, name, len(labels)),
            suite=viewer.suite_file(run),
        )
    )


def _labeller(request: Request) -> str | None:
    from ._views import current_labeller

    return current_labeller(request)


def _levels(definition: Criterion | None, trials: list[Trial], criterion: str) -> list[int]:
    if isinstance(definition, Criterion):
        return list(reversed(definition.levels))
    for trial in trials:
        for result in trial.results:
            scale = result.metadata.get("scale") if result.check == criterion else None
            if (
                isinstance(scale, list)
                and len(scale) == 2
                and all(isinstance(v, int) for v in scale)
            ):
                return list(range(scale[1], scale[0] - 1, -1))
    return [1, 0]


def _item_view(trial: Trial, case: Any) -> dict[str, Any]:
    trace = trial.trace
    if case is None:
        turns: list[dict[str, str]] = []
    elif isinstance(case.input, str):
        turns = [{"role": "user", "content": case.input}]
    else:
        turns = [{"role": m.role, "content": m.content or ""} for m in case.input]
    return {
        "case_id": trial.case_id,
        "repeat": trial.repeat,
        "input": turns,
        "expected": case.expected if case is not None else None,
        "focus": case.focus if case is not None else None,
        "output": trace.text if trace is not None else "",
        "passages": [
            {"id": p.id, "text": p.text, "source": p.source}
            for p in (trace.passages if trace is not None else [])
        ],
        "calls": [
            {"signature": c.signature(), "error": c.error}
            for c in (trace.tool_calls if trace is not None else [])
        ],
    }


def _calibration_panel(
    viewer: Viewer, run: Run, criterion: str, labels_now: int
) -> dict[str, Any] | None:
    stored = viewer.store.get_analysis(run.id, ANALYSIS_KIND, criterion)
    if stored is None:
        return None
    try:
        report = CalibrationReport.model_validate(stored.body)
    except ValidationError:
        return None
    matrix = None
    agreement = report.all_items.judge_human
    if agreement is not None and agreement.n:
        kappa = agreement.weighted_kappa if report.primary == "weighted_kappa" else None
        kappa = kappa or agreement.kappa
        matrix = confusion_matrix(
            CalibrationView(
                criterion=report.criterion,
                slice="all",
                labels=[f"{v:g}" if isinstance(v, float) else str(v) for v in agreement.labels],
                matrix=[list(row) for row in agreement.confusion],
                kappa=kappa.estimate,
                statistic="κw" if report.primary == "weighted_kappa" else "κ",
                verdict=report.verdict,
                reason=report.reason,
            )
        )
    return {
        "report": report,
        "computed_at": stored.created_at,
        "stale": labels_now != report.labels,
        "labels_now": labels_now,
        "matrix": matrix,
        "statistic": "κw" if report.primary == "weighted_kappa" else "κ",
    }


@router.post("/label/{run_id}")
async def label_submit(request: Request, run_id: str) -> Response:
    """Store one label (source ``viewer``) and go on to the next item."""
    form = await read_form(request, security_of(request), LabelForm)
    labeller = who(request, "labelling")
    viewer = viewer_of(request)
    run = await run_in_threadpool(_store_label, viewer, run_id, form, labeller)
    return RedirectResponse(_queue_url(run, form.criterion, form.n), status_code=303)


def _store_label(viewer: Viewer, run_id: str, form: LabelForm, labeller: str) -> Run:
    run = viewer.run(run_id)
    trials = viewer.trials(run)
    name = _criterion(form.criterion, rubric_checks(trials), run)
    if not any(
        t.case_id == form.case
        and t.repeat == form.repeat
        and any(r.check == name for r in t.results)
        for t in trials
    ):
        raise Problem(
            404,
            f"run {run.id} has no trial of case {form.case!r}, repeat {form.repeat} with a "
            f"result of {name}",
        )
    levels = _levels(criterion_definition(viewer.located(run), name), trials, name)
    if form.value not in levels:
        allowed = ", ".join(str(v) for v in levels)
        raise Problem(422, f"value: {form.value:g} is not on the scale of {name} ({allowed})")
    viewer.store.add_labels(
        [
            Label(
                run_id=run.id,
                case_id=form.case,
                repeat=form.repeat,
                criterion=name,
                labeller=labeller,
                value=form.value,
                note=form.note.strip() or None,
                source="viewer",
            )
        ]
    )
    return run


@router.post("/label/{run_id}/calibrate")
async def calibrate_route(request: Request, run_id: str) -> Response:
    """Recompute the criterion's calibration from the labels now stored, and keep it."""
    form = await read_form(request, security_of(request), CalibrateForm)
    viewer = viewer_of(request)

    def work() -> Run:
        run = viewer.run(run_id)
        name = _criterion(form.criterion, rubric_checks(viewer.trials(run)), run)
        calibrate(viewer.store, run.id, name, n_resamples=viewer.config.n_resamples)
        return run

    run = await run_in_threadpool(work)
    return RedirectResponse(
        _queue_url(run, form.criterion, form.n, "#calibration"), status_code=303
    )


@router.post("/whoami")
async def whoami(request: Request) -> Response:
    """Remember who is at this browser (a cookie): their labels and reviews carry it."""
    form = await read_form(request, security_of(request), NameForm)
    response = RedirectResponse(form.next, status_code=303)
    response.set_cookie(
        LABELLER_COOKIE,
        quote(form.name, safe=""),
        max_age=60 * 60 * 24 * 365,
        httponly=True,
        samesite="strict",
    )
    return response
