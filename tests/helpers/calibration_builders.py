"""Builders for the calibration tests: judged trials, labels, and a store holding a run."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from fourfold.calibration import Label, is_held_out
from fourfold.cases import Case
from fourfold.checks import CheckResult
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import Passage, Trace

RUN = "20261129-193755-a1b2c3"
CRIT = "rubric:grounding"
T0 = datetime(2026, 11, 29, 19, 37, 55, tzinfo=UTC)
JUDGE_SECRET = "JUDGE-RATIONALE-SECRET"


def judged_trial(
    case_id: str,
    score: float | None,
    *,
    repeat: int = 0,
    status: str | None = None,
    check: str = CRIT,
    scale: tuple[int, int] | None = (0, 3),
    output: str | None = None,
) -> Trial:
    """A trial with one judge result on `check` (an error or skip has no score)."""
    if status is None:
        assert score is not None
        status = "pass" if score >= 2 else "fail"
    metadata: dict[str, object] = {"criterion": check.removeprefix("rubric:"), "pass_at": 2}
    if scale is not None:
        metadata["scale"] = list(scale)
    result = CheckResult(
        check=check,
        layer="grounding",
        status=status,  # type: ignore[arg-type]
        score=None if status in ("error", "skip") else score,
        explanation=JUDGE_SECRET,
        metadata=metadata,
    )
    return Trial(
        case_id=case_id,
        repeat=repeat,
        status="ok",
        trace=Trace(
            output=output if output is not None else f"answer to {case_id}",
            passages=[Passage(id="kb-1", text=f"passage for {case_id}")],
        ),
        results=[result],
        started_at=T0,
        ended_at=T0,
    )


def label(
    case_id: str,
    value: float,
    labeller: str = "ann",
    *,
    repeat: int | None = 0,
    run_id: str | None = RUN,
    note: str | None = None,
    criterion: str = CRIT,
) -> Label:
    return Label(
        run_id=run_id,
        case_id=case_id,
        repeat=repeat,
        criterion=criterion,
        labeller=labeller,
        value=value,
        note=note,
    )


def case_ids(n: int, *, held_out: bool | None = None, criterion: str = CRIT) -> list[str]:
    """`n` case ids, all in (True) or all out of (False) the held-out slice, or any."""
    found: list[str] = []
    i = 0
    while len(found) < n:
        cid = f"case-{i:04d}"
        if held_out is None or is_held_out(cid, criterion) == held_out:
            found.append(cid)
        i += 1
    return found


def make_cases(ids: Sequence[str], strata: dict[str, dict[str, str]] | None = None) -> list[Case]:
    return [
        Case(id=cid, input=f"question {cid}", strata=(strata or {}).get(cid, {})) for cid in ids
    ]


def store_with_run(
    path: Path | str,
    trials: Sequence[Trial],
    *,
    cases: Sequence[Case] | None = None,
    run_id: str = RUN,
    seed: int = 7,
) -> Store:
    """A SQLite store at `path` holding one run with `trials` (and their cases)."""
    store = Store.open(path)
    store.create_run(
        Run(
            id=run_id,
            suite="refunds",
            agent_version="v1",
            package_version="0.1.0",
            started_at=T0,
            seed=seed,
        )
    )
    if cases is None:
        cases = make_cases(list(dict.fromkeys(t.case_id for t in trials)))
    store.save_cases(run_id, list(cases))
    for trial in trials:
        store.save_trial(run_id, trial)
    return store
