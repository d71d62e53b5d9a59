"""Runs whose every text is one 5,000-character token or hides a bidi override.

`hostile.py` holds markup and script; this corpus holds what breaks a layout or a reading
rather than a page: unbroken tokens long enough to widen any box that does not wrap them,
and right-to-left overrides placed where they would make a file name or a number read
backwards ("invoice‮fdp.exe" shows as "invoiceexe.pdf", "score ‮42" as "score 24").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.runs import Review, Run, Trial
from fourfold.store import Store
from fourfold.trace import Message, Passage, ToolCall, Trace, Usage

__all__ = [
    "LONG",
    "LONG_BASE",
    "LONG_RUN",
    "NUMBER",
    "RLO",
    "SPOOF",
    "long_text_store",
]

RLO = "\u202e"
LONG = "tok" + "".join(f"{i % 10}abcdefghi" for i in range(500))[:4997]
"""5,000 characters without a place to break."""
SPOOF = f"invoice{RLO}fdp.exe"
"""Reads "invoiceexe.pdf" where the override is obeyed."""
NUMBER = f"score {RLO}42"
"""Reads "score 24" where the override is obeyed."""
LONG_RUN = "20261130-120000-l0ng01"
LONG_BASE = "20261130-110000-l0ng00"
_NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def _trace(i: int) -> Trace:
    output = f"{SPOOF} {NUMBER} {LONG} end of output {i}"
    return Trace(
        messages=[
            Message(role="system", content=f"system {LONG}"),
            Message(role="user", content=f"question {SPOOF} {LONG}"),
            Message(role="assistant", content=output),
        ],
        tool_calls=[
            ToolCall(
                name=f"tool_{LONG}",
                arguments={LONG: SPOOF, "q": LONG},
                result={"text": f"{NUMBER} {LONG}"},
            ),
            ToolCall(name=f"failing {SPOOF}", arguments={"x": 1}, error=f"{LONG} {NUMBER}"),
        ],
        passages=[Passage(id=f"p-{LONG}", text=f"{SPOOF} {LONG}", source=LONG, score=0.5)],
        output=output,
        error=None,
        usage=Usage(input_tokens=10, output_tokens=20, cost_usd=0.001),
        latency_s=0.2,
    )


def _results(trace: Trace, *, fail: bool) -> list[CheckResult]:
    output = trace.output or ""
    at = output.index(LONG)
    return [
        CheckResult(
            check="rubric:grounding",
            layer="grounding",
            status="fail" if fail else "pass",
            score=0.0 if fail else 3.0,
            explanation=f"the judge: {NUMBER} {LONG}",
            evidence=[Evidence(text=LONG, where="output", start=at, end=at + len(LONG))],
            metadata={
                "criterion": "grounding",
                "scale": [0, 3],
                "pass_at": 2,
                "raw_reply": f'{{"rationale": "{LONG}"}}',
                "model_calls": [],
            },
        ),
        CheckResult(
            check=f"check_{LONG}",
            layer="policy",
            status="fail" if fail else "pass",
            explanation=f"{SPOOF} {LONG}",
            evidence=[Evidence(text=f"{LONG} nowhere", where="passages")],
            metadata={"flags": [LONG, NUMBER]},
        ),
    ]


def _run(run_id: str, agent: str, minutes: int) -> Run:
    return Run(
        id=run_id,
        suite=f"suite {SPOOF} {LONG}",
        agent_version=f"{agent} {NUMBER} {LONG[:400]}",
        config={"checks_resolved": [{"name": "rubric", "args": {"criterion": "grounding"}}]},
        package_version="test",
        seed=3,
        started_at=_NOW + timedelta(minutes=minutes),
        ended_at=_NOW + timedelta(minutes=minutes + 1),
        status="finished",
    )


def long_text_store(path: Any, store: Store | None = None) -> tuple[Store, list[str]]:
    """A store (`store`, or a new one at `path`) with a baseline and a candidate run.

    Both are runs of the same suite whose every text is long or reversed; the candidate
    fails where the baseline passed (flipped cases), one of its judge scores has a review
    with a long reason, and one case has a label with a long note.

    Returns:
        The store and the case ids (`LONG_RUN` is the candidate, `LONG_BASE` the baseline).
    """
    store = store if store is not None else Store.open(path)
    cases = [
        Case(
            id=f"case {i} {SPOOF} {LONG}",
            input=f"question {SPOOF} {LONG}",
            expected=f"expected {NUMBER} {LONG}",
            focus=f"focus {LONG}",
            strata={f"key {LONG[:300]}": f"value {SPOOF} {LONG[:600]}"},
            tags=[f"tag {LONG[:500]}"],
        )
        for i in range(3)
    ]
    for run_id, agent, minutes, fail in (
        (LONG_BASE, "v1", -60, False),
        (LONG_RUN, "v2", 0, True),
    ):
        store.create_run(_run(run_id, agent, minutes))
        store.save_cases(run_id, cases)
        for case in cases:
            trace = _trace(cases.index(case))
            store.save_trial(
                run_id,
                Trial(
                    case_id=case.id,
                    status="ok",
                    trace=trace,
                    results=_results(trace, fail=fail),
                    started_at=_NOW,
                    ended_at=_NOW,
                    latency_s=trace.latency_s,
                ),
            )
    store.add_review(
        Review(
            run_id=LONG_RUN,
            case_id=cases[0].id,
            repeat=0,
            check="rubric:grounding",
            original_score=0.0,
            original_status="fail",
            action="override",
            new_score=3.0,
            reason=f"because {NUMBER} {LONG}",
            reviewer=f"rev {SPOOF}",
        )
    )
    return store, [c.id for c in cases]
