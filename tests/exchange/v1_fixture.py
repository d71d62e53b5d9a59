"""The run behind ``tests/data/export/v1.jsonl.gz``, the committed export of schema version 1.

The file was written once by ``python tests/exchange/v1_fixture.py`` with the exporter of
version 1, and is never written again: it is what a fourfold of that version handed over,
and every later fourfold must load it (tests/exchange/test_versions.py). `build` makes the
same run through the store's ordinary API, so the test can say what loading the file must
give: exactly the rows `build` makes in a store of today.
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fourfold.cases import Case
from fourfold.exchange import export_run
from fourfold.runs import MODEL_CALLS_KEY, CheckResult, Evidence, Label, Review, Run, Trial
from fourfold.store import Store
from fourfold.trace import Message, Passage, ToolCall, Trace, Usage

FILE = Path(__file__).resolve().parents[1] / "data" / "export" / "v1.jsonl.gz"
RUN_ID = "20261129-193755-a1b2c3"
T0 = datetime(2026, 11, 29, 19, 37, 55, 123456, tzinfo=UTC)
EXPORTED_AT = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
JUDGE_KEY = "sha256:" + "ab" * 32
OTHER_KEY = "sha256:" + "cd" * 32
OUTPUT = "Your refund of 12,50 € is on its way 🚀 (see §4.2)."
CONFIG = {
    "name": "refunds",
    "repeats": 2,
    "agent": {"python": "agent:answer"},
    "models": {"judge": {"model": "openai/gpt-4.1-mini", "api_key_env": "OPENAI_API_KEY"}},
    "checks": [{"contains": {"phrases": ["refund"]}}, {"rubric": {"criterion": "conciseness"}}],
    "gate": {"outcome": {"min_pass_rate": 0.8}},
}


def _trace() -> Trace:
    return Trace(
        messages=[
            Message(role="user", content="Où est mon remboursement ?"),
            Message(role="tool", content="{}", name="lookup_order", tool_call_id="call-1"),
            Message(role="assistant", content=OUTPUT),
        ],
        tool_calls=[
            ToolCall(
                name="lookup_order",
                arguments={"order_id": "A-1", "nested": {"list": [1, 2.5, None, True]}},
                result={"status": "délivré"},
                id="call-1",
                started_at=T0,
                ended_at=T0 + timedelta(milliseconds=250),
            ),
            ToolCall(name="refund", error="Timeout: 30 s"),
        ],
        passages=[Passage(id="policy#4.2", text="Refunds within 30 days.", source="kb", score=0.9)],
        output=OUTPUT,
        structured={"refund": True, "amount": 12.5},
        usage=Usage(input_tokens=120, output_tokens=48, cost_usd=0.0021),
        latency_s=3.25,
        metadata={"trace_id": "t-1"},
    )


def _results(repeat: int) -> list[CheckResult]:
    start = OUTPUT.index("refund")
    return [
        CheckResult(
            check="contains",
            layer="outcome",
            status="pass",
            score=1.0,
            evidence=[Evidence(text="refund", where="output", start=start, end=start + 6)],
            explanation="found 'refund'",
            metadata={"found": ["refund"]},
        ),
        CheckResult(
            check="rubric:conciseness",
            layer="outcome",
            status="pass",
            score=3.0 - repeat,
            evidence=[Evidence(text="Your refund of 12,50 € is on its way 🚀")],
            explanation="short and to the point",
            metadata={
                "model": "openai/gpt-4.1-mini",
                MODEL_CALLS_KEY: [
                    {
                        "key": JUDGE_KEY,
                        "cached": False,
                        "input_tokens": 300,
                        "output_tokens": 40,
                        "cost_usd": 0.0002,
                        "latency_s": 0.8,
                        "attempts": 1,
                    }
                ],
                "judge_cost_usd": 0.0002,
            },
        ),
    ]


def build(store: Store) -> None:
    """Store the fixture's run, with every kind of row, through the store's API."""
    cases = [
        Case(id="c1", input="Où est mon remboursement ?", strata={"lang": "fr"}, tags=["fr"]),
        Case(id="c2", input="Refund?", expected="5 business days", metadata={"n": 1}),
    ]
    run = Run(
        id=RUN_ID,
        suite="refunds",
        suite_path="suites/refunds.yaml",
        agent_version="v1",
        config=CONFIG,
        package_version="0.1.0",
        git_sha="0123456789abcdef0123456789abcdef01234567",
        seed=7,
        started_at=T0,
        status="running",
    )
    store.create_run(run, cases)
    trials = [
        Trial(
            case_id="c1",
            repeat=repeat,
            status="ok",
            trace=_trace(),
            results=_results(repeat),
            started_at=T0 + timedelta(seconds=repeat),
            ended_at=T0 + timedelta(seconds=repeat + 2),
            latency_s=1.5,
        )
        for repeat in (0, 1)
    ] + [
        Trial(
            case_id="c2",
            repeat=repeat,
            status="error",
            error="RuntimeError: the refunds service is down",
            trace=Trace(metadata={"partial": True}) if repeat == 0 else None,
            started_at=T0,
            ended_at=T0 + timedelta(seconds=1),
        )
        for repeat in (0, 1)
    ]
    store.save_trials(RUN_ID, trials)
    store.update_run(
        RUN_ID,
        status="finished",
        ended_at=T0 + timedelta(minutes=1),
        summary={"gate": {"decision": "review", "trials": 4}},
    )
    store.add_labels(
        [
            Label(
                run_id=RUN_ID,
                case_id="c1",
                repeat=0,
                criterion="rubric:conciseness",
                labeller="ana",
                value=3,
                note="fine",
                source="labels.csv:2",
                created_at=T0,
            ),
            Label(
                run_id=RUN_ID,
                case_id="c1",
                criterion="rubric:conciseness",
                labeller="ben",
                value=2,
                created_at=T0,
            ),
        ]
    )
    store.add_review(
        Review(
            run_id=RUN_ID,
            case_id="c1",
            repeat=1,
            check="rubric:conciseness",
            original_score=2.0,
            original_status="pass",
            action="override",
            new_score=1.0,
            reason="padded",
            reviewer="ana",
            created_at=T0 + timedelta(hours=1),
        )
    )
    store.add_review(
        Review(
            run_id=RUN_ID,
            case_id="c1",
            repeat=0,
            check="rubric:conciseness",
            original_score=3.0,
            original_status="pass",
            action="accept",
            reviewer="ben",
            created_at=T0 + timedelta(hours=2),
        )
    )
    store.save_analysis(RUN_ID, "calibration", "rubric:conciseness", {"n_items": 2, "ok": True})
    store.put_model_calls(
        [
            {
                "key": key,
                "provider": "openai",
                "model": "gpt-4.1-mini",
                "request": {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": q}]},
                "response": {"text": '{"score": 3}', "input_tokens": 300, "output_tokens": 40},
                "created_at": T0,
            }
            for key, q in ((JUDGE_KEY, "Grade this."), (OTHER_KEY, "Not this run's."))
        ]
    )


def main() -> None:
    """Write the fixture file (once: see the module's docstring)."""
    if FILE.exists() and "--force" not in sys.argv:
        raise SystemExit(f"{FILE} exists; a committed version fixture is never rewritten")
    with tempfile.TemporaryDirectory() as tmp, Store.open(Path(tmp) / "runs.db") as store:
        build(store)
        FILE.parent.mkdir(parents=True, exist_ok=True)
        export_run(store, RUN_ID, FILE, environ={}, now=EXPORTED_AT)
    print(f"wrote {FILE}")


if __name__ == "__main__":
    main()
