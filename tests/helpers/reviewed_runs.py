"""Stored runs with judge scores, for the tests of reviews that count.

A run of ten cases graded by ``rubric:grounding`` (0-3, passing at 2) under the default
gate, whose judge rule blocks on any score at 0: two cases scored 0 block the run, and a
person overriding those two scores turns it into a deploy.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fourfold.cases import Case
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.runs import MODEL_CALLS_KEY, CheckResult, Review, Run, Trial
from fourfold.store import Store
from fourfold.summary import summarize_run

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
CHECK = "rubric:grounding"


def judged(score: int | None, *, status: str | None = None, **meta: Any) -> CheckResult:
    """A rubric judge's result on 0-3, passing at 2 (an error when `score` is None)."""
    if score is None:
        return CheckResult(
            check=CHECK,
            layer="grounding",
            status="error",
            explanation="the judge's reply could not be read",
            metadata={"scale": [0, 3], "pass_at": 2, MODEL_CALLS_KEY: []},
        )
    return CheckResult(
        check=CHECK,
        layer="grounding",
        status=status or ("pass" if score >= 2 else "fail"),
        score=score,
        explanation=f"the judge gave {score}",
        metadata={"scale": [0, 3], "pass_at": 2, MODEL_CALLS_KEY: [], **meta},
    )


def trial(case_id: str, score: int | None, repeat: int = 0, **meta: Any) -> Trial:
    return Trial(
        case_id=case_id,
        repeat=repeat,
        status="ok",
        results=[judged(score, **meta)],
        started_at=T0,
        ended_at=T0 + timedelta(seconds=1),
    )


def store_run(
    store: Store,
    run_id: str,
    scores: dict[str, list[int | None]],
    *,
    version: str = "v1",
    seed: int = 0,
) -> list[Trial]:
    """Store a finished run with these judge scores per case (one per repeat), and its summary."""
    repeats = max(len(v) for v in scores.values())
    cases = [Case(id=c, input=f"question {c}") for c in scores]
    run = Run(
        id=run_id,
        suite="refunds",
        agent_version=version,
        package_version="0.1.0",
        started_at=T0,
        seed=seed,
        config={"repeats": repeats},
    )
    store.create_run(run, cases)
    trials = [trial(c, s, r) for c, values in scores.items() for r, s in enumerate(values)]
    store.save_trials(run_id, trials)
    gate = evaluate_gate(trials, GateConfig())
    store.update_run(
        run_id,
        status="finished",
        ended_at=T0 + timedelta(minutes=1),
        summary=summarize_run(trials, [], gate).model_dump(mode="json"),
    )
    return trials


def blocked_scores() -> dict[str, list[int | None]]:
    """Ten cases: eight scored 3, two (c8, c9) scored 0: the judge rule blocks."""
    return {f"c{i}": [3 if i < 8 else 0] for i in range(10)}


def override(
    store: Store,
    run_id: str,
    case_id: str,
    new_score: float,
    *,
    original: float | None = 0.0,
    original_status: str = "fail",
    reviewer: str = "ana",
    reason: str = "every claim is in passage 4.2",
    repeat: int = 0,
) -> Review:
    return store.add_review(
        Review(
            run_id=run_id,
            case_id=case_id,
            repeat=repeat,
            check=CHECK,
            original_score=original,
            original_status=original_status,  # type: ignore[arg-type]
            action="override",
            new_score=new_score,
            reason=reason,
            reviewer=reviewer,
        )
    )


def accept(
    store: Store,
    run_id: str,
    case_id: str,
    *,
    original: float = 3.0,
    reviewer: str = "bob",
    repeat: int = 0,
) -> Review:
    return store.add_review(
        Review(
            run_id=run_id,
            case_id=case_id,
            repeat=repeat,
            check=CHECK,
            original_score=original,
            original_status="pass" if original >= 2 else "fail",
            action="accept",
            reviewer=reviewer,
        )
    )
