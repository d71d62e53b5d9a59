"""Judges on a sampled share of production traffic, under a cost budget."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from fourfold import Store, load_suite
from fourfold.models import (
    MockProvider,
    ModelConfig,
    ModelRequest,
    ModelResponse,
    Prices,
    get_model,
)
from fourfold.monitor import (
    Monitor,
    MonitorConfig,
    WindowReport,
    describe_window,
    is_judge,
    judged_sample,
)
from tests.helpers.monitoring import SUITE, FakeClock, otlp, production_trace, write_jsonl


def judge_reply(request: ModelRequest) -> ModelResponse:
    """A judge that always gives 3, costing exactly $0.01 (1,000 tokens at $10/M)."""
    reply = {"evidence": None, "rationale": "short enough", "score": 3}
    return ModelResponse(text=json.dumps(reply), parsed=reply, input_tokens=1000, output_tokens=0)


def judged_suite(tmp_path: Path) -> Path:
    text = SUITE.replace("checks:", 'models:\n  judge: {model: "mock/judge"}\nchecks:')
    (tmp_path / "suite.yaml").write_text(text + "  - rubric: {criterion: conciseness}\n")
    return tmp_path / "suite.yaml"


def run_monitor(
    tmp_path: Path, n: int, reply=judge_reply, **config
) -> tuple[MockProvider, list, Monitor]:
    """Two windows of traffic; the trials of the first, closed by the second's tick."""
    provider = MockProvider(reply)
    judge = get_model(
        ModelConfig(
            model="mock/judge", max_retries=0, prices=Prices(input_per_mtok=10, output_per_mtok=0)
        ),
        provider=provider,
    )
    clock = FakeClock()
    write_jsonl(
        tmp_path / "incoming" / "traffic.jsonl",
        [otlp(production_trace(0, i)) for i in range(n)],
    )
    with Store.open(tmp_path / "runs.db") as store:
        monitor = Monitor(
            load_suite(judged_suite(tmp_path)),
            store,
            MonitorConfig(watch=tmp_path / "incoming", settle_s=0, **config),
            state_path=tmp_path / "state.json",
            alerts_path=tmp_path / "alerts.jsonl",
            clock=clock,
            models={"judge": judge},
        )

        async def scenario():
            async with monitor:
                clock.window(0)
                await monitor.tick()
                clock.window(1)
                return await monitor.tick()

        [report] = asyncio.run(scenario())
        trials = store.trials(report.run_id)
    return provider, trials, monitor


def rubric_statuses(trials) -> list[str]:
    return [r.status for t in trials for r in t.results if r.check == "rubric:conciseness"]


def test_only_the_judge_is_sampled(tmp_path):
    checks = load_suite(judged_suite(tmp_path)).checks
    assert [c.name for c in checks if is_judge(c)] == ["rubric:conciseness"]


@pytest.mark.parametrize("share", [0.0, 0.25, 1.0])
def test_the_judged_share_of_traces_gets_the_judge_and_the_rest_a_skip(tmp_path, share):
    provider, trials, monitor = run_monitor(tmp_path, 80, judge_share=share)
    expected = sum(judged_sample(t.case_id, share) for t in trials)
    assert provider.calls == expected == monitor.state.judged_traces
    if share == 0.25:
        assert 8 <= expected <= 32  # about a quarter of 80
    statuses = rubric_statuses(trials)
    assert statuses.count("pass") == expected
    assert statuses.count("skip") == 80 - expected
    # Every trace got every deterministic check.
    assert all(len(t.results) == 5 for t in trials)
    skipped = next((r for t in trials for r in t.results if r.status == "skip"), None)
    if skipped is not None:
        assert "not in the judged share" in skipped.explanation


def test_judges_stop_when_the_budget_is_spent_and_say_so(tmp_path, caplog):
    provider, trials, monitor = run_monitor(tmp_path, 30, judge_share=1.0, judge_budget_usd=0.05)
    assert provider.calls == 5  # $0.01 each
    assert monitor.state.judge_spent_usd == pytest.approx(0.05)
    assert monitor.state.budget_exhausted
    statuses = rubric_statuses(trials)
    assert statuses.count("pass") == 5 and statuses.count("skip") == 25
    budget_skip = next(r for t in trials for r in t.results if r.status == "skip")
    assert "judge budget ($0.05) is spent" in budget_skip.explanation
    [alert] = [json.loads(line) for line in (tmp_path / "alerts.jsonl").read_text().splitlines()]
    assert alert["kind"] == "judge_budget" and alert["budget_usd"] == 0.05
    assert "judge budget of $0.05 is spent" in caplog.text


def test_the_budget_holds_across_a_restart(tmp_path):
    run_monitor(tmp_path, 10, judge_share=1.0, judge_budget_usd=0.03)
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["judge_spent_usd"] == pytest.approx(0.03) and state["budget_exhausted"]
    (tmp_path / "incoming" / "traffic.jsonl").rename(tmp_path / "incoming" / "more.jsonl")
    provider, _, _ = run_monitor(tmp_path, 10, judge_share=1.0, judge_budget_usd=0.03)
    assert provider.calls == 0


def test_a_zero_budget_calls_no_judge(tmp_path):
    provider, trials, _ = run_monitor(tmp_path, 5, judge_share=1.0, judge_budget_usd=0.0)
    assert provider.calls == 0
    assert set(rubric_statuses(trials)) == {"skip"}


def garbage_reply(request: ModelRequest) -> ModelResponse:
    """A judge whose every reply is prose, never the JSON it was asked for."""
    return ModelResponse(text="Great answer, I'd say excellent!", input_tokens=10, output_tokens=5)


def test_a_window_whose_judged_share_all_errored_is_not_healthy(tmp_path):
    provider, trials, monitor = run_monitor(tmp_path, 40, garbage_reply, judge_share=0.25)
    judged = sum(judged_sample(t.case_id, 0.25) for t in trials)
    assert judged and rubric_statuses(trials).count("error") == judged
    with Store.open(tmp_path / "runs.db") as store:
        run = store.get_run(store.list_runs()[-1].id)  # the closed window, stored as a run
        analysis = store.get_analysis(run.id, "monitor", "window")
    assert analysis is not None
    report = WindowReport.model_validate(analysis.body)
    outcome = next(w for w in report.layers if w.layer == "outcome")
    # the deterministic outcome check still decides every trace: the rate alone looks fine
    assert outcome.decided == 40 - judged and outcome.pass_rate == 1.0
    assert [e.describe() for e in outcome.errors] == [
        f"rubric:conciseness: {judged} of {judged} results errored (unparseable reply)"
    ]
    assert [w.layer for w in report.undecided] == ["outcome"]
    assert "UNDECIDED (rubric:conciseness" in describe_window(report)
    alerts = [json.loads(line) for line in (tmp_path / "alerts.jsonl").read_text().splitlines()]
    [alert] = [a for a in alerts if a["kind"] == "undecided"]
    assert alert["layer"] == "outcome" and alert["errored_checks"] == {"rubric:conciseness": judged}
    assert "cannot be read as healthy" in alert["text"]
    assert f"rubric:conciseness: {judged} of {judged} results errored" in alert["text"]
    # the window stays out of the history the next windows' limits are drawn from
    assert "outcome" not in monitor.state.history
    assert "policy" in monitor.state.history  # layers that decided cleanly go in
    # the window's stored run says review, not deploy
    assert run.summary is not None and run.summary["gate"]["decision"] == "review"
