"""τ-bench gpt-4o airline: pass^1..4 from the 200 historical trajectories, through a run.

README leaderboard (tool calling, gpt-4o, airline): pass^1..4 = 0.420 / 0.273 / 0.220 /
0.200. The file goes through fourfold as a user's would:

1. `fourfold.integrations.import_traces` reads the 200 `EnvRunResult` records (50
   tasks × 4 trials) into traces, one case per task (``task-0`` ... ``task-49``), the
   τ-bench reward kept in each trace's metadata;
2. `write_replay` and `write_cases` write the replay file and the cases (what
   ``fourfold import FILE -o traces.jsonl --cases cases.jsonl`` writes);
3. a suite with ``agent: {replay: ..., version: gpt-4o}``, ``repeats: 4`` and the check
   ``tau/reward`` (outcome layer: pass when the recorded reward is 1, the check fourfold
   ships for τ-bench's own reward) is run by `fourfold.run` into a temporary SQLite store;
4. the stored run is read back (`store.load_run`) and `fourfold.consistency` gives
   pass^k of the outcome layer.

Also checked against SOURCE.md's description of the file: 1,164 tool calls converted,
84 of 200 runs succeed, per-trial success rates 0.42 / 0.44 / 0.40 / 0.42.

Run: .venv/bin/python validation/tau_bench.py
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from _common import Report, Row, replay_run, replay_suite, require, run_script, workspace

from fourfold.consistency import consistency
from fourfold.integrations import ImportedTrace, import_traces
from fourfold.runs import RunData, layer_status

NAME = "τ-bench gpt-4o airline (pass^k)"
FILE = Path("tau-bench") / "historical_trajectories" / "gpt-4o-airline.json"
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


def build(root: Path, report: Report) -> None:
    imported = import_traces(require(root / FILE))
    with workspace() as (folder, store):
        suite = replay_suite(
            folder,
            imported,
            name="tau-bench-airline",
            version="gpt-4o",
            checks=["tau/reward"],
            repeats=4,
        )
        stored = replay_run(store, suite)

    outcomes: dict[str, list[bool]] = defaultdict(list)
    by_repeat: dict[int, list[bool]] = defaultdict(list)
    for trial in stored.trials:
        ok = layer_status(r for r in trial.results if r.layer == "outcome") == "pass"
        outcomes[trial.case_id].append(ok)
        by_repeat[trial.repeat].append(ok)
    outcome = consistency(stored).layer("outcome")
    assert outcome is not None, "the run has no outcome results"

    report.exact("runs stored and read back (tasks × trials)", "200 (50 × 4)", _shape(stored))
    report.exact(
        "traces read back unchanged",
        f"{len(imported)}/{len(imported)}",
        _unchanged(imported, stored),
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
    report.exact(
        "successful runs", "84/200", f"{sum(map(sum, outcomes.values()))}/{len(stored.trials)}"
    )
    report.exact(
        "success rate per trial 0..3",
        " / ".join(TRIAL_RATES),
        " / ".join(f"{sum(v) / len(v):.2f}" for _, v in sorted(by_repeat.items())),
    )
    for row in outcome.table:
        assert row.pass_hat_k is not None
        report.rounded(f"pass^{row.k}", PUBLISHED[row.k], row.pass_hat_k)
    report.extra(
        "pass@1..4 (unbiased)",
        " / ".join(f"{row.pass_at_k:.3f}" for row in outcome.table if row.pass_at_k is not None),
    )
    report.extra("flaky cases (outcome layer)", f"{len(outcome.flaky)}/{outcome.n_cases}")
    report.notes.append(f"pass^2 unrounded: {outcome.table[1].pass_hat_k:.5f}")


def _shape(stored: RunData) -> str:
    repeats = Counter(t.case_id for t in stored.trials)
    per_case = sorted(set(repeats.values()))
    return f"{len(stored.trials)} ({len(stored.cases)} × {'/'.join(map(str, per_case))})"


def _unchanged(imported: list[ImportedTrace], stored: RunData) -> str:
    back = {(t.case_id, t.repeat): t.trace for t in stored.trials}
    same = sum(back.get((i.case_id, i.repeat)) == i.trace for i in imported)
    return f"{same}/{len(imported)}"


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
