"""τ²-bench policy A/B (blakeelias fork): per-task success counts and an exact test.

Blake Elias's write-up (report/BENCHMARK_FIXES.md in the fork, quoted in SOURCE.md):
with grok-3 as agent and user, tightening the airline policy moved task 11 from 30%
to 90% success (3/10 → 9/10), task 24 from 33% to 43% (10/30 → 13/30, three files of 10
trials a side) and task 32 from 0% to 10% (0/10 → 1/10; the A-side file of task 32 is
named `..._task_24_1.json`).

Every simulation becomes a fourfold Trace (messages; assistant tool calls with their
arguments, the tool message's content as result or error, and timestamps; agent
tokens and cost; the last assistant text as output) and a Trial with an outcome
CheckResult ``tau2_reward`` (pass when the reward is 1) and a trajectory CheckResult
``tau2_actions`` (pass when every expected action was matched). The two policy
versions are stored as two runs in a temporary SQLite store, read back, and compared
with fourfold.compare; the counts per task come from the stored trials.

The exact test. The two versions' trials are independent samples of fixed size (trial
i of A has nothing to do with trial i of B), so McNemar's paired test does not apply:
it is a 2×2 table of two binomials. The test of record is Boschloo's (scipy
``boschloo_exact``, two-sided): an unconditional exact test for two independent
binomials that keeps its size, uses Fisher's p as its statistic and is never less
powerful than Fisher's test, which conditions on the total number of successes (not
fixed by this design) and is conservative at these sizes. Fisher's two-sided p is
printed beside it and checked against the values SOURCE.md quotes (they are the data
curator's, not the report's: the report publishes counts only).

Run: .venv/bin/python validation/tau2_policy_ab.py
"""

from __future__ import annotations

import inspect
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
from _common import Report, new_run, require, run_script, temporary_store, utc
from scipy import stats

from fourfold import Case, CheckResult, Message, ToolCall, Trace, Trial, Usage, compare
from fourfold.compare import Comparison, RunData, load_run
from fourfold.gate import layer_status
from fourfold.stats import cohen_h

NAME = "τ²-bench policy A/B, grok-3 (blakeelias fork)"
FOLDER = Path("tau2-bench") / "blakeelias-grok-policy-ab" / "data" / "simulations"
VERSIONS = ("airline", "airline_tighter_policy")
# Task → the files of each version (by their timestamp prefix), as listed in SOURCE.md.
FILES: dict[str, tuple[list[str], list[str]]] = {
    "11": (["2025-10-13T12:25:14.993547"], ["2025-10-13T12:25:37.124563"]),
    "24": (
        ["2025-10-13T12:29:03.637000", "2025-10-13T12:51:16.285465", "2025-10-13T12:55:31.634034"],
        ["2025-10-13T12:29:16.775808", "2025-10-13T12:51:26.138127", "2025-10-13T12:55:36.757059"],
    ),
    "32": (["2025-10-13T12:32:25.906943"], ["2025-10-13T12:32:37.263770"]),
}
PUBLISHED = {"11": ("3/10", "9/10"), "24": ("10/30", "13/30"), "32": ("0/10", "1/10")}
PUBLISHED_RATES = {"11": ("30%", "90%"), "24": ("33%", "43%"), "32": ("0%", "10%")}
SEED = 20251013
FISHER_REFERENCE = {"11": "0.0198", "24": "0.596", "32": "1.0"}


def find(folder: Path, prefix: str) -> Path:
    matches = sorted(folder.glob(f"{prefix}_*.json"))
    if len(matches) != 1:
        return require(folder / f"{prefix}_*.json")  # raises Missing: not found
    return matches[0]


def to_trace(sim: dict[str, Any], source: str) -> Trace:
    """One simulation as a Trace."""
    messages: list[Message] = []
    calls: list[ToolCall] = []
    by_id: dict[str, int] = {}
    input_tokens = output_tokens = 0
    for m in sim["messages"]:
        role = m["role"]
        if role == "tool":
            index = by_id[m["id"]]
            content = m.get("content") or ""
            update: dict[str, Any] = {"ended_at": utc(m["timestamp"])}
            if m.get("error"):
                update["error"] = content
            else:
                update["result"] = _json_or_text(content)
            calls[index] = calls[index].model_copy(update=update)
            messages.append(
                Message(role="tool", content=content, name=calls[index].name, tool_call_id=m["id"])
            )
            continue
        messages.append(Message(role=role, content=m.get("content")))
        if role != "assistant":
            continue
        usage = m.get("usage") or {}
        input_tokens += usage.get("prompt_tokens") or 0
        output_tokens += usage.get("completion_tokens") or 0
        for call in m.get("tool_calls") or []:
            by_id[call["id"]] = len(calls)
            calls.append(
                ToolCall(
                    name=call["name"],
                    arguments=call.get("arguments") or {},
                    id=call["id"],
                    started_at=utc(m["timestamp"]),
                )
            )
    texts = [m.content for m in messages if m.role == "assistant" and m.content]
    return Trace(
        messages=messages,
        tool_calls=calls,
        output=texts[-1] if texts else None,
        usage=Usage(
            input_tokens=input_tokens, output_tokens=output_tokens, cost_usd=sim.get("agent_cost")
        ),
        latency_s=sim.get("duration"),
        metadata={
            "source": source,
            "simulation_id": sim["id"],
            "seed": sim.get("seed"),
            "termination_reason": sim.get("termination_reason"),
            "user_cost": sim.get("user_cost"),
        },
    )


def to_results(sim: dict[str, Any]) -> list[CheckResult]:
    info = sim["reward_info"]
    reward = float(info["reward"])
    success = abs(reward - 1) <= 1e-6
    actions = info.get("action_checks") or []
    unmatched = [a["action"]["name"] for a in actions if not a["action_match"]]
    return [
        CheckResult(
            check="tau2_reward",
            layer="outcome",
            status="pass" if success else "fail",
            score=reward,
            explanation=f"τ²-bench reward {reward:g} (basis {', '.join(info['reward_basis'])})",
            metadata={"reward_breakdown": info.get("reward_breakdown")},
        ),
        CheckResult(
            check="tau2_actions",
            layer="trajectory",
            status="fail" if unmatched else "pass",
            explanation=(
                f"expected actions not taken: {', '.join(unmatched)}"
                if unmatched
                else f"all {len(actions)} expected actions taken"
            ),
        ),
    ]


def to_case(task: dict[str, Any]) -> Case:
    instructions = task["user_scenario"]["instructions"]
    return Case(
        id=f"airline-{task['id']}",
        input=instructions["reason_for_call"],
        context={"known_info": instructions.get("known_info")},
        focus=task.get("description", {}).get("purpose"),
        ground_truth=task["evaluation_criteria"],
        metadata={"tau2_task_id": task["id"]},
    )


def build(root: Path, report: Report) -> None:
    folder = require(root / FOLDER)
    with temporary_store() as store:
        runs = []
        wrong_task: list[str] = []
        for side, version in enumerate(VERSIONS):
            cases: dict[str, Case] = {}
            trials: list[Trial] = []
            for task_id, files in FILES.items():
                repeat = 0
                for prefix in files[side]:
                    path = find(folder, prefix)
                    data = json.loads(path.read_text(encoding="utf-8"))
                    if data["info"]["environment_info"]["domain_name"] != version:
                        wrong_task.append(f"{path.name}: domain")
                    for task in data["tasks"]:
                        cases.setdefault(task["id"], to_case(task))
                    for sim in sorted(data["simulations"], key=lambda s: s["trial"]):
                        if sim["task_id"] != task_id:
                            wrong_task.append(f"{path.name}: task {sim['task_id']}")
                        trials.append(
                            Trial(
                                case_id=f"airline-{sim['task_id']}",
                                repeat=repeat,
                                status="ok",
                                trace=to_trace(sim, path.name),
                                results=to_results(sim),
                                started_at=utc(sim["start_time"]),
                                ended_at=utc(sim["end_time"]),
                                latency_s=sim.get("duration"),
                            )
                        )
                        repeat += 1
            started = min(t.started_at for t in trials)
            run = new_run(
                store, suite="tau2-airline-policy-ab", agent_version=version, started_at=started
            )
            store.save_cases(run.id, [cases[t] for t in FILES])
            for trial in trials:
                store.save_trial(run.id, trial)
            store.update_run(run.id, status="finished", ended_at=max(t.ended_at for t in trials))
            runs.append(load_run(store, run.id))

    report.exact(
        "simulations are of the task and policy SOURCE.md names",
        "all",
        ", ".join(wrong_task) or "all",
    )
    calls = [c for run in runs for t in run.trials if t.trace for c in t.trace.tool_calls]
    answered = sum(c.ended_at is not None for c in calls)
    report.exact(
        "tool calls answered by a tool message",
        f"{len(calls)}/{len(calls)}",
        f"{answered}/{len(calls)}",
    )
    counts = [_successes(run.trials) for run in runs]
    for task_id, (pub_a, pub_b) in PUBLISHED.items():
        (sa, na), (sb, nb) = counts[0][f"airline-{task_id}"], counts[1][f"airline-{task_id}"]
        report.exact(
            f"task {task_id}: successes A → B", f"{pub_a} → {pub_b}", f"{sa}/{na} → {sb}/{nb}"
        )
        rate_a, rate_b = PUBLISHED_RATES[task_id]
        shown = f"{sa / na * 100:.0f}% → {sb / nb * 100:.0f}%"
        report.exact(f"task {task_id}: success rate A → B", f"{rate_a} → {rate_b}", shown)
        table = np.array([[sa, na - sa], [sb, nb - sb]])
        boschloo = stats.boschloo_exact(table, alternative="two-sided").pvalue
        fisher = stats.fisher_exact(table, alternative="two-sided").pvalue
        report.extra(f"task {task_id}: Boschloo exact p (two-sided)", f"{boschloo:.4f}")
        report.rounded(
            f"task {task_id}: Fisher exact p (SOURCE.md's reference)",
            FISHER_REFERENCE[task_id],
            fisher,
        )
        report.extra(
            f"task {task_id}: Cohen's h (fourfold.stats)", f"{cohen_h(sa / na, sb / nb):+.3f}"
        )

    comparison = _compare(runs[0], runs[1])
    for delta in comparison.layers:
        if delta.base_pass_rate is None or delta.cand_pass_rate is None:
            continue
        report.extra(
            f"compare: {delta.layer} pass rate A → B ({delta.base_trials} trials a side)",
            f"{delta.base_pass_rate:.2f} → {delta.cand_pass_rate:.2f}",
        )
    report.extra(
        "compare: cases flipped (regressed / fixed)",
        f"{sum(f.direction == 'regressed' for f in comparison.flips)} / "
        f"{sum(f.direction == 'fixed' for f in comparison.flips)}",
    )
    decision = getattr(comparison, "decision", None)
    if decision is not None:
        report.extra("compare: decision (3 shared cases)", str(decision))
    report.notes.append(
        "A = airline policy, B = airline_tighter_policy; Boschloo is the test of record "
        "(independent binomial samples of fixed size), Fisher beside it; no p-value is published"
    )


def _compare(base: RunData, cand: RunData) -> Comparison:
    # fourfold.compare is gaining seeded intervals (issue 4): pass the generator when it
    # takes one, so this runs against the tree before and after that lands.
    if "rng" in inspect.signature(compare).parameters:
        kwargs: dict[str, Any] = {"rng": np.random.default_rng(SEED), "seed": SEED}
        return compare(base, cand, **kwargs)
    return compare(base, cand)


def _successes(trials: list[Trial]) -> dict[str, tuple[int, int]]:
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for trial in trials:
        status = layer_status(r for r in trial.results if r.layer == "outcome")
        out[trial.case_id][0] += status == "pass"
        out[trial.case_id][1] += 1
    return {case: (c, n) for case, (c, n) in out.items()}


def _json_or_text(content: str) -> Any:
    try:
        return json.loads(content)
    except json.JSONDecodeError:
        return content


if __name__ == "__main__":
    run_script(NAME, build)
