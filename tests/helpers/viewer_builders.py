"""Runs for the viewer's tests: one judged by a rubric (and a pairwise) judge, built
through the Store API so every score is known."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import Message, Passage, ToolCall, Trace, Usage

__all__ = ["JUDGED_CASES", "T0", "judge_score", "judged_run"]

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
JUDGED_CASES = 24


def judge_score(i: int) -> int:
    """The rubric judge's score of case ``i``: 0 to 3, failures well represented."""
    return (0, 1, 2, 3, 3, 2)[i % 6]


def _trace(i: int) -> Trace:
    output = f"Refund of {10 + i}.00 issued for order O-{i} (§4.2)."
    return Trace(
        messages=[
            Message(role="user", content=f"Please refund order O-{i}"),
            Message(role="assistant", content=output),
        ],
        tool_calls=[
            ToolCall(name="lookup_order", arguments={"order_id": f"O-{i}"}, result={"total": i})
        ],
        passages=[
            Passage(id="4.2", text="Refunds up to 50.00 are issued at once.", source="policies")
        ],
        output=output,
        usage=Usage(input_tokens=100, output_tokens=20, cost_usd=0.001),
        latency_s=0.5,
    )


def _results(i: int, trace: Trace, leaks: bool) -> list[CheckResult]:
    score = judge_score(i)
    output = trace.output or ""
    return [
        CheckResult(
            check="rubric:grounding",
            layer="grounding",
            status="pass" if score >= 2 else "fail",
            score=float(score),
            explanation=f"the judge's rationale for case {i}",
            evidence=[Evidence(text="§4.2", where="output", start=output.index("§4.2"))],
            metadata={
                "criterion": "grounding",
                "scale": [0, 3],
                "pass_at": 2,
                "judge": "mock/judge",
                "model_calls": [{"key": f"k{i}", "cached": False}],
            },
        ),
        CheckResult(
            check="pairwise:outcome_preference",
            layer="outcome",
            status="fail" if i % 4 == 0 else "pass",
            score=0.0 if i % 4 == 0 else 1.0,
            explanation="the baseline's next step is the right one"
            if i % 4 == 0
            else "the candidate's is",
            metadata={
                "criterion": "outcome_preference",
                "verdict": "baseline" if i % 4 == 0 else "candidate",
                "model_calls": [],
            },
        ),
        CheckResult(
            check="no_pii",
            layer="policy",
            status="fail" if leaks and i % 5 == 0 else "pass",
            explanation="the output contains personal data" if leaks and i % 5 == 0 else "",
        ),
    ]


def judged_run(
    store: Store,
    *,
    run_id: str = "20261129-120000-judged",
    suite: str = "refunds",
    agent: str = "v2",
    suite_path: Path | None = None,
    cases: int = JUDGED_CASES,
    minutes: int = 0,
    config: dict[str, Any] | None = None,
    leaks: bool = True,
) -> str:
    """Store a finished run of `cases` cases, each judged by a rubric and a pairwise judge.

    With `leaks`, every fifth case fails ``no_pii`` (a baseline without leaks makes those
    cases flips in the policy layer).
    """
    store.create_run(
        Run(
            id=run_id,
            suite=suite,
            suite_path=str(suite_path) if suite_path is not None else None,
            agent_version=agent,
            config=config
            or {"checks_resolved": [{"name": "rubric", "args": {"criterion": "grounding"}}]},
            package_version="test",
            seed=7,
            started_at=T0 + timedelta(minutes=minutes),
            ended_at=T0 + timedelta(minutes=minutes + 1),
            status="finished",
        )
    )
    store.save_cases(
        run_id,
        [
            Case(
                id=f"refund-{i}",
                input=f"Please refund order O-{i}",
                expected=f"a refund of {10 + i}.00",
                strata={"size": "small" if i % 2 else "large"},
            )
            for i in range(cases)
        ],
    )
    for i in range(cases):
        trace = _trace(i)
        store.save_trial(
            run_id,
            Trial(
                case_id=f"refund-{i}",
                status="ok",
                trace=trace,
                results=_results(i, trace, leaks),
                started_at=T0,
                ended_at=T0,
                latency_s=0.5,
            ),
        )
    return run_id
