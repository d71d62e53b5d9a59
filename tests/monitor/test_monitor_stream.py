"""The monitor on a synthetic production stream: windows stored as runs, a regression flagged
in the right window and layer, alerts in a file and at a real webhook, restarts, files
still being written."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold import ConfigError, Store, load_suite
from fourfold._cli import cli
from fourfold.monitor import Monitor, MonitorConfig
from tests.helpers.monitoring import (
    PHONE,
    START,
    SUITE,
    WINDOW,
    FakeClock,
    otlp,
    production_trace,
    webhook,
    window_traffic,
    write_jsonl,
    write_window,
)


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    (tmp_path / "suite.yaml").write_text(SUITE)
    return tmp_path / "suite.yaml"


def make_monitor(tmp_path: Path, store: Store, clock: FakeClock, **options) -> Monitor:
    webhook_url = options.pop("webhook", None)
    config = MonitorConfig(
        watch=tmp_path / "incoming",
        window_s=300,
        history=10,
        min_history=3,
        settle_s=options.pop("settle_s", 0.0),
        **options,
    )
    return Monitor(
        load_suite(tmp_path / "suite.yaml"),
        store,
        config,
        state_path=tmp_path / "state.json",
        alerts_path=tmp_path / "alerts.jsonl",
        webhook=webhook_url,
        clock=clock,
    )


async def stream(monitor: Monitor, clock: FakeClock, folder: Path, plan: dict[int, float | None]):
    """Write each window's traffic into the folder while the clock is in it, then end it."""
    closed = []
    for window, leak in plan.items():
        clock.window(window)
        write_window(folder, window, window_traffic(window, leak_share=leak))
        closed += await monitor.tick()
    clock.window(max(plan) + 1)
    closed += await monitor.tick()
    return closed


@pytest.mark.slow
def test_an_injected_regression_is_flagged_in_its_window_and_layer_only(tmp_path, suite):
    plan = {0: None, 1: None, 2: None, 3: None, 4: 0.4, 5: None}
    clock = FakeClock()
    with webhook() as hook, Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock, webhook=hook.url) as monitor:
                return await stream(monitor, clock, tmp_path / "incoming", plan)

        reports = asyncio.run(scenario())

        # One run per window, each holding that window's 40 traces.
        assert [r.start for r in reports] == [START + w * WINDOW for w in plan]
        assert [r.traces for r in reports] == [40] * 6
        runs = {r.id: r for r in store.list_runs()}
        assert set(runs) == {r.run_id for r in reports}
        assert all(
            r.agent_version == "production" and r.status == "finished" for r in runs.values()
        )

        # Windows before the history is long enough are not judged; then only policy, only
        # in window 4, is outside its limits.
        assert all(lw.flagged is None and "history" in lw.note for lw in reports[0].layers)
        flagged = [(i, lw.layer, lw.flagged) for i, r in enumerate(reports) for lw in r.flagged]
        assert flagged == [(4, "policy", "down")]
        policy = reports[4].layers[3]
        assert (policy.passed, policy.decided) == (24, 40)
        assert policy.limits.center == pytest.approx(39 / 40)
        assert policy.failing_checks == {"no_pii": 16}
        # The flagged window stays out of policy's history: window 5 is judged against the
        # four stable windows before it (not five) and is in control again.
        assert reports[5].layers[3].limits.history_windows == 4
        assert reports[5].layers[0].limits.history_windows == 5

        # The alert, in the file and at the webhook.
        [alert] = [
            json.loads(line) for line in (tmp_path / "alerts.jsonl").read_text().splitlines()
        ]
        assert alert["kind"] == "control_limit"
        assert (alert["layer"], alert["direction"], alert["run_id"]) == (
            "policy",
            "down",
            reports[4].run_id,
        )
        assert alert["window_start"] == (START + 4 * WINDOW).isoformat().replace("+00:00", "Z")
        assert alert["pass_rate"] == 0.6 and alert["decided"] == 40
        assert alert["lower"] < alert["center"]
        assert alert["failing_checks"] == {"no_pii": 16}
        assert len(alert["examples"]) == 5
        assert "policy pass rate 60.0%" in alert["text"]
        assert hook.received == [alert]

        # The window's trials are ordinary trials: `show` and `promote` work on them.
        trial = store.trials(reports[4].run_id, case_id=alert["examples"][0])[0]
        assert PHONE in trial.trace.output
        assert trial.trace.tool_names == ["lookup_order"]
        [case] = [c for c in store.cases(reports[4].run_id) if c.id == trial.case_id]
        assert case.input.startswith("Where is my order")
    shown = CliRunner().invoke(
        cli, ["show", reports[4].run_id, "--store", str(tmp_path / "runs.db")]
    )
    assert shown.exit_code == 0, shown.output
    assert "policy failed (16 failing trials)" in shown.output  # the suite's gate, per window
    promoted = CliRunner().invoke(
        cli,
        [
            "promote",
            reports[4].run_id,
            "--failed",
            "--layer",
            "policy",
            "-o",
            str(tmp_path / "promoted.jsonl"),
            "--store",
            str(tmp_path / "runs.db"),
        ],
    )
    assert promoted.exit_code == 0, promoted.output
    assert len((tmp_path / "promoted.jsonl").read_text().splitlines()) == 16


@pytest.mark.slow
def test_without_a_regression_nothing_is_flagged(tmp_path, suite):
    clock = FakeClock()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock) as monitor:
                return await stream(monitor, clock, tmp_path / "incoming", dict.fromkeys(range(6)))

        reports = asyncio.run(scenario())
    assert len(reports) == 6
    assert [lw for r in reports for lw in r.flagged] == []
    assert not (tmp_path / "alerts.jsonl").exists()


@pytest.mark.slow
def test_a_webhook_that_fails_is_retried_and_never_stops_the_monitor(tmp_path, suite):
    clock = FakeClock()
    with webhook(fail_first=2) as hook, Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock, webhook=hook.url) as monitor:
                await stream(
                    monitor, clock, tmp_path / "incoming", {0: None, 1: None, 2: None, 3: 0.5}
                )
                assert hook.received == [] and len(monitor.state.pending) == 1
                clock.advance(timedelta(seconds=11))
                await monitor.tick()  # second attempt: 500 again
                assert hook.received == [] and monitor.state.pending[0].attempts == 2
                clock.advance(timedelta(seconds=21))
                await monitor.tick()
                return monitor

        monitor = asyncio.run(scenario())
    assert hook.requests == 3
    assert [a["layer"] for a in hook.received] == ["policy"]
    assert monitor.state.pending == []


@pytest.mark.slow
def test_an_unreachable_webhook_is_logged_and_kept_for_later(tmp_path, suite, caplog):
    clock = FakeClock()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(
                tmp_path, store, clock, webhook="http://127.0.0.1:9/nobody-listens"
            ) as monitor:
                await stream(
                    monitor, clock, tmp_path / "incoming", {0: None, 1: None, 2: None, 3: 0.5}
                )
                return monitor

        monitor = asyncio.run(scenario())
    assert len(monitor.state.pending) == 1
    assert "the webhook did not take an alert" in caplog.text
    assert len((tmp_path / "alerts.jsonl").read_text().splitlines()) == 1
    state = json.loads((tmp_path / "state.json").read_text())
    assert len(state["pending"]) == 1  # a restart carries on delivering it


def test_a_restart_reads_no_file_twice_and_continues_the_open_window(tmp_path, suite):
    clock = FakeClock()
    folder = tmp_path / "incoming"
    with Store.open(tmp_path / "runs.db") as store:

        async def first():
            async with make_monitor(tmp_path, store, clock) as monitor:
                clock.window(0)
                write_window(folder, 0, window_traffic(0, n=10))
                await monitor.tick()
                return monitor.state.open_window.run_id

        run_id = asyncio.run(first())
        assert len(store.trials(run_id)) == 10
        assert store.get_run(run_id).status == "interrupted"

        async def second():
            async with make_monitor(tmp_path, store, clock) as monitor:
                clock.advance(timedelta(seconds=30))
                await monitor.tick()
                assert monitor.evaluated == 0  # nothing read again
                assert store.get_run(run_id).status == "running"
                write_jsonl(folder / "later.jsonl", [otlp(production_trace(0, 99))])
                await monitor.tick()
                assert monitor.evaluated == 1
                clock.window(1)
                return await monitor.tick()

        [report] = asyncio.run(second())
        assert report.run_id == run_id and report.traces == 11
        assert len(store.list_runs()) == 1


def test_a_jsonl_file_is_read_line_by_line_as_it_grows(tmp_path, suite):
    clock = FakeClock()
    folder = tmp_path / "incoming"
    folder.mkdir()
    first, second = (json.dumps(otlp(production_trace(0, i))) for i in range(2))
    path = folder / "live.jsonl"
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock) as monitor:
                clock.window(0)
                path.write_text(first + "\n" + second[:50])  # the second line is half written
                await monitor.tick()
                assert monitor.evaluated == 1
                with path.open("a") as out:
                    out.write(second[50:] + "\n")
                await monitor.tick()
                assert monitor.evaluated == 2
                await monitor.tick()
                return monitor.evaluated

        assert asyncio.run(scenario()) == 2


def test_a_json_file_waits_until_it_is_complete_and_settled(tmp_path, suite):
    clock = FakeClock()
    folder = tmp_path / "incoming"
    folder.mkdir()
    document = json.dumps(otlp(production_trace(0, 1)))
    path = folder / "export.json"
    wall = [0.0]
    with Store.open(tmp_path / "runs.db") as store:
        monitor = make_monitor(tmp_path, store, clock, settle_s=2.0)
        monitor._wall_time = lambda: wall[0]  # noqa: SLF001 - the file clock, for the test

        async def scenario():
            async with monitor:
                clock.window(0)
                path.write_text(document[:100])
                wall[0] = path.stat().st_mtime + 0.5
                await monitor.tick()  # too fresh
                wall[0] += 5
                await monitor.tick()  # settled but not JSON yet: still being written, perhaps
                assert monitor.evaluated == 0
                path.write_text(document)
                wall[0] = path.stat().st_mtime + 5
                await monitor.tick()
                clock.advance(timedelta(seconds=3))  # the trace settles too
                await monitor.tick()
                return monitor.evaluated

        assert asyncio.run(scenario()) == 1


def test_spans_of_one_trace_in_two_files_make_one_trace(tmp_path, suite):
    clock = FakeClock()
    folder = tmp_path / "incoming"
    trace = production_trace(0, 5)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock, settle_s=2.0) as monitor:
                monitor._wall_time = lambda: 1e12  # noqa: SLF001 - every file is settled
                clock.window(0)
                write_jsonl(folder / "a.jsonl", [otlp(trace[:1])])  # the root span first
                await monitor.tick()
                clock.advance(timedelta(seconds=1))
                write_jsonl(folder / "b.jsonl", [otlp(trace[1:])])
                await monitor.tick()
                assert monitor.evaluated == 0  # not quiet for 2 s yet
                clock.advance(timedelta(seconds=2))
                await monitor.tick()
                return monitor.state.open_window.run_id

        run_id = asyncio.run(scenario())
        [trial] = store.trials(run_id)
    assert trial.trace.tool_names == ["lookup_order"]
    assert len(trial.trace.passages) == 1
    assert {r.check: r.status for r in trial.results} == {
        "contains": "pass",
        "tools_required": "pass",
        "cited_ids_exist": "pass",
        "no_pii": "pass",
    }


def test_replay_lines_keep_their_case_and_errored_traces_count_apart(tmp_path, suite):
    clock = FakeClock()
    lines = [
        {
            "case_id": "refund-1",
            "trace": {
                "messages": [{"role": "user", "content": "Refund my order"}],
                "output": "Your order is refunded [doc-ship].",
            },
            "expected": "A refund",
        },
        {"case_id": "broken", "trace": {"output": "", "error": "timeout"}},
    ]
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock, format="replay") as monitor:
                clock.window(0)
                write_jsonl(tmp_path / "incoming" / "replay.jsonl", lines)
                await monitor.tick()
                clock.window(1)
                return await monitor.tick()

        [report] = asyncio.run(scenario())
        cases = {c.id: c for c in store.cases(report.run_id)}
    assert cases["refund-1"].expected == "A refund"
    assert (report.traces, report.errored) == (2, 1)
    assert report.layers[0].decided == 1  # the errored trace is in no pass rate


def test_the_state_file_of_another_suite_is_refused(tmp_path, suite):
    (tmp_path / "state.json").write_text(json.dumps({"suite": "other"}))
    with Store.open(tmp_path / "runs.db") as store, pytest.raises(ConfigError, match="other"):
        make_monitor(tmp_path, store, FakeClock())


def test_a_real_any_agent_trace_in_the_folder_is_evaluated(tmp_path, suite, shared):
    source = shared("otel-genai-traces", "any-agent", "tests", "assets", "OPENAI_trace.json")
    (tmp_path / "suite.yaml").write_text(
        "name: any-agent\nagent: {replay: unused.jsonl}\nchecks:\n"
        "  - tool_order: {before: get_current_time, after: write_file}\n"
    )
    (tmp_path / "incoming").mkdir()
    (tmp_path / "incoming" / "OPENAI_trace.json").write_bytes(source.read_bytes())
    clock = FakeClock()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock) as monitor:
                clock.window(0)
                await monitor.tick()
                clock.window(1)
                return await monitor.tick()

        [report] = asyncio.run(scenario())
        [trial] = store.trials(report.run_id)
        [case] = store.cases(report.run_id)
    assert {r.check: r.status for r in trial.results} == {"tool_order": "pass"}
    assert "America/New_York" in case.input
    assert report.layers[1].passed == 1


def test_openinference_spans_are_told_apart_and_bad_documents_skipped(tmp_path, suite, caplog):
    span = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Where is my order A-17?",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": f"Your order ships today. Call {PHONE}.",
    }
    folder = tmp_path / "incoming"
    write_jsonl(folder / "mixed.jsonl", [span, {"no": "spans"}, [1, 2]])
    clock = FakeClock()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with make_monitor(tmp_path, store, clock) as monitor:
                clock.window(0)
                await monitor.tick()
                clock.window(1)
                return await monitor.tick()

        [report] = asyncio.run(scenario())
        [trial] = store.trials(report.run_id)
    assert trial.trace.metadata["source"] == "openinference"
    assert {r.check: r.status for r in trial.results}["no_pii"] == "fail"
    assert "mixed.jsonl:2: no spans found; skipped" in caplog.text
    assert "mixed.jsonl:3:" in caplog.text
