"""τ²-bench policy A/B (blakeelias fork): per-task success counts and an exact test.

Blake Elias's write-up (report/BENCHMARK_FIXES.md in the fork, quoted in SOURCE.md):
with grok-3 as agent and user, tightening the airline policy moved task 11 from 30%
to 90% success (3/10 → 9/10), task 24 from 33% to 43% (10/30 → 13/30, three files of 10
trials a side) and task 32 from 0% to 10% (0/10 → 1/10; the A-side file of task 32 is
named `..._task_24_1.json`).

Each side's result files go through fourfold as a user's would:
`fourfold.integrations.from_tau2` reads every simulation into a trace (messages, tool
calls with their results and timestamps, agent tokens and cost; the reward kept in the
metadata) and each task into a case (``task-11`` ...); `write_replay` and `write_cases`
write what ``fourfold import`` writes; a suite with ``agent: {replay: ..., version:
<policy>}`` and the checks ``tau/reward`` (outcome: the τ²-bench reward is 1) and
``tau/expected_actions`` (trajectory: every expected database change made, compared by
effect) is run by `fourfold.run` into a temporary store; the
two stored runs are compared with `fourfold.compare`, and the counts per task come from
the stored trials. τ²-bench's own ``action_checks`` (kept in the results files, not in the
imported trace) are read beside, to show that ``tau/expected_actions`` agrees with them.

The fork names the tightened environment ``airline_tighter_policy``, and `from_tau2`
makes that the ``domain`` stratum of B's cases; the script gives both sides' cases the
stratum ``domain: airline`` (the tasks are the same), else `compare` would see three
edited cases and pair none.

Task 24 has 30 trials a side (three files of 10, each numbering its trials 0-9), tasks 11
and 32 have 10: the three files' trials are renumbered 0-29, and each side runs as two
`fourfold.run` calls, one per repeat count, whose trials are joined for `compare`. One
run with ``repeats: 30`` would not do: the replay agent answers a repeat it has no
recording of with the case's repeat 0, so tasks 11 and 32 would get 20 copies each.

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

import json
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
from _common import Report, replay_run, replay_suite, require, run_script, workspace
from scipy import stats

from fourfold import Case, Store, Trial, compare
from fourfold.integrations import ImportedTrace, from_tau2
from fourfold.runs import RunData, layer_status
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
CHECKS = ["tau/reward", "tau/expected_actions"]


def find(folder: Path, prefix: str) -> Path:
    matches = sorted(folder.glob(f"{prefix}_*.json"))
    if len(matches) != 1:
        return require(folder / f"{prefix}_*.json")  # raises Missing: not found
    return matches[0]


def build(root: Path, report: Report) -> None:
    folder = require(root / FOLDER)
    wrong_task: list[str] = []
    action_checks: dict[str, bool] = {}
    runs: list[RunData] = []
    with workspace() as (work, store):
        for side, version in enumerate(VERSIONS):
            imported: list[ImportedTrace] = []
            for task_id, files in FILES.items():
                for prefix in files[side]:
                    path = find(folder, prefix)
                    action_checks |= _action_checks(path)
                    for item in sorted(from_tau2(path), key=lambda t: t.repeat):
                        if item.metadata.get("domain") != version:
                            wrong_task.append(f"{path.name}: domain")
                        if item.metadata.get("task_id") != task_id:
                            wrong_task.append(f"{path.name}: task {item.metadata.get('task_id')}")
                        # The files of one task each number their trials from 0.
                        repeat = sum(i.case_id == item.case_id for i in imported)
                        imported.append(
                            item.model_copy(update={"repeat": repeat, **_same_case(item)})
                        )
            suite = replay_suite(
                work,
                imported,
                name="tau2-airline-policy-ab",
                version=version,
                checks=CHECKS,
                repeats=1,
            )
            runs.append(_run_side(store, suite, imported))

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
    trials = [t for run in runs for t in run.trials]
    report.exact(
        "tau/expected_actions agrees with τ²-bench's action_checks",
        f"{len(trials)}/{len(trials)}",
        f"{_agreeing(trials, action_checks)}/{len(trials)}",
    )
    counts = [_successes(run.trials) for run in runs]
    for task_id, (pub_a, pub_b) in PUBLISHED.items():
        (sa, na), (sb, nb) = counts[0][f"task-{task_id}"], counts[1][f"task-{task_id}"]
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

    comparison = compare(runs[0], runs[1], rng=np.random.default_rng(SEED), seed=SEED)
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
    report.extra("compare: decision (3 shared cases)", str(comparison.decision))
    report.notes.append(
        "A = airline policy, B = airline_tighter_policy; Boschloo is the test of record "
        "(independent binomial samples of fixed size), Fisher beside it; no p-value is published"
    )


def _run_side(store: Store, suite: Path, imported: list[ImportedTrace]) -> RunData:
    """One side: a `fourfold.run` per repeat count, the trials joined into one run's data."""
    recorded = Counter(i.case_id for i in imported)
    parts = [
        replay_run(store, suite, case_ids=[c for c, k in recorded.items() if k == n], repeats=n)
        for n in sorted(set(recorded.values()))
    ]
    order = list(recorded)
    cases = sorted((c for p in parts for c in p.cases), key=lambda c: order.index(c.id))
    return RunData(parts[0].run, cases, [t for p in parts for t in p.trials])


def _same_case(item: ImportedTrace) -> dict[str, Case]:
    """The case with the stratum ``domain: airline`` on both sides.

    `from_tau2` takes a case's ``domain`` stratum from the environment's name, and the fork
    named the tightened environment ``airline_tighter_policy``: B's tasks would be edited
    versions of A's (their content hashes differ) and `compare` would pair no case. The
    tasks are the same airline tasks; only the policy differs.
    """
    if item.case is None:
        return {}
    return {"case": item.case.model_copy(update={"strata": {"domain": VERSIONS[0]}})}


def _action_checks(path: Path) -> dict[str, bool]:
    """Per simulation id, whether τ²-bench matched every expected action."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        sim["id"]: all(a["action_match"] for a in sim["reward_info"].get("action_checks") or [])
        for sim in data["simulations"]
    }


def _agreeing(trials: list[Trial], action_checks: dict[str, bool]) -> int:
    agree = 0
    for trial in trials:
        assert trial.trace is not None
        ours = next(r.status for r in trial.results if r.check == "tau/expected_actions")
        theirs = action_checks[trial.trace.metadata["simulation_id"]]
        agree += (ours == "pass") == theirs
    return agree


def _successes(trials: list[Trial]) -> dict[str, tuple[int, int]]:
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for trial in trials:
        status = layer_status(r for r in trial.results if r.layer == "outcome")
        out[trial.case_id][0] += status == "pass"
        out[trial.case_id][1] += 1
    return {case: (c, n) for case, (c, n) in out.items()}


if __name__ == "__main__":
    run_script(NAME, build)
