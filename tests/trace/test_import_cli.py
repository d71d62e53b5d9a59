"""``fourfold import`` end to end: a replay file a suite evaluates without running anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import fourfold
from fourfold._cli import cli
from fourfold.agents import cases_from_replay
from fourfold.cases import load_cases
from fourfold.errors import ConfigError
from fourfold.integrations import ImportedTrace, expected_actions, import_traces, write_replay
from fourfold.trace import Trace
from tests.helpers import run_check

FIXTURES = Path(__file__).parents[1] / "fixtures"

TAU = ("tau-bench", "historical_trajectories", "gpt-4o-airline.json")


def _import(*args: str) -> object:
    return CliRunner().invoke(cli, ["import", *args], catch_exceptions=False)


def _run(tmp_path, suite: str):
    (tmp_path / "suite.yaml").write_text(suite)
    return fourfold.run(tmp_path / "suite.yaml", store=tmp_path / "runs.db")


@pytest.mark.slow
def test_tau_bench_round_trip_through_import_and_a_replay_suite(tmp_path, shared):
    source = shared(*TAU)
    result = _import(
        str(source), "-o", str(tmp_path / "traces.jsonl"), "--cases", str(tmp_path / "cases.jsonl")
    )
    assert result.exit_code == 0, result.output
    assert "imported 200 traces of 50 cases" in result.output

    cases = load_cases(tmp_path / "cases.jsonl")
    assert len(cases) == 50
    # The replay lines carry the cases too (all but their metadata), so no case file is needed.
    derived = cases_from_replay(tmp_path / "traces.jsonl")
    assert [(c.id, c.content_hash) for c in derived] == [(c.id, c.content_hash) for c in cases]

    outcome = _run(
        tmp_path,
        "name: tau-replay\n"
        "agent: {replay: traces.jsonl}\n"
        "cases: cases.jsonl\n"
        "repeats: 4\n"
        "imports: [fourfold.integrations]\n"
        "checks: [tau/expected_actions, tau/expected_outputs]\n",
    )
    assert len(outcome.trials) == 200
    assert all(t.status == "ok" for t in outcome.trials)
    # The replayed verdicts are the ones the check gives on the imported traces directly.
    direct = {
        (i.case_id, i.repeat): run_check(expected_actions(), case=i.case, trace=i.trace).status
        for i in import_traces(source)
    }
    replayed = {
        (t.case_id, t.repeat): next(
            r.status for r in t.results if r.check == "tau/expected_actions"
        )
        for t in outcome.trials
    }
    assert replayed == direct
    assert set(replayed.values()) == {"pass", "fail"}


@pytest.mark.parametrize("framework", ["OPENAI", "LANGCHAIN"])
def test_an_otel_trace_replays_with_ordinary_checks(tmp_path, shared, framework):
    source = shared("otel-genai-traces", "any-agent", "tests", "assets", f"{framework}_trace.json")
    result = _import(str(source), "-o", str(tmp_path / "traces.jsonl"))
    assert result.exit_code == 0, result.output
    outcome = _run(
        tmp_path,
        "name: otel-replay\n"
        "agent: {replay: traces.jsonl}\n"
        "checks:\n"
        "  - tool_order: {before: get_current_time, after: write_file}\n"
        "  - tools_required: {tools: [get_current_time, write_file]}\n"
        "  - check: tool_order\n"
        "    args: {before: write_file, after: get_current_time}\n"
        "    name: reversed\n",
    )
    [trial] = outcome.trials
    assert trial.trace.tool_names[:2] == ["get_current_time", "write_file"]
    statuses = {r.check: r.status for r in trial.results}
    assert statuses == {"tool_order": "pass", "tools_required": "pass", "reversed": "fail"}


def test_the_replay_goes_to_standard_output_by_default():
    result = _import(str(FIXTURES / "otlp_support_agent.json"), "--format", "otel")
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [line["case_id"] for line in lines] == [
        "5b8efff798038103d269b633813fc60c",
        "0af7651916cd43dd8448eb211c80319c",
    ]
    assert lines[0]["input"] == "Where is my order A-17?"
    assert Trace.from_json(lines[0]["trace"]).tool_names == ["lookup_order", "notify_customer"]


@pytest.mark.parametrize(
    ("name", "text", "fmt", "where"),
    [
        ("spans.jsonl", '{"spans": []}\n{"spans": [\n', "otel", "spans.jsonl:2: invalid JSON"),
        ("spans.json", "[1]", "openinference", "spans.json: [0]: expected a JSON object"),
        ("traj.json", '{"spans": []}', "tau-bench", "traj.json: not a τ-bench trajectory file"),
        ("sims.json", "[]", "tau2", "sims.json: not a τ²-bench results file"),
    ],
)
def test_a_malformed_file_exits_2_naming_file_and_line(tmp_path, name, text, fmt, where):
    (tmp_path / name).write_text(text)
    result = CliRunner().invoke(cli, ["import", str(tmp_path / name), "--format", fmt])
    assert result.exit_code == 2
    assert where in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_two_traces_of_one_case_and_repeat_are_refused(tmp_path):
    trace = Trace(output="x")
    twins = [ImportedTrace(trace_id=t, case_id="c", trace=trace) for t in ("t1", "t2")]
    with pytest.raises(ConfigError, match="traces t1 and t2 are both case 'c' repeat 0"):
        write_replay(twins, tmp_path / "o.jsonl")
    assert write_replay(twins[:1], tmp_path / "o.jsonl") == 1


TAU_RECORD = {
    "task_id": 0,
    "trial": 0,
    "reward": 1.0,
    "info": {"task": {"user_id": "u", "instruction": "hi", "actions": [], "outputs": []}},
    "traj": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
}
TAU2_DOC = {
    "tasks": [],
    "simulations": [{"task_id": "1", "trial": 0, "messages": [{"role": "user", "content": "hi"}]}],
}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"gen_ai.operation.name": "chat", "gen_ai.input.messages": "hi"}, "otel"),
        ({"openinference.span.kind": "LLM", "input.value": "hi"}, "openinference"),
        ([TAU_RECORD], "tau-bench"),
        (TAU2_DOC, "tau2"),
    ],
)
def test_auto_detects_the_format(tmp_path, data, expected):
    (tmp_path / "data.json").write_text(json.dumps(data))
    [first] = import_traces(tmp_path / "data.json")
    assert first.metadata["source"] == expected.replace("tau2", "tau2-bench")
    assert first.input == "hi"
