"""Usage a trace did not record is unknown on every surface, never zero tokens."""

from __future__ import annotations

from datetime import UTC, datetime

from rich.console import Console

from fourfold.gate import GateConfig, evaluate_gate
from fourfold.report import render_summary
from fourfold.report.html._trial import trial_detail
from fourfold.runs import Run, Trial
from fourfold.summary import RunSummary, summarize_costs
from fourfold.trace import Trace, Usage

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _trial(case_id: str, usage: Usage) -> Trial:
    return Trial(
        case_id=case_id,
        repeat=0,
        status="ok",
        trace=Trace(output="ok", usage=usage),
        results=[],
        started_at=NOW,
        ended_at=NOW,
    )


def test_unrecorded_usage_is_counted_apart_and_said() -> None:
    trials = [
        _trial("c1", Usage(input_tokens=10, output_tokens=5)),
        _trial("c2", Usage(known=False)),
        _trial("c3", Usage(known=False)),
    ]
    costs = summarize_costs(trials)
    assert (costs.agent_tokens, costs.agent_tokens_unrecorded) == (15, 2)

    run = Run(
        id="20261201-000000-aaaaaa",
        suite="s",
        agent_version="v1",
        package_version="test",
        started_at=NOW,
        status="finished",
    )
    summary = RunSummary(gate=evaluate_gate(trials, GateConfig()), costs=costs)
    console = Console(width=160, record=True)
    console.print(render_summary(run, summary))
    assert "15 tokens; 2 traces recorded none" in console.export_text()


def test_a_trial_without_recorded_usage_shows_no_token_count() -> None:
    unknown = trial_detail(_trial("c1", Usage(known=False)), None, key="c1:0")
    known = trial_detail(_trial("c2", Usage(input_tokens=0, output_tokens=0)), None, key="c2:0")
    assert unknown["tokens"] is None
    assert known["tokens"] == 0
