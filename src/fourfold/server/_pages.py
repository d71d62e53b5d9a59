"""The pages to look with: the runs, a run's report, its trials, one trial, a comparison."""

from __future__ import annotations

from collections import defaultdict
from typing import Annotated, Any
from urllib.parse import quote, urlencode

import numpy as np
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import ValidationError

from ..calibration import QUEUE_KIND, ReviewQueue, criterion_definition
from ..cases import Case
from ..compare import Comparison, compare
from ..gate import GateConfig
from ..judges import Criterion
from ..report.html import render_report
from ..report.html.viewer import trial_row
from ..runs import LAYERS, CheckResult, Review, Run, Trial
from ..store import load_run
from ..trace import Trace
from ._errors import Problem
from ._state import Viewer, is_judge_result
from ._views import render_page

__all__ = [
    "broken_layers",
    "latest_reviews",
    "router",
    "score_choices",
    "trial_href",
    "trial_url",
    "viewer_of",
]

router = APIRouter()

TRIALS_PER_PAGE = 100
RUNS_LISTED = 200
_ANCHOR_CHARS = 110
_SHOW = ("all", "failing", "judged", "reviewed", "errored")


def viewer_of(request: Request) -> Viewer:
    """The app's `Viewer`."""
    viewer: Viewer = request.app.state.viewer
    return viewer


def _html(request: Request, template: str, **context: Any) -> HTMLResponse:
    return HTMLResponse(render_page(request, template, **context))


@router.get("/", response_class=HTMLResponse)
def runs_page(request: Request, suite: Annotated[str | None, Query()] = None) -> HTMLResponse:
    """The runs, newest first, with their gate decision; filter by suite."""
    viewer = viewer_of(request)
    chosen = suite or None
    runs = viewer.store.list_runs(limit=RUNS_LISTED, suite=chosen)
    suites = sorted({r.suite for r in viewer.store.list_runs(limit=1000)})
    rows = [_run_row(viewer, run) for run in runs]
    return _html(request, "runs.html.j2", rows=rows, suites=suites, suite=chosen)


def _run_row(viewer: Viewer, run: Run) -> dict[str, Any]:
    gate = (run.summary or {}).get("gate") or {}
    trials = gate.get("trials")
    if not isinstance(trials, int):
        trials = len(viewer.store.finished_keys(run.id))
    decision = gate.get("decision")
    overridden = 0
    if run.summary is not None and viewer.store.reviews(run.id):
        # Reviewed judge scores count: the decision is the report's (assembled once, cached).
        report = viewer.report(run)
        decision = report.gate.decision
        overridden = report.reviews.overridden if report.reviews is not None else 0
    return {
        "run": run,
        "decision": decision if decision in ("deploy", "review", "block") else None,
        "trials": trials,
        "overridden": overridden,
    }


@router.get("/runs/{run_id}", response_class=HTMLResponse)
def report_page(
    request: Request, run_id: str, baseline: Annotated[str | None, Query()] = None
) -> HTMLResponse:
    """A run's report, live: `render_report` with its trial details fetched from the API."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    base = viewer.run(baseline) if baseline else None
    if base is not None and base.id == run.id:
        raise Problem(422, "a run cannot be its own baseline; pick another run to compare with")
    report = viewer.report(run, base)
    detail_url = f"/api/runs/{quote(run.id, safe='')}/trials/{{key}}"
    if base is not None:
        detail_url += f"?baseline={quote(base.id, safe='')}"
    html = render_report(report, detail_url=detail_url)
    nav = render_page(request, "_report_nav.html.j2", run=run, baseline=base)
    # The report's own policy (a <meta>) allows its script alone; the header adds only
    # what a <meta> cannot say.
    response = HTMLResponse(_insert_after_body(html, nav))
    response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
    return response


def _insert_after_body(html: str, fragment: str) -> str:
    at = html.find("<body>")
    if at < 0:
        return html
    at += len("<body>")
    return html[:at] + "\n" + fragment + html[at:]


@router.get("/runs/{run_id}/trials", response_class=HTMLResponse)
def trials_page(
    request: Request,
    run_id: str,
    show: Annotated[str, Query(pattern="^(all|failing|judged|reviewed|errored)$")] = "all",
    page: Annotated[int, Query(ge=1)] = 1,
) -> HTMLResponse:
    """A run's trials: verdicts, judge scores beside their latest review, links to each."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    trials = viewer.trials(run)
    latest, counts = latest_reviews(viewer.store.reviews(run.id))
    rows = []
    for index, trial in enumerate(trials):
        row = trial_row(trial, [])
        judged = []
        for r in trial.results:
            if not is_judge_result(r):
                continue
            key = (trial.case_id, trial.repeat, r.check)
            review = latest.get(key)
            judged.append(
                {
                    "check": r.check,
                    "status": r.status,
                    "score": r.score,
                    "review": None if review is None else _review_view(review),
                    "reviews": counts.get(key, 0),
                }
            )
        keep = {
            "all": True,
            "failing": row[2] == "fail",
            "judged": bool(judged),
            "reviewed": any(j["review"] is not None for j in judged),
            "errored": trial.status == "error",
        }[show]
        if keep:
            rows.append(
                {
                    "key": f"t{index}",
                    "href": trial_href(run, trial),
                    "case_id": trial.case_id,
                    "repeat": trial.repeat,
                    "verdict": row[2],
                    "layers": list(zip(LAYERS, row[3], strict=True)),
                    "failing": row[8],
                    "why": row[9],
                    "judged": judged,
                }
            )
    pages = max(1, -(-len(rows) // TRIALS_PER_PAGE))
    page = min(page, pages)
    shown = viewer.redact(rows[(page - 1) * TRIALS_PER_PAGE : page * TRIALS_PER_PAGE], run)
    return _html(
        request,
        "trials.html.j2",
        run=run,
        rows=shown,
        total=len(trials),
        matching=len(rows),
        show=show,
        shows=_SHOW,
        page=page,
        pages=pages,
    )


def trial_href(run: Run, trial: Trial) -> str:
    """The address of a trial's page."""
    return trial_url(run, trial.case_id, trial.repeat)


def trial_url(run: Run, case_id: str, repeat: int) -> str:
    """The address of the page of the trial of `case_id` and `repeat`."""
    query = urlencode({"case": case_id, "repeat": repeat})
    return f"/runs/{quote(run.id, safe='')}/trial?{query}"


def broken_layers(trial: Trial) -> list[str]:
    """The layers in which one of the trial's results failed, in layer order."""
    return [
        layer
        for layer in LAYERS
        if any(r.layer == layer and r.status == "fail" for r in trial.results)
    ]


def _review_view(review: Review) -> dict[str, Any]:
    return {
        "action": review.action,
        "score": review.score,
        "reviewer": review.reviewer,
        "created_at": review.created_at,
    }


def latest_reviews(
    reviews: list[Review],
) -> tuple[dict[tuple[str, int, str], Review], dict[tuple[str, int, str], int]]:
    """The review in force per (case, repeat, check), and how many each has."""
    latest: dict[tuple[str, int, str], Review] = {}
    counts: dict[tuple[str, int, str], int] = defaultdict(int)
    for review in reviews:
        key = (review.case_id, review.repeat, review.check)
        latest[key] = review
        counts[key] += 1
    return latest, dict(counts)


@router.get("/runs/{run_id}/trial", response_class=HTMLResponse)
def trial_page(
    request: Request,
    run_id: str,
    case: Annotated[str, Query(min_length=1)],
    repeat: Annotated[int, Query(ge=0)] = 0,
) -> HTMLResponse:
    """One trial: its trace, every result, judge scores to review, and promotion."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    index, trial = viewer.trial(run, case, repeat)
    source = next((c for c in viewer.store.cases(run.id) if c.id == trial.case_id), None)
    reviews = viewer.store.reviews(run.id, case_id=trial.case_id, repeat=trial.repeat)
    history: dict[str, list[Review]] = defaultdict(list)
    for review in reviews:
        history[review.check].append(review)
    located = viewer.located(run)
    results = []
    for position, result in enumerate(trial.results):
        judge = is_judge_result(result)
        results.append(
            {
                "position": position,
                "view": _result_view(result),
                "judge": judge,
                "choices": score_choices(result, located) if judge else None,
                "history": list(reversed(history.get(result.check, []))),
            }
        )
    broke = broken_layers(trial)
    view = viewer.redact(
        {
            "case_id": trial.case_id,
            "case": _case_view(source),
            "trace": _trace_view(trial.trace),
            "error": trial.error,
            "results": [r["view"] for r in results],
        },
        run,
    )
    for shown, redacted in zip(results, view["results"], strict=True):
        shown["view"] = redacted
    row = trial_row(trial, [])
    return _html(
        request,
        "trial.html.j2",
        run=run,
        key=f"t{index}",
        trial=trial,
        verdict=row[2],
        layers=list(zip(LAYERS, row[3], strict=True)),
        view=view,
        results=results,
        broke=broke,
        promotable=trial.status == "ok" and bool(broke),
        case_file=viewer.default_case_file(run),
        case_roots=viewer.case_roots(run),
        suite=viewer.suite_file(run),
        notes=viewer.store.notes(run.id, case_id=trial.case_id, repeat=trial.repeat),
    )


def score_choices(result: CheckResult, run: Run) -> list[tuple[float, str]] | None:
    """The scores a reviewer may give a judge result, with their anchors; None: any number.

    `run` is the run as `Viewer.located` gives it, so a criterion file is read from where
    the suite is now.
    """
    scale = result.metadata.get("scale")
    if (
        isinstance(scale, list | tuple)
        and len(scale) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in scale)
        and scale[0] < scale[1]
    ):
        criterion = criterion_definition(run, result.check)
        anchors = criterion.anchors if isinstance(criterion, Criterion) else {}
        return [
            (float(v), f"{v} — {_short(anchors[v])}" if v in anchors else str(v))
            for v in range(scale[1], scale[0] - 1, -1)
        ]
    if result.check.startswith("pairwise:") or "verdict" in result.metadata:
        return [(1.0, "1 — candidate wins"), (0.5, "0.5 — tie"), (0.0, "0 — baseline wins")]
    return None


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _ANCHOR_CHARS else text[: _ANCHOR_CHARS - 1] + "…"


def _result_view(result: CheckResult) -> dict[str, Any]:
    return {
        "check": result.check,
        "layer": result.layer,
        "status": result.status,
        "score": result.score,
        "explanation": result.explanation,
        "evidence": [{"text": e.text, "where": e.where} for e in result.evidence],
    }


def _case_view(case: Case | None) -> dict[str, Any] | None:
    if case is None:
        return None
    if isinstance(case.input, str):
        turns = [{"role": "user", "content": case.input}]
    else:
        turns = [{"role": m.role, "content": m.content or ""} for m in case.input]
    return {
        "input": turns,
        "expected": case.expected,
        "focus": case.focus,
        "strata": dict(case.strata),
        "tags": list(case.tags),
    }


def _trace_view(trace: Trace | None) -> dict[str, Any] | None:
    if trace is None:
        return None
    return {
        "messages": [
            {"role": m.role, "content": m.content or "", "name": m.name} for m in trace.messages
        ],
        "calls": [
            {
                "name": c.display_name,
                "arguments": c.arguments,
                "result": c.result,
                "error": c.error,
            }
            for c in trace.tool_calls
        ],
        "passages": [
            {"id": p.id, "text": p.text, "source": p.source, "score": p.score}
            for p in trace.passages
        ],
        "output": trace.text,
        "error": trace.error,
        "latency": trace.latency_s,
        "cost": trace.usage.cost_usd,
        "tokens": trace.usage.recorded_tokens,
    }


@router.get("/runs/{run_id}/reviews", response_class=HTMLResponse)
def reviews_page(request: Request, run_id: str) -> HTMLResponse:
    """Every review of the run's judge results, newest first, with the judge's original."""
    viewer = viewer_of(request)
    run = viewer.run(run_id)
    stored = viewer.store.reviews(run.id)
    reviews = list(reversed(stored))
    rows = viewer.redact(
        [
            {
                **review.model_dump(),
                "href": trial_url(run, review.case_id, review.repeat),
            }
            for review in reviews
        ],
        run,
    )
    queue = _queue_view(viewer, run, stored)
    return _html(request, "reviews.html.j2", run=run, reviews=rows, queue=queue)


def _queue_view(viewer: Viewer, run: Run, reviews: list[Review]) -> dict[str, Any] | None:
    """The run's review queue (`fourfold sample --review-share`): what is left, what is done."""
    analysis = viewer.store.get_analysis(run.id, QUEUE_KIND, "")
    if analysis is None:
        return None
    try:
        queue = ReviewQueue.model_validate(analysis.body)
    except ValidationError:
        return None
    latest, _ = latest_reviews(reviews)
    left = [
        {**item.model_dump(), "href": trial_url(run, item.case_id, item.repeat)}
        for item in queue.items
        if (item.case_id, item.repeat, item.check) not in latest
    ]
    return {
        "share": queue.share,
        "seed": queue.seed,
        "drawn": len(queue.items),
        "done": len(queue.items) - len(left),
        "left": viewer.redact(left, run),
    }


@router.get("/compare", response_class=HTMLResponse)
def compare_page(
    request: Request,
    suite: Annotated[str | None, Query()] = None,
    base: Annotated[str | None, Query()] = None,
    cand: Annotated[str | None, Query()] = None,
) -> HTMLResponse:
    """Pick two runs; see their comparison (`fourfold.compare`) and the report against it."""
    viewer = viewer_of(request)
    base_run = viewer.run(base) if base else None
    cand_run = viewer.run(cand) if cand else None
    chosen = suite or (cand_run.suite if cand_run else base_run.suite if base_run else None)
    runs = viewer.store.list_runs(limit=RUNS_LISTED, suite=chosen)
    suites = sorted({r.suite for r in viewer.store.list_runs(limit=1000)})
    comparison: Comparison | None = None
    if base_run is not None and cand_run is not None:
        if base_run.id == cand_run.id:
            raise Problem(422, "pick two different runs: the baseline and the candidate")
        comparison = _compare(viewer, base_run, cand_run)
    return _html(
        request,
        "compare.html.j2",
        runs=runs,
        suites=suites,
        suite=chosen,
        base=base_run,
        cand=cand_run,
        comparison=comparison,
        untested_strata=sum(1 for s in comparison.strata if not s.tested) if comparison else 0,
    )


def _compare(viewer: Viewer, base: Run, cand: Run) -> Comparison:
    try:
        config = GateConfig.model_validate(cand.config.get("gate") or {})
    except ValidationError:
        config = GateConfig()
    seed = 0  # as `fourfold compare` and `fourfold report` by default
    return compare(
        load_run(viewer.store, base.id),
        load_run(viewer.store, cand.id),
        rng=np.random.default_rng(seed),
        seed=seed,
        config=config,
    )
