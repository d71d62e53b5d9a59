"""τ-bench gpt-4o airline: pass^1..4 from the 200 historical trajectories, through the store.

README leaderboard (tool calling, gpt-4o, airline): pass^1..4 = 0.420 / 0.273 / 0.220 /
0.200. Each of the 200 `EnvRunResult` records (50 tasks × 4 trials) becomes a fourfold
Trace (OpenAI chat messages → Messages; assistant tool calls → ToolCalls with parsed
arguments and the matching tool message's content as result or error; the last
assistant text as output) and a Trial with one outcome CheckResult, ``tau_reward``,
passing when the reward is 1. The trials are saved as a run in a temporary SQLite
store (one case per task), read back, and each trial's outcome status (fourfold.gate's
layer_status) is counted per case into pass^k with fourfold.stats.consistency_table.

Also checked against SOURCE.md's description of the file: 1,164 tool calls converted,
84 of 200 runs succeed, per-trial success rates 0.42 / 0.44 / 0.40 / 0.42.

Run: .venv/bin/python validation/tau_bench.py
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _common import Report, Row, new_run, require, run_script, temporary_store

from fourfold import Case, CheckResult, Message, ToolCall, Trace, Trial
from fourfold.compare import RunData, load_run
from fourfold.gate import layer_status
from fourfold.stats import consistency_table, count_successes

NAME = "τ-bench gpt-4o airline (pass^k)"
FILE = Path("tau-bench") / "historical_trajectories" / "gpt-4o-airline.json"
# The file has no timestamps; stamp every trial with the day the file was committed.
COMMITTED = datetime(2024, 11, 22, tzinfo=UTC)
PUBLISHED = {1: "0.420", 2: "0.273", 3: "0.220", 4: "0.200"}
# From SOURCE.md, counted over the whole file.
TOOL_CALLS = 1164
TOOL_COUNTS = {
    "get_reservation_details": 377,
    "search_direct_flight": 141,
    "get_user_details": 120,
    "update_reservation_flights": 104,
    "calculate": 96,
    "think": 92,
    "cancel_reservation": 69,
    "book_reservation": 53,
    "transfer_to_human_agents": 48,
    "search_onestop_flight": 38,
    "update_reservation_baggages": 14,
    "send_certificate": 8,
    "list_all_airports": 2,
    "update_reservation_passengers": 2,
}
TRIAL_RATES = ["0.42", "0.44", "0.40", "0.42"]


def case_id(task_id: int) -> str:
    return f"airline-{task_id:02d}"


def _json_or_text(content: str) -> Any:
    try:
        return json.loads(content)
    except json.JSONDecodeError:
        return content


def to_trace(record: dict[str, Any]) -> Trace:
    """One τ-bench run as a Trace: messages, tool calls with their results, the final text."""
    messages: list[Message] = []
    calls: list[ToolCall] = []
    by_id: dict[str, int] = {}
    for m in record["traj"]:
        role = m["role"]
        messages.append(
            Message(
                role=role,
                content=m.get("content"),
                name=m.get("name") if role == "tool" else None,
                tool_call_id=m.get("tool_call_id") if role == "tool" else None,
            )
        )
        for call in m.get("tool_calls") or []:
            by_id[call["id"]] = len(calls)
            calls.append(
                ToolCall(
                    name=call["function"]["name"],
                    arguments=json.loads(call["function"]["arguments"] or "{}"),
                    id=call["id"],
                )
            )
        if role == "tool":
            index = by_id[m["tool_call_id"]]
            content = m.get("content") or ""
            # τ-bench tools report a failure as a returned "Error: ..." string.
            update = (
                {"error": content}
                if content.startswith("Error")
                else {"result": _json_or_text(content)}
            )
            calls[index] = calls[index].model_copy(update=update)
    texts = [m.content for m in messages if m.role == "assistant" and m.content]
    info = record["info"]
    return Trace(
        messages=messages,
        tool_calls=calls,
        output=texts[-1] if texts else None,
        metadata={
            "source": "tau-bench/historical_trajectories/gpt-4o-airline.json",
            "task_id": record["task_id"],
            "trial": record["trial"],
            "ended_by": info.get("source"),
            "user_cost": info.get("user_cost"),
        },
    )


def to_trial(record: dict[str, Any]) -> Trial:
    reward = float(record["reward"])
    success = abs(reward - 1) <= 1e-6  # τ-bench's is_successful
    reward_info = record["info"].get("reward_info") or {}
    result = CheckResult(
        check="tau_reward",
        layer="outcome",
        status="pass" if success else "fail",
        score=reward,
        explanation=(
            "τ-bench reward 1: final database and required outputs match"
            if success
            else "τ-bench reward 0: final database or required outputs differ from the expected"
        ),
        metadata={"reward_info": reward_info.get("info")},
    )
    return Trial(
        case_id=case_id(record["task_id"]),
        repeat=record["trial"],
        status="ok",
        trace=to_trace(record),
        results=[result],
        started_at=COMMITTED,
        ended_at=COMMITTED,
    )


def to_case(task_id: int, task: dict[str, Any]) -> Case:
    return Case(
        id=case_id(task_id),
        input=task["instruction"],
        context={"user_id": task["user_id"]},
        ground_truth={"actions": task["actions"], "outputs": task["outputs"]},
        metadata={"tau_bench_task_id": task_id},
    )


def build(root: Path, report: Report) -> None:
    records: list[dict[str, Any]] = json.loads(require(root / FILE).read_text(encoding="utf-8"))
    trials = [to_trial(r) for r in records]
    tasks = {r["task_id"]: r["info"]["task"] for r in records}
    cases = [to_case(task_id, tasks[task_id]) for task_id in sorted(tasks)]

    with temporary_store() as store:
        run = new_run(
            store, suite="tau-bench-airline", agent_version="gpt-4o", started_at=COMMITTED
        )
        store.save_cases(run.id, cases)
        for trial in trials:
            store.save_trial(run.id, trial)
        store.update_run(run.id, status="finished", ended_at=COMMITTED)
        stored = load_run(store, run.id)

    outcomes: dict[str, list[bool]] = defaultdict(list)
    by_repeat: dict[int, list[bool]] = defaultdict(list)
    for trial in stored.trials:
        ok = layer_status(r for r in trial.results if r.layer == "outcome") == "pass"
        outcomes[trial.case_id].append(ok)
        by_repeat[trial.repeat].append(ok)
    rows = consistency_table(count_successes(outcomes))

    report.exact("runs stored and read back (tasks × trials)", "200 (50 × 4)", _shape(stored))
    report.exact(
        "traces read back unchanged", f"{len(trials)}/{len(trials)}", _unchanged(trials, stored)
    )
    names = Counter(name for t in stored.trials if t.trace for name in t.trace.tool_names)
    report.exact("tool calls converted", TOOL_CALLS, sum(names.values()))
    report.add(
        Row(
            "tool calls by name",
            f"{len(TOOL_COUNTS)} tools, counts as in SOURCE.md",
            _names(dict(names)),
            dict(names) == TOOL_COUNTS,
        )
    )
    report.exact("successful runs", "84/200", f"{sum(map(sum, outcomes.values()))}/{len(trials)}")
    report.exact(
        "success rate per trial 0..3",
        " / ".join(TRIAL_RATES),
        " / ".join(f"{sum(v) / len(v):.2f}" for _, v in sorted(by_repeat.items())),
    )
    for row in rows:
        assert row.pass_hat_k is not None
        report.rounded(f"pass^{row.k}", PUBLISHED[row.k], row.pass_hat_k)
    report.extra(
        "pass@1..4 (unbiased)",
        " / ".join(f"{row.pass_at_k:.3f}" for row in rows if row.pass_at_k is not None),
    )
    report.notes.append(f"pass^2 unrounded: {rows[1].pass_hat_k:.5f}")


def _shape(stored: RunData) -> str:
    repeats = Counter(t.case_id for t in stored.trials)
    per_case = sorted(set(repeats.values()))
    return f"{len(stored.trials)} ({len(stored.cases)} × {'/'.join(map(str, per_case))})"


def _unchanged(trials: list[Trial], stored: RunData) -> str:
    back = {(t.case_id, t.repeat): t.trace for t in stored.trials}
    same = sum(back.get((t.case_id, t.repeat)) == t.trace for t in trials)
    return f"{same}/{len(trials)}"


def _names(counts: dict[str, int]) -> str:
    """Per-name counts against SOURCE.md's list: equal, or what differs."""
    if counts == TOOL_COUNTS:
        return f"{len(counts)} tools, counts equal"
    differ = {
        name: (TOOL_COUNTS.get(name, 0), counts.get(name, 0))
        for name in sorted({*counts, *TOOL_COUNTS})
        if TOOL_COUNTS.get(name, 0) != counts.get(name, 0)
    }
    return "differ (published, fourfold): " + ", ".join(
        f"{n} {a}/{b}" for n, (a, b) in differ.items()
    )


if __name__ == "__main__":
    run_script(NAME, build)
